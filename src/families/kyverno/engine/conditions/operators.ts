/**
 * @file Condition operator dispatch (pkg/engine/variables/operator/operator.go
 * `CreateOperatorHandler`): names are matched case-insensitively, `Equal`/`Equals` and
 * `NotEqual`/`NotEquals` are aliases, and an unknown name is an error. The numeric and `Duration*`
 * handlers compare against the exact canonical spelling, so their other spellings are accepted but
 * always evaluate to false, as in Kyverno.
 */
import type { JsonValue } from '../../../../types.js';
import { evaluateAllIn } from './all-in.js';
import { evaluateAllNotIn } from './all-not-in.js';
import { evaluateAnyIn } from './any-in.js';
import { evaluateAnyNotIn } from './any-not-in.js';
import { evaluateDuration, type DurationOperator } from './duration.js';
import { evaluateEquals } from './equal.js';
import { ConditionError } from './errors.js';
import { evaluateIn } from './in.js';
import { evaluateNotEquals } from './not-equal.js';
import { evaluateNotIn } from './not-in.js';
import { evaluateNumeric, type NumericOperator } from './numeric.js';

/** Evaluates `key <operator> value`; `operator` is the name as written. */
export type OperatorHandler = (key: JsonValue, value: JsonValue, operator: string) => boolean;

type Handler = OperatorHandler;

function numericHandler(canonical: NumericOperator): Handler {
  return (key, value, operator) => operator === canonical && evaluateNumeric(key, value, canonical);
}

function durationHandler(canonical: DurationOperator): Handler {
  return (key, value, operator) => operator === canonical && evaluateDuration(key, value, canonical);
}

/** Handlers by lower-cased operator name. */
const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ['equal', evaluateEquals],
  ['equals', evaluateEquals],
  ['notequal', evaluateNotEquals],
  ['notequals', evaluateNotEquals],
  ['in', evaluateIn],
  ['anyin', evaluateAnyIn],
  ['allin', evaluateAllIn],
  ['notin', evaluateNotIn],
  ['anynotin', evaluateAnyNotIn],
  ['allnotin', evaluateAllNotIn],
  ['greaterthan', numericHandler('GreaterThan')],
  ['greaterthanorequals', numericHandler('GreaterThanOrEquals')],
  ['lessthan', numericHandler('LessThan')],
  ['lessthanorequals', numericHandler('LessThanOrEquals')],
  ['durationgreaterthan', durationHandler('DurationGreaterThan')],
  ['durationgreaterthanorequals', durationHandler('DurationGreaterThanOrEquals')],
  ['durationlessthan', durationHandler('DurationLessThan')],
  ['durationlessthanorequals', durationHandler('DurationLessThanOrEquals')],
]);

/** Kyverno's error for an operator it has no handler for (a nil error formatted with `%w`). */
export const UNKNOWN_OPERATOR_MESSAGE = 'failed to create handler for condition operator: %!w(<nil>)';

/**
 * Evaluates `key <operator> value` on substituted JSON values. Throws a `ConditionError` for an
 * unknown operator and where Kyverno's `In`/`NotIn` handlers panic (non-string element in an
 * array key).
 */
export function evaluateOperator(key: JsonValue, operator: string, value: JsonValue): boolean {
  const handler = operatorHandler(operator);
  if (handler === undefined) throw new ConditionError(UNKNOWN_OPERATOR_MESSAGE);
  return handler(key, value, operator);
}

/** The handler of an operator name (matched case-insensitively), or undefined for an unknown name. */
export function operatorHandler(operator: string): OperatorHandler | undefined {
  return HANDLERS.get(operator.toLowerCase());
}
