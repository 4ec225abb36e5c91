/**
 * @file Kubernetes `unstructured.Unstructured` accessors with apimachinery's semantics, as the generate
 * controller reads and writes objects: getters return `""`/nothing for missing or mistyped fields, string
 * setters remove the field when given `""`, and setters never replace a `metadata` that is not a map.
 * Objects are modified in place: callers work on their own copies.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
/** A deep copy of a JSON object. */
export declare function cloneObject(object: JsonObject): JsonObject;
/** A `metadata` string field, `""` when absent or not a string. */
export declare function metaString(object: JsonObject, field: string): string;
export declare const nameOf: (object: JsonObject) => string;
export declare const namespaceOf: (object: JsonObject) => string;
export declare const apiVersionOf: (object: JsonObject) => string;
export declare const kindOf: (object: JsonObject) => string;
/** Removes `metadata.<field>` (Kyverno's `RemoveNestedField`). */
export declare function removeMetaField(object: JsonObject, field: string): void;
/** `SetName`, `SetNamespace`, `SetUID`, `SetResourceVersion`, `SetSelfLink`: `""` removes the field. */
export declare function setMetaString(object: JsonObject, field: string, value: string): void;
/** Sets a `metadata` field to any value (timestamps, managed fields copied from another object). */
export declare function setMetaValue(object: JsonObject, field: string, value: JsonValue | undefined): void;
/** A `metadata` field as stored (undefined when absent). */
export declare function metaValue(object: JsonObject, field: string): JsonValue | undefined;
/**
 * `GetLabels`: the labels when they form a string map; any non-string value makes the whole map unreadable
 * (`NestedStringMap` fails), which reads as no labels.
 */
export declare function labelsOf(object: JsonObject): Record<string, string>;
/** `SetLabels`. */
export declare function setLabels(object: JsonObject, labels: Record<string, string>): void;
/** `GetOwnerReferences() != nil`: the field holds a list (even an empty one). */
export declare function hasOwnerReferences(object: JsonObject): boolean;
/** `GroupVersionKind()` of an object's `apiVersion` (`schema.ParseGroupVersion`; invalid reads as empty). */
export declare function groupVersion(apiVersion: string): {
    group: string;
    version: string;
};
/** The Go `encoding/json` name of a JSON value's type, as its unmarshalling errors word it. */
export declare function jsonTypeName(value: JsonValue): string;
