/**
 * @file Condition operator dispatch (pkg/engine/variables/operator/operator.go
 * `CreateOperatorHandler`): names are matched case-insensitively, `Equal`/`Equals` and
 * `NotEqual`/`NotEquals` are aliases, and an unknown name is an error. The numeric and `Duration*`
 * handlers compare against the exact canonical spelling, so their other spellings are accepted but
 * always evaluate to false, as in Kyverno.
 */
import type { JsonValue } from '../../../../types.js';
/** Evaluates `key <operator> value`; `operator` is the name as written. */
export type OperatorHandler = (key: JsonValue, value: JsonValue, operator: string) => boolean;
/** Kyverno's error for an operator it has no handler for (a nil error formatted with `%w`). */
export declare const UNKNOWN_OPERATOR_MESSAGE = "failed to create handler for condition operator: %!w(<nil>)";
/**
 * Evaluates `key <operator> value` on substituted JSON values. Throws a `ConditionError` for an
 * unknown operator and where Kyverno's `In`/`NotIn` handlers panic (non-string element in an
 * array key).
 */
export declare function evaluateOperator(key: JsonValue, operator: string, value: JsonValue): boolean;
/** The handler of an operator name (matched case-insensitively), or undefined for an unknown name. */
export declare function operatorHandler(operator: string): OperatorHandler | undefined;
