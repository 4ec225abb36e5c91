/**
 * @file Go int64 arithmetic the engine needs on decoded JSON numbers: the conversion of a float64
 * to int64 (`int64(f)`) and base-10 parsing (`strconv.ParseInt(s, 10, 64)`), exact for integers
 * beyond 2^53 (held as `bigint`).
 */

const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;
const TWO_POW_63 = 2 ** 63;
const DECIMAL_INT = /^[+-]?[0-9]+$/;

/**
 * Go `int64(f)` on amd64: truncation toward zero; NaN and values outside the int64 range give
 * INT64_MIN (the CVTTSD2SI "integer indefinite" value).
 */
export function goFloatToInt64(f: number): bigint {
  const whole = Math.trunc(f);
  return Number.isFinite(whole) && whole >= -TWO_POW_63 && whole < TWO_POW_63 ? BigInt(whole) : INT64_MIN;
}

/** Go `strconv.ParseInt(s, 10, 64)`: the value, or `null` on a syntax or range error. */
export function parseGoInt64(s: string): bigint | null {
  if (!DECIMAL_INT.test(s)) return null;
  const value = BigInt(s);
  return value < INT64_MIN || value > INT64_MAX ? null : value;
}

/** An int64 as a JSON value: a number within the safe range, else the exact `bigint`. */
export function int64Json(value: bigint): number | bigint {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}
