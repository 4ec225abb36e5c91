/**
 * @file The `AllNotIn` operator (pkg/engine/variables/operator/allnotin.go): true when no key
 * element matches any value element. Values of an unsupported type are false, not "not in".
 */
import type { JsonValue } from '../../../../types.js';
import { allKeySetOutcome } from './all-in.js';
import { scalarKeyInValue, toSetKey } from './set-values.js';

/** `key AllNotIn value`. */
export function evaluateAllNotIn(key: JsonValue, value: JsonValue): boolean {
  const k = toSetKey(key);
  if (k === null) return false;
  if (typeof k === 'string') return scalarKeyInValue(k, value) === false;
  return allKeySetOutcome(k, value, true);
}
