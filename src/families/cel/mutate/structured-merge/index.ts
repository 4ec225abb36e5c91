/**
 * @file Structured merge of an apply configuration into an object, with structured-merge-diff's deduced type
 * (sigs.k8s.io/structured-merge-diff typed/parser.go `DeducedParseableType`): maps merge key by key, lists and
 * scalars are replaced. No kind has a schema here yet: every kind merges as deduced.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';

export interface MergeSchemaSource {
  readonly crds: readonly JsonObject[];
}
export interface MergeType {
  readonly deduced: true;
}
export const DEDUCED: MergeType = { deduced: true };
export function mergeSchemas(crds: readonly JsonObject[] = []): MergeSchemaSource {
  return { crds };
}
/** The type of a kind: none has a schema yet. */
export function typeOfKind(_schemas: MergeSchemaSource, _apiVersion: string, _kind: string): MergeType | undefined {
  return undefined;
}
export type MergeResult = { ok: true; value: JsonObject } | { ok: false; error: string };

function isMap(value: JsonValue | undefined): value is JsonObject {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}

function merge(live: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isMap(patch) || !isMap(live)) return patch;
  const out: JsonObject = { ...live };
  for (const [key, value] of Object.entries(patch)) out[key] = merge(live[key], value);
  return out;
}

export function applyStructuredMerge(_type: MergeType, original: JsonObject, patch: JsonObject, _options: { guardAtomic: boolean }): MergeResult {
  return { ok: true, value: merge(original, patch) as JsonObject };
}
