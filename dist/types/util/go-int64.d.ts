/**
 * @file Go int64 arithmetic the engine needs on decoded JSON numbers: the conversion of a float64
 * to int64 (`int64(f)`) and base-10 parsing (`strconv.ParseInt(s, 10, 64)`), exact for integers
 * beyond 2^53 (held as `bigint`).
 */
export declare const INT64_MAX: bigint;
/**
 * Go `int64(f)` on amd64: truncation toward zero; NaN and values outside the int64 range give
 * INT64_MIN (the CVTTSD2SI "integer indefinite" value).
 */
export declare function goFloatToInt64(f: number): bigint;
/** Go `strconv.ParseInt(s, 10, 64)`: the value, or `null` on a syntax or range error. */
export declare function parseGoInt64(s: string): bigint | null;
/** An int64 as a JSON value: a number within the safe range, else the exact `bigint`. */
export declare function int64Json(value: bigint): number | bigint;
