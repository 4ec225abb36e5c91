import { describe, expect, it } from 'vitest';

import { Der, DerReader, TAG, decodeBitString, decodeInteger, decodeObjectIdentifier, readInteger, rightAlign } from '../../src/util/der.js';

const hex = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h.replace(/ /g, ''), 'hex'));

describe('cryptobyte checks of DER contents', () => {
  it.each<[string, bigint | null]>([
    ['01', 1n],
    ['ff', -1n],
    ['0080', 128n],
    ['ff7f', -129n],
    ['', null],
    ['0001', null],
    ['ff80', null],
  ])('INTEGER %j', (h, value) => {
    expect(decodeInteger(hex(h))).toBe(value);
  });
  it.each<[string, number[] | null]>([
    ['2a864886f70d', [1, 2, 840, 113549]],
    ['5503', [2, 5, 3]],
    ['', null],
    ['2a80 01', null],
    ['2a86', null],
  ])('OBJECT IDENTIFIER %j', (h, arcs) => {
    expect(decodeObjectIdentifier(hex(h))).toEqual(arcs);
  });
  it.each<[string, number | null]>([
    ['00ff', 8],
    ['0680', 2],
    ['01', null],
    ['0181', null],
    ['08ff', null],
  ])('BIT STRING %j', (h, bitLength) => {
    expect(decodeBitString(hex(h))?.bitLength ?? null).toBe(bitLength);
  });
  it('right-aligns a bit string', () => {
    expect([...rightAlign({ bytes: hex('abc0'), bitLength: 12 })]).toEqual([0x0a, 0xbc]);
  });
});

describe('Der and DerReader read the same elements', () => {
  it.each<[string, bigint | null]>([
    ['020105', 5n],
    ['02020001', null],
    ['0281 01 05', null],
    ['0203 0001', null],
    ['1f0100', null],
    ['0401 05', null],
  ])('%j', (h, value) => {
    expect(readInteger(new Der(hex(h)))?.value ?? null).toBe(value);
    expect(new DerReader(hex(h)).readBigInt(TAG.INTEGER)).toBe(value);
  });
  it('reads a sequence and leaves the rest', () => {
    const bytes = hex('3003 020107 0500');
    const seq = new Der(bytes).read(TAG.SEQUENCE);
    expect(readInteger(seq!.content)?.value).toBe(7n);
    expect(seq!.rest.peekTag(TAG.NULL)).toBe(true);
    const reader = new DerReader(bytes);
    expect(reader.read(TAG.SEQUENCE)?.content.length).toBe(3);
    expect(reader.read(TAG.NULL)?.content.length).toBe(0);
    expect(reader.empty()).toBe(true);
  });
});
