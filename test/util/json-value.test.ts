import { describe, expect, it } from 'vitest';
import { goJsonStringify } from '../../src/util/go-json.js';
import { cloneJson, jsonEqual, stringifyJson, toFloat64Numbers } from '../../src/util/json-value.js';
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
