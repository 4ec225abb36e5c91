/**
 * @file Strict decoding of the Kyverno CLI's own file formats (Test, Values, UserInfo), as
 * `sigs.k8s.io/yaml.UnmarshalStrict` into Go structs does: unknown fields are errors, field names match
 * case-insensitively (an exact match wins), scalars become the text of string-typed fields, `null`
 * leaves a field unset. The result uses the canonical field names; errors carry the path of the
 * offending key as written, so that they can be located in the source.
 */
import type { JsonObject, JsonValue } from '../types.js';

export type Schema =
  | { type: 'string' }
  | { type: 'bool' }
  | { type: 'any' }
  | { type: 'list'; items: Schema }
  | { type: 'map'; values: Schema }
  | { type: 'struct'; fields: Readonly<Record<string, Schema>> };

type StructSchema = Extract<Schema, { type: 'struct' }>;

export const STRING: Schema = { type: 'string' };
export const BOOL: Schema = { type: 'bool' };
export const ANY: Schema = { type: 'any' };
export const STRING_LIST: Schema = { type: 'list', items: STRING };
export const STRING_MAP: Schema = { type: 'map', values: STRING };
export const ANY_MAP: Schema = { type: 'map', values: ANY };

export function list(items: Schema): Schema {
  return { type: 'list', items };
}

export function map(values: Schema): Schema {
  return { type: 'map', values };
}

export function struct(fields: Record<string, Schema>): StructSchema {
  return { type: 'struct', fields };
}

export interface DecodeError {
  message: string;
  /** Path of the offending key or value, as written in the source. */
  path: (string | number)[];
}

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

function typeName(schema: Schema): string {
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'bool':
      return 'boolean';
    case 'any':
      return 'any value';
    case 'list':
      return `list of ${typeName(schema.items)}`;
    case 'map':
      return 'map';
    case 'struct':
      return 'object';
  }
}

/** Finds the schema field a key names: exact match first, then case-insensitive (Go `encoding/json`). */
function fieldFor(fields: Readonly<Record<string, Schema>>, key: string): string | undefined {
  if (Object.hasOwn(fields, key)) return key;
  const folded = key.toLowerCase();
  return Object.keys(fields).find((name) => name.toLowerCase() === folded);
}

function decodeValue(value: JsonValue, schema: Schema, path: (string | number)[], errors: DecodeError[]): JsonValue | undefined {
  if (value === null) return undefined;
  const mismatch = (): undefined => {
    const where = path.length > 0 ? ` for field "${String(path[path.length - 1])}"` : '';
    errors.push({ message: `cannot decode ${describe(value)} as ${typeName(schema)}${where}`, path });
    return undefined;
  };
  switch (schema.type) {
    case 'any':
      return value;
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
      return mismatch();
    case 'bool':
      return typeof value === 'boolean' ? value : mismatch();
    case 'list': {
      if (!Array.isArray(value)) return mismatch();
      const out: JsonValue[] = [];
      value.forEach((item, index) => {
        const decoded = decodeValue(item, schema.items, [...path, index], errors);
        out.push(decoded === undefined ? null : decoded);
      });
      return out;
    }
    case 'map': {
      if (typeof value !== 'object' || Array.isArray(value)) return mismatch();
      const out: JsonObject = {};
      for (const [key, item] of Object.entries(value)) {
        const decoded = decodeValue(item, schema.values, [...path, key], errors);
        if (decoded !== undefined) out[key] = decoded;
      }
      return out;
    }
    case 'struct': {
      if (typeof value !== 'object' || Array.isArray(value)) return mismatch();
      const out: JsonObject = {};
      for (const [key, item] of Object.entries(value)) {
        const field = fieldFor(schema.fields, key);
        if (field === undefined) {
          errors.push({ message: `unknown field "${key}"`, path: [...path, key] });
          continue;
        }
        const decoded = decodeValue(item, schema.fields[field], [...path, key], errors);
        if (decoded !== undefined) out[field] = decoded;
      }
      return out;
    }
  }
}

/** Decodes `value` against a struct schema; the object is returned even when errors were found. */
export function decodeStrict(value: JsonValue, schema: StructSchema): { value: JsonObject; errors: DecodeError[] } {
  const errors: DecodeError[] = [];
  const decoded = decodeValue(value, schema, [], errors);
  const object = decoded !== undefined && typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded) ? decoded : {};
  return { value: object, errors };
}
