/**
 * @file A `kyverno.io` ClusterPolicy/Policy prepared for evaluation: everything about the policy that does
 * not depend on the resource is worked out once here (autogen rules per kind, the kind index, flags), so that
 * evaluating many resources stays cheap. The handlers are attached by the family (families/kyverno/compile.ts).
 */
import type { CompiledPolicy } from '../../../evaluate/types.js';
import type { Policy, Rule } from './types.js';
/** A compiled ClusterPolicy/Policy: the family-independent view plus what the JMESPath engine reads. */
export interface KyvernoPolicy extends CompiledPolicy {
    readonly family: 'kyverno';
    readonly kind: 'ClusterPolicy' | 'Policy';
    /** The policy as loaded. */
    readonly policy: Policy;
    readonly hasValidate: boolean;
    readonly hasMutate: boolean;
    readonly hasGenerate: boolean;
    /** Kyverno `ComputeRules(policy, kind)` (autogen rules included), worked out once per kind. */
    computedRules(kind: string): readonly Rule[];
    /** The rules of `computedRules(kind)` whose match block can name that kind. */
    rulesForKind(kind: string): readonly Rule[];
    /** The rules of `rulesForKind(kind)` that have a `validate` section. */
    validateRulesForKind(kind: string): readonly Rule[];
}
/** What the family adds to the policy data: the handlers, the failure action, the rule list. */
export type KyvernoHandlers = Pick<KyvernoPolicy, 'mutate' | 'verifyImages' | 'validate' | 'generate' | 'failureAction' | 'rules' | 'ruleCount' | 'mutationsSettle'>;
/** The policy data of a compiled ClusterPolicy/Policy; `handlers` receives it to attach the handlers. */
export declare function compiledPolicy(policy: Policy, handlers: (compiled: KyvernoPolicy) => KyvernoHandlers): KyvernoPolicy;
