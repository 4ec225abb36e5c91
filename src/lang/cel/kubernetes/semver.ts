/**
 * @file The Kubernetes Semver library (k8s.io/apiserver/pkg/cel/library/semverlib.go, version 1 as Kubernetes
 * registers it since 1.33; value apiserver `pkg/cel/semver.go`): `semver(s)`, `semver(s, normalize)`,
 * `isSemver(s)`, `isSemver(s, normalize)`, and `major()`, `minor()`, `patch()`, `isGreaterThan`, `isLessThan`,
 * `compareTo`; `==` is `Version.EQ` (build metadata ignored).
 *
 * Parsing is github.com/blang/semver/v4 `Parse` (src/util/semver.ts, with its error texts), not the npm `semver`
 * package, whose loose and strict modes both differ (it accepts a `v` prefix and surrounding spaces, and orders
 * prerelease identifiers differently where numbers exceed 2^53). Normalization is semverlib.go
 * `normalizeAndParse`.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { compareSemver, parseSemverOrError, type SemVersion } from '../../../util/semver.js';
import type { CelLibrary } from '../environment.js';
import { celError, chargeNominal, chargeStringTraversal } from './common.js';

/** A CEL `kubernetes.Semver` value. */
export class SemverValue {
  constructor(readonly version: SemVersion) {}
}

const SEMVER = 'kubernetes.Semver';

/**
 * semverlib.go `normalizeAndParse`: drops one leading `v`, strips leading zeros of the first three dot-separated
 * parts, fills a missing minor/patch with 0 (an error if the last part carries prerelease or build data), then
 * parses strictly.
 */
export function normalizeAndParse(input: string): SemVersion | string {
  const s = input.startsWith('v') ? input.slice(1) : input;
  const first = s.indexOf('.');
  const second = first < 0 ? -1 : s.indexOf('.', first + 1);
  const parts = first < 0 ? [s] : second < 0 ? [s.slice(0, first), s.slice(first + 1)] : [s.slice(0, first), s.slice(first + 1, second), s.slice(second + 1)];
  for (let i = 0; i < parts.length; i++) {
    let p = parts[i]!;
    if (p.length > 1) {
      p = p.replace(/^0+/, '');
      if (p.length === 0 || !'0123456789'.includes(p[0]!)) p = `0${p}`;
      parts[i] = p;
    }
  }
  if (parts.length < 3) {
    if (/[+-]/.test(parts[parts.length - 1]!)) return 'short version cannot contain PreRelease/Build meta data';
    while (parts.length < 3) parts.push('0');
  }
  return parseSemverOrError(parts.join('.'));
}

function parse(s: string, normalize: boolean): SemVersion | string {
  return normalize ? normalizeAndParse(s) : parseSemverOrError(s);
}

function toSemver(s: string, normalize: boolean): SemverValue {
  chargeStringTraversal(s);
  const v = parse(s, normalize);
  if (typeof v === 'string') throw celError(v);
  return new SemverValue(v);
}

/** `types.Int(v.Major)`: Go converts the uint64 to int64, wrapping above 2^63-1. */
function toInt(n: bigint): bigint {
  return BigInt.asIntN(64, n);
}

/** Registers the Semver library. */
export const semverLibrary: CelLibrary = (env: Environment) => {
  env.registerType(SEMVER, SemverValue);
  env.registerFunction(`semver(string): ${SEMVER}`, (s: string) => toSemver(s, false));
  env.registerFunction(`semver(string, bool): ${SEMVER}`, (s: string, normalize: boolean) => toSemver(s, normalize));
  env.registerFunction('isSemver(string): bool', (s: string) => {
    chargeStringTraversal(s);
    return typeof parse(s, false) !== 'string';
  });
  env.registerFunction('isSemver(string, bool): bool', (s: string, normalize: boolean) => {
    chargeStringTraversal(s);
    return typeof parse(s, normalize) !== 'string';
  });
  for (const part of ['major', 'minor', 'patch'] as const) {
    env.registerFunction(`${SEMVER}.${part}(): int`, (v: SemverValue) => {
      chargeNominal();
      return toInt(v.version[part]);
    });
  }
  env.registerFunction(`${SEMVER}.isGreaterThan(${SEMVER}): bool`, (a: SemverValue, b: SemverValue) => {
    chargeNominal();
    return compareSemver(a.version, b.version) === 1;
  });
  env.registerFunction(`${SEMVER}.isLessThan(${SEMVER}): bool`, (a: SemverValue, b: SemverValue) => {
    chargeNominal();
    return compareSemver(a.version, b.version) === -1;
  });
  env.registerFunction(`${SEMVER}.compareTo(${SEMVER}): int`, (a: SemverValue, b: SemverValue) => {
    chargeNominal();
    return BigInt(compareSemver(a.version, b.version));
  });
  env.registerOperator(`${SEMVER} == ${SEMVER}`, (a: SemverValue, b: SemverValue) => compareSemver(a.version, b.version) === 0);
};
