/**
 * @file kyaml `merge2.Merge` with `ListIncreaseDirection = Prepend`, as kustomize's
 * `patchstrategicmerge.Filter` applies it for Kyverno (kubernetes-sigs/kustomize
 * api/filters/patchstrategicmerge/patchstrategicmerge.go and kyaml/yaml/merge2/merge2.go, kyaml
 * v0.21.1, called from kyverno/kyverno pkg/engine/mutate/patch/strategicMergePatch.go
 * `strategicMergePatch`): a walk over (dest = resource,
 * origin = patch) pairs with the `Merger` visitor, `$patch` directives, associative lists from the
 * built-in schema (`walk/associative_sequence.go`, with `ElementSetter`/`ElementMatcher`/
 * `FieldMatcher` semantics), everything else replaced. The patch (a pre-processed copy) is modified in
 * place; the resource never is: the maps and lists of it the merge changes are copied first, and the
 * result shares every untouched part with it.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
export declare class MergeError extends Error {
}
/**
 * Merges the patch into the resource; returns the merged resource (sharing what the patch leaves
 * untouched with `resource`, which is not modified), or `null` when the patch deleted it. The patch is
 * modified in place.
 */
export declare function mergePatch(resource: JsonObject, patch: JsonValue): JsonObject | null;
