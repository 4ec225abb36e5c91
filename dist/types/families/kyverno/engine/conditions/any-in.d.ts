/**
 * @file The `AnyIn` operator (pkg/engine/variables/operator/anyin.go): true when some key element
 * matches some value element (two-way wildcard), with string values read as a range, a JSON
 * string list or a single element; and `anyKeySetOutcome`, shared with `AnyNotIn`.
 */
import type { JsonValue } from '../../../../types.js';
/** `key AnyIn value`. */
export declare function evaluateAnyIn(key: JsonValue, value: JsonValue): boolean;
/**
 * anyin.go `anySetExistsInArray` for an array key: `AnyIn` (`notIn` false) — some key element is
 * in the values; `AnyNotIn` — some key element is in none of them. Unsupported values give false.
 */
export declare function anyKeySetOutcome(key: readonly string[], value: JsonValue, notIn: boolean): boolean;
