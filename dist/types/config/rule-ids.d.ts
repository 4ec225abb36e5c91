import type { ConfigProblem } from './load.js';
import type { LintConfig } from './types.js';
/** A loaded policy, as the configuration may name it. */
export interface LoadedPolicyIds {
    /** The rule ids' prefix: `name`, or `namespace/name` for a namespaced Policy. */
    id: string;
    /** The other name `severity` accepts: `name` for a namespaced Policy. */
    alias?: string;
    /** Its rule names, the autogen rules included. */
    rules: readonly string[];
}
interface RuleIdProblems {
    errors: ConfigProblem[];
    warnings: ConfigProblem[];
}
/**
 * Checks the entries of `config` that carry a position (those read from a configuration file) against
 * the loaded `policies` and the rule ids of the tool's problems (`kyverno-lint/<code>` for each code).
 */
export declare function checkRuleIds(config: LintConfig, policies: readonly LoadedPolicyIds[], problemCodes: Iterable<string>): RuleIdProblems;
export {};
