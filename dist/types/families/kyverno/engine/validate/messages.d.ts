/**
 * @file Failure messages of validate rules, worded exactly as Kyverno words them
 * (`buildErrorMessage`, `buildAnyPatternErrorMessage`, `getDenyMessage`).
 */
import type { RuleEnvironment } from '../rule-environment.js';
/** The message of a failed (path) or errored (no path) `pattern`. */
export declare function patternFailureMessage(env: RuleEnvironment, errorText: string, path: string): string;
/** The message of an `anyPattern` where at least one pattern failed; `message` is the rule's. */
export declare function anyPatternFailureMessage(message: string, errors: string[]): string;
/** The message of a `deny` whose conditions are true: the rule message and the condition messages. */
export declare function denyMessage(env: RuleEnvironment, conditionMessages: string): string;
