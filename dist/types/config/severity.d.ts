import type { SeverityMapping, SeveritySetting } from './types.js';
export type FailureAction = 'Audit' | 'Enforce';
/** `rule` and, for an autogen rule, the rule it was generated from. */
export declare function ruleNames(rule: string): string[];
/** The severity the mapping sets for this policy or rule explicitly (`rules`, then `policies`), if any. */
export declare function configuredSeverity(mapping: SeverityMapping, policyName: string, ruleName: string): SeveritySetting | undefined;
/**
 * The severity of a failure action (`audit`, `enforce`), for rules the mapping does not name: a failure
 * has `configuredSeverity(…) ?? actionSeverity(…)`.
 */
export declare function actionSeverity(mapping: SeverityMapping, failureAction: FailureAction): SeveritySetting;
/**
 * Whether `ruleId` (`policy/rule`, `namespace/policy/rule`, `kyverno-lint/<code>`) matches one of the
 * `ignore` patterns (`*` any run of characters, `/` included; `?` one character). An autogen rule id
 * also matches the patterns of the rule it was generated from.
 */
export declare function isIgnored(ignore: readonly string[], ruleId: string): boolean;
