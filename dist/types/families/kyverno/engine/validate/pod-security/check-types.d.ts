/**
 * @file The shape of a Pod Security check, after `k8s.io/pod-security-admission/policy` (`Check`,
 * `VersionedCheck`, `CheckResult`) as Kyverno's fork of that library defines them, with field errors
 * always enabled (`policy.WithFieldErrors()`).
 */
import type { FieldError, FieldPath } from './field-error.js';
import type { PodMeta, PodSpec } from './pod-model.js';
/** A failed check (`CheckResult` with `Allowed: false`). */
export interface CheckFailure {
    readonly reason: string;
    readonly detail: string;
    /** The field errors (`ErrList`); `null` for the checks that do not report any. */
    readonly errList: FieldError[] | null;
    /** Where the violation is, for checks without field errors (locating findings only). */
    readonly hint?: FieldPath;
}
/** A check implementation: `null` when the pod is allowed. */
export type CheckFn = (meta: PodMeta, spec: PodSpec) => CheckFailure | null;
/** The level a check belongs to. */
type CheckLevel = 'baseline' | 'restricted';
/** One version of a check, applying from policy version `v1.<minimumMinor>`. */
interface VersionedCheck {
    readonly minimumMinor: number;
    readonly check: CheckFn;
}
export interface Check {
    readonly id: string;
    readonly level: CheckLevel;
    /** Strictly increasing minimum versions. */
    readonly versions: readonly VersionedCheck[];
}
export {};
