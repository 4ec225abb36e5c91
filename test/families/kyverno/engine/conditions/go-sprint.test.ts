/**
 * @file Go `fmt.Sprint` of JSON values, as the set operators render keys and values.
 */
import { describe, expect, it } from 'vitest';
import { goSprint } from '../../../../../src/families/kyverno/engine/conditions/go-sprint.js';
import type { JsonValue } from '../../../../../src/types.js';

describe('goSprint', () => {
  it.each<[JsonValue, string]>([
    ['text', 'text'],
    [true, 'true'],
    [false, 'false'],
    [null, '<nil>'],
    [1, '1'],
    [1.5, '1.5'],
    [-0, '-0'],
    [999999, '999999'],
    [1000000, '1e+06'],
    [1234567, '1.234567e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [9007199254740993, '9.007199254740992e+15'],
    [[], '[]'],
    [['a', 1, null], '[a 1 <nil>]'],
    [{ b: 1, a: 'x' }, 'map[a:x b:1]'],
    [{ a: [true, { c: 2e6 }] }, 'map[a:[true map[c:2e+06]]]'],
    [{ é: 1, z: 2, Z: 3 }, 'map[Z:3 z:2 é:1]'],
  ])('%j → %j', (value, expected) => {
    expect(goSprint(value)).toBe(expected);
  });
});
