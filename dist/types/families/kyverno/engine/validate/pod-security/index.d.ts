/**
 * @file The `validate.podSecurity` handler (kyverno/kyverno pkg/engine/handlers/validation/validate_pss.go,
 * pkg/pss/evaluate.go): extracts the pod of the resource, runs the Pod Security Admission checks of the
 * requested level and version, removes the `exclude`d violations and words the result as Kyverno does.
 * DELETE requests (no response) and UPDATE pre-existing violations are the engine's concern.
 */
import type { PodSecurity, PodSecurityExclude } from '../../../policy/types.js';
import type { JsonObject } from '../../../../../types.js';
export { CONTROL_CHECK_IDS, PSS_BASELINE_CONTROL_NAMES, PSS_CONTAINER_LEVEL_CONTROLS, PSS_CONTROL_NAMES, PSS_POD_LEVEL_CONTROLS, PSS_RESTRICTED_CONTROL_NAMES, } from './controls.js';
/** A PolicyException that matched the resource and the rule. */
export interface PodSecurityException {
    /** `<namespace>/<name>` (or `<name>`), as Kyverno names it in messages. */
    key: string;
    /** The exception's `podSecurity` exclusions; an exception without any exempts the rule entirely. */
    podSecurity?: readonly PodSecurityExclude[];
}
interface PodSecurityOutcome {
    status: 'pass' | 'fail' | 'error' | 'skip';
    message: string;
    /** Kyverno-style path of the first violation, e.g. `/spec/containers/0/securityContext/privileged/`. */
    path?: string;
}
/**
 * Evaluates `podSecurity` of rule `ruleName` on `resource` (a Pod, a Pod controller or a CronJob).
 * `exceptions` are the PolicyExceptions matching the resource for this rule; `skip` only arises from them.
 */
export declare function evaluatePodSecurity(resource: JsonObject, podSecurity: PodSecurity, ruleName: string, exceptions?: readonly PodSecurityException[]): PodSecurityOutcome;
