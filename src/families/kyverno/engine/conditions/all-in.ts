/**
 * @file The `AllIn` operator (pkg/engine/variables/operator/allin.go): true when every key element
 * matches some value element (two-way wildcard); and `allKeySetOutcome`, shared with `AllNotIn`.
 * Unlike the `Any*` operators, a number or bool value never matches an array key.
 */
import type { JsonValue } from '../../../../types.js';
import { goSprint } from './go-sprint.js';
import { matchesAny, scalarKeyInValue, stringValues, toSetKey } from './set-values.js';
import { isRangePattern, matchStringPattern } from './string-pattern.js';

/** `key AllIn value`. */
export function evaluateAllIn(key: JsonValue, value: JsonValue): boolean {
  const k = toSetKey(key);
  if (k === null) return false;
  if (typeof k === 'string') return scalarKeyInValue(k, value) === true;
  return allKeySetOutcome(k, value, false);
}

/**
 * allin.go `allSetExistsInArray` for an array key: `AllIn` (`notIn` false) — every key element is
 * in the values; `AllNotIn` — no key element is. Unsupported values give false.
 */
export function allKeySetOutcome(key: readonly string[], value: JsonValue, notIn: boolean): boolean {
  let values: string[] | null;
  if (Array.isArray(value)) {
    values = value.map(goSprint);
  } else if (typeof value === 'string') {
    if (key.length === 1 && key[0] === value) return !notIn;
    if (isRangePattern(value)) {
      return notIn ? key.every((k) => !matchStringPattern(k, value)) : key.every((k) => matchStringPattern(k, value));
    }
    values = stringValues(value);
  } else {
    values = null;
  }
  if (values === null) return false;
  const candidates = values;
  return notIn ? key.every((k) => !matchesAny(k, candidates)) : key.every((k) => matchesAny(k, candidates));
}
