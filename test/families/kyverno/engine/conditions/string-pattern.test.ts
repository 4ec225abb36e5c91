/**
 * @file The pattern comparator for string values, as the set operators apply range values.
 */
import { describe, expect, it } from 'vitest';
import { isRangePattern, matchStringPattern } from '../../../../../src/families/kyverno/engine/conditions/string-pattern.js';

describe('isRangePattern', () => {
  it.each<[string, boolean]>([
    ['1-10', true],
    ['1.001-10', true],
    ['1Gi-10Gi', true],
    ['-10--1', true],
    ['30m-2h', true],
    ['+1-|5', true],
    ['1!-10', false],
    ['x-y', false],
    ['1-', false],
    ['1-10-20', false],
    ['>1-10', false],
  ])('%j → %s', (pattern, expected) => {
    expect(isRangePattern(pattern)).toBe(expected);
  });
});

describe('matchStringPattern', () => {
  it.each<[string, string, boolean]>([
    ['5', '1-10', true],
    ['10', '1-10', true],
    ['11', '1-10', false],
    ['5Gi', '1Gi-10Gi', true],
    ['-5', '-10--1', true],
    ['0', '-10--1', false],
    ['1h', '30m-2h', true],
    ['3h', '30m-2h', false],
    ['3', '1.5-3.5', true],
    ['x', '1-10', false],
    ['11', '1!-10', true],
    ['5', '1!-10', false],
    // `!-10--1` is a NotEqual of the literal `-10--1`, not a negated range.
    ['-5', '!-10--1', true],
    ['-10--1', '!-10--1', false],
    ['1-10', '1-10', true],
    // `|` splits alternatives before the range is recognised.
    ['', '|5-10', true],
    ['7', '|5-10', true],
    ['4', '|5-10', false],
    ['abc', 'a*', true],
    ['abc', '!a*', false],
    ['5', '>3 & <7', true],
    ['8', '>3 & <7', false],
  ])('%j against %j → %s', (value, pattern, expected) => {
    expect(matchStringPattern(value, pattern)).toBe(expected);
  });
});
