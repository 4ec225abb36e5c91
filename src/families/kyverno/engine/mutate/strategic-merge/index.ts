/**
 * @file `mutate.patchStrategicMerge` as Kyverno applies it (kyverno/kyverno
 * `pkg/engine/mutate/patch/strategicMergePatch.go`, `strategicMergePatch`): anchor pre-processing
 * against the resource, then kyaml's strategic merge (`merge2`, Prepend). The patch must already be
 * variable-substituted. Pure: neither argument is modified.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { MergeError, mergePatch } from './merge.js';
import { preprocessCompiledPatch, preprocessPatch } from './preprocess.js';

export { preprocessPatch } from './preprocess.js';

/**
 * Applies a strategic merge patch to a resource. A failed conditional or global anchor leaves the
 * resource unchanged (Kyverno patches with `{}`); pre-processing errors read
 * `failed to preProcess rule: …`, merge errors carry kyaml's text. `compiled`: a patch without anchors
 * is pre-processed once, and the merge reuses its walks of the parts of resources that no patch reaches
 * (`reference` requests leave it off); the outcome is the same.
 */
export function applyStrategicMergePatch(resource: JsonObject, patch: JsonValue, compiled = false): { resource: JsonObject } | { error: string } {
  const pre = compiled ? preprocessCompiledPatch(patch, resource) : preprocessPatch(patch, resource);
  if ('error' in pre) return pre;
  try {
    const merged = mergePatch(resource, pre.patch, compiled);
    if (merged === null) return { error: 'the patch deleted the resource' };
    return { resource: merged };
  } catch (e) {
    if (e instanceof MergeError) return { error: e.message };
    throw e;
  }
}
