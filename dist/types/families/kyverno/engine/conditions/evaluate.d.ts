/**
 * @file Evaluation of condition blocks — rule and foreach `preconditions`, `deny.conditions` —
 * as pkg/engine/variables/evaluate.go does it: the legacy list (AND) or `{any, all}`, with
 * short-circuiting (conditions never reached are not substituted, so their errors do not surface)
 * and the messages of the conditions that decided the result.
 */
import type { JsonValue } from '../../../../types.js';
/** Which part of a condition is being substituted. */
export type ConditionPart = 'key' | 'value';
/**
 * Substitutes variables in a condition's key or value. A variable that cannot be resolved is
 * reported by returning a `SubstituteFailure` (or by throwing).
 */
export type ConditionSubstitute = (value: JsonValue, part: ConditionPart) => JsonValue | SubstituteFailure;
/** What a `ConditionSubstitute` returns when a variable cannot be resolved: the reason. */
export declare class SubstituteFailure {
    readonly reason: string;
    constructor(reason: string);
}
/** A condition block that could not be evaluated, as a value: the `ConditionError` message. */
export declare class ConditionFailure {
    readonly message: string;
    constructor(message: string);
}
/** The outcome of a condition block and the joined messages of the conditions that decided it. */
export interface ConditionsOutcome {
    result: boolean;
    message: string;
}
/** Kyverno's `stringutils.JoinNonEmpty`: joins the non-empty parts with `separator`. */
export declare function joinNonEmpty(parts: readonly string[], separator: string): string;
/**
 * Evaluates a condition block: the legacy list (all must hold; true → the true conditions'
 * messages joined with `;`, false → the failing condition's message) or `{any, all}` (`any`
 * present, even empty, needs one true condition; `all` needs every one; true → messages of the
 * true conditions, false → of the false ones, joined with `; `). Absent conditions are true.
 * Throws a `ConditionError` on the first evaluation error.
 */
export declare function evaluateConditions(conditions: JsonValue | undefined, substitute: ConditionSubstitute): ConditionsOutcome;
/**
 * As `evaluateConditions`, but a variable that cannot be resolved ends the evaluation with a
 * `ConditionFailure` (carrying the `ConditionError` message) instead of an error; other evaluation
 * errors are still thrown.
 */
export declare function tryEvaluateConditions(conditions: JsonValue | undefined, substitute: ConditionSubstitute): ConditionsOutcome | ConditionFailure;
