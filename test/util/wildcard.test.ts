/**
 * @file go-wildcard v1.0.3 semantics: Kyverno's own `TestMatch` table (kyverno/kyverno
 * ext/wildcard/match_test.go), `?` as exactly one character, rune-wise `?`, and linear behaviour on
 * adversarial patterns.
 */
import { describe, expect, it } from 'vitest';
import { containsWildcard, wildcardMatch } from '../../src/util/wildcard.js';

// [pattern, text, matched]
const KYVERNO_MATCH_CASES: [string, string, boolean][] = [
  ['*', 's3:GetObject', true],
  ['', 's3:GetObject', false],
  ['', '', true],
  ['s3:*', 's3:ListMultipartUploadParts', true],
  ['s3:ListBucketMultipartUploads', 's3:ListBucket', false],
  ['s3:ListBucket', 's3:ListBucket', true],
  ['s3:ListBucketMultipartUploads', 's3:ListBucketMultipartUploads', true],
  ['my-bucket/oo*', 'my-bucket/oo', true],
  ['my-bucket/In*', 'my-bucket/India/Karnataka/', true],
  ['my-bucket/In*', 'my-bucket/Karnataka/India/', false],
  ['my-bucket/In*/Ka*/Ban', 'my-bucket/India/Karnataka/Ban', true],
  ['my-bucket/In*/Ka*/Ban', 'my-bucket/India/Karnataka/Ban/Ban/Ban/Ban/Ban', true],
  ['my-bucket/In*/Ka*/Ban', 'my-bucket/India/Karnataka/Area1/Area2/Area3/Ban', true],
  ['my-bucket/In*/Ka*/Ban', 'my-bucket/India/State1/State2/Karnataka/Area1/Area2/Area3/Ban', true],
  ['my-bucket/In*/Ka*/Ban', 'my-bucket/India/Karnataka/Bangalore', false],
  ['my-bucket/In*/Ka*/Ban*', 'my-bucket/India/Karnataka/Bangalore', true],
  ['my-bucket/*', 'my-bucket/India', true],
  ['my-bucket/oo*', 'my-bucket/odo', false],
  ['my-bucket?/abc*', 'mybucket/abc', false],
  ['my-bucket?/abc*', 'my-bucket1/abc', true],
  ['my-?-bucket/abc*', 'my--bucket/abc', false],
  ['my-?-bucket/abc*', 'my-1-bucket/abc', true],
  ['my-?-bucket/abc*', 'my-k-bucket/abc', true],
  ['my??bucket/abc*', 'mybucket/abc', false],
  ['my??bucket/abc*', 'my4abucket/abc', true],
  ['my-bucket?abc*', 'my-bucket/abc', true],
  ['my-bucket/abc?efg', 'my-bucket/abcdefg', true],
  ['my-bucket/abc?efg', 'my-bucket/abc/efg', true],
  ['my-bucket/abc????', 'my-bucket/abc', false],
  ['my-bucket/abc????', 'my-bucket/abcde', false],
  ['my-bucket/abc????', 'my-bucket/abcdefg', true],
  ['my-bucket/abc?', 'my-bucket/abc', false],
  ['my-bucket/abc?', 'my-bucket/abcd', true],
  ['my-bucket/abc?', 'my-bucket/abcde', false],
  ['my-bucket/mnop*?', 'my-bucket/mnop', false],
  ['my-bucket/mnop*?', 'my-bucket/mnopqrst/mnopqr', true],
  ['my-bucket/mnop*?', 'my-bucket/mnopqrst/mnopqrs', true],
  ['my-bucket/mnop*?', 'my-bucket/mnopq', true],
  ['my-bucket/mnop*?', 'my-bucket/mnopqr', true],
  ['my-bucket/mnop*?and', 'my-bucket/mnopqand', true],
  ['my-bucket/mnop*?and', 'my-bucket/mnopand', false],
  ['my-bucket/mnop*?', 'my-bucket/mn', false],
  ['my-bucket/mnop*??', 'my-bucket/mnopqrst', true],
  ['my-bucket/mnop*qrst', 'my-bucket/mnopabcdegqrst', true],
  ['my-bucket/mnop*?and?', 'my-bucket/mnopqanda', true],
  ['my-bucket/mnop*?and', 'my-bucket/mnopqanda', false],
  ['my-?-bucket/abc*', 'my-bucket/mnopqanda', false],
];

const OTHER_CASES: [string, string, boolean][] = [
  // `?` is exactly one character (IGLOU-EU/go-wildcard `Match`, behind ext/wildcard/match.go)
  ['ab?ba', 'abbbba', false],
  ['ab?ba', 'abbba', true],
  // case-sensitive, anchored, no escaping or classes
  ['Always', 'always', false],
  ['nginx', 'my-nginx', false],
  ['[a]', 'a', false],
  ['[a]', '[a]', true],
  ['a\\*', 'a\\bc', true],
  // empty pattern and empty text
  ['*', '', true],
  ['?', '', false],
  ['?*', '', false],
  ['?*', 'x', true],
  ['**', '', true],
  ['a**b', 'ab', true],
  // `?` is one code point: a character outside the BMP counts once
  ['a?b', 'a\u{1F600}b', true],
  ['a??b', 'a\u{1F600}b', false],
  ['??', '\u00e9\u00e8', true],
  ['*?', '\u{1F600}', true],
  ['*??', '\u{1F600}', false],
  ['\u{1F600}*', '\u{1F600}x', true],
  ['*:latest', 'nginx:latest', true],
  ['*:latest', 'nginx:latest2', false],
];

describe('wildcardMatch', () => {
  it.each(KYVERNO_MATCH_CASES)('Kyverno TestMatch: %j vs %j → %s', (pattern, text, matched) => {
    expect(wildcardMatch(pattern, text)).toBe(matched);
  });

  it.each(OTHER_CASES)('%j vs %j → %s', (pattern, text, matched) => {
    expect(wildcardMatch(pattern, text)).toBe(matched);
  });

  it('stays fast on patterns that make naive backtracking exponential', () => {
    const pattern = '*a'.repeat(30) + 'b';
    const text = 'a'.repeat(5_000);
    const start = performance.now();
    expect(wildcardMatch(pattern, text)).toBe(false);
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});

describe('containsWildcard', () => {
  it.each([
    ['abc', false],
    ['', false],
    ['a*', true],
    ['a?', true],
    ['(app.kubernetes.io/*)', true],
  ] as const)('%j → %s', (s, expected) => {
    expect(containsWildcard(s)).toBe(expected);
  });
});
