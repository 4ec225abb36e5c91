/**
 * @file Helpers that give plain JSON values the node semantics of kyaml's `RNode` as Kyverno's
 * `patchStrategicMerge` sees them (the patch and the resource are JSON-encoded, then parsed as YAML):
 * node kinds, scalar text (`yaml.Node.Value`), emptiness tests and key renaming in place.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
export declare function hasKey(map: JsonObject, key: string): boolean;
/** The value of `key` in `node` when `node` is a map that has it (`RNode.Field(key).Value`), else `undefined`. */
export declare function fieldOf(node: JsonValue | undefined, key: string): JsonValue | undefined;
/** `yaml.Node.Value`: the text of a scalar as it appears in JSON (strings unquoted); `''` for maps and lists. */
export declare function scalarText(v: JsonValue | undefined): string;
/** `RNode.IsNilOrEmpty`: absent, null, an empty map or an empty list. */
export declare function isNilOrEmpty(v: JsonValue | undefined): boolean;
export declare function isEmptyMap(v: JsonValue | undefined): boolean;
export type NodeKind = 'MappingNode' | 'SequenceNode' | 'ScalarNode';
export declare function nodeKind(v: JsonValue): NodeKind;
/** kyaml's `ErrorIfInvalid` message (the field path of nodes reached through `Field` is empty). */
export declare function wrongKindMessage(expected: NodeKind, value: JsonValue): string;
/** Renames `from` to `to` keeping the key's position (`renameField`); no-op when `from` is absent. */
export declare function renameKey(map: JsonObject, from: string, to: string): void;
export { cloneJson } from '../../../../../util/json-value.js';
