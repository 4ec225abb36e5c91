/**
 * @file How Go's `fmt` prints decoded JSON values (`%v`, `%T`), for Kyverno's pattern error texts:
 * `map[a:1 b:[x y]]`, `<nil>`, `1e+06`, `map[string]interface {}`. Resource numbers print as
 * float64 or int64 according to the number mode; pattern numbers are always float64.
 */
import type { JsonValue, NumberMode } from '../../../../types.js';
/**
 * Whether a resource number is an int64 under the given number mode: in `int64` mode, integral
 * numbers within the int64 range (apimachinery's unstructured decoding reads JSON digits that fit
 * int64 as int64, others as float64) and the exact `bigint`s the loader keeps beyond 2^53.
 */
export declare function isGoInt(v: number | bigint, numberMode: NumberMode): boolean;
/** Base-10 rendering of an integral number, exact for any magnitude. */
export declare function formatGoInt(v: number | bigint): string;
/** Go `%v` of a decoded JSON value. */
export declare function formatGoValue(value: JsonValue | undefined, numberMode: NumberMode): string;
/** Go `%T` of a decoded JSON value. */
export declare function goTypeName(value: JsonValue | undefined, numberMode: NumberMode): string;
