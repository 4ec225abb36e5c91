import { describe, expect, it } from 'vitest';
import { goJsonStringify } from '../../src/util/go-json.js';
import { cloneJson, jsonEqual } from '../../src/util/json-value.js';
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
