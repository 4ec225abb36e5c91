/**
 * @file `podSecurity.exclude` (and PolicyException `podSecurity`) handling, ported from Kyverno's
 * `ApplyPodSecurityExclusion` / `exemptExclusions` (kyverno/kyverno pkg/pss/evaluate.go).
 *
 * For each exclusion the checks are re-run on a reduced pod: without `images`, the pod with its
 * containers replaced by one empty container named `fake` (pod-level exclusion); with `images`, a pod
 * holding only the containers whose image wildcard-matches one of them (container-level exclusion).
 * Every field error the reduced pod produces for the control's checks — restricted to
 * `restrictedField` and to errors whose bad values all match `values`, when given — removes **one**
 * matching field error of the real pod (same field with indexes replaced by `*` and, for container
 * fields of a container-level exclusion, the same container name), swapping the last error into its
 * place as Go's `remove` does. A check left without field errors is dropped. Checks that report no
 * field errors at all can therefore never be excluded.
 */
import type { PodSecurityExclude } from '../../../policy/types.js';
import type { Pod } from './pod-model.js';
import { type CheckOutcome, type SelectedCheck } from './registry.js';
/**
 * Applies `excludes` to the failed checks `outcomes` of `pod` (mutating their field error lists) and
 * returns the checks that still fail, in their original order.
 */
export declare function applyExclusions(checks: readonly SelectedCheck[], excludes: readonly PodSecurityExclude[], outcomes: CheckOutcome[], pod: Pod): CheckOutcome[];
