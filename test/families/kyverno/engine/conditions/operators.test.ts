/**
 * @file Operator behaviours beyond the specification's vector tables: name matching, the
 * non-canonical numeric spellings, Go renderings and JSON decoding reaching the set operators, and
 * quirks carried over from Kyverno's handlers.
 */
import { describe, expect, it } from 'vitest';
import { ConditionError } from '../../../../../src/families/kyverno/engine/conditions/errors.js';
import { evaluateOperator, UNKNOWN_OPERATOR_MESSAGE } from '../../../../../src/families/kyverno/engine/conditions/operators.js';
import type { JsonValue } from '../../../../../src/types.js';

describe('evaluateOperator: operator names', () => {
  it.each<[string, JsonValue, JsonValue, boolean]>([
    ['EQUALS', 'a', 'a', true],
    ['equal', 'a', 'a', true],
    ['NotEqual', 'a', 'b', true],
    ['notequals', 'a', 'a', false],
    ['ANYIN', 'a', ['a'], true],
    ['allNotIn', 'a', ['b'], true],
    ['in', 'a', ['a'], true],
    // Numeric and Duration handlers compare against the exact canonical spelling.
    ['GreaterThan', 10, 1, true],
    ['greaterthan', 10, 1, false],
    ['GREATERTHANOREQUALS', 10, 1, false],
    ['lessThan', 1, 10, false],
    ['DurationGreaterThan', '2h', '1h', true],
    ['durationgreaterthan', '2h', '1h', false],
  ])('%s', (operator, key, value, expected) => {
    expect(evaluateOperator(key, operator, value)).toBe(expected);
  });

  it.each(['', 'Equalss', ' In', 'Contains', '=', 'GreaterThanOrEqual'])('rejects %j', (operator) => {
    expect(() => evaluateOperator('a', operator, 'a')).toThrow(new ConditionError(UNKNOWN_OPERATOR_MESSAGE));
  });
});

describe('evaluateOperator: values as Kyverno decodes and renders them', () => {
  it.each<[JsonValue, string, JsonValue, boolean]>([
    // A JSON `null` string decodes to an empty list without error in Go.
    ['a', 'In', 'null', false],
    ['a', 'NotIn', 'null', true],
    ['a', 'AnyIn', 'null', false],
    ['a', 'AnyNotIn', 'null', true],
    ['a', 'AllNotIn', 'null', true],
    // `null` elements of a JSON string list decode to "".
    ['', 'AnyIn', '["x", null]', true],
    // Objects and nulls are rendered with Go's fmt.Sprint before matching.
    ['map[a:1]', 'AnyIn', [{ a: 1 }], true],
    [[null], 'AnyIn', ['<nil>'], true],
    [[{ b: 'x', a: [1, 2] }], 'AllIn', ['map[a:[1 2] b:x]'], true],
    [true, 'In', ['true'], true],
    [[true], 'AnyIn', true, true],
    [[1e6], 'AnyIn', ['1e+06'], true],
    // Numeric strings go through Go's ParseFloat.
    [1000, 'Equals', '1_000', true],
    [1000, 'Equals', '0x3e8p0', true],
    [5, 'Equals', 'NaN', false],
    [5, 'NotEquals', 'NaN', true],
    [5, 'GreaterThan', 'NaN', false],
    ['Inf', 'GreaterThan', 1e308, true],
    // A strict semver needs a string value.
    ['1.2.3', 'LessThan', '1.2.4-rc.1', true],
    ['1.2.4-rc.1', 'LessThan', '1.2.4', true],
    ['1.2.3', 'LessThan', 2, false],
  ])('%j %s %j', (key, operator, value, expected) => {
    expect(evaluateOperator(key, operator, value)).toBe(expected);
  });
});

describe('evaluateOperator: ranges', () => {
  it.each<[JsonValue, string, JsonValue, boolean]>([
    ['-5', 'AnyIn', '-10--1', true],
    ['-5', 'AnyNotIn', '-10--1', false],
    [['-5'], 'AnyIn', '-10--1', true],
    // AnyNotIn rewrites the first `-` to `!-`: with a negative lower bound that yields `!-10--1`,
    // a NotEqual of the literal text, true for any other key.
    [['-5'], 'AnyNotIn', '-10--1', true],
    [['5'], 'AnyNotIn', '1-10', false],
    [['5', '20'], 'AnyNotIn', '1-10', true],
    [['5', '6'], 'AllIn', '1-10', true],
    [['5', '20'], 'AllIn', '1-10', false],
    [['20', '30'], 'AllNotIn', '1-10', true],
    [['5', '30'], 'AllNotIn', '1-10', false],
    [[], 'AllIn', '1-10', true],
    [[], 'AnyIn', '1-10', false],
    ['1h', 'AllIn', '30m-2h', true],
  ])('%j %s %j', (key, operator, value, expected) => {
    expect(evaluateOperator(key, operator, value)).toBe(expected);
  });
});

describe('evaluateOperator: In/NotIn panics', () => {
  it.each<[JsonValue, string]>([
    [[1], 'float64'],
    [['a', null], 'nil'],
    [[true], 'bool'],
    [[{}], 'map[string]interface {}'],
    [[[]], '[]interface {}'],
  ])('%j', (key, type) => {
    const message = `interface conversion: interface {} is ${type}, not string`;
    expect(() => evaluateOperator(key, 'In', ['a'])).toThrow(new ConditionError(message));
    expect(() => evaluateOperator(key, 'NotIn', 'x')).toThrow(new ConditionError(message));
  });

  it('does not panic for the other set operators', () => {
    expect(evaluateOperator([1, null], 'AnyIn', ['1'])).toBe(true);
  });
});
