/**
 * @file Shared pieces of the `AnyIn`/`AnyNotIn`/`AllIn`/`AllNotIn` operators
 * (pkg/engine/variables/operator/anyin.go and siblings): how keys and values become strings, the
 * two-way wildcard match, and the membership of a scalar key (identical for the four operators).
 */
import type { JsonValue } from '../../../../types.js';
/** A set operator's key: a scalar rendered as a string, an array of rendered elements, or unsupported. */
type SetKey = string | string[] | null;
/** The key as the handlers' `Evaluate` converts it with `fmt.Sprint`. */
export declare function toSetKey(key: JsonValue): SetKey;
/** Some value matches `key` two-way. */
export declare function matchesAny(key: string, values: readonly string[]): boolean;
/**
 * anyin.go `anyKeyExistsInArray`: whether a scalar key is in the value (an array matched two-way,
 * a string as a wildcard pattern, a range, a JSON string list or a single literal), or
 * `'invalid'` for a value of another type or a JSON string that is not a string list.
 */
export declare function scalarKeyInValue(key: string, value: JsonValue): boolean | 'invalid';
/**
 * The values of a string that is not a range: the decoded list when it is valid JSON (null when
 * that JSON is not a string list), else the string itself.
 */
export declare function stringValues(value: string): string[] | null;
export {};
