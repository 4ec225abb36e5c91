/**
 * @file Rule response constructors, mirroring Kyverno's `internal.RulePass/RuleSkip/RuleError/RuleResponse`.
 */
import type { RuleResponse, RuleStatus, RuleType } from '../../../types.js';
export declare function ruleResponse(name: string, type: RuleType, status: RuleStatus, message: string, path?: string): RuleResponse;
/** Kyverno's `RuleError(rule, type, msg, err)`: message `<msg>: <err>`. */
export declare function ruleError(name: string, type: RuleType, message: string, error: unknown): RuleResponse;
/** The text of a thrown value, as Go's `err.Error()` would give it. */
export declare function errorText(error: unknown): string;
