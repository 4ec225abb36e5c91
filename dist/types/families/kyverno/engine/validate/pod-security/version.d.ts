/**
 * @file Pod Security policy versions, as `k8s.io/pod-security-admission/api` parses and orders them
 * (`ParseVersion`, `Version.Older`), and Kyverno's reading of `podSecurity.version`
 * (kyverno/kyverno pkg/pss/evaluate.go `ParseVersion`): empty or `latest` is the latest version,
 * otherwise `v1.<minor>`.
 */
/** A policy version: the minor number of `v1.<minor>`, or `Infinity` for `latest` (newer than all). */
export type PolicyVersion = number;
export declare const LATEST_VERSION: PolicyVersion;
/** The error `api.ParseVersion` returns for anything but `latest` or `v1.x`. */
export declare const VERSION_SYNTAX_ERROR = "must be \"latest\" or \"v1.x\"";
/**
 * Parses `podSecurity.version`; returns `null` when it is invalid (the error text is
 * `VERSION_SYNTAX_ERROR`).
 */
export declare function parsePolicyVersion(version: string | undefined): PolicyVersion | null;
/** `Version.Older`: whether `a` is older than `b`. */
export declare function isOlder(a: PolicyVersion, b: PolicyVersion): boolean;
