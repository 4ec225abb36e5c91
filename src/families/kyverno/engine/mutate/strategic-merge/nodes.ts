/**
 * @file Helpers that give plain JSON values the node semantics of kyaml's `RNode` as Kyverno's
 * `patchStrategicMerge` sees them (the patch and the resource are JSON-encoded, then parsed as YAML):
 * node kinds, scalar text (`yaml.Node.Value`), emptiness tests and key renaming in place.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { goJsonStringify, setOwnProperty } from '../../../../../util/go-json.js';
import { isObject, stringifyJson } from '../../../../../util/json-value.js';

export function hasKey(map: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(map, key);
}

/** The value of `key` in `node` when `node` is a map that has it (`RNode.Field(key).Value`), else `undefined`. */
export function fieldOf(node: JsonValue | undefined, key: string): JsonValue | undefined {
  return isObject(node) && hasKey(node, key) ? node[key] : undefined;
}

/** `yaml.Node.Value`: the text of a scalar as it appears in JSON (strings unquoted); `''` for maps and lists. */
export function scalarText(v: JsonValue | undefined): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' || typeof v === 'bigint') return goJsonStringify(v);
  return '';
}

/** `RNode.IsNilOrEmpty`: absent, null, an empty map or an empty list. */
export function isNilOrEmpty(v: JsonValue | undefined): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.keys(v).length === 0;
  return false;
}

export function isEmptyMap(v: JsonValue | undefined): boolean {
  return isObject(v) && Object.keys(v).length === 0;
}

export type NodeKind = 'MappingNode' | 'SequenceNode' | 'ScalarNode';

export function nodeKind(v: JsonValue): NodeKind {
  if (Array.isArray(v)) return 'SequenceNode';
  if (isObject(v)) return 'MappingNode';
  return 'ScalarNode';
}

/** kyaml's `ErrorIfInvalid` message (the field path of nodes reached through `Field` is empty). */
export function wrongKindMessage(expected: NodeKind, value: JsonValue): string {
  const text = typeof value === 'string' ? value : stringifyJson(value);
  return `wrong Node Kind for  expected: ${expected} was ${nodeKind(value)}: value: {${text}}`;
}

/** Renames `from` to `to` keeping the key's position (`renameField`); no-op when `from` is absent. */
export function renameKey(map: JsonObject, from: string, to: string): void {
  if (!hasKey(map, from) || from === to) return;
  const entries = Object.entries(map);
  for (const key of Object.keys(map)) delete map[key];
  for (const [key, value] of entries) {
    // A rename onto an existing key leaves two YAML keys of which lookups see the first.
    if (key === to) continue;
    setOwnProperty(map, key === from ? to : key, value);
  }
}

export { cloneJson } from '../../../../../util/json-value.js';
