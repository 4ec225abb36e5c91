/**
 * @file The Kyverno CLI's simulation of resource generation (kyverno/kyverno cmd/cli/kubectl-kyverno/
 * processor/generate.go `handleGeneratePolicy`, pkg/background/generate/controller.go
 * `ApplyGeneratePolicy`): a fresh store per (policy, trigger) holding the trigger and the clone sources;
 * for every rule response, in order, the policy's generate rules of that name run (rule context, then the
 * pattern or foreach) against the same store and JSON context, and the objects they created are read back
 * and attached to the rule response. Any error ends the generation: the CLI then keeps the rule responses
 * as they were, without generated resources.
 */
import type { KyvernoPolicy } from '../../policy/compiled.js';
import type { Rule } from '../../policy/types.js';
import type { JsonObject } from '../../../../types.js';
import type { EvaluationRequest, PolicyResponse } from '../../../../evaluate/types.js';
/** Whether a generate rule clones existing resources (`clone` with a source, or `cloneList` with kinds). */
export declare function clonesFromCluster(generate: JsonObject | undefined): boolean;
/** Kyverno `Rule.HasGenerate`: a `generate` block that is not empty. */
export declare function hasGenerate(rule: Rule): boolean;
/**
 * Runs the generation of `response` (the generate response of `policy` for `request`) and attaches the
 * generated objects to its rule responses (`generatedResources`, empty when a rule generated nothing).
 * `cloneSources` are the documents of the `cloneSourceResource` files registered for the policy. On error,
 * the rule responses are left untouched and the error is returned with Kyverno's message.
 */
export declare function generateObjects(policy: KyvernoPolicy, response: PolicyResponse, request: EvaluationRequest, cloneSources: readonly JsonObject[]): {
    error?: string;
};
