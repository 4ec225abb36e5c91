/**
 * @file Condition operators compiled for one condition: the handler resolved from the operator name once
 * (pkg/engine/variables/operator/operator.go `CreateOperatorHandler`), and a value that holds no variable
 * (the same for every resource) read once: its duration, quantity and number parses for `Equals` and
 * `NotEquals` (equal.go, notequal.go), its elements rendered with `fmt.Sprint` for the set operators
 * (anyin.go, allin.go, anynotin.go, allnotin.go). Each compiled operator gives exactly what the handler in
 * operators.ts gives on the same operands.
 */
import type { JsonValue } from '../../../../types.js';
import { compareQuantities, parseQuantity, type Quantity } from '../../../../util/quantity.js';
import { wildcardMatch } from '../../../../util/wildcard.js';
import { parseGoDuration } from '../../../../util/go-duration.js';
import { durationSeconds } from './duration-values.js';
import { evaluateEquals } from './equal.js';
import { evaluateNotEquals } from './not-equal.js';
import { parseGoFloat } from './go-parse-float.js';
import { goSprint } from './go-sprint.js';
import { int64Operand } from './int64-operand.js';
import { type OperatorHandler, operatorHandler } from './operators.js';
import { matchesAny, toSetKey } from './set-values.js';

/** `key <operator> value` for one condition; `value` is the compiled constant when there is one. */
export type CompiledOperator = (key: JsonValue, value: JsonValue) => boolean;

const NEVER: CompiledOperator = () => false;

/** Spellings the numeric and `Duration*` handlers accept but always answer false to (`compareByCondition`). */
const CANONICAL: ReadonlyMap<string, string> = new Map(
  [
    'GreaterThan',
    'GreaterThanOrEquals',
    'LessThan',
    'LessThanOrEquals',
    'DurationGreaterThan',
    'DurationGreaterThanOrEquals',
    'DurationLessThan',
    'DurationLessThanOrEquals',
  ].map((name) => [name.toLowerCase(), name]),
);

/**
 * The operator of a condition, or undefined for an unknown operator name. `constant` is the condition's
 * value when it holds no variable (it is then the `value` of every call); undefined otherwise.
 */
export function compileOperator(operator: string, constant: JsonValue | undefined): CompiledOperator | undefined {
  const handler = operatorHandler(operator);
  if (handler === undefined) return undefined;
  const lower = operator.toLowerCase();
  const canonical = CANONICAL.get(lower);
  if (canonical !== undefined && canonical !== operator) return NEVER;
  if (constant !== undefined) {
    switch (lower) {
      case 'equal':
      case 'equals':
        return constantEquals(constant, false);
      case 'notequal':
      case 'notequals':
        return constantEquals(constant, true);
      case 'anyin':
      case 'allin':
      case 'anynotin':
      case 'allnotin':
        if (Array.isArray(constant)) return constantSetList(lower, constant, handler, operator);
        break;
    }
  }
  return (key, value) => handler(key, value, operator);
}

/** A constant string value as equal.go and notequal.go read it, parsed once. */
interface StringOperand {
  readonly text: string;
  /** `parseDuration`'s reading of the value as a duration string (never `"0"`), or null. */
  readonly duration: bigint | null;
  /** The value as a quantity, or null. */
  readonly quantity: Quantity | null;
  /** The value as a float64 (`strconv.ParseFloat`), or null. */
  readonly float: number | null;
  /** The value as an int64 (`strconv.ParseInt`), or null. */
  readonly int64: bigint | null;
}

/**
 * `Equals` (`negate` false) or `NotEquals` with a constant value. Keys of a type other than string and
 * number, and values other than strings, take the handler itself.
 */
function constantEquals(constant: JsonValue, negate: boolean): CompiledOperator {
  const handler = negate ? evaluateNotEquals : evaluateEquals;
  if (typeof constant !== 'string') return handler;
  const operand: StringOperand = {
    text: constant,
    duration: constant !== '0' ? parseGoDuration(constant) : null,
    quantity: parseQuantity(constant),
    float: parseGoFloat(constant),
    int64: int64Operand(constant),
  };
  return (key, value) => {
    if (typeof key === 'string') return stringEquals(key, operand) !== negate;
    if (typeof key === 'number') {
      // equal.go: a float64 key against a string value parsed with `ParseFloat`.
      const equal = operand.float !== null && operand.float === key;
      return equal !== negate;
    }
    if (typeof key === 'bigint') {
      const equal = operand.int64 !== null && operand.int64 === key;
      return equal !== negate;
    }
    return handler(key, value);
  };
}

/**
 * equal.go `validateValueWithStringPattern` for a string key and a constant string value: durations
 * (operator.go `parseDuration`: a string key is a duration string or nothing), then quantities, then a
 * wildcard match with the value as the pattern.
 */
function stringEquals(key: string, operand: StringOperand): boolean {
  // `parseDuration` succeeds only when both are duration strings (a string is never read as seconds).
  if (operand.duration !== null) {
    const keyDuration = key !== '0' ? parseGoDuration(key) : null;
    if (keyDuration !== null) return durationSeconds(keyDuration) === durationSeconds(operand.duration);
  }
  const keyQuantity = parseQuantity(key);
  if (keyQuantity !== null) return operand.quantity !== null && compareQuantities(keyQuantity, operand.quantity) === 0;
  return wildcardMatch(operand.text, key);
}

/**
 * `AnyIn`, `AllIn`, `AnyNotIn`, `AllNotIn` with a constant list value: its elements rendered with
 * `fmt.Sprint` once. A scalar key is in the list when it matches an element two-way (anyin.go
 * `anyKeyExistsInArray`, the same for the four operators); a list key as anyin.go `anySetExistsInArray`
 * and allin.go `allSetExistsInArray` read a list value.
 */
function constantSetList(lower: string, constant: readonly JsonValue[], handler: OperatorHandler, operator: string): CompiledOperator {
  const values = constant.map(goSprint);
  const notIn = lower === 'anynotin' || lower === 'allnotin';
  const all = lower === 'allin' || lower === 'allnotin';
  return (key, value) => {
    if (typeof key === 'string') return matchesAny(key, values) !== notIn;
    if (typeof key === 'number' || typeof key === 'bigint' || typeof key === 'boolean') {
      return matchesAny(goSprint(key), values) !== notIn;
    }
    if (!Array.isArray(key)) return handler(key, value, operator);
    const keys = toSetKey(key) as string[];
    if (all) return notIn ? keys.every((k) => !matchesAny(k, values)) : keys.every((k) => matchesAny(k, values));
    return notIn ? keys.some((k) => !matchesAny(k, values)) : keys.some((k) => matchesAny(k, values));
  };
}
