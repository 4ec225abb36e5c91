/**
 * @file Wildcard keys under `metadata.labels` / `metadata.annotations` of a pattern
 * (`kyverno/kyverno pkg/engine/wildcards/wildcards.go`, `ExpandInMetadata`, called first thing by
 * `validateMap` in pkg/engine/validate/validate.go).
 *
 * When both the pattern and the resource have the tag map, the pattern's map is rebuilt: only
 * string-valued entries are kept, and each key containing `*`/`?` (inside an anchor, its inner key)
 * is replaced by the first resource key that wildcard-matches it, the anchor being preserved.
 * Kyverno rewrites the pattern in place, so the rewrite persists for the rest of one evaluation;
 * callers reproduce that by feeding the returned object back in.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { containsWildcard, wildcardMatch } from '../../../../util/wildcard.js';
import { anchorString, parseAnchor } from './anchor.js';
import { isObject } from '../../../../util/json-value.js';

const TAGS = ['labels', 'annotations'] as const;

/** `getPatternValue`: the first key equal to `tag` or anchoring it (`=(tag)`), with its value. */
export function findTaggedKey(tag: string, map: JsonObject): string | null {
  for (const key in map) {
    if (key === tag) return key;
    const anchor = parseAnchor(key);
    if (anchor !== null && anchor.key === tag) return key;
  }
  return null;
}

/** `getValueAsStringMap`: the string-valued entries of the tag map, or `null` when there is none. */
function stringEntries(tag: string, data: JsonValue | undefined): { key: string; entries: [string, string][] } | null {
  if (!isObject(data)) return null;
  const key = findTaggedKey(tag, data);
  if (key === null) return null;
  const value = data[key];
  if (!isObject(value)) return null;
  const entries: [string, string][] = [];
  for (const k in value) {
    const v = value[k];
    if (typeof v === 'string') entries.push([k, v]);
  }
  return { key, entries };
}

function firstMatchingKey(pattern: string, resourceEntries: readonly [string, string][]): string {
  for (const [k] of resourceEntries) {
    if (wildcardMatch(pattern, k)) return k;
  }
  return pattern;
}

/**
 * Returns the pattern `metadata` map to use against `resourceMetadata`: the same object when the
 * rewrite changes nothing, else a copy with rebuilt `labels`/`annotations` maps.
 */
export function expandMetadataWildcards(patternMetadata: JsonObject, resourceMetadata: JsonValue | undefined): JsonObject {
  if (resourceMetadata === null || resourceMetadata === undefined) return patternMetadata;
  let result = patternMetadata;
  for (const tag of TAGS) {
    const pattern = stringEntries(tag, result);
    if (pattern === null) continue;
    const resource = stringEntries(tag, resourceMetadata);
    if (resource === null) continue;

    const original = result[pattern.key] as JsonObject;
    let changed = pattern.entries.length !== Object.keys(original).length;
    const rebuilt: [string, string][] = [];
    for (const [k, v] of pattern.entries) {
      let key = k;
      if (containsWildcard(k)) {
        const anchor = parseAnchor(k);
        key =
          anchor !== null
            ? anchorString(anchor.type, firstMatchingKey(anchor.key, resource.entries))
            : firstMatchingKey(k, resource.entries);
        changed ||= key !== k;
      }
      rebuilt.push([key, v]);
    }
    if (changed) result = { ...result, [pattern.key]: Object.fromEntries(rebuilt) };
  }
  return result;
}
