import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { decodeFromThread, encodeForThread, NotEncodable, transferables, type ThreadEncoded } from '../../src/lint/thread-encoding.js';
import { decodeResult, encodeResult, type EncodedResult } from '../../src/lint/parallel.js';
import type { LintResult } from '../../src/lint/lint.js';

const finding = (line: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ruleId: 'policy/rule',
  policy: 'policy',
  rule: 'rule',
  severity: 'error',
  status: 'fail',
  message: `a message ${line % 2}`,
  location: { file: 'a.yaml', line, column: 1 },
  resource: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: `pod-${line}` },
  ...extra,
});

/** Encoded, posted to another port as a worker posts it (the numbers' buffer transferred), and decoded. */
function acrossThreads(value: unknown): unknown {
  const encoded = encodeForThread(value);
  const { port1, port2 } = new MessageChannel();
  try {
    port1.postMessage(encoded, transferables(encoded));
    return decodeFromThread(receiveMessageOnPort(port2)!.message as ThreadEncoded);
  } finally {
    port1.close();
  }
}

const withProto = JSON.parse('{"__proto__": {"a": 1}, "b": [2]}') as unknown;
const nullPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });

describe('scan results encoded to cross threads', () => {
  it.each<[string, unknown, unknown]>([
    ['scalars', { text: 'a', unicode: 'é 🚀 \u0000', number: -1.5, zero: 0, yes: true, no: false, nothing: null }, undefined],
    ['numbers JSON cannot hold', [-0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53 + 2, 1e-300], undefined],
    ['integers at the edges of a word', [2 ** 28 - 1, -(2 ** 28), 2 ** 28, -(2 ** 28) - 1, 2 ** 31, -(2 ** 31), 0, -1], undefined],
    ['bigints', { big: 2n ** 63n - 1n, negative: -(2n ** 70n) }, undefined],
    ['nested lists and objects', { list: [1, 'two', [3], { four: 4 }], empty: [], object: {} }, undefined],
    ['an empty list', [], undefined],
    ['a string alone', 'text', undefined],
    ['findings', [finding(1), finding(2), finding(1, { fix: [{ file: 'a.yaml', start: 1, end: 2, text: 'x' }] }), finding(3, { category: 'c' })], undefined],
    ['a `__proto__` key as an own key', withProto, undefined],
    ['an object without a prototype', nullPrototype, { a: 1 }],
    ['undefined values: left out of objects, null in lists', { a: undefined, b: [undefined, 1] }, { b: [null, 1] }],
  ])('decode %s to what was encoded', (_name, value, expected) => {
    const decoded = acrossThreads(value);
    expect(decoded).toStrictEqual(expected ?? value);
  });

  it('keeps the key order of each object, and a `__proto__` key as an own key', () => {
    const decoded = acrossThreads([finding(1), finding(2, { category: 'c' }), withProto]) as unknown[];
    expect(JSON.stringify(decoded)).toBe(JSON.stringify([finding(1), finding(2, { category: 'c' }), withProto]));
    expect(Object.prototype.hasOwnProperty.call(decoded[2], '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(decoded[2])).toBe(Object.prototype);
  });

  it('stores each distinct string and object shape once', () => {
    const encoded = encodeForThread([finding(1), finding(2), finding(3)]);
    expect(encoded.strings.filter((text) => text === 'policy/rule')).toHaveLength(1);
    expect(encoded.strings.filter((text) => text.startsWith('a message'))).toHaveLength(2);
    // A finding, its location, its resource.
    expect(encoded.shapes).toHaveLength(3);
  });

  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = { back: cycle };
  let deep: unknown = 'bottom';
  for (let i = 0; i < 1001; i++) deep = [deep];

  it.each<[string, unknown]>([
    ['a Map', { value: new Map([['a', 1]]) }],
    ['a Set', [new Set([1])]],
    ['a Date', { when: new Date(0) }],
    ['a class instance', [new (class Point {})()]],
    ['a function', { f: () => 1 }],
    ['a symbol', [Symbol('s')]],
    ['a value that holds itself', [cycle]],
    ['a value nested 1,001 levels deep', deep],
  ])('refuse %s', (_name, value) => {
    expect(() => encodeForThread(value)).toThrow(NotEncodable);
  });

  it('encodes a value nested 1,000 levels deep', () => {
    let nested: unknown = 'bottom';
    for (let i = 0; i < 999; i++) nested = [nested];
    expect(acrossThreads(nested)).toStrictEqual(nested);
  });

  it.each<[string, (encoded: ThreadEncoded) => ThreadEncoded, RegExp]>([
    ['cut short', (encoded) => ({ ...encoded, blocks: [encoded.blocks[0]!.slice(0, -1)] }), /ends early, in block 0 at 1/],
    ['with words after its value', (encoded) => ({ ...encoded, blocks: [...encoded.blocks, Int32Array.of(0)] }), /holds 1 words after its value/],
    ['naming a string it does not have', (encoded) => ({ ...encoded, strings: [] }), /refers to string 0 of 0/],
    ['naming a shape it does not have', (encoded) => ({ ...encoded, shapes: [] }), /refers to shape 0 of 0/],
  ])('refuse to decode an encoding %s', (_name, damage, message) => {
    expect(() => decodeFromThread(damage(encodeForThread({ a: 'text' })))).toThrow(message);
  });

  it('refuse to decode an encoding naming a number it does not have', () => {
    expect(() => decodeFromThread({ ...encodeForThread([0.5]), others: [] })).toThrow(/refers to number 0 of 0/);
  });

  it('write a long value in several blocks, and read it across them', () => {
    // 1,200,001 words: more than one block of 2^20.
    const long = Array.from({ length: 1_200_000 }, (_, i) => (i % 3 === 0 ? `s${i % 7}` : i));
    const encoded = encodeForThread(long);
    expect(encoded.blocks.map((block) => block.length)).toEqual([2 ** 20, 1_200_001 - 2 ** 20]);
    expect(acrossThreads(long)).toStrictEqual(long);
  });
});

describe("a worker's result posted to the main thread", () => {
  const result = (findings: unknown[]): LintResult =>
    ({ report: { findings, suppressedFindings: [finding(9)], statuses: { pass: 1 } }, fixes: [], warnings: ['w'] }) as unknown as LintResult;

  /** Posted as a worker posts it, and decoded. */
  function posted(value: LintResult): { encoded: EncodedResult; decoded: LintResult } {
    const encoded = encodeResult(value);
    const { port1, port2 } = new MessageChannel();
    try {
      port1.postMessage(encoded, encoded.findings === null ? [] : transferables(encoded.findings));
      return { encoded, decoded: decodeResult(receiveMessageOnPort(port2)!.message as EncodedResult) };
    } finally {
      port1.close();
    }
  }

  it('carries its findings encoded, the rest cloned', () => {
    const value = result([finding(1), finding(2)]);
    const { encoded, decoded } = posted(value);
    expect(encoded.findings).not.toBeNull();
    expect(encoded.result.report.findings).toEqual([]);
    expect(decoded).toStrictEqual(value);
  });

  it('carries findings the encoding refuses as they are, when structured cloning copies them', () => {
    const value = result([finding(1, { extra: new Map([['a', [1, 2]]]) }), finding(2)]);
    const { encoded, decoded } = posted(value);
    expect(encoded.findings).toBeNull();
    expect(decoded).toStrictEqual(value);
  });
});
