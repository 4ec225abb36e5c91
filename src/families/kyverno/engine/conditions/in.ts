/**
 * @file The deprecated `In` operator (pkg/engine/variables/operator/in.go) and the membership tests
 * it shares with `NotIn`. Scalar keys (numbers and bools rendered with Go `fmt.Sprint`) match an
 * array value element two-way by wildcard, a string value by wildcard or as a JSON string list;
 * array keys must hold only strings (Go panics otherwise) and are compared exactly.
 */
import type { JsonValue } from '../../../../types.js';
import { wildcardMatch } from '../../../../util/wildcard.js';
import { ConditionError } from './errors.js';
import { goSprint } from './go-sprint.js';
import { decodeStringList } from './string-list.js';

/** A membership test's outcome, or `'invalid'` for a value of a type the operator rejects. */
type Membership = boolean | 'invalid';

/** The key of `In`/`NotIn` as Go converts it: a string, a list of strings, or unsupported (null). */
type InKey = string | string[] | null;

/** `key In value`. */
export function evaluateIn(key: JsonValue, value: JsonValue): boolean {
  const k = toInKey(key);
  if (k === null) return false;
  return (typeof k === 'string' ? keyInValue(k, value) : keySetInValue(k, value, false)) === true;
}

/** The key as in.go's `Evaluate` converts it; throws where Go panics (non-string array element). */
export function toInKey(key: JsonValue): InKey {
  if (typeof key === 'string') return key;
  if (typeof key === 'number' || typeof key === 'bigint' || typeof key === 'boolean') return goSprint(key);
  if (!Array.isArray(key)) return null;
  for (const element of key) {
    if (typeof element !== 'string') {
      throw new ConditionError(`interface conversion: interface {} is ${goTypeName(element)}, not string`);
    }
  }
  return key as string[];
}

/** in.go `keyExistsInArray`: whether a scalar key is in the value. */
export function keyInValue(key: string, value: JsonValue): Membership {
  if (Array.isArray(value)) {
    for (const element of value) {
      const text = goSprint(element);
      if (wildcardMatch(text, key) || wildcardMatch(key, text)) return true;
    }
    return false;
  }
  if (typeof value !== 'string') return 'invalid';
  if (wildcardMatch(value, key)) return true;
  const decoded = decodeStringList(value);
  return decoded.kind === 'list' ? decoded.list.includes(key) : 'invalid';
}

/**
 * in.go `setExistsInArray`: for `In` (`notIn` false) whether every key element is in the values,
 * for `NotIn` whether some element is not. A one-element key equal to a string value gives true
 * for both operators, as upstream.
 */
export function keySetInValue(key: string[], value: JsonValue, notIn: boolean): Membership {
  let values: string[];
  if (Array.isArray(value)) {
    values = [];
    for (const element of value) {
      if (typeof element !== 'string') return 'invalid';
      values.push(element);
    }
  } else if (typeof value === 'string') {
    if (key.length === 1 && key[0] === value) return true;
    const decoded = decodeStringList(value);
    if (decoded.kind !== 'list') return 'invalid';
    values = decoded.list;
  } else {
    return 'invalid';
  }
  const set = new Set(values);
  return notIn ? key.some((k) => !set.has(k)) : key.every((k) => set.has(k));
}

/** The Go dynamic type of a JSON-decoded value, as a panic message names it. */
function goTypeName(v: JsonValue): string {
  if (v === null) return 'nil';
  if (typeof v === 'number') return 'float64';
  if (typeof v === 'bigint') return 'int64';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  return Array.isArray(v) ? '[]interface {}' : 'map[string]interface {}';
}
