/**
 * @file The `NotEquals` (alias `NotEqual`) operator (pkg/engine/variables/operator/notequal.go).
 * Not the plain negation of `Equals`: a null key is false for both, and a value of the wrong type
 * makes `NotEquals` true for bool, number, string, object and array keys.
 */
import type { JsonValue } from '../../../../types.js';
import { compareQuantities, parseQuantity } from '../../../../util/quantity.js';
import { wildcardMatch } from '../../../../util/wildcard.js';
import { isObject, jsonEqual } from '../../../../util/json-value.js';
import { durationSeconds, parseDurationPair } from './duration-values.js';
import { parseGoFloat } from './go-parse-float.js';
import { int64Operand } from './int64-operand.js';
import { goFloatToInt64 } from '../../../../util/go-int64.js';

/** `key NotEquals value`. */
export function evaluateNotEquals(key: JsonValue, value: JsonValue): boolean {
  switch (typeof key) {
    case 'boolean':
      return typeof value !== 'boolean' || key !== value;
    case 'number':
      return numberNotEquals(key, value);
    case 'bigint': {
      // notequal.go `validateValueWithIntPattern`: a value that is no integer is "not equal".
      const other = int64Operand(value);
      return other === null || other !== key;
    }
    case 'string':
      return stringNotEquals(key, value);
    default:
      if (key === null) return false;
      if (Array.isArray(key)) return !Array.isArray(value) || !jsonEqual(key, value, 'type');
      return !isObject(value) || !jsonEqual(key, value, 'type');
  }
}

function numberNotEquals(key: number, value: JsonValue): boolean {
  if (typeof value === 'number') return key !== value;
  if (typeof value === 'bigint') return !Number.isInteger(key) || goFloatToInt64(key) !== value;
  if (typeof value === 'string') {
    const parsed = parseGoFloat(value);
    return parsed === null || parsed !== key;
  }
  return true;
}

function stringNotEquals(key: string, value: JsonValue): boolean {
  const durations = parseDurationPair(key, value);
  if (durations !== null) return durationSeconds(durations[0]) !== durationSeconds(durations[1]);
  if (typeof value !== 'string') return true;
  const keyQuantity = parseQuantity(key);
  if (keyQuantity !== null) {
    const valueQuantity = parseQuantity(value);
    return valueQuantity === null || compareQuantities(keyQuantity, valueQuantity) !== 0;
  }
  return !wildcardMatch(value, key);
}
