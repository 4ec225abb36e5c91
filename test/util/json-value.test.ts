import { describe, expect, it } from 'vitest';
import { goJsonStringify } from '../../src/util/go-json.js';
import { cloneJson, jsonEqual, StreamedList, stringifyJson, stringifyJsonChunks, toFloat64Numbers } from '../../src/util/json-value.js';
import type { JsonValue } from '../../src/types.js';

describe('cloneJson', () => {
  it('copies deeply, sharing nothing with the original', () => {
    const original = { a: [1, { b: 'x' }], c: { d: null, e: true } } as JsonValue;
    const copy = cloneJson(original) as { a: [number, { b: string }] };
    expect(copy).toEqual(original);
    copy.a[1].b = 'changed';
    expect((original as { a: [number, { b: string }] }).a[1].b).toBe('x');
  });

  it('keeps an own __proto__ key as data', () => {
    const original = JSON.parse('{"__proto__": {"polluted": true}, "k": 1}') as JsonValue;
    const copy = cloneJson(original) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'k']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });
});

describe('jsonEqual agrees with comparing Go JSON encodings', () => {
  const values: JsonValue[] = [
    null, true, false, 0, 1, 1.5, '1', '', [], {}, [1, 2], [2, 1], { a: 1 }, { a: 1.0 }, { a: '1' },
    { a: 1, b: 2 }, { b: 2, a: 1 }, { a: [1, { b: null }] }, { a: [1, { b: false }] }, { a: null }, [null], [[]], [{}],
  ];
  for (const a of values) {
    for (const b of values) {
      it(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`, () => {
        expect(jsonEqual(a, b)).toBe(goJsonStringify(a) === goJsonStringify(b));
      });
    }
  }
});

describe('integers beyond 2^53 (bigint)', () => {
  it('cloneJson keeps them exact', () => {
    expect(cloneJson({ a: [9007199254740993n] })).toEqual({ a: [9007199254740993n] });
  });

  it('jsonEqual compares them with numbers by their encodings', () => {
    for (const [a, b] of [
      [9007199254740994n, 9007199254740994],
      [9007199254740993n, 9007199254740992],
      [9007199254740993n, 9007199254740993n],
    ] as const) {
      expect(jsonEqual(a, b)).toBe(goJsonStringify(a) === goJsonStringify(b));
      expect(jsonEqual(b, a)).toBe(jsonEqual(a, b));
    }
  });

  it("jsonEqual 'type' keeps a bigint apart from any number, as reflect.DeepEqual an int64 from a float64", () => {
    expect(jsonEqual(9007199254740994n, 9007199254740994, 'type')).toBe(false);
    expect(jsonEqual({ a: [9007199254740994] }, { a: [9007199254740994n] }, 'type')).toBe(false);
    expect(jsonEqual({ a: [9007199254740993n] }, { a: [9007199254740993n] }, 'type')).toBe(true);
    expect(jsonEqual({ b: 2, a: [1, -0] }, { a: [1, 0], b: 2 }, 'type')).toBe(true);
    expect(jsonEqual([Number.NaN], [Number.NaN], 'type')).toBe(false);
  });

  it('toFloat64Numbers rounds them, and returns values without any as they are', () => {
    const plain = { a: [1, { b: 'x' }] } as JsonValue;
    expect(toFloat64Numbers(plain)).toBe(plain);
    const big = JSON.parse('{"__proto__": {"n": 1}, "a": [1]}') as Record<string, JsonValue>;
    (big.a as JsonValue[]).push(-9007199254740993n);
    const rounded = toFloat64Numbers(big as JsonValue) as Record<string, JsonValue>;
    expect(rounded.a).toEqual([1, -9007199254740992]);
    expect(Object.keys(rounded)).toEqual(['__proto__', 'a']);
    expect(big.a).toEqual([1, -9007199254740993n]);
    expect(toFloat64Numbers(big as JsonValue)).toBe(rounded);
  });

  it('stringifyJson writes their digits, and strings that look like its placeholders as strings', () => {
    expect(stringifyJson({ a: 9007199254740993n, s: '\u0000bigint:1' }, 2)).toBe('{\n  "a": 9007199254740993,\n  "s": "\\u0000bigint:1"\n}');
    expect(stringifyJson([1, 'x'])).toBe(JSON.stringify([1, 'x']));
  });
});

/** `value` with each list under a `streamed` key written as a StreamedList (read once, as a generator is). */
function streamedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(streamedCopy);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key.startsWith('streamed') && Array.isArray(item) ? new StreamedList((function* () { yield* item.map(streamedCopy); })()) : streamedCopy(item)]),
  );
}

describe('stringifyJsonChunks', () => {
  const cases: [string, unknown][] = [
    ['a list of objects', { version: 1, streamed: [{ a: 1, b: [1, 2], c: {} }, { a: 'x\ny', d: [] }], summary: { n: 2 } }],
    ['an empty list', { streamed: [], after: [] }],
    ['two lists, one empty', { streamed1: [1], streamed2: [], tail: 'z' }],
    ['lists deep in lists', { runs: [{ tool: { name: 't' }, streamedResults: [{ ruleId: 'r', locations: [{ line: 1 }] }, 'plain', null, 3] }] }],
    ['bigints inside and outside the list', { n: 9007199254740993n, streamed: [{ m: -9007199254740993n }, 5n] }],
    ['strings that look like markers', { s: '\u0000list:0', streamed: ['\u0000bigint:1', '"quoted"'] }],
    ['items JSON writes as null in a list', { streamed: [undefined, () => 1, 'x'] }],
    ['lists in the list', { streamed: [[1, [2, []]], { '': '' }] }],
  ];
  it.each(cases)('writes %s as stringifyJson writes the whole value', (_name, value) => {
    const expected = stringifyJson(JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `BIG${item}` : item))), 2).replace(/"BIG(-?\d+)"/g, '$1');
    const pieces = [...stringifyJsonChunks(streamedCopy(value), 2)];
    expect(pieces.join('')).toBe(expected);
    expect(pieces.join('')).toBe(stringifyJson(value, 2));
  });

  it('writes each item of a list as its own piece', () => {
    const items = Array.from({ length: 5 }, (_, index) => ({ index }));
    const pieces = [...stringifyJsonChunks({ list: new StreamedList(items) }, 2)];
    expect(pieces.filter((piece) => piece.includes('"index"'))).toHaveLength(5);
    expect(JSON.parse(pieces.join(''))).toEqual({ list: items });
  });
});

