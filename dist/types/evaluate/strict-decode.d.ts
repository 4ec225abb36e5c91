/**
 * @file Strict decoding of the Kyverno CLI's own file formats (Test, Values, UserInfo), as
 * `sigs.k8s.io/yaml.UnmarshalStrict` into Go structs does: unknown fields are errors, field names match
 * case-insensitively (an exact match wins), scalars become the text of string-typed fields, `null`
 * leaves a field unset. The result uses the canonical field names; errors carry the path of the
 * offending key as written, so that they can be located in the source.
 */
import type { JsonObject, JsonValue } from '../types.js';
export type Schema = {
    type: 'string';
} | {
    type: 'bool';
} | {
    type: 'any';
} | {
    type: 'list';
    items: Schema;
} | {
    type: 'map';
    values: Schema;
} | {
    type: 'struct';
    fields: Readonly<Record<string, Schema>>;
};
type StructSchema = Extract<Schema, {
    type: 'struct';
}>;
export declare const STRING: Schema;
export declare const BOOL: Schema;
export declare const ANY: Schema;
export declare const STRING_LIST: Schema;
export declare const STRING_MAP: Schema;
export declare const ANY_MAP: Schema;
export declare function list(items: Schema): Schema;
export declare function map(values: Schema): Schema;
export declare function struct(fields: Record<string, Schema>): StructSchema;
export interface DecodeError {
    message: string;
    /** Path of the offending key or value, as written in the source. */
    path: (string | number)[];
}
/** Decodes `value` against a struct schema; the object is returned even when errors were found. */
export declare function decodeStrict(value: JsonValue, schema: StructSchema): {
    value: JsonObject;
    errors: DecodeError[];
};
export {};
