/**
 * @file The programmatic validation of the Kyverno API types (api/kyverno/v1: `ClusterPolicy.Validate`,
 * `Spec.Validate`, `Rule.Validate`, `MatchResources.Validate`, `ResourceDescription.Validate`,
 * `UserInfo.Validate`, `Generation.Validate`, `ValidateAutogenAnnotation`, `ValidatePolicyName`) against a
 * set of cluster-scoped resources: empty as the CLI runs it (mock mode), or the kinds the admission
 * controller would discover. Errors are Kubernetes field errors (`<path>: <type>: <detail>`); Go struct
 * values inside `Invalid value` are abbreviated as `v1.Type{...}`.
 */
import { type ClusterScopes } from '../../../cluster/scopes.js';
import type { Policy, Rule } from './types.js';
export declare function isPresent(value: unknown): boolean;
export declare function str(value: unknown): string;
export declare function list<T>(value: T[] | undefined | null): T[];
/** Rule type checks shared with the rest of policy validation (Kyverno `HasMutate`, ...). */
export declare function ruleKinds(rule: Rule): {
    mutate: boolean;
    validate: boolean;
    generate: boolean;
    verifyImages: boolean;
};
/**
 * Kyverno `ClusterPolicy.Validate` / `Policy.Validate` against the cluster-scoped resources `cluster` (none
 * in the CLI's mock mode): the aggregated error text, or null.
 */
export declare function apiValidationError(policy: Policy, cluster?: ClusterScopes): string | null;
