/**
 * @file Go duration arithmetic of the condition operators: seconds to `time.Duration`,
 * `Duration.Seconds()`, and operator.go's `parseDuration` pairing.
 */
import { describe, expect, it } from 'vitest';
import { durationSeconds, parseDurationPair, secondsToDuration } from '../../../../../src/families/kyverno/engine/conditions/duration-values.js';
import type { JsonValue } from '../../../../../src/types.js';

describe('secondsToDuration', () => {
  it.each<[number, bigint]>([
    [1, 1_000_000_000n],
    [1.9, 1_000_000_000n],
    [-1.9, -1_000_000_000n],
    [0.5, 0n],
    // int64 nanoseconds wrap around, as Go's multiplication does.
    [1e10, BigInt.asIntN(64, 10_000_000_000n * 1_000_000_000n)],
    [1e30, 0n],
    [NaN, 0n],
  ])('%d s → %d ns', (seconds, expected) => {
    expect(secondsToDuration(seconds)).toBe(expected);
  });
});

describe('durationSeconds', () => {
  it.each<[bigint, number]>([
    [1_500_000_000n, 1.5],
    [-1_500_000_000n, -1.5],
    [3_600_000_000_000n, 3600],
    // Go adds whole seconds and the fraction separately, so close durations can compare equal.
    [1_000_000_000_000_000_001n, 1_000_000_000],
  ])('%d ns → %d s', (ns, expected) => {
    expect(durationSeconds(ns)).toBe(expected);
  });
});

describe('parseDurationPair', () => {
  it.each<[JsonValue, JsonValue, [bigint, bigint] | null]>([
    ['1h', '60m', [3_600_000_000_000n, 3_600_000_000_000n]],
    ['1m', 60, [60_000_000_000n, 60_000_000_000n]],
    [90.7, '1m', [90_000_000_000n, 60_000_000_000n]],
    ['0s', 0, [0n, 0n]],
    ['0', '0s', null],
    ['0', 0, null],
    ['1h', 'abc', null],
    ['abc', '1h', null],
    [1, 2, null],
    ['1h', true, null],
    ['1h', null, null],
  ])('%j, %j', (key, value, expected) => {
    expect(parseDurationPair(key, value)).toEqual(expected);
  });
});
