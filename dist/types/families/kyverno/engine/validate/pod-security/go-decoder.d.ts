/**
 * @file Reading JSON objects the way Go's `encoding/json` decodes them into typed structs: keys are
 * matched case-insensitively, the last matching key winning — Kyverno marshals the resource from a Go
 * map first, so keys come in sorted order —, `null` leaves a field unset, and a value of
 * the wrong JSON type is an `UnmarshalTypeError` whose text names the innermost struct, the path of
 * JSON field names from the root and the Go type, e.g.
 * `json: cannot unmarshal string into Go struct field SecurityContext.spec.containers.securityContext.privileged of type bool`.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
/** A decoding failure, worded as Go's `encoding/json` error. */
export declare class GoDecodeError extends Error {
}
/**
 * Typed reads from JSON objects with Go decoding semantics. The decoder keeps the stack of JSON field
 * names being decoded so that errors can name the full field path.
 */
export declare class GoDecoder {
    private readonly stack;
    constructor(rootFields?: readonly string[]);
    /**
     * The value of field `name` of `obj`; `undefined` when absent or null. Among keys equal to `name` up
     * to case, the greatest in Go's string order wins (it comes last in the marshalled object).
     */
    raw(obj: JsonObject, name: string): JsonValue | undefined;
    /** Runs `read` with `name` pushed on the field stack (for values nested under that field). */
    within<T>(name: string, read: () => T): T;
    /** Throws the `UnmarshalTypeError` for `value` found in field `name` of struct `struct`. */
    fail(struct: string, name: string, value: string, goType: string): never;
    bool(obj: JsonObject, struct: string, name: string): boolean | undefined;
    string(obj: JsonObject, struct: string, name: string, goType?: string): string | undefined;
    int(obj: JsonObject, struct: string, name: string, goType: 'int32' | 'int64'): number | undefined;
    object(obj: JsonObject, struct: string, name: string, goType: string): JsonObject | undefined;
    /** An array field; `null` elements are kept as `null` (Go decodes them to zero values). */
    array(obj: JsonObject, struct: string, name: string, goType: string): JsonValue[];
    /** A `[]string`-like field (element type `elementType`, e.g. `v1.Capability`). */
    stringArray(obj: JsonObject, struct: string, name: string, elementType: string): string[];
    /** A `map[string]string` field. */
    stringMap(obj: JsonObject, struct: string, name: string): Map<string, string>;
    /** Each element of an array of structs, `null` elements read as empty objects. */
    elements(items: JsonValue[], struct: string, name: string, elementType: string): JsonObject[];
}
