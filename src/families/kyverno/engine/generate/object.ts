/**
 * @file Kubernetes `unstructured.Unstructured` accessors with apimachinery's semantics, as the generate
 * controller reads and writes objects: getters return `""`/nothing for missing or mistyped fields, string
 * setters remove the field when given `""`, and setters never replace a `metadata` that is not a map.
 * Objects are modified in place: callers work on their own copies.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { cloneJson, isObject } from '../../../../util/json-value.js';

/** A deep copy of a JSON object. */
export function cloneObject(object: JsonObject): JsonObject {
  return cloneJson(object);
}

/** A top-level string field (`apiVersion`, `kind`), `""` when absent or not a string. */
function topString(object: JsonObject, field: string): string {
  const value = object[field];
  return typeof value === 'string' ? value : '';
}

/** A `metadata` string field, `""` when absent or not a string. */
export function metaString(object: JsonObject, field: string): string {
  const metadata = object.metadata;
  if (!isObject(metadata)) return '';
  const value = metadata[field];
  return typeof value === 'string' ? value : '';
}

export const nameOf = (object: JsonObject): string => metaString(object, 'name');
export const namespaceOf = (object: JsonObject): string => metaString(object, 'namespace');
export const apiVersionOf = (object: JsonObject): string => topString(object, 'apiVersion');
export const kindOf = (object: JsonObject): string => topString(object, 'kind');

/** `metadata`, created when absent; undefined when it exists but is not a map (setters then do nothing). */
function metadataFor(object: JsonObject): JsonObject | undefined {
  const metadata = object.metadata;
  if (metadata === undefined || metadata === null) {
    const created: JsonObject = {};
    object.metadata = created;
    return created;
  }
  return isObject(metadata) ? metadata : undefined;
}

/** Removes `metadata.<field>` (Kyverno's `RemoveNestedField`). */
export function removeMetaField(object: JsonObject, field: string): void {
  const metadata = object.metadata;
  if (isObject(metadata)) delete metadata[field];
}

/** `SetName`, `SetNamespace`, `SetUID`, `SetResourceVersion`, `SetSelfLink`: `""` removes the field. */
export function setMetaString(object: JsonObject, field: string, value: string): void {
  if (value === '') {
    removeMetaField(object, field);
    return;
  }
  const metadata = metadataFor(object);
  if (metadata !== undefined) metadata[field] = value;
}

/** Sets a `metadata` field to any value (timestamps, managed fields copied from another object). */
export function setMetaValue(object: JsonObject, field: string, value: JsonValue | undefined): void {
  if (value === undefined) {
    removeMetaField(object, field);
    return;
  }
  const metadata = metadataFor(object);
  if (metadata !== undefined) metadata[field] = value;
}

/** A `metadata` field as stored (undefined when absent). */
export function metaValue(object: JsonObject, field: string): JsonValue | undefined {
  const metadata = object.metadata;
  return isObject(metadata) ? metadata[field] : undefined;
}

/**
 * `GetLabels`: the labels when they form a string map; any non-string value makes the whole map unreadable
 * (`NestedStringMap` fails), which reads as no labels.
 */
export function labelsOf(object: JsonObject): Record<string, string> {
  const labels = metaValue(object, 'labels');
  if (!isObject(labels)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels)) {
    if (typeof value !== 'string') return {};
    out[key] = value;
  }
  return out;
}

/** `SetLabels`. */
export function setLabels(object: JsonObject, labels: Record<string, string>): void {
  const metadata = metadataFor(object);
  if (metadata !== undefined) metadata.labels = { ...labels };
}

/** `GetOwnerReferences() != nil`: the field holds a list (even an empty one). */
export function hasOwnerReferences(object: JsonObject): boolean {
  return Array.isArray(metaValue(object, 'ownerReferences'));
}

/** `GroupVersionKind()` of an object's `apiVersion` (`schema.ParseGroupVersion`; invalid reads as empty). */
export function groupVersion(apiVersion: string): { group: string; version: string } {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: apiVersion };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  return { group: '', version: '' };
}

/** The Go `encoding/json` name of a JSON value's type, as its unmarshalling errors word it. */
export function jsonTypeName(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}
