/**
 * @file Go `reflect.DeepEqual` on JSON-decoded values, as the `Equals`/`NotEquals` operators compare
 * objects and arrays: numbers by float64 `==`, object keys unordered, arrays in order.
 */
import type { JsonValue } from '../../../../types.js';

/** Whether two JSON values are deeply equal. */
export function deepEqualJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!deepEqualJson(a[i]!, b[i]!)) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!Object.hasOwn(b, k) || !deepEqualJson(a[k]!, b[k]!)) return false;
  }
  return true;
}
