/**
 * @file `GreaterThan`, `GreaterThanOrEquals`, `LessThan`, `LessThanOrEquals`
 * (pkg/engine/variables/operator/numeric.go). Number keys compare with numbers, numeric strings and
 * durations (numbers as seconds); string keys try durations, then quantities, then a float, then a
 * strict semantic version.
 */
import type { JsonValue } from '../../../../types.js';
/** The canonical spellings; `compareByCondition` matches them exactly. */
export type NumericOperator = 'GreaterThan' | 'GreaterThanOrEquals' | 'LessThan' | 'LessThanOrEquals';
/** `key <op> value` for a numeric operator. */
export declare function evaluateNumeric(key: JsonValue, value: JsonValue, op: NumericOperator): boolean;
