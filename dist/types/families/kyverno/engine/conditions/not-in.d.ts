/**
 * @file The deprecated `NotIn` operator (pkg/engine/variables/operator/notin.go): the negation of
 * `In`'s membership for scalar keys, "some element not in the values" for array keys; values of a
 * rejected type are false for both operators.
 */
import type { JsonValue } from '../../../../types.js';
/** `key NotIn value`. */
export declare function evaluateNotIn(key: JsonValue, value: JsonValue): boolean;
