/**
 * @file Go string ordering (UTF-8 bytes) and `strings.TrimSpace` / `strings.Trim(s, " ")`.
 */
import { describe, expect, it } from 'vitest';
import { compareGoStrings } from '../../src/util/go-json.js';
import { goQuote, goTrimSpace, trimSpaces } from '../../src/util/go-strings.js';

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

/**
 * Go `strconv.Quote`, where the two former copies disagreed (one escaped only C0/C1 controls and
 * DEL) and at the edges of each escape form. Expected texts are Go's outputs.
 */
describe('goQuote', () => {
  it.each([
    ['', '""'],
    ['plain text', '"plain text"'],
    ['say "hi" \\', '"say \\"hi\\" \\\\"'],
    ['\x07\b\f\n\r\t\v', '"\\a\\b\\f\\n\\r\\t\\v"'],
    ['\x00\x01\x1b\x7f', '"\\x00\\x01\\x1b\\x7f"'],
    ['\u0080\u009f', '"\\u0080\\u009f"'],
    // Spaces other than U+0020 are not printable for strconv.IsPrint.
    ['a\u00a0b', '"a\\u00a0b"'],
    ['\u2028\u2029\u3000', '"\\u2028\\u2029\\u3000"'],
    // Format characters (Cf).
    ['soft\u00adhyphen', '"soft\\u00adhyphen"'],
    ['zero\u200bwidth', '"zero\\u200bwidth"'],
    ['\ufeffbom', '"\\ufeffbom"'],
    ['\u{e0001}', '"\\U000e0001"'],
    // Private use and unassigned code points.
    ['\ue000', '"\\ue000"'],
    ['\u{10ffff}', '"\\U0010ffff"'],
    ['\u0378', '"\\u0378"'],
    // Printable beyond ASCII: letters, marks, symbols, astral characters.
    ['é e\u0301 ü', '"é e\u0301 ü"'],
    ['日本語', '"日本語"'],
    ['\u{1f600}', '"\u{1f600}"'],
    ['\ufffd', '"\ufffd"'],
    // An unpaired surrogate is U+FFFD by the time Go sees it (encoding/json).
    ['a\ud800b', '"a\ufffdb"'],
  ])('quotes %j as %s', (input, quoted) => {
    expect(goQuote(input)).toBe(quoted);
  });
});
