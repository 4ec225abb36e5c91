/**
 * @file What the engine is given to resolve `configMap`, `apiCall` and `globalReference` context entries
 * offline, as the Kyverno CLI provides them (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go,
 * `PolicyProcessor.ApplyPoliciesOnResource`): the family-independent offline data of the evaluation.
 */
export type { ApiCallResponses, ClusterReader, ClusterResponse, ExternalData, GlobalContextReader } from '../../../../../evaluate/types.js';
