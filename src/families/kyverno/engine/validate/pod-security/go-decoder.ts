/**
 * @file Reading JSON objects the way Go's `encoding/json` decodes them into typed structs: keys are
 * matched case-insensitively, the last matching key winning — Kyverno marshals the resource from a Go
 * map first, so keys come in sorted order —, `null` leaves a field unset, and a value of
 * the wrong JSON type is an `UnmarshalTypeError` whose text names the innermost struct, the path of
 * JSON field names from the root and the Go type, e.g.
 * `json: cannot unmarshal string into Go struct field SecurityContext.spec.containers.securityContext.privileged of type bool`.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { compareGoStrings } from '../../../../../util/go-json.js';
import { isObject } from '../../../../../util/json-value.js';

/** A decoding failure, worded as Go's `encoding/json` error. */
export class GoDecodeError extends Error {}

const ASCII_UPPER_A = 0x41;
const ASCII_UPPER_Z = 0x5a;

/** ASCII case-insensitive equality (`encoding/json` folds ASCII letters; JSON field names are ASCII). */
function foldEquals(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= ASCII_UPPER_A && x <= ASCII_UPPER_Z) x += 32;
    if (y >= ASCII_UPPER_A && y <= ASCII_UPPER_Z) y += 32;
    if (x !== y) return false;
  }
  return true;
}

/** The JSON type word Go uses in `UnmarshalTypeError.Value`. */
function jsonKind(value: JsonValue): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

/** Half-open ranges `[min, maxExclusive)` of the Go integer types (exact as doubles). */
const INT_RANGES = {
  int32: [-(2 ** 31), 2 ** 31],
  int64: [-(2 ** 63), 2 ** 63],
} as const;

/**
 * Typed reads from JSON objects with Go decoding semantics. The decoder keeps the stack of JSON field
 * names being decoded so that errors can name the full field path.
 */
export class GoDecoder {
  private readonly stack: string[];

  constructor(rootFields: readonly string[] = []) {
    this.stack = [...rootFields];
  }

  /**
   * The value of field `name` of `obj`; `undefined` when absent or null. Among keys equal to `name` up
   * to case, the greatest in Go's string order wins (it comes last in the marshalled object).
   */
  raw(obj: JsonObject, name: string): JsonValue | undefined {
    let winner: string | undefined;
    for (const key in obj) {
      if (key.length !== name.length || (key !== name && !foldEquals(key, name))) continue;
      if (winner === undefined || compareGoStrings(key, winner) > 0) winner = key;
    }
    const found = winner === undefined ? undefined : obj[winner];
    return found === null ? undefined : found;
  }

  /** Runs `read` with `name` pushed on the field stack (for values nested under that field). */
  within<T>(name: string, read: () => T): T {
    this.stack.push(name);
    try {
      return read();
    } finally {
      this.stack.pop();
    }
  }

  /** Throws the `UnmarshalTypeError` for `value` found in field `name` of struct `struct`. */
  fail(struct: string, name: string, value: string, goType: string): never {
    const field = [...this.stack, name].join('.');
    throw new GoDecodeError(`json: cannot unmarshal ${value} into Go struct field ${struct}.${field} of type ${goType}`);
  }

  bool(obj: JsonObject, struct: string, name: string): boolean | undefined {
    const value = this.raw(obj, name);
    if (value === undefined || typeof value === 'boolean') return value;
    return this.fail(struct, name, jsonKind(value), 'bool');
  }

  string(obj: JsonObject, struct: string, name: string, goType = 'string'): string | undefined {
    const value = this.raw(obj, name);
    if (value === undefined || typeof value === 'string') return value;
    return this.fail(struct, name, jsonKind(value), goType);
  }

  int(obj: JsonObject, struct: string, name: string, goType: 'int32' | 'int64'): number | undefined {
    const value = this.raw(obj, name);
    if (value === undefined) return undefined;
    if (typeof value === 'bigint') {
      // An integer beyond 2^53 (kept exact by the loader) fits int64 but not int32; the checks only
      // compare such fields with small bounds, which the nearest number keeps.
      return goType === 'int64' ? Number(value) : this.fail(struct, name, `number ${value}`, goType);
    }
    if (typeof value !== 'number') return this.fail(struct, name, jsonKind(value), goType);
    const [min, maxExclusive] = INT_RANGES[goType];
    if (!Number.isInteger(value) || value < min || value >= maxExclusive) {
      return this.fail(struct, name, `number ${String(value)}`, goType);
    }
    return value;
  }

  object(obj: JsonObject, struct: string, name: string, goType: string): JsonObject | undefined {
    const value = this.raw(obj, name);
    if (value === undefined || isObject(value)) return value;
    return this.fail(struct, name, jsonKind(value), goType);
  }

  /** An array field; `null` elements are kept as `null` (Go decodes them to zero values). */
  array(obj: JsonObject, struct: string, name: string, goType: string): JsonValue[] {
    const value = this.raw(obj, name);
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    return this.fail(struct, name, jsonKind(value), goType);
  }

  /** A `[]string`-like field (element type `elementType`, e.g. `v1.Capability`). */
  stringArray(obj: JsonObject, struct: string, name: string, elementType: string): string[] {
    const items = this.array(obj, struct, name, `[]${elementType}`);
    const out: string[] = [];
    for (const item of items) {
      if (item === null) out.push('');
      else if (typeof item === 'string') out.push(item);
      else this.fail(struct, name, jsonKind(item), elementType);
    }
    return out;
  }

  /** A `map[string]string` field. */
  stringMap(obj: JsonObject, struct: string, name: string): Map<string, string> {
    const value = this.object(obj, struct, name, 'map[string]string');
    const out = new Map<string, string>();
    if (value === undefined) return out;
    for (const key in value) {
      const item = value[key]!;
      if (item === null) out.set(key, '');
      else if (typeof item === 'string') out.set(key, item);
      else this.fail(struct, name, jsonKind(item), 'string');
    }
    return out;
  }

  /** Each element of an array of structs, `null` elements read as empty objects. */
  elements(items: JsonValue[], struct: string, name: string, elementType: string): JsonObject[] {
    const out: JsonObject[] = [];
    for (const item of items) {
      if (item === null) out.push({});
      else if (isObject(item)) out.push(item);
      else this.fail(struct, name, jsonKind(item), elementType);
    }
    return out;
  }
}
