/**
 * @file The `Equals` (alias `Equal`) operator (pkg/engine/variables/operator/equal.go). Dispatch is
 * on the key's type (an int64 key beyond 2^53, a `bigint`, compares as Go's int64); strings try durations, then quantities, then a wildcard match in which the
 * condition **value** is the pattern.
 */
import type { JsonValue } from '../../../../types.js';
/** `key Equals value`. */
export declare function evaluateEquals(key: JsonValue, value: JsonValue): boolean;
