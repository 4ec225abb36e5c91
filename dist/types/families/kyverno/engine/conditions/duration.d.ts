/**
 * @file The deprecated `DurationGreaterThan`, `DurationGreaterThanOrEquals`, `DurationLessThan`,
 * `DurationLessThanOrEquals` operators (pkg/engine/variables/operator/duration.go): both sides as
 * Go durations, numbers meaning whole seconds (float64 truncated, int64 as is), strings parsed by `time.ParseDuration`.
 */
import type { JsonValue } from '../../../../types.js';
/** The canonical spellings; `durationCompareByCondition` matches them exactly. */
export type DurationOperator = 'DurationGreaterThan' | 'DurationGreaterThanOrEquals' | 'DurationLessThan' | 'DurationLessThanOrEquals';
/** `key <op> value` for a duration operator. */
export declare function evaluateDuration(key: JsonValue, value: JsonValue, op: DurationOperator): boolean;
