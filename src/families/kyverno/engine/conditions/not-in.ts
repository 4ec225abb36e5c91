/**
 * @file The deprecated `NotIn` operator (pkg/engine/variables/operator/notin.go): the negation of
 * `In`'s membership for scalar keys, "some element not in the values" for array keys; values of a
 * rejected type are false for both operators.
 */
import type { JsonValue } from '../../../../types.js';
import { keyInValue, keySetInValue, toInKey } from './in.js';

/** `key NotIn value`. */
export function evaluateNotIn(key: JsonValue, value: JsonValue): boolean {
  const k = toInKey(key);
  if (k === null) return false;
  if (typeof k !== 'string') return keySetInValue(k, value, true) === true;
  const found = keyInValue(k, value);
  return found === false;
}
