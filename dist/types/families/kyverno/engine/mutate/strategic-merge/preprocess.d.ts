/**
 * @file Anchor pre-processing of a `patchStrategicMerge` patch against the resource (kyverno/kyverno
 * `pkg/engine/mutate/patch/strategicPreprocessing.go`, `PreProcessPattern`): `+(key)`
 * add-if-not-present, `(key)` conditional and `<(key)` global anchors, anchored list elements
 * specialised per resource element (by `name`), then the removal of the anchors from the patch
 * (`deleteConditionElements`).
 * The patch is rewritten in place, with the upstream quirks kept (sticky `+()` in anchored list
 * elements, index-based list clean-up).
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
type PreprocessResult = {
    patch: JsonValue;
    skipped?: undefined;
}
/** A conditional or global anchor failed: the patch becomes `{}`. */
 | {
    patch: JsonObject;
    skipped: string;
} | {
    error: string;
};
/**
 * Pre-processes a patch (not modified; a rewritten copy is returned) against the resource, as
 * `preProcessStrategicMergePatch` does, with `strategicMergePatch`'s handling of its errors:
 * condition and global-condition failures give the empty patch, other errors
 * `failed to preProcess rule: …`.
 */
export declare function preprocessPatch(patch: JsonValue, resource: JsonValue): PreprocessResult;
export {};
