/**
 * @file Strict semantic versions as `github.com/blang/semver/v4` `Parse` reads them (Kyverno's
 * numeric condition operators fall back to it): exactly `major.minor.patch[-pre][+build]`, no
 * `v` prefix, no leading zeroes, numbers up to 2^64-1, and its precedence order.
 */

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
  if (s === '') return null;
  const first = s.indexOf('.');
  if (first < 0) return null;
  const second = s.indexOf('.', first + 1);
  if (second < 0) return null;
  const major = parseVersionNumber(s.slice(0, first));
  const minor = parseVersionNumber(s.slice(first + 1, second));
  if (major === null || minor === null) return null;
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
  const patch = parseVersionNumber(patchText);
  if (patch === null) return null;
  const pre: PreRelease[] = [];
  for (const part of preText) {
    const parsed = parsePreRelease(part);
    if (parsed === null) return null;
    pre.push(parsed);
  }
  for (const part of build) {
    if (part === '' || !ALPHANUM.test(part)) return null;
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

/** A major/minor/patch number: digits only, no leading zero, fits in uint64. */
function parseVersionNumber(s: string): bigint | null {
  if (s === '' || !NUMBERS.test(s) || (s.length > 1 && s[0] === '0')) return null;
  const n = BigInt(s);
  return n > UINT64_MAX ? null : n;
}

function parsePreRelease(s: string): PreRelease | null {
  if (s === '') return null;
  if (NUMBERS.test(s)) {
    const num = parseVersionNumber(s);
    return num === null ? null : { numeric: true, num };
  }
  return ALPHANUM.test(s) ? { numeric: false, str: s } : null;
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
