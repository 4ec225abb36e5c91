/**
 * @file The deprecated `In` operator (pkg/engine/variables/operator/in.go) and the membership tests
 * it shares with `NotIn`. Scalar keys (numbers and bools rendered with Go `fmt.Sprint`) match an
 * array value element two-way by wildcard, a string value by wildcard or as a JSON string list;
 * array keys must hold only strings (Go panics otherwise) and are compared exactly.
 */
import type { JsonValue } from '../../../../types.js';
/** A membership test's outcome, or `'invalid'` for a value of a type the operator rejects. */
type Membership = boolean | 'invalid';
/** The key of `In`/`NotIn` as Go converts it: a string, a list of strings, or unsupported (null). */
type InKey = string | string[] | null;
/** `key In value`. */
export declare function evaluateIn(key: JsonValue, value: JsonValue): boolean;
/** The key as in.go's `Evaluate` converts it; throws where Go panics (non-string array element). */
export declare function toInKey(key: JsonValue): InKey;
/** in.go `keyExistsInArray`: whether a scalar key is in the value. */
export declare function keyInValue(key: string, value: JsonValue): Membership;
/**
 * in.go `setExistsInArray`: for `In` (`notIn` false) whether every key element is in the values,
 * for `NotIn` whether some element is not. A one-element key equal to a string value gives true
 * for both operators, as upstream.
 */
export declare function keySetInValue(key: string[], value: JsonValue, notIn: boolean): Membership;
export {};
