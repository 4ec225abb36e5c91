/**
 * @file What the generate controller does with each target (kyverno/kyverno pkg/background/generate/
 * data.go `manageData`, clone.go `manageClone`/`manageCloneList`, source.go): create it when missing, update
 * it when it exists and the rule synchronizes, or skip it. Clones are read from the store, tagged there as
 * clone sources, and copied without server-set metadata.
 */
import { isObject, jsonEqual } from '../../../../util/json-value.js';
import type { JsonObject, JsonValue } from '../../../../types.js';
import { addSourceLabels, tagCloneSource } from './labels.js';
import { apiVersionOf, cloneObject, hasOwnerReferences, jsonTypeName, kindOf, metaValue, namespaceOf, nameOf, removeMetaField, setMetaValue } from './object.js';
import { describeTarget, type GenerateAction, type GeneratePattern, kindFromGVK } from './pattern.js';
import { addressOf, type ObjectAddress, type ObjectStore, StoreError } from './store.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The target if it exists; `null` when not found; other store errors are rethrown. */
function findTarget(store: ObjectStore, target: ObjectAddress): JsonObject | null {
  try {
    return store.get(target);
  } catch (error) {
    if (error instanceof StoreError && error.reason === 'NotFound') return null;
    throw error;
  }
}

/**
 * Kyverno `manageData`: `data` (absent data reads as an empty object, as Kyverno's nil `*JSON` marshals to
 * `null`) is created when the target is missing, updated (with the target's resourceVersion) when it exists
 * and the rule synchronizes, and skipped otherwise. Data that is not an object is an error.
 */
export function manageData(store: ObjectStore, target: ObjectAddress, data: JsonValue | undefined, synchronize: boolean): GenerateAction {
  let resource: JsonObject;
  if (data === undefined || data === null) {
    resource = {};
  } else if (isObject(data)) {
    resource = cloneObject(data);
  } else {
    return { action: 'Skip', target, error: `json: cannot unmarshal ${jsonTypeName(data)} into Go value of type map[string]interface {}` };
  }
  const existing = findTarget(store, target);
  if (existing === null) return { action: 'Create', target, data: resource };
  if (!synchronize) return { action: 'Skip', target };
  setMetaValue(resource, 'resourceVersion', metaValue(existing, 'resourceVersion'));
  return { action: 'Update', target, data: resource };
}

/** Metadata the API server sets, copied from an existing target before comparing a clone with it. */
const SERVER_FIELDS = ['uid', 'selfLink', 'creationTimestamp', 'managedFields', 'resourceVersion'] as const;

/**
 * Kyverno `manageClone`: the source (the target's apiVersion and kind at `clone.namespace`/`clone.name`, or
 * the given cloneList source) is read from the store, tagged as a clone source there, and copied with the
 * source labels and without server-set metadata (owner references too across namespaces). A missing source
 * is an error; cloning an object onto itself is skipped; an identical existing target is skipped.
 */
export function manageClone(store: ObjectStore, target: ObjectAddress, sourceSpec: ObjectAddress, pattern: GeneratePattern): GenerateAction {
  const source: ObjectAddress =
    pattern.clone.name !== ''
      ? { apiVersion: target.apiVersion, kind: target.kind, namespace: pattern.clone.namespace, name: pattern.clone.name }
      : sourceSpec;
  if (source.namespace === target.namespace && source.name === target.name) return { action: 'Skip', target };

  let sourceObject: JsonObject;
  try {
    sourceObject = store.get(source);
  } catch (error) {
    return { action: 'Skip', target, error: `source resource ${describeTarget(target)} not found: ${errorText(error)}` };
  }
  tagCloneSource(sourceObject);
  try {
    store.update(addressOf(sourceObject), sourceObject);
  } catch {
    // Kyverno logs "failed to add labels to the source" and clones anyway.
  }

  const copy = cloneObject(sourceObject);
  addSourceLabels(copy);
  if (namespaceOf(copy) !== target.namespace && hasOwnerReferences(copy)) removeMetaField(copy, 'ownerReferences');
  for (const field of SERVER_FIELDS) removeMetaField(copy, field);

  const existing = findTarget(store, target);
  if (existing === null) return { action: 'Create', target, data: copy };
  for (const field of SERVER_FIELDS) setMetaValue(copy, field, metaValue(existing, field));
  if (jsonEqual(copy, existing, 'type')) return { action: 'Skip', target };
  return { action: 'Update', target, data: copy };
}

/**
 * Kyverno `manageCloneList`: for each `cloneList.kinds` entry, every object of that kind in
 * `cloneList.namespace` selected by `cloneList.selector` is cloned into `targetNamespace` under its own name;
 * sources already in the target namespace are skipped.
 */
export function manageCloneList(store: ObjectStore, targetNamespace: string, pattern: GeneratePattern): GenerateAction[] {
  const actions: GenerateAction[] = [];
  const sourceNamespace = pattern.cloneList.namespace;
  for (const entry of pattern.cloneList.kinds ?? []) {
    const [apiVersion, kind] = kindFromGVK(entry);
    for (const source of store.list(apiVersion, kind, sourceNamespace, pattern.cloneList.selector)) {
      const sourceAddress: ObjectAddress = {
        apiVersion: apiVersionOf(source),
        kind: kindOf(source),
        namespace: namespaceOf(source),
        name: nameOf(source),
      };
      const target: ObjectAddress = { apiVersion: sourceAddress.apiVersion, kind: sourceAddress.kind, namespace: targetNamespace, name: sourceAddress.name };
      if (sourceAddress.namespace === targetNamespace) {
        actions.push({ action: 'Skip', target });
        continue;
      }
      actions.push(manageClone(store, target, sourceAddress, pattern));
    }
  }
  return actions;
}
