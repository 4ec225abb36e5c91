/**
 * @file The `AnyNotIn` operator (pkg/engine/variables/operator/anynotin.go): true when some key
 * element matches no value element. Values of an unsupported type are false, not "not in".
 */
import type { JsonValue } from '../../../../types.js';
import { anyKeySetOutcome } from './any-in.js';
import { scalarKeyInValue, toSetKey } from './set-values.js';

/** `key AnyNotIn value`. */
export function evaluateAnyNotIn(key: JsonValue, value: JsonValue): boolean {
  const k = toSetKey(key);
  if (k === null) return false;
  if (typeof k === 'string') return scalarKeyInValue(k, value) === false;
  return anyKeySetOutcome(k, value, true);
}
