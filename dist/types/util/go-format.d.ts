/**
 * @file Go renderings of float64 values that Kyverno's behaviour depends on:
 * `strconv.FormatFloat(v, 'E', -1, 64)` (pattern string comparison of numbers),
 * `strconv.FormatFloat(v, 'f', prec, 64|32)` (`fmt` `%f` is `prec` 6; float32 shortest for
 * `ifaceToString`) and `strconv.FormatFloat(v, 'g', -1, 64)` (`fmt` `%v`).
 *
 * Shortest forms come from JavaScript's shortest round-trip digits (`toExponential()`), which are
 * the same digits Go's shortest formatting produces; fixed precisions are rounded exactly
 * (round-half-even on the exact binary value, as Go does) with bigint arithmetic.
 */
/** `strconv.FormatFloat(v, 'E', -1, 64)`: `1.23E+02`, `1E-05`, `8.1E+00`, `0E+00`. */
export declare function formatFloatE(v: number): string;
/** `strconv.FormatFloat(v, 'g', -1, 64)`, which is also `fmt`'s `%v`: `1e+06`, `123456`, `1.5e-05`. */
export declare function formatFloatG(v: number): string;
/**
 * `strconv.FormatFloat(v, 'f', prec, bitSize)`: fixed notation with `prec` decimals, or the
 * shortest representation when `prec` is -1 (`bitSize` 32 rounds to float32 first, as Go does).
 * `fmt`'s `%f` is `formatFloatF(v, 6)`.
 */
export declare function formatFloatF(v: number, prec: number, bitSize?: 32 | 64): string;
