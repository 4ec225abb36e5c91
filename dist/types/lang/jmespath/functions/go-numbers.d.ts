/** Go `int64(f)` on amd64: truncation toward zero; NaN and out-of-range values give -2^63. */
export declare function goFloatToInt64(f: number): bigint;
/** Go `math.Round`: half away from zero, exact (no `x + 0.5` rounding error). */
export declare function goRound(x: number): number;
/**
 * Go `math.Pow(x, n)` for x > 1 and an integer n >= 0 (what `round` computes as
 * `math.Pow(10, places)`): repeated squaring of the mantissa, as Go does.
 */
export declare function goPowInt(x: number, n: number): number;
/** Go `math.Pow10(n)`: table products, 0 below 1e-323 and +Inf above 1e308. */
export declare function goPow10(n: number): number;
/**
 * Kyverno `ifaceToString`: strings unchanged, booleans `true`/`false`, Go ints as integers, and
 * float64 numbers as `strconv.FormatFloat(x, 'f', -1, 32)` (float32 precision: 16777217 →
 * `16777216`). `null` for any other value (Kyverno's "undefined type cast").
 */
export declare function ifaceToString(value: unknown): string | null;
/**
 * Kyverno `intNumber`: the float must be finite, integral and representable as a Go `int`.
 * Throws `expected an integer number but got: <%g>` or
 * `number is outside the range of integer numbers: <%g>`.
 */
export declare function intNumber(value: number): number;
