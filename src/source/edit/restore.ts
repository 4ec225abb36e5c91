/**
 * @file The value a source document should hold so that, loaded again, it gives a mutated resource.
 *
 * The CLI's loader normalises resources before the engine sees them (namespace `default`, `null`
 * label-like maps made `{}`; `../resource.ts`), and the engine's patched resource carries those
 * normalisations. Writing the patched resource back as is would add `namespace: default` and turn
 * `labels: null` into `labels: {}` in the user's file. {@link sourceValueFor} keeps the document's own
 * value wherever the mutation did not change what the loader produced, and takes the patched value
 * where it did: a three-way merge of (document, loaded, patched).
 */
import type { JsonValue } from '../../types.js';
import { isObject, jsonEqual } from '../../util/json-value.js';

function define(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The `name` of a list element, the key Kubernetes lists are usually merged on. */
function elementName(value: JsonValue | undefined): string | undefined {
  return isObject(value) && typeof value.name === 'string' ? value.name : undefined;
}

/** Pairs each patched list element with the document/loaded elements it comes from, when it can tell. */
function restoreList(raw: JsonValue[], loaded: JsonValue[], patched: JsonValue[]): JsonValue[] {
  if (raw.length !== loaded.length) return patched;
  if (loaded.length === patched.length) return patched.map((item, i) => restore(raw[i], loaded[i], item));
  const used = new Set<number>();
  return patched.map((item) => {
    let index = loaded.findIndex((candidate, i) => !used.has(i) && jsonEqual(candidate, item, 'type'));
    if (index === -1) {
      const name = elementName(item);
      if (name !== undefined) index = loaded.findIndex((candidate, i) => !used.has(i) && elementName(candidate) === name);
    }
    if (index === -1) return item;
    used.add(index);
    return restore(raw[index], loaded[index], item);
  });
}

function restore(raw: JsonValue | undefined, loaded: JsonValue, patched: JsonValue): JsonValue {
  if (raw !== undefined && jsonEqual(loaded, patched, 'type')) return raw;
  if (Array.isArray(loaded) && Array.isArray(patched)) {
    return Array.isArray(raw) ? restoreList(raw, loaded, patched) : patched;
  }
  if (!isObject(loaded) || !isObject(patched)) return patched;
  // `raw` absent: the loader created this map (a `metadata` holding only the default namespace).
  const base = raw === undefined ? {} : raw;
  if (!isObject(base)) return patched;
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(patched)) {
    const value = patched[key];
    if (!Object.hasOwn(loaded, key)) {
      define(out, key, value);
    } else if (Object.hasOwn(base, key)) {
      define(out, key, restore(base[key], loaded[key], value));
    } else if (!jsonEqual(loaded[key], value, 'type')) {
      // Added by the loader, then changed by the mutation.
      define(out, key, restore(undefined, loaded[key], value));
    }
  }
  return out;
}

/**
 * The value for a source document that read as `raw`, was loaded as `loaded` (normalised) and
 * mutated into `patched`: `raw` where the mutation left the loaded value alone, `patched` elsewhere.
 */
export function sourceValueFor(raw: JsonValue, loaded: JsonValue, patched: JsonValue): JsonValue {
  return restore(raw, loaded, patched);
}
