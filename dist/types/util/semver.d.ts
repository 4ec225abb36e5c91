/**
 * @file Strict semantic versions as `github.com/blang/semver/v4` `Parse` reads them (Kyverno's
 * numeric condition operators fall back to it): exactly `major.minor.patch[-pre][+build]`, no
 * `v` prefix, no leading zeroes, numbers up to 2^64-1, and its precedence order.
 */
/** One prerelease identifier: numeric or alphanumeric. */
type PreRelease = {
    numeric: true;
    num: bigint;
} | {
    numeric: false;
    str: string;
};
/** A parsed version (build metadata has no precedence and is not kept). */
export interface SemVersion {
    major: bigint;
    minor: bigint;
    patch: bigint;
    pre: PreRelease[];
}
/** blang/semver `Parse`: the version, or null where it returns an error. */
export declare function parseSemver(s: string): SemVersion | null;
/** blang/semver `Version.Compare`: -1, 0 or 1. */
export declare function compareSemver(a: SemVersion, b: SemVersion): number;
export {};
