/**
 * @file Kyverno's rendering of failed Pod Security checks (kyverno/kyverno validate_pss.go
 * `convertChecks`, pkg/pss/evaluate.go `FormatChecksPrint`) and the resource path of a finding.
 *
 * `convertChecks` rewrites field names textually: for the template controllers every `spec` becomes
 * `spec.template.spec`, for a CronJob `spec.jobTemplate.spec.template.spec`; then, for every kind (Pod
 * included), every `metadata` becomes `spec.template.metadata`. Each check prints as
 * `(Forbidden reason: <reason>, field error list: [<errors>])`, an error with a bad value as
 * `<field> is forbidden, forbidden values found: <value>`, any other as Go's `<field>: Forbidden` /
 * `<field>: Required value`.
 */
import type { CheckOutcome } from './registry.js';
import { type ExtractedPod } from './decode-pod.js';
/** `FormatChecksPrint` after `convertChecks`. */
export declare function formatChecks(outcomes: readonly CheckOutcome[], kind: string): string;
/**
 * The resource path (Kyverno style, `/spec/containers/0/securityContext/privileged/`) of the first
 * violation, or `undefined` when none can be located.
 */
export declare function findingPath(outcomes: readonly CheckOutcome[], extracted: ExtractedPod): string | undefined;
