/**
 * @file The `NotEquals` (alias `NotEqual`) operator (pkg/engine/variables/operator/notequal.go).
 * Not the plain negation of `Equals`: a null key is false for both, and a value of the wrong type
 * makes `NotEquals` true for bool, number, string, object and array keys.
 */
import type { JsonValue } from '../../../../types.js';
/** `key NotEquals value`. */
export declare function evaluateNotEquals(key: JsonValue, value: JsonValue): boolean;
