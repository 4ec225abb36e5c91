/**
 * @file Pod Security Standards control names as Kyverno knows them (kyverno/kyverno
 * pkg/pss/utils/mapping.go and the `controlName` enum of api/kyverno/v1): which check IDs each control
 * covers, which controls exist at which level, and which are pod-level or container-level (policy
 * validation requires `images` for container-level controls and forbids it for pod-level ones).
 */
/** Control name → the check IDs it covers (`PSS_control_name_to_ids`). */
export declare const CONTROL_CHECK_IDS: ReadonlyMap<string, readonly string[]>;
/** Every valid `controlName` (the API enum). */
export declare const PSS_CONTROL_NAMES: readonly string[];
/** The controls of the baseline level. */
export declare const PSS_BASELINE_CONTROL_NAMES: readonly string[];
/**
 * The controls of the restricted level (`PSS_restricted_control_names`). At level `baseline` policy
 * validation rejects excluding them, except `Seccomp` and `Capabilities`, which exist at both levels.
 */
export declare const PSS_RESTRICTED_CONTROL_NAMES: readonly string[];
/** Pod-level controls: an exclusion must not list `images` (`PSS_pod_level_control`). */
export declare const PSS_POD_LEVEL_CONTROLS: readonly string[];
/** Container-level controls: an exclusion must list `images` (`PSS_container_level_control`). */
export declare const PSS_CONTAINER_LEVEL_CONTROLS: readonly string[];
