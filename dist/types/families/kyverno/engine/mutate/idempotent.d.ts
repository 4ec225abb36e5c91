/**
 * @file Mutate rules whose patch settles by construction: a `patchStrategicMerge` of fixed values (no
 * `{{ }}` variables, no `$( )` references) and no `foreach` or `targets`. Kyverno merges such a patch with
 * kyaml's merge2 (pkg/engine/mutate/patch/strategicMergePatch.go): maps are merged key by key, keyed
 * lists element by element, other lists are replaced, and the anchors only add what is absent or apply
 * under conditions the patch itself does not change; merging the same patch into its own result changes
 * nothing. Every other mutation (JSON patches, which may append with `/-`; values computed from the
 * resource; foreach) has to be run a second time to know whether it settles.
 */
import type { Policy } from '../../policy/types.js';
/** Whether every mutate rule of `policy` is a strategic merge of fixed values (its result is a fixed point). */
export declare function settlesByConstruction(policy: Policy): boolean;
