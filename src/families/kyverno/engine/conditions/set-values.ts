/**
 * @file Shared pieces of the `AnyIn`/`AnyNotIn`/`AllIn`/`AllNotIn` operators
 * (pkg/engine/variables/operator/anyin.go and siblings): how keys and values become strings, the
 * two-way wildcard match, and the membership of a scalar key (identical for the four operators).
 */
import type { JsonValue } from '../../../../types.js';
import { wildcardMatch } from '../../../../util/wildcard.js';
import { goSprint } from './go-sprint.js';
import { decodeStringList } from './string-list.js';
import { isRangePattern, matchStringPattern } from './string-pattern.js';

/** A set operator's key: a scalar rendered as a string, an array of rendered elements, or unsupported. */
type SetKey = string | string[] | null;

/** The key as the handlers' `Evaluate` converts it with `fmt.Sprint`. */
export function toSetKey(key: JsonValue): SetKey {
  if (typeof key === 'string') return key;
  if (typeof key === 'number' || typeof key === 'bigint' || typeof key === 'boolean') return goSprint(key);
  if (Array.isArray(key)) return key.map(goSprint);
  return null;
}

/** Either string is a wildcard pattern matching the other. */
function matchesTwoWay(a: string, b: string): boolean {
  return wildcardMatch(a, b) || wildcardMatch(b, a);
}

/** Some value matches `key` two-way. */
export function matchesAny(key: string, values: readonly string[]): boolean {
  for (const v of values) {
    if (matchesTwoWay(key, v)) return true;
  }
  return false;
}

/**
 * anyin.go `anyKeyExistsInArray`: whether a scalar key is in the value (an array matched two-way,
 * a string as a wildcard pattern, a range, a JSON string list or a single literal), or
 * `'invalid'` for a value of another type or a JSON string that is not a string list.
 */
export function scalarKeyInValue(key: string, value: JsonValue): boolean | 'invalid' {
  if (Array.isArray(value)) {
    for (const element of value) {
      if (matchesTwoWay(goSprint(element), key)) return true;
    }
    return false;
  }
  if (typeof value !== 'string') return 'invalid';
  if (wildcardMatch(value, key)) return true;
  if (isRangePattern(value)) return matchStringPattern(key, value);
  const list = stringValues(value);
  return list === null ? 'invalid' : list.includes(key);
}

/**
 * The values of a string that is not a range: the decoded list when it is valid JSON (null when
 * that JSON is not a string list), else the string itself.
 */
export function stringValues(value: string): string[] | null {
  const decoded = decodeStringList(value);
  if (decoded.kind === 'list') return decoded.list;
  return decoded.kind === 'invalid-json' ? [value] : null;
}
