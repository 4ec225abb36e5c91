/**
 * @file `configMapGenerator` and `secretGenerator` (kubernetes-sigs/kustomize api/kv/kv.go, api/internal/generators
 * `MakeConfigMap`/`MakeSecret`) and the name suffix hash (api/hasher/hasher.go).
 */
import { createHash } from 'node:crypto';
import type { JsonObject, JsonValue } from '../../types.js';
import { goJsonStringify } from '../../util/go-json.js';
import { isObject } from '../../util/json-value.js';
import type { GeneratorEntry } from './kustomization.js';

/** A key and value read from a literal (`KEY=VALUE`, surrounding quotes removed: api/kv/kv.go `parseLiteralSource`). */
export function parseLiteral(literal: string): { key: string; value: string } | null {
  const equals = literal.indexOf('=');
  if (equals <= 0) return null;
  let value = literal.slice(equals + 1);
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
  return { key: literal.slice(0, equals), value };
}

/** The pairs of an env file: `KEY=VALUE` lines, blank lines and `#` comments skipped (api/kv/kv.go `keyValuesFromLines`). */
export function parseEnvFile(text: string): { key: string; value: string }[] {
  const pairs: { key: string; value: string }[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const equals = line.indexOf('=');
    if (equals === -1) {
      // A bare key takes its value from the environment of `kustomize build`, which a scan does not have.
      pairs.push({ key: line.trim(), value: '' });
      continue;
    }
    pairs.push({ key: line.slice(0, equals).trimStart(), value: line.slice(equals + 1) });
  }
  return pairs;
}

/** The data of a generator: its literals, env files and files (read by `readText`, relative to the kustomization). */
export function generatorData(entry: GeneratorEntry, readText: (file: string) => string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const env of entry.envs) for (const { key, value } of parseEnvFile(readText(env))) data[key] = value;
  for (const file of entry.files) {
    const equals = file.indexOf('=');
    const key = equals === -1 ? file.slice(file.lastIndexOf('/') + 1) : file.slice(0, equals);
    data[key] = readText(equals === -1 ? file : file.slice(equals + 1));
  }
  for (const literal of entry.literals) {
    const pair = parseLiteral(literal);
    if (pair === null) throw new Error(`literal "${literal}" is not KEY=VALUE`);
    data[pair.key] = pair.value;
  }
  return data;
}

/**
 * kyaml/yaml/datamap.go `encodeBase64`: base64 in lines of 70 characters, each ended by a line break when there
 * is more than one line's worth (the hash suffix is computed on this text).
 */
export function encodeBase64(value: string): string {
  const encoded = Buffer.from(value, 'utf8').toString('base64');
  const lineLength = 70;
  if (Math.floor(encoded.length / lineLength) + 1 <= 1) return encoded;
  let out = '';
  for (let i = 0; i < encoded.length; i += lineLength) out += `${encoded.slice(i, i + lineLength)}\n`;
  return out;
}

/** The object a generator makes (before the kustomization's transformers). */
export function generatedObject(kind: 'ConfigMap' | 'Secret', entry: GeneratorEntry, data: Record<string, string>): JsonObject {
  const metadata: JsonObject = { name: entry.name };
  if (entry.namespace) metadata.namespace = entry.namespace;
  if (entry.options.labels && Object.keys(entry.options.labels).length > 0) metadata.labels = { ...entry.options.labels };
  if (entry.options.annotations && Object.keys(entry.options.annotations).length > 0) metadata.annotations = { ...entry.options.annotations };
  const object: JsonObject = { apiVersion: 'v1', kind, metadata };
  // api/internal/generators: `LoadMapIntoConfigMapData` / `LoadMapIntoSecretData` add no `data` without pairs.
  const empty = Object.keys(data).length === 0;
  if (kind === 'Secret') {
    object.type = entry.type ?? 'Opaque';
    if (!empty) object.data = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, encodeBase64(value)]));
  } else if (!empty) {
    object.data = { ...data };
  }
  if (entry.options.immutable === true) object.immutable = true;
  return object;
}

/** api/hasher/hasher.go `encode`: the first ten hex digits, with the letters kustomize swaps in. */
function encode(hex: string): string {
  const swap: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return [...hex.slice(0, 10)].map((digit) => swap[digit] ?? digit).join('');
}

/** A field of the hashed map: the value (a map as JSON), or "" when absent (api/hasher/hasher.go `getNodeValues`). */
function hashed(value: JsonValue | undefined): JsonValue {
  if (value === undefined || value === null) return '';
  return value;
}

/**
 * The name suffix of a generated ConfigMap or Secret (api/hasher/hasher.go `Hasher.Hash`). kustomize looks the name
 * up as the single field `metadata/name`, which never exists, so the hashed name is always "".
 */
export function nameHash(object: JsonObject): string {
  let encoded: string;
  if (object.kind === 'Secret') {
    const map: JsonObject = { kind: 'Secret', type: hashed(object.type), name: '', data: hashed(object.data) };
    if (isObject(object.stringData)) map.stringData = object.stringData;
    encoded = goJsonStringify(map);
  } else {
    const map: JsonObject = { kind: 'ConfigMap', name: '', data: hashed(object.data) };
    if (isObject(object.binaryData)) map.binaryData = object.binaryData;
    encoded = goJsonStringify(map);
  }
  return encode(createHash('sha256').update(encoded).digest('hex'));
}
