import type { JsonObject, NumberMode, RuleResponse } from '../types.js';
import type { ResourceDocument } from './resource.js';
import type { CompiledException, CompiledPolicy, ExternalData, PolicyResponse, RequestUserInfo } from './types.js';
import type { ValuesFile } from './values.js';
export interface EvaluationOptions {
    numberMode: NumberMode;
    values?: ValuesFile;
    /** `apply --set` values. */
    set?: Readonly<Record<string, string>>;
    userInfo?: RequestUserInfo;
    /** The operation of a dedicated run (`kyverno test` result `operation`), overriding the values. */
    operation?: string;
    /** Policy exceptions to apply (each family reads its own). */
    exceptions?: readonly CompiledException[];
    /** Data for `configMap`, `apiCall` and `globalReference` context entries. */
    external?: ExternalData;
    /** Namespace labels for namespaces the values file gives none for (apply: the mocked cluster's Namespaces). */
    namespaceLabels?: (namespace: string) => Record<string, string> | undefined;
    /**
     * Clone sources of a generate policy (`kyverno test` `cloneSourceResource` files registered for its
     * clone/cloneList rules): they seed the per-trigger store generation reads from (kyverno/kyverno
     * cmd/cli/kubectl-kyverno/processor/generate.go, `handleGeneratePolicy`).
     */
    cloneSources?: (policy: CompiledPolicy) => readonly JsonObject[];
    /** Objects mutate-existing rules (`mutate.targets`) may target: Test `targetResources`, `apply --target-resource`. */
    targets?: readonly JsonObject[];
    /** After a failed mutate rule, go on with the resource as it was (admission) rather than Kyverno CLI's empty object. */
    keepResourceOnMutateError?: boolean;
    /** Only the mutate policies' responses (no image verification, validation or generation). */
    mutateOnly?: boolean;
}
/** What kind of engine response a policy response stands for. */
export type ResponseKind = 'mutate' | 'verifyImages' | 'validate' | 'generate';
export interface ResourceResponse {
    kind: ResponseKind;
    response: PolicyResponse;
    /** Generate responses: why generating the resources failed (the CLI logs it and keeps the rule responses). */
    generationError?: string;
}
/**
 * All responses for one resource, in Kyverno's processing order: every mutate policy (each sees the
 * resource as the previous one left it), image verification, then validate and generate policies on the
 * mutated resource.
 */
export declare function evaluateResource(policies: readonly CompiledPolicy[], resource: ResourceDocument, options: EvaluationOptions): ResourceResponse[];
/** The resource after every mutation (the last mutate response's patched resource), or the input. */
export declare function mutatedResource(responses: readonly ResourceResponse[], original: JsonObject): JsonObject;
/** A rule response with the policy it belongs to. */
export interface PolicyRule {
    policy: CompiledPolicy;
    rule: RuleResponse;
}
/**
 * The mutate rules that change a mutated resource again when the mutate policies run on it once more (a JSON
 * patch appending with `/-`, a value computed from the time): none when `after`, the resource after every
 * mutation, is a fixed point, so that a fix written once is not offered again. `resource` is the resource
 * as loaded (its identity selects the values).
 */
export declare function unsettledRules(policies: readonly CompiledPolicy[], resource: ResourceDocument, after: JsonObject, options: EvaluationOptions): PolicyRule[];
