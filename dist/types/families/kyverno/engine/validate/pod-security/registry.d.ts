/**
 * @file The Pod Security checks Kyverno runs and how it picks them (kyverno/kyverno pkg/pss/evaluate.go
 * `evaluatePSS`), over `policy.DefaultChecks()` of Kyverno's fork of k8s.io/pod-security-admission
 * (release 1.34 plus field errors).
 *
 * Selection: at level `baseline` only baseline checks run; at any other level (`restricted`, but also
 * `privileged` or an unknown level) every check runs. A check introduced after the requested version is
 * skipped; otherwise the newest implementation whose minimum version is not newer than the requested one
 * runs (`latest` runs the newest of each). Checks run in registration order (Go runs the `init`
 * functions of the library's files in file-name order), which is the order of the failure message.
 */
import type { Check, CheckFailure, CheckFn } from './check-types.js';
import type { Pod } from './pod-model.js';
import { type PolicyVersion } from './version.js';
/** `policy.DefaultChecks()`, in registration order. */
export declare const DEFAULT_CHECKS: readonly Check[];
/** A check chosen for a level and version. */
export interface SelectedCheck {
    readonly id: string;
    readonly check: CheckFn;
}
/** A failed check (`pssutils.PSSCheckResult`). */
export interface CheckOutcome {
    readonly id: string;
    readonly failure: CheckFailure;
}
/** The checks `evaluatePSS` runs for `level` at `version`. */
export declare function selectChecks(level: string, version: PolicyVersion): readonly SelectedCheck[];
/** Runs `checks` on `pod` and returns the failures, in check order. */
export declare function runChecks(checks: readonly SelectedCheck[], pod: Pod): CheckOutcome[];
