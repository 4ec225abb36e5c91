/**
 * @file Strict semantic versions as `github.com/blang/semver/v4` `Parse` reads them (Kyverno's
 * numeric condition operators fall back to it): exactly `major.minor.patch[-pre][+build]`, no
 * `v` prefix, no leading zeroes, numbers up to 2^64-1, and its precedence order.
 */

import { goQuote } from './go-strings.js';

const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;
const UINT64_MAX = (1n << 64n) - 1n;

/** One prerelease identifier: numeric or alphanumeric. */
type PreRelease = { numeric: true; num: bigint } | { numeric: false; str: string };

/** A parsed version (build metadata has no precedence and is not kept). */
export interface SemVersion {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: PreRelease[];
}

/** blang/semver `Parse`: the version, or null where it returns an error. */
export function parseSemver(s: string): SemVersion | null {
  const parsed = parseSemverOrError(s);
  return typeof parsed === 'string' ? null : parsed;
}

/** Go `strconv.ParseUint(s, 10, 64)` on a string of digits: the value or its error text. */
function parseUint64(s: string): bigint | string {
  if (s === '' || !NUMBERS.test(s)) return `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`;
  const n = BigInt(s);
  return n > UINT64_MAX ? `strconv.ParseUint: parsing ${goQuote(s)}: value out of range` : n;
}

/** blang/semver `hasLeadingZeroes`. */
function hasLeadingZeroes(s: string): boolean {
  return s.length > 1 && s[0] === '0';
}

/** A major, minor or patch number as blang/semver `Parse` checks it (`what` names it in the errors). */
function versionNumber(s: string, what: 'major' | 'minor' | 'patch'): bigint | string {
  const label = what[0]!.toUpperCase() + what.slice(1);
  if (!NUMBERS.test(s)) return `Invalid character(s) found in ${what} number ${goQuote(s)}`;
  if (hasLeadingZeroes(s)) return `${label} number must not contain leading zeroes ${goQuote(s)}`;
  return parseUint64(s);
}

/** blang/semver `Parse`: the version, or Parse's error text. */
export function parseSemverOrError(s: string): SemVersion | string {
  if (s === '') return 'Version string empty';
  const first = s.indexOf('.');
  const second = first < 0 ? -1 : s.indexOf('.', first + 1);
  if (second < 0) return 'No Major.Minor.Patch elements found';
  const major = versionNumber(s.slice(0, first), 'major');
  if (typeof major === 'string') return major;
  const minor = versionNumber(s.slice(first + 1, second), 'minor');
  if (typeof minor === 'string') return minor;
  let patchText = s.slice(second + 1);
  let build: string[] = [];
  const buildIndex = patchText.indexOf('+');
  if (buildIndex >= 0) {
    build = patchText.slice(buildIndex + 1).split('.');
    patchText = patchText.slice(0, buildIndex);
  }
  let preText: string[] = [];
  const preIndex = patchText.indexOf('-');
  if (preIndex >= 0) {
    preText = patchText.slice(preIndex + 1).split('.');
    patchText = patchText.slice(0, preIndex);
  }
  const patch = versionNumber(patchText, 'patch');
  if (typeof patch === 'string') return patch;
  const pre: PreRelease[] = [];
  for (const part of preText) {
    const parsed = parsePreRelease(part);
    if (typeof parsed === 'string') return parsed;
    pre.push(parsed);
  }
  for (const part of build) {
    if (part === '') return 'Build meta data is empty';
    if (!ALPHANUM.test(part)) return `Invalid character(s) found in build meta data ${goQuote(part)}`;
  }
  return { major, minor, patch, pre };
}

/** blang/semver `Version.Compare`: -1, 0 or 1. */
export function compareSemver(a: SemVersion, b: SemVersion): number {
  const core = compareBig(a.major, b.major) || compareBig(a.minor, b.minor) || compareBig(a.patch, b.patch);
  if (core !== 0) return core;
  if (a.pre.length === 0 || b.pre.length === 0) {
    return a.pre.length === b.pre.length ? 0 : a.pre.length === 0 ? 1 : -1;
  }
  const n = Math.min(a.pre.length, b.pre.length);
  for (let i = 0; i < n; i++) {
    const c = comparePreRelease(a.pre[i]!, b.pre[i]!);
    if (c !== 0) return c;
  }
  return a.pre.length === b.pre.length ? 0 : a.pre.length < b.pre.length ? -1 : 1;
}

/** blang/semver `NewPRVersion`: a prerelease identifier or its error text. */
function parsePreRelease(s: string): PreRelease | string {
  if (s === '') return 'Prerelease is empty';
  if (NUMBERS.test(s)) {
    if (hasLeadingZeroes(s)) return `Numeric PreRelease version must not contain leading zeroes ${goQuote(s)}`;
    const num = parseUint64(s);
    return typeof num === 'string' ? num : { numeric: true, num };
  }
  return ALPHANUM.test(s) ? { numeric: false, str: s } : `Invalid character(s) found in prerelease ${goQuote(s)}`;
}

function comparePreRelease(a: PreRelease, b: PreRelease): number {
  if (a.numeric && b.numeric) return compareBig(a.num, b.num);
  if (a.numeric) return -1;
  if (b.numeric) return 1;
  return a.str === b.str ? 0 : a.str > b.str ? 1 : -1;
}

function compareBig(a: bigint, b: bigint): number {
  return a === b ? 0 : a > b ? 1 : -1;
}
