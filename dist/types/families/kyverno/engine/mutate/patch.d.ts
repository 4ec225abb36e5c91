/**
 * @file One patch step of a mutate rule, as Kyverno's `mutate.Mutate` / `mutate.ForEach` run it
 * (kyverno/kyverno pkg/engine/mutate/mutation.go, `Mutate`, `ForEach`, `NewPatcher`): the patcher is
 * chosen from the substituted mutation (`patchStrategicMerge` wins over `patchesJson6902`), applied to a
 * copy of the resource, and the outcome is `pass` when the resource changed, `skip` (`no patches
 * applied`) when its JSON did not change, `error` when the patch failed.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
/** Kyverno's `mutate.Response`: a status, the resource after the step and a message. */
export type PatchOutcome = {
    status: 'pass';
    resource: JsonObject;
    message: string;
} | {
    status: 'skip';
    resource: JsonObject;
    message: string;
} | {
    status: 'error';
    message: string;
};
/** Kyverno's `NewErrorResponse(msg, err)`: `msg: err`, or `msg` alone. */
export declare function patchError(message: string, cause?: string): PatchOutcome;
/**
 * Applies the (already substituted) `patchStrategicMerge` or `patchesJson6902` of a mutation to
 * `resource`. `null`/absent strategic merge and an empty JSON patch mean no patcher:
 * `empty mutate rule`.
 */
export declare function applyMutation(resource: JsonObject, patchStrategicMerge: JsonValue | undefined, patchesJson6902: JsonValue | undefined): PatchOutcome;
/** Kyverno compares the JSON encodings (sorted keys) of the resource before and after. */
export declare const sameJson: (a: JsonValue, b: JsonValue) => boolean;
/** Kyverno's success message for a mutate rule (`buildSuccessMessage`). */
export declare function mutatedMessage(resource: JsonObject): string;
