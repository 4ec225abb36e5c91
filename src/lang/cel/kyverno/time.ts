/**
 * @file Kyverno's `time` library (kyverno/sdk `extensions/cel/libs/time/lib.go`): `time.now()`, `time.truncate(ts,
 * duration)` (Go `Time.Truncate`: rounds down to a multiple of the duration since year 1; durations ≤ 0 leave the
 * time unchanged) and `time.toCron(ts)` (`"<minute> <hour> <day> <month> <weekday>"`, no leading zeros, UTC).
 * Timestamps here have millisecond precision (cel-js timestamps are JavaScript dates).
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { Duration } from '@marcbachmann/cel-js/evaluator';
import type { CelLibrary } from '../environment.js';
import { celNamespace } from './common.js';

const TS = 'google.protobuf.Timestamp';
const DURATION = 'google.protobuf.Duration';

/** Seconds from 0001-01-01T00:00:00Z (Go's zero time) to the Unix epoch. */
const UNIX_TO_ZERO_SECONDS = 62_135_596_800n;
const NANOS = 1_000_000_000n;

/** Go `Time.Truncate(d)` for a UTC time. */
export function truncate(ts: Date, d: Duration): Date {
  const step = d.seconds * NANOS + BigInt(d.nanos);
  if (step <= 0n) return ts;
  const sinceZero = (BigInt(ts.getTime()) * 1_000_000n) + UNIX_TO_ZERO_SECONDS * NANOS;
  const rem = ((sinceZero % step) + step) % step;
  const truncated = sinceZero - rem - UNIX_TO_ZERO_SECONDS * NANOS;
  // Sub-millisecond parts cannot be represented: round down to the millisecond.
  const ms = truncated >= 0n ? truncated / 1_000_000n : -((-truncated + 999_999n) / 1_000_000n);
  return new Date(Number(ms));
}

/** `time.toCron(ts)`. */
export function toCron(ts: Date): string {
  return `${ts.getUTCMinutes()} ${ts.getUTCHours()} ${ts.getUTCDate()} ${ts.getUTCMonth() + 1} ${ts.getUTCDay()}`;
}

/** The `time` library; `now` is the clock (the system clock by default). */
export function timeLibrary(now: () => Date = () => new Date()): CelLibrary {
  return (env: Environment) => {
    const time = celNamespace(env, 'time');
    env.registerFunction(`${time}.now(): ${TS}`, () => now());
    env.registerFunction(`${time}.truncate(${TS}, ${DURATION}): ${TS}`, (_: unknown, ts: Date, d: Duration) => truncate(ts, d));
    env.registerFunction(`${time}.toCron(${TS}): string`, (_: unknown, ts: Date) => toCron(ts));
  };
}
