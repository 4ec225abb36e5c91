/**
 * @file Go `reflect.DeepEqual` on JSON-decoded values, as the `Equals`/`NotEquals` operators compare
 * objects and arrays: numbers by float64 `==`, object keys unordered, arrays in order.
 */
import type { JsonValue } from '../../../../types.js';
/** Whether two JSON values are deeply equal. */
export declare function deepEqualJson(a: JsonValue, b: JsonValue): boolean;
