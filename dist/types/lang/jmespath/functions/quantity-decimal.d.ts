/**
 * @file The decimal a Kubernetes `resource.Quantity` holds after `ParseQuantity`, as an
 * `inf.Dec` (unscaled × 10^-scale). Values are those of `util/quantity.ts`; what this module adds
 * is the *scale* Go keeps, which `divide` uses to decide how many decimals to keep, and Go's
 * `AsApproximateFloat64`, which depends on that representation.
 */
import type { Quantity } from '../../../util/quantity.js';
/** An `inf.Dec`: value = unscaled × 10^-scale. */
export interface GoDecimal {
    readonly unscaled: bigint;
    readonly scale: number;
}
/** The decimal held by `q` (the result of `parseQuantity(text)`), with Go's scale. */
export declare function quantityDecimal(text: string, q: Quantity): GoDecimal;
/** Go `Quantity.AsApproximateFloat64`: float64(unscaled) × `math.Pow10(-scale)`. */
export declare function approximateFloat(d: GoDecimal): number;
/** The exact sum of two decimals (at the larger scale). */
export declare function addDecimals(a: GoDecimal, b: GoDecimal): GoDecimal;
/** The exact product. */
export declare function multiplyDecimals(a: GoDecimal, b: GoDecimal): GoDecimal;
/** `inf.Dec.QuoRound(a, b, scale, inf.RoundDown)`: a ÷ b truncated toward zero to `scale` decimals. */
export declare function divideDecimals(a: GoDecimal, b: GoDecimal, scale: number): GoDecimal;
