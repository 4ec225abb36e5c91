/**
 * @file Go `%v` / `%T` of decoded JSON values, as they appear in Kyverno's pattern error texts.
 */
import { describe, expect, it } from 'vitest';
import { formatGoValue, goTypeName } from '../../../../../src/families/kyverno/engine/pattern/go-value.js';
import type { JsonValue, NumberMode } from '../../../../../src/types.js';

describe('formatGoValue', () => {
  it.each([
    [null, 'float64', '<nil>'],
    [undefined, 'float64', '<nil>'],
    ['nginx', 'float64', 'nginx'],
    [true, 'float64', 'true'],
    [1000, 'float64', '1000'],
    [2000000000, 'float64', '2e+09'],
    [2000000000, 'int64', '2000000000'],
    [1.5, 'int64', '1.5'],
    [9007199254740992, 'int64', '9007199254740992'],
    [['a', 1, null], 'float64', '[a 1 <nil>]'],
    [{ b: 1, a: ['x', { c: true }] }, 'float64', 'map[a:[x map[c:true]] b:1]'],
    [{}, 'float64', 'map[]'],
    [[], 'float64', '[]'],
  ] as [JsonValue | undefined, NumberMode, string][])('%j (%s) → %j', (value, mode, expected) => {
    expect(formatGoValue(value, mode)).toBe(expected);
  });
});

describe('goTypeName', () => {
  it.each([
    [null, 'float64', '<nil>'],
    ['x', 'float64', 'string'],
    [false, 'float64', 'bool'],
    [1, 'float64', 'float64'],
    [1, 'int64', 'int64'],
    [1.5, 'int64', 'float64'],
    [[], 'float64', '[]interface {}'],
    [{}, 'float64', 'map[string]interface {}'],
  ] as [JsonValue, NumberMode, string][])('%j (%s) → %s', (value, mode, expected) => {
    expect(goTypeName(value, mode)).toBe(expected);
  });
});
