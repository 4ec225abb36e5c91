import type { Policy, Rule } from './policy/types.js';
/** Go `ValidationFailureAction.Enforce()`: only `Enforce`/`enforce`; anything else audits. */
export declare function isEnforce(action: string | undefined): boolean;
/** The policy's reporting failure action for a resource in `namespace` with namespace `labels`. */
export declare function policyFailureAction(policy: Policy, namespace: string, labels?: Readonly<Record<string, string>>): string;
/**
 * The failure action of one rule as the admission controller applies it: the rule's matching
 * `validate.failureActionOverrides` entry, else `validate.failureAction`, else the policy's matching
 * `validationFailureActionOverrides` entry, else `spec.validationFailureAction`, else Audit.
 */
export declare function ruleFailureAction(policy: Policy, rule: Rule | undefined, namespace: string, labels?: Readonly<Record<string, string>>): 'Audit' | 'Enforce';
