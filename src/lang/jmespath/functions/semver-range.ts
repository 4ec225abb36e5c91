/**
 * @file `github.com/blang/semver/v4` `ParseRange` as Kyverno's `semver_compare` uses it:
 * space-separated comparators are ANDed, `||` separates alternatives, `x` wildcards in the minor
 * or patch position are expanded (with blang's quirks: `!1.x.x` can never match), and every
 * error has blang's text (`Could not get version from string: "abc"`, `Last element in range is
 * '||'`, `Could not parse Range "~1.2.0": Could not parse comparator "~" in "~1.2.0"`).
 */
import { type SemVersion, compareSemver, parseSemver } from '../../../util/semver.js';
import { goQuote } from '../../../util/go-strings.js';

/** A range: true for the versions it contains. */
type SemverRange = (version: SemVersion) => boolean;

const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;
const UINT64_MAX = (1n << 64n) - 1n;
const UNICODE_DIGIT = /\p{Nd}/u;

/** Go `strconv.ParseUint(s, 10, 64)`'s error for a string of digits, or null when it parses. */
function parseUintError(s: string): string | null {
  if (s === '' || !NUMBERS.test(s)) return `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`;
  return BigInt(s) > UINT64_MAX ? `strconv.ParseUint: parsing ${goQuote(s)}: value out of range` : null;
}

const hasLeadingZeroes = (s: string): boolean => s.length > 1 && s[0] === '0';

/** Checks one numeric component of a version (`major`, `minor`, `patch`); returns blang's error or null. */
function numberError(s: string, what: string, label: string): string | null {
  if (!NUMBERS.test(s)) return `Invalid character(s) found in ${what} number ${goQuote(s)}`;
  if (hasLeadingZeroes(s)) return `${label} number must not contain leading zeroes ${goQuote(s)}`;
  return parseUintError(s);
}

/** blang `Parse`'s error for `s`, or null when it is a valid version. */
function parseError(s: string): string | null {
  if (s === '') return 'Version string empty';
  const parts = s.split('.');
  if (parts.length < 3) return 'No Major.Minor.Patch elements found';
  const [major, minor] = parts as [string, string];
  let patch = parts.slice(2).join('.');
  const error = numberError(major, 'major', 'Major') ?? numberError(minor, 'minor', 'Minor');
  if (error !== null) return error;
  let build: string[] = [];
  const buildIndex = patch.indexOf('+');
  if (buildIndex !== -1) {
    build = patch.slice(buildIndex + 1).split('.');
    patch = patch.slice(0, buildIndex);
  }
  let pre: string[] = [];
  const preIndex = patch.indexOf('-');
  if (preIndex !== -1) {
    pre = patch.slice(preIndex + 1).split('.');
    patch = patch.slice(0, preIndex);
  }
  const patchError = numberError(patch, 'patch', 'Patch');
  if (patchError !== null) return patchError;
  for (const p of pre) {
    if (p === '') return 'Prerelease is empty';
    if (NUMBERS.test(p)) {
      if (hasLeadingZeroes(p)) return `Numeric PreRelease version must not contain leading zeroes ${goQuote(p)}`;
      const uintError = parseUintError(p);
      if (uintError !== null) return uintError;
    } else if (!ALPHANUM.test(p)) {
      return `Invalid character(s) found in prerelease ${goQuote(p)}`;
    }
  }
  for (const b of build) {
    if (b === '') return 'Build meta data is empty';
    if (!ALPHANUM.test(b)) return `Invalid character(s) found in build meta data ${goQuote(b)}`;
  }
  return null;
}

/** blang `splitAndTrim`: splits on spaces, except right after `>`, `<` or `=`. */
function splitAndTrim(s: string): string[] {
  const result: string[] = [];
  let last = 0;
  let lastChar = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ' ' && lastChar !== '>' && lastChar !== '<' && lastChar !== '=') {
      if (last < i - 1) result.push(s.slice(last, i));
      last = i + 1;
    } else if (s[i] !== ' ') {
      lastChar = s[i]!;
    }
  }
  if (last < s.length - 1) result.push(s.slice(last));
  return result.map((part) => part.replaceAll(' ', ''));
}

/** blang `splitORParts`. */
function splitOrParts(parts: string[]): string[][] {
  const groups: string[][] = [];
  let last = 0;
  parts.forEach((p, i) => {
    if (p !== '||') return;
    if (i === 0) throw new Error("First element in range is '||'");
    groups.push(parts.slice(last, i));
    last = i + 1;
  });
  if (last === parts.length) throw new Error("Last element in range is '||'");
  groups.push(parts.slice(last));
  return groups;
}

/** blang `splitComparatorVersion`: the operator is everything before the first Unicode digit. */
function splitComparatorVersion(s: string): [string, string] {
  let index = -1;
  let offset = 0;
  for (const c of s) {
    if (UNICODE_DIGIT.test(c)) {
      index = offset;
      break;
    }
    offset += c.length;
  }
  if (index === -1) throw new Error(`Could not get version from string: ${goQuote(s)}`);
  return [s.slice(0, index).trim(), s.slice(index)];
}

/** Go `strconv.Atoi` + 1 on one dot-separated part, or null when it is not a number. */
function incrementPart(version: string, index: number): string {
  const parts = version.split('.');
  const part = parts[index];
  if (part === undefined || !/^[+-]?[0-9]+$/.test(part)) return '';
  parts[index] = String(Number(part) + 1);
  return parts.join('.');
}

/** blang `expandWildcardVersion` for one comparator. */
function expandWildcard(part: string): string[] {
  if (!part.includes('x')) return [part];
  const [op, version] = splitComparatorVersion(part);
  const parts = version.split('.');
  const wildcardType = parts[parts.length - 1] === 'x' ? parts.length : 0;
  let flat = version.replace('.x.x', '.x').replace('.x', '.0');
  if (flat.split('.').length === 2) flat += '.0';
  const expanded: string[] = [];
  let resultOperator = '';
  let increment = false;
  switch (op) {
    case '>':
      resultOperator = '>=';
      increment = true;
      break;
    case '>=':
      resultOperator = '>=';
      break;
    case '<':
      resultOperator = '<';
      break;
    case '<=':
      resultOperator = '<';
      increment = true;
      break;
    case '':
    case '=':
    case '==':
      expanded.push('>=' + flat);
      resultOperator = '<';
      increment = true;
      break;
    case '!=':
    case '!':
      expanded.push('<' + flat);
      resultOperator = '>=';
      increment = true;
      break;
  }
  let resultVersion = flat;
  if (increment) {
    resultVersion = wildcardType === 3 ? incrementPart(flat, 1) : wildcardType === 2 ? incrementPart(flat, 0) : '';
  }
  expanded.push(resultOperator + resultVersion);
  return expanded;
}

const COMPARATORS: Readonly<Record<string, (c: number) => boolean>> = {
  '': (c) => c === 0,
  '=': (c) => c === 0,
  '==': (c) => c === 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '!': (c) => c !== 0,
  '!=': (c) => c !== 0,
};

/** blang `buildVersionRange` for one comparator. */
function comparatorRange(part: string): SemverRange {
  const [op, versionText] = splitComparatorVersion(part);
  const test = COMPARATORS[op];
  if (test === undefined) {
    throw new Error(`Could not parse Range ${goQuote(part)}: Could not parse comparator ${goQuote(op)} in ${goQuote(op + versionText)}`);
  }
  const error = parseError(versionText);
  if (error !== null) {
    throw new Error(
      `Could not parse Range ${goQuote(part)}: Could not parse version ${goQuote(versionText)} in ${goQuote(op + versionText)}: ${error}`,
    );
  }
  const version = parseSemver(versionText)!;
  return (v) => test(compareSemver(v, version));
}

/** blang `ParseRange`; throws blang's error text. */
export function parseSemverRange(s: string): SemverRange {
  const alternatives = splitOrParts(splitAndTrim(s)).map((group) => group.flatMap(expandWildcard));
  const ranges = alternatives.map((group) => group.map(comparatorRange));
  return (v) => ranges.some((group) => group.every((range) => range(v)));
}
