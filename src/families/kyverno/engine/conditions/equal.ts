/**
 * @file The `Equals` (alias `Equal`) operator (pkg/engine/variables/operator/equal.go). Dispatch is
 * on the key's type (an int64 key beyond 2^53, a `bigint`, compares as Go's int64); strings try durations, then quantities, then a wildcard match in which the
 * condition **value** is the pattern.
 */
import type { JsonValue } from '../../../../types.js';
import { compareQuantities, parseQuantity } from '../../../../util/quantity.js';
import { wildcardMatch } from '../../../../util/wildcard.js';
import { isObject, jsonEqual } from '../../../../util/json-value.js';
import { durationSeconds, parseDurationPair } from './duration-values.js';
import { parseGoFloat } from './go-parse-float.js';
import { int64Operand } from './int64-operand.js';
import { goFloatToInt64 } from '../../../../util/go-int64.js';

/** `key Equals value`. */
export function evaluateEquals(key: JsonValue, value: JsonValue): boolean {
  switch (typeof key) {
    case 'boolean':
      return typeof value === 'boolean' && key === value;
    case 'number':
      return numberEquals(key, value);
    case 'bigint':
      return int64Equals(key, value);
    case 'string':
      return stringEquals(key, value);
    default:
      if (key === null) return false;
      if (Array.isArray(key)) return Array.isArray(value) && jsonEqual(key, value, 'type');
      return isObject(value) && jsonEqual(key, value, 'type');
  }
}

function numberEquals(key: number, value: JsonValue): boolean {
  if (typeof value === 'number') return key === value;
  if (typeof value === 'bigint') return Number.isInteger(key) && goFloatToInt64(key) === value;
  if (typeof value === 'string') {
    const parsed = parseGoFloat(value);
    return parsed !== null && parsed === key;
  }
  return false;
}

/** `validateValueWithIntPattern` for an int64 key beyond 2^53 (smaller integers are numbers). */
function int64Equals(key: bigint, value: JsonValue): boolean {
  const other = int64Operand(value);
  return other !== null && other === key;
}

function stringEquals(key: string, value: JsonValue): boolean {
  const durations = parseDurationPair(key, value);
  if (durations !== null) return durationSeconds(durations[0]) === durationSeconds(durations[1]);
  if (typeof value !== 'string') return false;
  const keyQuantity = parseQuantity(key);
  if (keyQuantity !== null) {
    const valueQuantity = parseQuantity(value);
    return valueQuantity !== null && compareQuantities(keyQuantity, valueQuantity) === 0;
  }
  return wildcardMatch(value, key);
}
