/**
 * @file One patch step of a mutate rule, as Kyverno's `mutate.Mutate` / `mutate.ForEach` run it
 * (kyverno/kyverno pkg/engine/mutate/mutation.go, `Mutate`, `ForEach`, `NewPatcher`): the patcher is
 * chosen from the substituted mutation (`patchStrategicMerge` wins over `patchesJson6902`), applied to a
 * copy of the resource, and the outcome is `pass` when the resource changed, `skip` (`no patches
 * applied`) when its JSON did not change, `error` when the patch failed.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { jsonEqual } from '../../../../util/json-value.js';
import { applyJsonPatch } from './json-patch/index.js';
import { applyStrategicMergePatch } from './strategic-merge/index.js';

/** Kyverno's `mutate.Response`: a status, the resource after the step and a message. */
export type PatchOutcome =
  | { status: 'pass'; resource: JsonObject; message: string }
  | { status: 'skip'; resource: JsonObject; message: string }
  | { status: 'error'; message: string };

/** Kyverno's `NewErrorResponse(msg, err)`: `msg: err`, or `msg` alone. */
export function patchError(message: string, cause?: string): PatchOutcome {
  return { status: 'error', message: cause === undefined ? message : `${message}: ${cause}` };
}

/**
 * Applies the (already substituted) `patchStrategicMerge` or `patchesJson6902` of a mutation to
 * `resource`. `null`/absent strategic merge and an empty JSON patch mean no patcher:
 * `empty mutate rule`. `compiled`: patches pre-processed once and resources copied where they change
 * only (`applyStrategicMergePatch`, `applyJsonPatch`); off for the reference interpreter.
 */
export function applyMutation(
  resource: JsonObject,
  patchStrategicMerge: JsonValue | undefined,
  patchesJson6902: JsonValue | undefined,
  compiled = false,
): PatchOutcome {
  let result: { resource: JsonObject } | { error: string };
  if (patchStrategicMerge !== undefined && patchStrategicMerge !== null) {
    result = applyStrategicMergePatch(resource, patchStrategicMerge, compiled);
  } else if (typeof patchesJson6902 === 'string' && patchesJson6902.length > 0) {
    result = applyJsonPatch(resource, patchesJson6902);
  } else {
    return patchError('empty mutate rule');
  }
  if ('error' in result) return patchError('failed to patch resource', result.error);
  if (sameJson(resource, result.resource)) return { status: 'skip', resource, message: 'no patches applied' };
  return { status: 'pass', resource: result.resource, message: 'resource patched' };
}

/** Kyverno compares the JSON encodings (sorted keys) of the resource before and after. */
export const sameJson: (a: JsonValue, b: JsonValue) => boolean = jsonEqual;

/** Kyverno's success message for a mutate rule (`buildSuccessMessage`). */
export function mutatedMessage(resource: JsonObject): string {
  if (Object.keys(resource).length === 0) return 'mutated resource';
  const kind = typeof resource.kind === 'string' ? resource.kind : '';
  const metadata = resource.metadata;
  const meta = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : '';
  return namespace === '' ? `mutated ${kind}/${name}` : `mutated ${kind}/${name} in namespace ${namespace}`;
}
