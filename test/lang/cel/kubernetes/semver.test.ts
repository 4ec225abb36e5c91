import { describe, expect, it } from 'vitest';
import { normalizeAndParse, semverLibrary } from '../../../../src/lang/cel/kubernetes/semver.js';
import { parseSemverOrError } from '../../../../src/util/semver.js';
import { type Case, expectOutcome } from './run.js';

const libraries = [semverLibrary];

/** k8s.io/apiserver/pkg/cel/library/semver_test.go, `TestSemver` (library version 1). */
const kubernetesCases: Case[] = [
  ['semver("1.2.3") == semver("1.2.3")', { value: true }],
  ['semver("v1.0")', { runtimeError: 'No Major.Minor.Patch elements found' }],
  ['isSemver("1.2.3-beta.1+build.1")', { value: true }],
  ['isSemver("")', { value: false }],
  ['isSemver("v1.0.0")', { value: false }],
  ['isSemver(" 1.0.0")', { value: false }],
  ['isSemver("1. 0.0")', { value: false }],
  ['isSemver("1.0.0 ")', { value: false }],
  ['isSemver("01.01.01")', { value: false }],
  ['isSemver("1")', { value: false }],
  ['isSemver("1.1")', { value: false }],
  ['isSemver("", true)', { value: false }],
  ['isSemver(" 1.0.0", true)', { value: false }],
  ['isSemver("1. 0.0", true)', { value: false }],
  ['isSemver("1.0.0 ", true)', { value: false }],
  ['isSemver("v1.0.0", true)', { value: true }],
  ['isSemver("01.01.01", true)', { value: true }],
  ['isSemver("1", true)', { value: true }],
  ['isSemver("1.1", true)', { value: true }],
  ['isSemver([1, 2, 3])', { compileError: /found no matching overload for 'isSemver\(list<int>\)'/ }],
  ['semver("v01.01", true) == semver("1.1.0")', { value: true }],
  ['semver("1.2.3") == semver("1.2.3")', { value: true }],
  ['semver("1.2.3") == semver("1.0.0")', { value: false }],
  ['semver("1.0.0").isLessThan(semver("1.2.3"))', { value: true }],
  ['semver("1.0.0").isLessThan(semver("1.0.0"))', { value: false }],
  ['semver("1.2.3").isGreaterThan(semver("1.0.0"))', { value: true }],
  ['semver("1.0.0").isGreaterThan(semver("1.0.0"))', { value: false }],
  ['semver("1.2.3").compareTo(semver("1.2.3"))', { value: 0n }],
  ['semver("1.0.0").compareTo(semver("1.2.3"))', { value: -1n }],
  ['semver("1.2.3").compareTo(semver("1.0.0"))', { value: 1n }],
  ['semver("1.2.3").major()', { value: 1n }],
  ['semver("1.2.3").minor()', { value: 2n }],
  ['semver("1.2.3").patch()', { value: 3n }],
];

/** semverlib.go documented examples, blang/semver errors and ordering, type rules. */
const more: Case[] = [
  ["semver('200K')", { runtimeError: 'No Major.Minor.Patch elements found' }],
  ["semver('Three')", { runtimeError: 'No Major.Minor.Patch elements found' }],
  ["semver('v1.0.0', true) == semver('1.0.0')", { value: true }],
  ["semver('1.0', true) == semver('1.0.0')", { value: true }],
  ["semver('01.01.01', true) == semver('1.1.1')", { value: true }],
  ["isSemver('hello')", { value: false }],
  ["semver('1.0-rc', true)", { runtimeError: 'short version cannot contain PreRelease/Build meta data' }],
  ["semver('1.0-rc.1', true)", { runtimeError: 'Invalid character(s) found in minor number "0-rc"' }],
  ["semver('1.2.3').compareTo(semver('0.1.2'))", { value: 1n }],
  ["semver('')", { runtimeError: 'Version string empty' }],
  ["semver('1.a.3')", { runtimeError: 'Invalid character(s) found in minor number "a"' }],
  ["semver('1.2.03')", { runtimeError: 'Patch number must not contain leading zeroes "03"' }],
  ["semver('1.2.3-01')", { runtimeError: 'Numeric PreRelease version must not contain leading zeroes "01"' }],
  ["semver('1.2.3-')", { runtimeError: 'Prerelease is empty' }],
  ["semver('1.2.3+')", { runtimeError: 'Build meta data is empty' }],
  ["semver('1.2.3+a_b')", { runtimeError: 'Invalid character(s) found in build meta data "a_b"' }],
  ["semver('1.2.99999999999999999999')", { runtimeError: 'strconv.ParseUint: parsing "99999999999999999999": value out of range' }],
  ["semver('1.2.3-alpha').isLessThan(semver('1.2.3'))", { value: true }],
  ["semver('1.2.3-alpha.1').isLessThan(semver('1.2.3-alpha.beta'))", { value: true }],
  ["semver('1.2.3-2').isLessThan(semver('1.2.3-10'))", { value: true }],
  ["semver('1.2.3+a') == semver('1.2.3+b')", { value: true }],
  ["semver('18446744073709551615.0.0').major()", { value: -1n }],
  ["semver('1.0.0').isLessThan('1.0.1')", { compileError: /no matching overload/ }],
  ["semver('1.0.0', 'x')", { compileError: /no matching overload/ }],
];

describe('Semver library', () => {
  it.each(kubernetesCases)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome));
  it.each(more)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome));
});

describe('normalizeAndParse', () => {
  it('keeps parseSemverOrError results for strict versions', () => {
    expect(normalizeAndParse('1.2.3-rc.1')).toEqual(parseSemverOrError('1.2.3-rc.1'));
    expect(normalizeAndParse('v00.0.000')).toEqual(parseSemverOrError('0.0.0'));
    expect(normalizeAndParse('vv1.0.0')).toBe('Invalid character(s) found in major number "0v1"');
  });
});
