/**
 * @file Go string primitives of the Pod Security port: ordering, sorted sets, `%q` quoting, and the
 * `%+v` rendering of bad values.
 */
import { describe, expect, it } from 'vitest';
import { formatBadValue } from '../../../../../../src/families/kyverno/engine/validate/pod-security/field-error.js';
import { sortedSet } from '../../../../../../src/families/kyverno/engine/validate/pod-security/go-strings.js';
import { compareGoStrings } from '../../../../../../src/util/go-json.js';
import { goQuote } from '../../../../../../src/util/go-strings.js';

describe('Go strings', () => {
  it('orders by code point, astral characters after the rest of the BMP', () => {
    expect(sortedSet(['b', 'B', 'a', '\u{1F600}', '\uFF21', 'a'])).toEqual(['B', 'a', 'b', '\uFF21', '\u{1F600}']);
    expect(compareGoStrings('10250', '8080')).toBeLessThan(0);
    expect(compareGoStrings('ab', 'a')).toBeGreaterThan(0);
  });

  it.each([
    ['plain', '"plain"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['back\\slash', '"back\\\\slash"'],
    ['tab\tnew\nline', '"tab\\tnew\\nline"'],
    ['\u0001\u007f', '"\\x01\\x7f"'],
    ['é', '"é"'],
  ])('quotes %j as %s', (input, quoted) => {
    expect(goQuote(input)).toBe(quoted);
  });

  it.each<[Parameters<typeof formatBadValue>[0], string]>([
    ['Unconfined', 'Unconfined'],
    [true, 'true'],
    [0, '0'],
    [['NET_RAW', 'SYS_ADMIN'], '[NET_RAW SYS_ADMIN]'],
    [[], '[]'],
  ])('renders bad value %j as %s', (value, text) => {
    expect(formatBadValue(value)).toBe(text);
  });
});
