/**
 * @file Durations as Kyverno's condition operators read them (pkg/engine/variables/operator):
 * `parseDuration(key, value)` of operator.go, which pairs a Go duration string with another
 * duration string or a number of seconds, and Go's `time.Duration` arithmetic on float64 seconds.
 */
import type { JsonValue } from '../../../../types.js';
import { parseGoDuration } from '../../../../util/go-duration.js';
import { goFloatToInt64 } from '../../../../util/go-int64.js';

const NS_PER_SECOND = 1_000_000_000n;

/**
 * Go `time.Duration(x) * time.Second` for a float64 `x` (truncation toward zero to int64, amd64
 * yields INT64_MIN for NaN and out-of-range values) or an int64 `x`, then an int64 multiplication
 * that wraps.
 */
export function secondsToDuration(x: number | bigint): bigint {
  const n = typeof x === 'bigint' ? x : goFloatToInt64(x);
  return BigInt.asIntN(64, n * NS_PER_SECOND);
}

/** Go `Duration.Seconds()`: whole seconds plus the nanosecond remainder, in float64. */
export function durationSeconds(ns: bigint): number {
  return Number(ns / NS_PER_SECOND) + Number(ns % NS_PER_SECOND) / 1e9;
}

/** A duration string in the sense of operator.go: accepted by `time.ParseDuration` and not exactly `"0"`. */
function durationString(v: JsonValue): bigint | null {
  return typeof v === 'string' && v !== '0' ? parseGoDuration(v) : null;
}

/**
 * operator.go `parseDuration`: both sides as durations when at least one is a duration string and
 * the other is a duration string or a number (seconds); null where Go returns an error.
 */
export function parseDurationPair(key: JsonValue, value: JsonValue): [bigint, bigint] | null {
  let keyDuration = durationString(key);
  let valueDuration = durationString(value);
  if (keyDuration === null && valueDuration === null) return null;
  if (keyDuration === null) {
    if (typeof key !== 'number' && typeof key !== 'bigint') return null;
    keyDuration = secondsToDuration(key);
  }
  if (valueDuration === null) {
    if (typeof value !== 'number' && typeof value !== 'bigint') return null;
    valueDuration = secondsToDuration(value);
  }
  return [keyDuration, valueDuration];
}
