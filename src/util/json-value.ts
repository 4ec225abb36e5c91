/**
 * @file Deep copy and deep equality of decoded JSON values, on the hot path of mutation (every patch
 * works on a copy of the resource and is compared with it). Faster than `structuredClone` and than
 * comparing encodings; own `__proto__` keys stay own properties.
 */
import type { JsonObject, JsonValue } from '../types.js';

/** A deep copy of a JSON value. */
export function cloneJson<T extends JsonValue>(value: T): T {
  return copy(value) as T;
}

function copy(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<JsonValue>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]!);
    return out;
  }
  const out: JsonObject = {};
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const item = copy(value[key]!);
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}

/**
 * Whether two JSON values are equal as Go compares their `json.Marshal` encodings: the same keys with
 * equal values (key order ignored), lists element by element, numbers by value.
 */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!jsonEqual(a[key], b[key])) return false;
  }
  return true;
}
