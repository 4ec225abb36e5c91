/**
 * @file Strict semantic versions (blang/semver v4 `Parse` and `Compare`).
 */
import { describe, expect, it } from 'vitest';
import { compareSemver, parseSemver } from '../../../../../src/util/semver.js';

describe('parseSemver', () => {
  it.each([
    '0.0.0',
    '1.2.3',
    '1.10.0',
    '1.2.3-alpha',
    '1.2.3-alpha.1',
    '1.2.3-0.3.7',
    '1.2.3-x-y-z.--',
    '1.2.3+build.5',
    '1.2.3-rc.1+build-7',
    '1.2.3+build-with-dash',
    '18446744073709551615.0.0',
  ])('accepts %j', (input) => {
    expect(parseSemver(input)).not.toBeNull();
  });

  it.each([
    '',
    '1',
    '1.2',
    'v1.2.3',
    '=1.2.3',
    ' 1.2.3',
    '01.2.3',
    '1.02.3',
    '1.2.03',
    '1.2.3.4',
    '1.2.-1',
    '1.2.3-',
    '1.2.3-01',
    '1.2.3-a..b',
    '1.2.3-a_b',
    '1.2.3+',
    '1.2.3+a..b',
    '1.2.3+a_b',
    '18446744073709551616.0.0',
    '1.2.x',
  ])('rejects %j', (input) => {
    expect(parseSemver(input)).toBeNull();
  });
});

describe('compareSemver', () => {
  it.each<[string, string, number]>([
    ['1.2.3', '1.2.3', 0],
    ['1.2.3', '1.2.10', -1],
    ['1.10.0', '1.9.0', 1],
    ['2.0.0', '10.0.0', -1],
    ['1.0.0-alpha', '1.0.0', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-beta.2', '1.0.0-beta.11', -1],
    ['1.0.0-rc.1', '1.0.0-beta.11', 1],
    ['1.0.0+a', '1.0.0+b', 0],
    ['18446744073709551615.0.0', '18446744073709551614.0.0', 1],
  ])('%s vs %s → %d', (a, b, expected) => {
    expect(compareSemver(parseSemver(a)!, parseSemver(b)!)).toBe(expected);
  });
});
