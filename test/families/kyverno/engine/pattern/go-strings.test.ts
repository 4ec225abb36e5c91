/**
 * @file Go string ordering (UTF-8 bytes) and `strings.TrimSpace` / `strings.Trim(s, " ")`.
 */
import { describe, expect, it } from 'vitest';
import { compareGoStrings, goTrimSpace, trimSpaces } from '../../../../../src/families/kyverno/engine/pattern/go-strings.js';

describe('compareGoStrings', () => {
  it.each([
    ['(a)', '=(a)', -1],
    ['=(a)', 'X(a)', -1],
    ['X(a)', '^(a)', -1],
    ['a', 'ab', -1],
    ['b', 'a', 1],
    ['same', 'same', 0],
    ['Z', 'a', -1],
    // U+FFFD sorts before U+1F600 in UTF-8, although its UTF-16 unit is larger than a surrogate
    ['\uFFFD', '\u{1F600}', -1],
    ['\u{1F600}', '\uE000', 1],
    ['\u00e9', '\u{10000}', -1],
  ] as const)('%j vs %j → %i', (a, b, expected) => {
    expect(Math.sign(compareGoStrings(a, b))).toBe(expected);
  });
});

describe('goTrimSpace', () => {
  it.each([
    [' a ', 'a'],
    ['\t\n\v\f\r a \u0085', 'a'],
    ['\u00a0a\u3000', 'a'],
    ['\uFEFFa', '\uFEFFa'],
    ['a b', 'a b'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(goTrimSpace(input)).toBe(expected);
  });
});

describe('trimSpaces', () => {
  it.each([
    ['  a  ', 'a'],
    ['\ta ', '\ta'],
    ['a', 'a'],
  ])('%j → %j', (input, expected) => {
    expect(trimSpaces(input)).toBe(expected);
  });
});
