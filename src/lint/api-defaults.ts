/**
 * @file API-server defaulting in the scan: the admission controller never sees a manifest as written, but as the
 * API server's defaulters left it (kubernetes/kubernetes pkg/apis/<group>/v1/defaults.go, run by the generated
 * `SetObjectDefaults_*` before the admission chain). The scan evaluates every manifest, and the cluster state its
 * policies read, in that defaulted form, while findings and fixes stay with the file as written: a finding on a
 * defaulted field is located at the nearest field the file has (the locator stops at the deepest existing key), and
 * a mutation's edit carries only what the mutation changed, never the defaults ({@link withoutApiDefaults}).
 */
import { applyApiDefaults, type KubernetesVersion } from '../cluster/api-defaults/index.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import type { KubernetesObject } from '../source/index.js';
import type { JsonObject, JsonValue } from '../types.js';
import { extensibleCopy, isObject, jsonEqual } from '../util/json-value.js';

/** The manifest as the admission controller receives it: the same document with its defaulted value. */
export function defaultedManifest(manifest: ResourceDocument, version: KubernetesVersion): ResourceDocument {
  const value = applyApiDefaults(manifest.value, version) as KubernetesObject;
  return value === manifest.value ? manifest : { ...manifest, value };
}

/**
 * The change a mutation made to the defaulted object `defaulted` (giving `patched`), applied to `original`, the object
 * as its file writes it: what defaulting added and the mutation left alone is not written back. A defaulted field the
 * mutation changed is written (with only the changed part of a defaulted map). A field the mutation removed is
 * removed. Lists keep the original items the mutation left as they were defaulted, and their order in `patched`.
 */
export function withoutApiDefaults(original: JsonObject, defaulted: JsonObject, patched: JsonObject, version: KubernetesVersion | null): JsonObject {
  if (defaulted === original || version === null) return patched;
  const rebased = rebase(original, defaulted, patched);
  if (!isObject(rebased)) return patched;
  // A default that depends on a field the mutation changed (`imagePullPolicy` of a new image tag) would come out
  // otherwise once the file is defaulted again: such fields are written as the mutation left them.
  // The API server defaults the object again after the admission webhooks: the file must default to the same.
  const again = applyApiDefaults(rebased, version);
  const stored = applyApiDefaults(patched, version);
  return jsonEqual(again, stored, 'type') ? rebased : (restore(rebased, again, stored) as JsonObject);
}

/** `written` with the fields where its defaulted form `again` differs from `patched` set as `patched` has them. */
function restore(written: JsonValue, again: JsonValue | undefined, patched: JsonValue): JsonValue {
  if (again !== undefined && jsonEqual(again, patched, 'type')) return written;
  if (isObject(written) && isObject(again) && isObject(patched)) {
    const out: JsonObject = extensibleCopy(written);
    for (const [key, value] of Object.entries(patched)) {
      if (Object.hasOwn(written, key)) out[key] = restore(written[key]!, again[key], value);
      else if (!jsonEqual(again[key], value, 'type')) out[key] = value;
    }
    return out;
  }
  if (Array.isArray(written) && Array.isArray(again) && Array.isArray(patched) && written.length === patched.length && again.length === patched.length) {
    return written.map((item, index) => restore(item, again[index], patched[index]!));
  }
  return patched;
}

/** `patched` as a change of `defaulted` rebased onto `original`; undefined when the field is to be left out. */
function rebase(original: JsonValue | undefined, defaulted: JsonValue | undefined, patched: JsonValue): JsonValue | undefined {
  if (defaulted !== undefined && jsonEqual(defaulted, patched, 'type')) return original;
  if (isObject(defaulted) && isObject(patched)) return rebaseMap(isObject(original) ? original : undefined, defaulted, patched);
  if (Array.isArray(defaulted) && Array.isArray(patched) && Array.isArray(original)) return rebaseList(original, defaulted, patched);
  return patched;
}

function rebaseMap(original: JsonObject | undefined, defaulted: JsonObject, patched: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (original !== undefined) {
    for (const key of Object.keys(original)) {
      if (!Object.hasOwn(patched, key)) continue;
      const value = rebase(original[key], defaulted[key], patched[key]!);
      if (value !== undefined) out[key] = value;
    }
  }
  for (const key of Object.keys(patched)) {
    if (original !== undefined && Object.hasOwn(original, key)) continue;
    // A key the defaulters added: written only for what the mutation changed in it.
    const value = Object.hasOwn(defaulted, key) ? rebase(undefined, defaulted[key], patched[key]!) : patched[key]!;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The fields that identify an item of the built-in kinds' lists (their strategic merge keys). */
const ITEM_KEYS = ['name', 'mountPath', 'containerPort', 'devicePath', 'ip', 'topologyKey'] as const;

/** The identity of a list item by its merge key, or undefined. */
function itemKey(item: JsonValue | undefined): string | undefined {
  if (!isObject(item)) return undefined;
  for (const key of ITEM_KEYS) {
    const value = item[key];
    if (typeof value === 'string' || typeof value === 'number') return `${key}=${String(value)}`;
  }
  return undefined;
}

/**
 * A list: each item of `patched` equal to a defaulted item is that item as written; an item with the merge key
 * (`name`, …) of a defaulted item is rebased on it; an item at a position the mutation did not shift (same length as
 * defaulted) is rebased item by item; any other item is the mutation's.
 */
function rebaseList(original: JsonValue[], defaulted: JsonValue[], patched: JsonValue[]): JsonValue[] {
  if (original.length !== defaulted.length) return patched;
  const used = new Set<number>();
  const aligned = patched.length === defaulted.length;
  const rebased = (at: number, item: JsonValue): JsonValue => {
    used.add(at);
    return rebase(original[at], defaulted[at], item) ?? item;
  };
  return patched.map((item, index) => {
    const same = defaulted.findIndex((candidate, at) => !used.has(at) && jsonEqual(candidate, item, 'type'));
    if (same !== -1) {
      used.add(same);
      return original[same]!;
    }
    const key = itemKey(item);
    const keyed = key === undefined ? -1 : defaulted.findIndex((candidate, at) => !used.has(at) && itemKey(candidate) === key);
    if (keyed !== -1) return rebased(keyed, item);
    if (aligned && !used.has(index)) return rebased(index, item);
    return item;
  });
}
