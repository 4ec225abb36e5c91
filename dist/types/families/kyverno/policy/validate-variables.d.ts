import type { Policy, Rule } from './types.js';
/** Kyverno `ReplaceAllVars`: every variable replaced by `replacement`, keeping the preceding character. */
export declare function replaceAllVariables(value: string, replacement: string): string;
/** Kyverno `hasInvalidVariables` over the computed rules; returns the error text or null. */
export declare function invalidVariablesError(rules: readonly Rule[], background: boolean): string | null;
/** The `{{...}}` groups of the serialised policy (Kyverno `hasVariables`). */
export declare function policyVariables(policy: Policy): string[];
/** background.go `containsUserVariables`; returns the error text or null. */
export declare function userVariablesError(policy: Policy, rules: readonly Rule[], variables: readonly string[]): string | null;
/** Kyverno `ValidateElementInForEach`: `element*` variables only under a `/foreach/` path. */
export declare function elementOutsideForeachError(rule: Rule): string | null;
