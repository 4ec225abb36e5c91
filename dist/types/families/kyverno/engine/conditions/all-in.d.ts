/**
 * @file The `AllIn` operator (pkg/engine/variables/operator/allin.go): true when every key element
 * matches some value element (two-way wildcard); and `allKeySetOutcome`, shared with `AllNotIn`.
 * Unlike the `Any*` operators, a number or bool value never matches an array key.
 */
import type { JsonValue } from '../../../../types.js';
/** `key AllIn value`. */
export declare function evaluateAllIn(key: JsonValue, value: JsonValue): boolean;
/**
 * allin.go `allSetExistsInArray` for an array key: `AllIn` (`notIn` false) — every key element is
 * in the values; `AllNotIn` — no key element is. Unsupported values give false.
 */
export declare function allKeySetOutcome(key: readonly string[], value: JsonValue, notIn: boolean): boolean;
