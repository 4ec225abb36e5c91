/** @file Reading object metadata for the matcher (`meta.Accessor`). */
import type { JsonObject, JsonValue } from '../../../types.js';

function metadataOf(object: JsonObject): JsonObject | undefined {
  const metadata = object.metadata;
  return metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : undefined;
}

/** A string field of `metadata`, `""` when absent. */
export function metadataString(object: JsonObject, field: string): string {
  const value = metadataOf(object)?.[field];
  return typeof value === 'string' ? value : '';
}

/** `metadata.labels` (string values only). */
export function labelsOf(object: JsonObject | null): Record<string, string> {
  if (object === null) return {};
  const labels: JsonValue | undefined = metadataOf(object)?.labels;
  const out: Record<string, string> = {};
  if (labels === null || typeof labels !== 'object' || Array.isArray(labels)) return out;
  for (const [key, value] of Object.entries(labels)) if (typeof value === 'string') out[key] = value;
  return out;
}
