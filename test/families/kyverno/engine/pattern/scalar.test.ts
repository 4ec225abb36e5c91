/**
 * @file Scalar comparison (`pattern.Validate`, kyverno/kyverno pkg/engine/pattern/pattern.go): typed
 * patterns, string operators, ranges, durations before quantities before wildcard strings, and number
 * rendering per number mode.
 */
import { describe, expect, it } from 'vitest';
import { validateValue } from '../../../../../src/families/kyverno/engine/pattern/index.js';
import type { JsonValue, NumberMode } from '../../../../../src/types.js';

type Row = [label: string, value: JsonValue | undefined, pattern: JsonValue, expected: boolean];

const TYPED_PATTERNS: Row[] = [
  ['bool equal', true, true, true],
  ['bool differs', false, true, false],
  ['string "true" is not bool true', 'true', true, false],
  ['missing is not false', undefined, false, false],
  ['number is not bool', 1, true, false],
  ['float equal', 8, 8, true],
  ['float 1.0 equals 1', 1.0, 1, true],
  ['float differs', 8, 8.1, false],
  ['numeric string parsed as float', '8', 8, true],
  ['numeric string with fraction', '8.0', 8, true],
  ['exponent string', '1e2', 100, true],
  ['hex float string', '0x1p4', 16, true],
  ['hex string without exponent is not a float', '0x10', 16, false],
  ['underscore string is not a float', '1_000', 1000, false],
  ['padded string is not a float', ' 8', 8, false],
  ['unparsable string', 'abc', 0, false],
  ['missing vs number', undefined, 0, false],
  ['null vs number', null, 0, false],
  ['bool vs number', true, 1, false],
  ['object vs number', {}, 0, false],
  ['null pattern: missing', undefined, null, true],
  ['null pattern: null', null, null, true],
  ['null pattern: empty string', '', null, true],
  ['null pattern: zero', 0, null, true],
  ['null pattern: false', false, null, true],
  ['null pattern: string', 'x', null, false],
  ['null pattern: one', 1, null, false],
  ['null pattern: object', {}, null, false],
  ['null pattern: array', [], null, false],
  ['object pattern accepts any object', { a: 1 }, { b: 2 }, true],
  ['object pattern rejects array', [], {}, false],
  ['object pattern rejects null', null, {}, false],
  ['array pattern never matches', [], [], false],
  ['array pattern vs scalar', 'a', ['a'], false],
];

const STRING_PATTERNS: Row[] = [
  ['literal equality before operators', '!foo', '!foo', true],
  ['negation', 'bar', '!foo', true],
  ['negation on missing value fails', undefined, '!foo', false],
  ['negated wildcard on missing value fails', undefined, '!*', false],
  ['single character operators are literals', '>', '>', true],
  ['"<" alone is a literal', 'a', '<', false],
  ['"*" accepts a number', 0, '*', true],
  ['"*" accepts a bool', true, '*', true],
  ['"*" rejects null', null, '*', false],
  ['"*" rejects an object', {}, '*', false],
  ['"?*" accepts zero (1 rendered)', 0, '?*', true],
  ['"?*" rejects empty string', '', '?*', false],
  ['empty pattern vs empty string', '', '', true],
  ['empty pattern vs missing', undefined, '', false],
  ['"null" vs missing', undefined, 'null', false],
  ['string "true" matches bool true', true, 'true', true],
  ['case-sensitive', 'always', 'Always', false],
  ['alternatives', 'b', 'a | b', true],
  ['alternatives without spaces', '8', '<4|8', true],
  ['conjunction', 'c', '!a & !b', true],
  ['conjunction fails', 'a', '!a & !b', false],
  ['& binds tighter than |: no alternative holds', '21', '>1 & <20 | >31 & <33', false],
  ['& binds tighter than |: second alternative holds', '32', '>1 & <20 | >31 & <33', true],
  ['spaces around the whole pattern', 2, ' >1 ', true],
  ['space after operator', 4, '>= 3', true],
  ['tab after operator is trimmed', 4, '>=\t3', true],
  ['leading tab is not trimmed (no operator)', 2, '\t>1', false],
  ['> on non-numeric text', 'abc', '>1', false],
  ['> on missing value', undefined, '>0', false],
  ['< on missing value (0)', undefined, '<5', true],
  ['"0" on missing value', undefined, '0', true],
  ['"<=0" on missing value', undefined, '<=0', true],
  ['"!0" on zero', 0, '!0', false],
  ['"!0" on one', 1, '!0', true],
  ['range inside', 1, '0-2', true],
  ['range outside', 3, '0-2', false],
  ['not-in-range inside', 15, '10!-20', false],
  ['not-in-range outside', 25, '10!-20', true],
  ['negative range bounds', -9, '-10--8', true],
  ['signed range bounds', '0.5', '+0-+1', true],
  ['quantity range', '256Mi', '128Mi-512Mi', true],
  ['decimal range', '1', '0.5-1.5', true],
  ['duration range', '90m', '1h-2h', true],
  ['"!" before ranges: !1-10 is a string inequality', 5, '!1-10', true],
  ['non-numeric range text is a literal', 'a-b', 'a-b', true],
  ['duration comparison', '90m', '>1h', true],
  ['duration equality is semantic', '60m', '1h', true],
  ['duration with micro sign', '1ms', '1000\u00b5s', true],
  ['duration on missing value (0)', undefined, '<=30s', true],
  ['duration vs non-duration text', 'abc', '>1h', false],
  ['quantity equality is semantic', '1Ki', '1024', true],
  ['quantity <=', '1024Mi', '<=1Gi', true],
  ['quantity <= fails', '2Gi', '<=1Gi', false],
  ['quantity on missing value (0)', undefined, '<=1Gi', true],
  ['quantity milli', '0.5', '>=500m', true],
  ['quantity vs number', 2000000000, '>1Gi', true],
  ['exponent quantity vs number', 1000, '1E+03', true],
  ['"m" is the quantity zero', 0, 'm', true],
  ['"m" vs empty string is a string comparison', '', 'm', false],
  ['IP alternatives with wildcard', '10.100.11.54', '192.168.88.1 | 10.100.11.*', true],
  ['negated wildcard suffix', 'nginx:latest', '!*:latest', false],
];

describe('validateValue', () => {
  it.each(TYPED_PATTERNS)('typed pattern: %s', (_label, value, pattern, expected) => {
    expect(validateValue(value, pattern, 'float64')).toBe(expected);
  });

  it.each(STRING_PATTERNS)('string pattern: %s', (_label, value, pattern, expected) => {
    expect(validateValue(value, pattern, 'float64')).toBe(expected);
  });

  // [label, value, pattern, float64 (kyverno test), int64 (kyverno apply)]
  it.each([
    ['wildcard on an integer', 123, '12?', false, true],
    ['prefix wildcard on an integer', 123, '1*', true, true],
    ['%E rendering', 123, '1.2?E+02', true, false],
    ['%E text that is also a quantity compares as a quantity', 123, '1.23E+02', true, true],
    ['%E of a fraction is the same in both modes', 8.5, '8.5E+00', true, true],
    ['integral value against a fractional number pattern', 8, 8.5, false, false],
    ['duration "0" only parses from an int64 zero', 0, '0s', false, true],
    ['int64 value against duration', 10, '<=30s', false, false],
    ['int64 zero matches null', 0, null, true, true],
  ] as const)('%s', (_label, value, pattern, float64, int64) => {
    const results: Record<NumberMode, boolean> = {
      float64: validateValue(value, pattern, 'float64'),
      int64: validateValue(value, pattern, 'int64'),
    };
    expect(results).toEqual({ float64, int64 });
  });
});
