/**
 * @file RFC 6902 JSON Patch as Kyverno applies `mutate.patchesJson6902`
 * (kyverno/kyverno `pkg/engine/mutate/patch/patchJSON6902.go` over evanphx/json-patch v5
 * `patch.go`, with `ApplyOptions{SupportNegativeIndices, AllowMissingPathOnRemove,
 * EnsurePathExistsOnAdd}`).
 *
 * Error texts are those of json-patch (`<context>: <cause>` as `errors.Wrapf` composes them);
 * the mutate handler prefixes them with `failed to patch resource: ` for the rule message.
 * A JSON `null` in the resource behaves like json-patch's nil node (missing as a container,
 * equal to a `null`/absent test value).
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
type JsonPatchResult = {
    resource: JsonObject;
} | {
    error: string;
};
/**
 * Applies a `patchesJson6902` patch to a copy of `resource`. Operations run in order and the
 * first failing one aborts the patch (no partial result).
 */
export declare function applyJsonPatch(resource: JsonObject, patch: string | JsonValue): JsonPatchResult;
export {};
