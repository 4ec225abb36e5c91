import type { Policy, Rule } from './types.js';
/** Kyverno's `validateKinds` loop over the computed rules (match then exclude, any, all, inline). */
export declare function kindsError(rules: readonly Rule[], background: boolean): string | null;
/** The per-rule checks of Kyverno `Validate` after the kinds loop, in Kyverno's order. */
export declare function ruleError(index: number, rule: Rule): string | null;
/** Kyverno `validateNamespaces` over rule-level then spec-level overrides (ClusterPolicy only). */
export declare function failureActionOverridesError(policy: Policy): string | null;
