/**
 * @file The `AnyIn` operator (pkg/engine/variables/operator/anyin.go): true when some key element
 * matches some value element (two-way wildcard), with string values read as a range, a JSON
 * string list or a single element; and `anyKeySetOutcome`, shared with `AnyNotIn`.
 */
import type { JsonValue } from '../../../../types.js';
import { goSprint } from './go-sprint.js';
import { matchesAny, scalarKeyInValue, stringValues, toSetKey } from './set-values.js';
import { isRangePattern, matchStringPattern } from './string-pattern.js';

/** `key AnyIn value`. */
export function evaluateAnyIn(key: JsonValue, value: JsonValue): boolean {
  const k = toSetKey(key);
  if (k === null) return false;
  if (typeof k === 'string') return scalarKeyInValue(k, value) === true;
  return anyKeySetOutcome(k, value, false);
}

/**
 * anyin.go `anySetExistsInArray` for an array key: `AnyIn` (`notIn` false) — some key element is
 * in the values; `AnyNotIn` — some key element is in none of them. Unsupported values give false.
 */
export function anyKeySetOutcome(key: readonly string[], value: JsonValue, notIn: boolean): boolean {
  let values: string[] | null;
  if (Array.isArray(value)) {
    values = value.map(goSprint);
  } else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    values = [goSprint(value)];
  } else if (typeof value === 'string') {
    if (key.length === 1 && key[0] === value) return !notIn;
    if (isRangePattern(value)) {
      // AnyNotIn rewrites the first `-` to `!-` and applies the resulting pattern, as upstream.
      const pattern = notIn ? value.replace('-', '!-') : value;
      return key.some((k) => matchStringPattern(k, pattern));
    }
    values = stringValues(value);
  } else {
    values = null;
  }
  if (values === null) return false;
  const candidates = values;
  return notIn ? key.some((k) => !matchesAny(k, candidates)) : key.some((k) => matchesAny(k, candidates));
}
