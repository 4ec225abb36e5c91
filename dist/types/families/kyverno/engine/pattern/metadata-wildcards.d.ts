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
/** `getPatternValue`: the first key equal to `tag` or anchoring it (`=(tag)`), with its value. */
export declare function findTaggedKey(tag: string, map: JsonObject): string | null;
/**
 * Returns the pattern `metadata` map to use against `resourceMetadata`: the same object when the
 * rewrite changes nothing, else a copy with rebuilt `labels`/`annotations` maps.
 */
export declare function expandMetadataWildcards(patternMetadata: JsonObject, resourceMetadata: JsonValue | undefined): JsonObject;
