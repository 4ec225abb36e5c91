/**
 * @file `mutate.patchStrategicMerge` as Kyverno applies it (kyverno/kyverno
 * `pkg/engine/mutate/patch/strategicMergePatch.go`, `strategicMergePatch`): anchor pre-processing
 * against the resource, then kyaml's strategic merge (`merge2`, Prepend). The patch must already be
 * variable-substituted. Pure: neither argument is modified.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
export { preprocessPatch } from './preprocess.js';
/**
 * Applies a strategic merge patch to a resource. A failed conditional or global anchor leaves the
 * resource unchanged (Kyverno patches with `{}`); pre-processing errors read
 * `failed to preProcess rule: …`, merge errors carry kyaml's text.
 */
export declare function applyStrategicMergePatch(resource: JsonObject, patch: JsonValue): {
    resource: JsonObject;
} | {
    error: string;
};
