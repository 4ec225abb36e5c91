/**
 * @file Kyverno's `semver_compare(version, range)`: the version is parsed strictly by
 * `blang/semver` and silently taken as `0.0.0` when it does not parse; the range must parse.
 */
import { parseSemver } from '../../../util/semver.js';
import type { KyvernoFunction } from './kyverno-function.js';
import { parseSemverRange } from './semver-range.js';

const ZERO_VERSION = parseSemver('0.0.0')!;

export const SEMVER_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'semver_compare',
    args: [{ types: ['string'] }, { types: ['string'] }],
    handler: ([version, range]) => {
      const v = parseSemver(version as string) ?? ZERO_VERSION;
      return parseSemverRange(range as string)(v);
    },
    returnType: ['bool'],
    note: 'compares two strings which comply with the semantic versioning schema and outputs a boolean response as to the position of the second relative to the first',
  },
];
