/**
 * @file Pod Security policy versions, as `k8s.io/pod-security-admission/api` parses and orders them
 * (`ParseVersion`, `Version.Older`), and Kyverno's reading of `podSecurity.version`
 * (kyverno/kyverno pkg/pss/evaluate.go `ParseVersion`): empty or `latest` is the latest version,
 * otherwise `v1.<minor>`.
 */

/** A policy version: the minor number of `v1.<minor>`, or `Infinity` for `latest` (newer than all). */
export type PolicyVersion = number;

export const LATEST_VERSION: PolicyVersion = Number.POSITIVE_INFINITY;

const VERSION_PATTERN = /^v1\.([0-9]|[1-9][0-9]*)$/;
const MAX_INT64 = 9223372036854775807n;

/** The error `api.ParseVersion` returns for anything but `latest` or `v1.x`. */
export const VERSION_SYNTAX_ERROR = 'must be "latest" or "v1.x"';

/**
 * Parses `podSecurity.version`; returns `null` when it is invalid (the error text is
 * `VERSION_SYNTAX_ERROR`).
 */
export function parsePolicyVersion(version: string | undefined): PolicyVersion | null {
  if (version === undefined || version === '' || version === 'latest') return LATEST_VERSION;
  const match = VERSION_PATTERN.exec(version);
  if (match === null) return null;
  // strconv.Atoi fails beyond int64.
  if (BigInt(match[1]!) > MAX_INT64) return null;
  return Number(match[1]);
}

/** `Version.Older`: whether `a` is older than `b`. */
export function isOlder(a: PolicyVersion, b: PolicyVersion): boolean {
  return a < b;
}
