/**
 * @file Kyverno's `json` library (kyverno/sdk `extensions/cel/libs/json/{lib,impl,types}.go`): the constant handle
 * `json` of type `json.Json` with `unmarshal(dyn) dyn` (Go `json.Unmarshal` into `interface{}`: every number a
 * double) and `marshal(dyn) string` (Go `json.Marshal`: compact, map keys sorted, `<`, `>`, `&` escaped).
 *
 * CEL values become Go values as cel-go converts them (`toJsonNative`, `ConvertToNative`): ints and uints print as
 * integers, doubles in Go's float form, bytes as base64, timestamps as RFC 3339 strings, durations as nanoseconds,
 * and a top-level `null` as `0` (cel-go hands Go the protobuf enum `NullValue`). One difference: cel-go converts a
 * map or list built in CEL (a literal, a comprehension result) nested inside another one into
 * `map[interface{}]interface{}`, which Go cannot marshal; objects decoded from JSON (resources, `unmarshal`
 * results) marshal at any depth. Values here do not record where they came from, so nested maps always marshal.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { goJsonParse, goJsonStringify } from '../../../util/go-json.js';
import type { CelLibrary } from '../environment.js';
import { celError, celTypeName, conversionError, isCelMap, mapEntries, messageOf } from './common.js';
import { ImageReference } from './image.js';
import { ServiceAccount } from './user.js';

/** The value of the `json` constant. */
export class JsonHandle {}

export const JSON_TYPE = 'json.Json';

/** Go `time.Time.MarshalJSON`: RFC 3339 with nanoseconds trimmed, in UTC here. */
function timestampJson(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new Error('Time.MarshalJSON: year outside of range [0,9999]');
  return date.toISOString().replace(/\.?0+Z$/, 'Z');
}

/** The Go value cel-go hands `json.Marshal` for a CEL value (as decoded JSON for goJsonStringify). */
function toGo(value: unknown, top: boolean): unknown {
  if (value === null || value === undefined) return top ? 0 : null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'bigint':
    case 'number':
      return value;
    default:
      break;
  }
  if (value instanceof UnsignedInt) return value.value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return timestampJson(value);
  if (value instanceof Duration) return value.seconds * 1_000_000_000n + BigInt(value.nanos);
  if (value instanceof Optional) return value.hasValue() ? toGo(value.value(), top) : null;
  if (value instanceof ImageReference) return value.reference.original;
  if (value instanceof ServiceAccount) {
    const out: Record<string, unknown> = {};
    if (value.Name !== '') out.name = value.Name;
    if (value.Namespace !== '') out.namespace = value.Namespace;
    return out;
  }
  if (Array.isArray(value)) return value.map((item) => toGo(item, false));
  if (isCelMap(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of mapEntries(value)) {
      if (typeof key !== 'string') throw new Error(`unsupported type conversion from '${celTypeName(key)}' to string`);
      Object.defineProperty(out, key, { value: toGo(item, false), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  throw new Error(`json: unsupported type: ${celTypeName(value)}`);
}

/** `json.marshal(value)`. */
export function marshal(value: unknown): string {
  try {
    return goJsonStringify(toGo(value, true));
  } catch (err) {
    throw celError(messageOf(err));
  }
}

/** `json.unmarshal(text)`. */
export function unmarshal(text: unknown): unknown {
  if (typeof text !== 'string') throw conversionError(text, 'string');
  try {
    return goJsonParse(text);
  } catch (err) {
    throw celError(messageOf(err));
  }
}

/** The `json` library. */
export function jsonLibrary(): CelLibrary {
  return (env: Environment) => {
    env.registerType(JSON_TYPE, JsonHandle);
    env.registerConstant('json', JSON_TYPE, new JsonHandle());
    env.registerFunction(`${JSON_TYPE}.unmarshal(dyn): dyn`, (_: JsonHandle, text: unknown) => unmarshal(text));
    env.registerFunction(`${JSON_TYPE}.marshal(dyn): string`, (_: JsonHandle, value: unknown) => marshal(value));
  };
}
