/**
 * @file Scalars as kustomize reads them. The source loader reads YAML as Kyverno does (go-yaml v2, YAML 1.1), where a
 * plain `yes`, `no`, `on`, `off`, `y` or `n` is a boolean; kustomize reads its files with go-yaml v3 (kyaml), where
 * only `true` and `false` are, and prints the others as quoted strings (go-yaml v3 encode.go `isOldBool`). The
 * objects a kustomization builds carry them as strings, as `kustomize build | kyverno` would see them.
 */
import { isScalar } from 'yaml';
import type { JsonValue } from '../../types.js';
import { nodeAt, type SourceDocument } from '../../source/index.js';
import { isObject } from '../../util/json-value.js';
import type { Segment } from './origins.js';

/** go-yaml v3 resolve.go: the plain scalars that resolve to booleans. */
const V3_BOOLEANS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

/** A plain scalar that YAML 1.1 reads as a boolean and YAML 1.2 as a string, as a whole word of the text. */
const OLD_BOOLEAN = /(?:^|[\s:,[{-])(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)[ \t]*(?:$|[,\]}#\r\n])/m;

const mayHoldOldBooleans = new Map<string, boolean>();

/** The value of `document` (of file `source`) with the YAML 1.1-only booleans read back as their text. */
export function withV3Scalars(source: { path: string; text: string }, document: SourceDocument): JsonValue {
  // Most files hold no such scalar: their booleans are all `true`/`false`, and the value is read as it is.
  let possible = mayHoldOldBooleans.get(source.text);
  if (possible === undefined) {
    possible = OLD_BOOLEAN.test(source.text);
    if (mayHoldOldBooleans.size > 1000) mayHoldOldBooleans.clear();
    mayHoldOldBooleans.set(source.text, possible);
  }
  if (!possible || !hasBoolean(document.value)) return document.value;
  const convert = (value: JsonValue, path: Segment[]): JsonValue => {
    if (typeof value === 'boolean') {
      const found = nodeAt(source.path, source.text, document.index, path);
      const node = found?.node;
      if (isScalar(node) && node.type === 'PLAIN' && typeof node.value === 'string' && !V3_BOOLEANS.has(node.value)) return node.value;
      return value;
    }
    if (Array.isArray(value)) return value.map((item, index) => convert(item, [...path, index]));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, convert(item, [...path, key])]));
    return value;
  };
  return convert(document.value, []);
}

function hasBoolean(value: JsonValue): boolean {
  if (typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasBoolean);
  if (isObject(value)) return Object.values(value).some(hasBoolean);
  return false;
}
