/**
 * @file PolicyException (`kyverno.io/v2`, `kyverno.io/v2beta1`): decoding, and which exceptions apply to a
 * rule of a policy (kyverno/kyverno api/kyverno/v2/policy_exception_types.go, pkg/engine/utils/exceptions.go).
 */
import type { CompiledException } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import type { Conditions, MatchResources, PodSecurityExclude } from './types.js';
interface ExceptionTarget {
    /** `<name>` for a ClusterPolicy, `<namespace>/<name>` for a Policy. */
    policyName: string;
    /** Rule names, with `*`/`?` wildcards (autogen names must be listed or wildcarded). */
    ruleNames: string[];
}
/** A `kyverno.io` PolicyException, decoded. */
export interface PolicyException extends CompiledException {
    readonly family: 'kyverno';
    name: string;
    namespace: string;
    /** Kyverno's exception key (`MetaNamespaceKeyFunc`): `<namespace>/<name>`, or `<name>` without namespace. */
    key: string;
    exceptions: ExceptionTarget[];
    match: MatchResources;
    conditions?: Conditions;
    podSecurity?: PodSecurityExclude[];
}
/** Whether a document is a Kyverno PolicyException (not the CEL one of policies.kyverno.io). */
export declare function isPolicyException(value: JsonValue): boolean;
/** Decodes a PolicyException document; returns the error text when its shape is wrong. */
export declare function decodePolicyException(document: JsonObject): PolicyException | string;
/**
 * The `kyverno.io` exceptions among `exceptions` naming this policy (`policyKey`: `<name>`, or
 * `<namespace>/<name>` for a Policy) and a rule name pattern that matches `ruleName`.
 */
export declare function exceptionsFor(exceptions: readonly CompiledException[], policyKey: string, ruleName: string): PolicyException[];
export {};
