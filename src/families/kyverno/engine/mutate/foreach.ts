/**
 * @file `mutate.foreach` as Kyverno's `forEachMutator` runs it (kyverno/kyverno
 * pkg/engine/handlers/mutation/common.go, `mutateForEach`, `mutateElements`): entries in order,
 * elements of each `list` (reversed by default for strategic merge patches, `order` overriding), `null`
 * elements skipped, per-element context and preconditions, nested foreach, patches accumulated on the
 * entry's resource, and `request.object` refreshed between entries that changed the resource.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { ConditionFailure, tryEvaluateConditions } from '../conditions/index.js';
import { QueryFailure } from '../context/json-context.js';
import { errorText } from '../response.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { SubstitutionFailure } from '../variables/index.js';
import { applyMutation, patchError, sameJson, type PatchOutcome } from './patch.js';
import { isObject } from '../../../../util/json-value.js';

type ForEachEntry = JsonObject;

/** The entries of a `foreach` value (a list of maps); anything else holds none. */
export function foreachEntries(value: JsonValue | undefined): ForEachEntry[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/**
 * Runs the foreach entries at `nesting` on `resource`: `pass` (`<n> elements processed`) with the
 * patched resource when an entry changed it, `skip` when none did, `error` when one failed.
 */
export function mutateForEach(env: RuleEnvironment, entries: readonly ForEachEntry[], resource: JsonObject, nesting: number, compiled = false): PatchOutcome {
  let current = resource;
  let applied = 0;
  for (const entry of entries) {
    const list = typeof entry.list === 'string' ? entry.list : '';
    const elements = env.tryEvaluateList(list);
    if (elements instanceof QueryFailure) {
      // Kyverno wraps the error twice: `failed to evaluate list <list>: <err>: <err>`.
      return patchError(`failed to evaluate list ${list}: ${elements.message}`, elements.message);
    }
    const outcome = mutateElements(env, entry, elements, current, nesting, compiled);
    if (outcome.status === 'error') return patchError('failed to mutate elements', outcome.message);
    if (outcome.status === 'pass') {
      applied++;
      current = outcome.resource;
      env.context.setResource(current);
    }
  }
  const message = `${applied} elements processed`;
  return applied === 0 ? { status: 'skip', resource: current, message } : { status: 'pass', resource: current, message };
}

function mutateElements(env: RuleEnvironment, entry: ForEachEntry, elements: JsonValue[], resource: JsonObject, nesting: number, compiled: boolean): PatchOutcome {
  const context = env.context;
  context.checkpoint();
  try {
    let patched = resource;
    let reverse = entry.patchStrategicMerge !== undefined && entry.patchStrategicMerge !== null;
    if (typeof entry.order === 'string') reverse = entry.order === 'Descending';
    const count = elements.length;
    for (let i = 0; i < count; i++) {
      const index = reverse ? count - 1 - i : i;
      const element = elements[index]!;
      if (element === null) continue;
      context.reset();
      context.addElement(element, index, nesting);
      try {
        env.loadContext(Array.isArray(entry.context) ? (entry.context as never) : undefined);
      } catch (error) {
        return patchError(`failed to load to mutate.foreach[${index}].context`, errorText(error));
      }
      if (entry.preconditions !== undefined && entry.preconditions !== null) {
        let passed: boolean;
        try {
          const outcome = tryEvaluateConditions(entry.preconditions, env.substituteCondition);
          if (outcome instanceof ConditionFailure) return patchError(`failed to evaluate mutate.foreach[${index}].preconditions`, outcome.message);
          passed = outcome.result;
        } catch (error) {
          return patchError(`failed to evaluate mutate.foreach[${index}].preconditions`, errorText(error));
        }
        if (!passed) continue;
      }
      const nested = entry.foreach;
      const outcome =
        nested !== undefined && nested !== null
          ? mutateForEach(env, foreachEntries(nested), patched, nesting + 1, compiled)
          : patchElement(env, entry, patched, compiled);
      if (outcome.status === 'error') return outcome;
      if (outcome.status === 'pass') patched = outcome.resource;
    }
    if (!sameJson(resource, patched)) return { status: 'pass', resource: patched, message: '' };
    return { status: 'skip', resource: patched, message: 'no patches applied' };
  } finally {
    context.restore();
  }
}

/** The two patch fields of foreach entries, as substituted (one document per entry, for the compiled path). */
const entryPatches = new WeakMap<ForEachEntry, JsonObject>();

function patchesOf(entry: ForEachEntry): JsonObject {
  return {
    patchStrategicMerge: entry.patchStrategicMerge ?? null,
    patchesJson6902: entry.patchesJson6902 ?? '',
  };
}

/**
 * Kyverno's `mutate.ForEach`: only the entry's two patch fields are substituted, then applied. The
 * compiled path substitutes the same document for every element, so that a patch without variables
 * is the entry's own (pre-processed once).
 */
function patchElement(env: RuleEnvironment, entry: ForEachEntry, resource: JsonObject, compiled: boolean): PatchOutcome {
  let patches: JsonObject | undefined;
  if (compiled) {
    patches = entryPatches.get(entry);
    if (patches === undefined) {
      patches = patchesOf(entry);
      entryPatches.set(entry, patches);
    }
  } else {
    patches = patchesOf(entry);
  }
  const substituted = env.trySubstitute(patches);
  if (substituted instanceof SubstitutionFailure) return patchError('variable substitution failed', substituted.message);
  const fields = isObject(substituted) ? substituted : {};
  return applyMutation(resource, fields.patchStrategicMerge, fields.patchesJson6902, compiled);
}
