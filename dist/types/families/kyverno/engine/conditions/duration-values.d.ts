/**
 * @file Durations as Kyverno's condition operators read them (pkg/engine/variables/operator):
 * `parseDuration(key, value)` of operator.go, which pairs a Go duration string with another
 * duration string or a number of seconds, and Go's `time.Duration` arithmetic on float64 seconds.
 */
import type { JsonValue } from '../../../../types.js';
/**
 * Go `time.Duration(x) * time.Second` for a float64 `x` (truncation toward zero to int64, amd64
 * yields INT64_MIN for NaN and out-of-range values) or an int64 `x`, then an int64 multiplication
 * that wraps.
 */
export declare function secondsToDuration(x: number | bigint): bigint;
/** Go `Duration.Seconds()`: whole seconds plus the nanosecond remainder, in float64. */
export declare function durationSeconds(ns: bigint): number;
/**
 * operator.go `parseDuration`: both sides as durations when at least one is a duration string and
 * the other is a duration string or a number (seconds); null where Go returns an error.
 */
export declare function parseDurationPair(key: JsonValue, value: JsonValue): [bigint, bigint] | null;
