/**
 * @file The deprecated `DurationGreaterThan`, `DurationGreaterThanOrEquals`, `DurationLessThan`,
 * `DurationLessThanOrEquals` operators (pkg/engine/variables/operator/duration.go): both sides as
 * Go durations, numbers meaning whole seconds (float64 truncated, int64 as is), strings parsed by `time.ParseDuration`.
 */
import type { JsonValue } from '../../../../types.js';
import { parseGoDuration } from '../../../../util/go-duration.js';
import { secondsToDuration } from './duration-values.js';

/** The canonical spellings; `durationCompareByCondition` matches them exactly. */
export type DurationOperator =
  | 'DurationGreaterThan'
  | 'DurationGreaterThanOrEquals'
  | 'DurationLessThan'
  | 'DurationLessThanOrEquals';

/** `key <op> value` for a duration operator. */
export function evaluateDuration(key: JsonValue, value: JsonValue, op: DurationOperator): boolean {
  const a = asDuration(key);
  if (a === null) return false;
  const b = asDuration(value);
  if (b === null) return false;
  switch (op) {
    case 'DurationGreaterThan':
      return a > b;
    case 'DurationGreaterThanOrEquals':
      return a >= b;
    case 'DurationLessThan':
      return a < b;
    case 'DurationLessThanOrEquals':
      return a <= b;
  }
}

/** A side of the comparison in nanoseconds: a number of seconds or a Go duration string. */
function asDuration(v: JsonValue): bigint | null {
  if (typeof v === 'number' || typeof v === 'bigint') return secondsToDuration(v);
  if (typeof v === 'string') return parseGoDuration(v);
  return null;
}
