/**
 * @file Kubernetes `resource.Quantity` (k8s.io/apimachinery/pkg/api/resource): exact parsing as
 * `ParseQuantity` does, exact comparison (`Cmp`) and the canonical string (`String`).
 *
 * A quantity is held as an exact decimal `unscaled × 10^scale` (bigint mantissa) plus the format
 * it was written in, which decides how it prints (`Quantity.CanonicalizeBytes` in quantity.go). Values are
 * never floats.
 */
/** How a quantity prints: `1Ki` (BinarySI), `1k` (DecimalSI), `1e3` (DecimalExponent). */
export type QuantityFormat = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';
/** An exact quantity: value = `unscaled × 10^scale`, printed according to `format`. */
export interface Quantity {
    readonly unscaled: bigint;
    readonly scale: number;
    readonly format: QuantityFormat;
}
/**
 * Parses a Kubernetes quantity (`500m`, `1.5Gi`, `1e3`, `-2k`, `0`) as `resource.ParseQuantity`
 * does; returns `null` where it returns an error. The value is rounded up (away from zero) to a
 * multiple of 10^-9; BinarySI magnitudes are capped at 2^63-1.
 */
export declare function parseQuantity(str: string): Quantity | null;
/** Builds a quantity from an exact value `unscaled × 10^scale` (used by quantity arithmetic). */
export declare function makeQuantity(unscaled: bigint, scale: number, format: QuantityFormat): Quantity;
/** Compares two quantities exactly (`Quantity.Cmp`): -1, 0 or 1. */
export declare function compareQuantities(a: Quantity, b: Quantity): -1 | 0 | 1;
/**
 * The canonical string of a quantity (`Quantity.String` of a computed value): BinarySI integers of
 * magnitude >= 1024 print as `m` × 1024^k with the largest k (`1536Mi`, `10235Ki`); everything else
 * prints as `m` × 10^e with e a multiple of 3 and an SI suffix (`1500m`, `2k`) or, for
 * DecimalExponent, `e<e>` (`2e3`). An exponent without SI suffix prints no suffix, as upstream.
 */
export declare function formatQuantity(q: Quantity): string;
