/**
 * @file `GreaterThan`, `GreaterThanOrEquals`, `LessThan`, `LessThanOrEquals`
 * (pkg/engine/variables/operator/numeric.go). Number keys compare with numbers, numeric strings and
 * durations (numbers as seconds); string keys try durations, then quantities, then a float, then a
 * strict semantic version.
 */
import type { JsonValue } from '../../../../types.js';
import { compareQuantities, parseQuantity } from '../../../../util/quantity.js';
import { durationSeconds, parseDurationPair } from './duration-values.js';
import { parseGoFloat } from './go-parse-float.js';
import { compareSemver, parseSemver } from '../../../../util/semver.js';

/** The canonical spellings; `compareByCondition` matches them exactly. */
export type NumericOperator = 'GreaterThan' | 'GreaterThanOrEquals' | 'LessThan' | 'LessThanOrEquals';

/** `key <op> value` for a numeric operator. */
export function evaluateNumeric(key: JsonValue, value: JsonValue, op: NumericOperator): boolean {
  if (typeof key === 'number' || typeof key === 'bigint') return numberKey(key, value, op);
  if (typeof key === 'string') return stringKey(key, value, op);
  return false;
}

/** Go's `compareByCondition` on float64 operands (NaN compares false). */
function compareNumbers(a: number, b: number, op: NumericOperator): boolean {
  switch (op) {
    case 'GreaterThan':
      return a > b;
    case 'GreaterThanOrEquals':
      return a >= b;
    case 'LessThan':
      return a < b;
    case 'LessThanOrEquals':
      return a <= b;
  }
}

/** A three-way comparison result against zero, as numeric.go feeds `Cmp` results to `compareByCondition`. */
function compareOrder(order: number, op: NumericOperator): boolean {
  return compareNumbers(order, 0, op);
}

/**
 * `validateValueWithFloatPattern`, and `validateValueWithIntPattern` for an int64 key (a `bigint`):
 * both compare `float64(key)`, but an int64 key becomes a duration exactly. A failed `ParseFloat`
 * is never rescued by `ParseInt` (it accepts a subset).
 */
function numberKey(key: number | bigint, value: JsonValue, op: NumericOperator): boolean {
  if (typeof value === 'number' || typeof value === 'bigint') return compareNumbers(Number(key), Number(value), op);
  if (typeof value !== 'string') return false;
  const durations = parseDurationPair(key, value);
  if (durations !== null) return compareNumbers(durationSeconds(durations[0]), durationSeconds(durations[1]), op);
  const parsed = parseGoFloat(value);
  return parsed !== null && compareNumbers(Number(key), parsed, op);
}

/** `validateValueWithStringPattern`. */
function stringKey(key: string, value: JsonValue, op: NumericOperator): boolean {
  const durations = parseDurationPair(key, value);
  if (durations !== null) return compareNumbers(durationSeconds(durations[0]), durationSeconds(durations[1]), op);
  if (typeof value === 'string') {
    const keyQuantity = parseQuantity(key);
    const valueQuantity = keyQuantity === null ? null : parseQuantity(value);
    if (keyQuantity !== null && valueQuantity !== null) return compareOrder(compareQuantities(keyQuantity, valueQuantity), op);
  }
  const keyNumber = parseGoFloat(key);
  if (keyNumber !== null) return numberKey(keyNumber, value, op);
  const keyVersion = parseSemver(key);
  if (keyVersion === null || typeof value !== 'string') return false;
  const valueVersion = parseSemver(value);
  return valueVersion !== null && compareOrder(compareSemver(keyVersion, valueVersion), op);
}
