import { describe, expect, it } from 'vitest';

import { decodePem, decodePemBlocks } from '../../src/util/pem.js';

describe('pem.Decode', () => {
  const body = Buffer.from('hello').toString('base64');
  it.each([
    [`-----BEGIN X-----\n${body}\n-----END X-----\n`, 'X', 'hello'],
    [`junk\n-----BEGIN X-----\nProc-Type: 4\n\n${body}\n-----END X-----`, 'X', 'hello'],
    [`-----BEGIN X-----\r\n${body}\r\n-----END X-----\r\n`, 'X', 'hello'],
    [`-----BEGIN A-----\n!!\n-----END A-----\n-----BEGIN B-----\n${body}\n-----END B-----\n`, 'B', 'hello'],
  ])('%j', (text, type, content) => {
    const [block] = decodePem(Buffer.from(text));
    expect(block?.type).toBe(type);
    expect(Buffer.from(block!.bytes).toString()).toBe(content);
  });
  it.each(['', 'no block', '-----BEGIN X-----\nAAAA\n-----END Y-----\n', '-----BEGIN X-----\nAAAA\n'])('%j has no block', (text) => {
    expect(decodePem(Buffer.from(text))[0]).toBeNull();
  });
});

describe('pem.Decode headers and rest, and every block', () => {
  const body = Buffer.from('hello').toString('base64');
  it('keeps the headers and the text after the block', () => {
    const [block, rest] = decodePem(Buffer.from(`-----BEGIN X-----\nProc-Type: 4,ENCRYPTED\n\n${body}\n-----END X-----\ntail`));
    expect(block?.headers.get('Proc-Type')).toBe('4,ENCRYPTED');
    expect(Buffer.from(rest).toString()).toBe('tail');
  });
  it('returns the input unchanged when there is no block', () => {
    const [block, rest] = decodePem(Buffer.from('no block'));
    expect(block).toBeNull();
    expect(Buffer.from(rest).toString()).toBe('no block');
  });
  it('reads every block in order', () => {
    const text = `-----BEGIN A-----\n${body}\n-----END A-----\n-----BEGIN B-----\n${body}\n-----END B-----\n`;
    expect(decodePemBlocks(Buffer.from(text)).map((b) => b.type)).toEqual(['A', 'B']);
  });
  it('keeps a CR that is not right before the LF in the line (Go getLine)', () => {
    expect(decodePem(Buffer.from(`-----BEGIN X-----\r \n${body}\n-----END X-----\n`))[0]).toBeNull();
  });
});
