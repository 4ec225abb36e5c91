/**
 * @file A generate pattern as the generate controller reads it after variable substitution (Kyverno
 * `GeneratePattern`: the target `apiVersion`/`kind`/`namespace`/`name`, and `data`, `clone` or `cloneList`),
 * the actions that manage one target (Kyverno `generateResponse`), and `GetKindFromGVK` for cloneList kinds.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { GenerationError } from './errors.js';
import { jsonTypeName } from './object.js';
import type { ObjectAddress } from './store.js';
import { isObject } from '../../../../util/json-value.js';

export interface GeneratePattern {
  /** The target: where the generated object goes. */
  target: ObjectAddress;
  /** `data`, undefined when absent or null. */
  data: JsonValue | undefined;
  clone: { namespace: string; name: string };
  cloneList: { namespace: string; kinds: string[] | null; selector: JsonObject | null };
}

/** What to do with one target (Kyverno `generateResponse`). */
export type GenerateAction =
  | { action: 'Skip'; target: ObjectAddress; error?: string }
  | { action: 'Create' | 'Update'; target: ObjectAddress; data: JsonObject };

/** The fields of a generate block or foreach entry that make up its pattern, for substitution. */
const PATTERN_FIELDS = ['apiVersion', 'kind', 'namespace', 'name', 'uid', 'data', 'clone', 'cloneList'] as const;

/** The part of a generate block (or foreach entry) that is variable-substituted (`SubstituteAllInType`). */
export function patternDocument(block: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const field of PATTERN_FIELDS) {
    const value = block[field];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

function unmarshalError(value: JsonValue, path: string, type: string): GenerationError {
  return new GenerationError(`json: cannot unmarshal ${jsonTypeName(value)} into Go struct field ${path} of type ${type}`);
}

function stringField(object: JsonObject, field: string, path: string): string {
  const value = object[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw unmarshalError(value, `${path}.${field}`, 'string');
  return value;
}

function objectField(object: JsonObject, field: string, path: string): JsonObject {
  const value = object[field];
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw unmarshalError(value, `${path}.${field}`, `v1.${field === 'clone' ? 'CloneFrom' : 'CloneList'}`);
  return value;
}

/** Decodes a substituted pattern document into its typed form, as `json.Unmarshal` would (or throws). */
export function decodePattern(document: JsonObject): GeneratePattern {
  const path = 'GeneratePattern';
  const clone = objectField(document, 'clone', path);
  const cloneList = objectField(document, 'cloneList', path);
  const kinds = cloneList.kinds;
  if (kinds !== undefined && kinds !== null && !Array.isArray(kinds)) throw unmarshalError(kinds, 'CloneList.kinds', '[]string');
  const kindList = Array.isArray(kinds)
    ? kinds.map((kind) => {
        if (typeof kind !== 'string') throw unmarshalError(kind, 'CloneList.kinds', 'string');
        return kind;
      })
    : null;
  const selector = cloneList.selector;
  if (selector !== undefined && selector !== null && !isObject(selector)) throw unmarshalError(selector, 'CloneList.selector', 'v1.LabelSelector');
  const data = document.data;
  return {
    target: {
      apiVersion: stringField(document, 'apiVersion', path),
      kind: stringField(document, 'kind', path),
      namespace: stringField(document, 'namespace', path),
      name: stringField(document, 'name', path),
    },
    data: data === null ? undefined : data,
    clone: { namespace: stringField(clone, 'namespace', 'CloneFrom'), name: stringField(clone, 'name', 'CloneFrom') },
    cloneList: {
      namespace: stringField(cloneList, 'namespace', 'CloneList'),
      kinds: kindList,
      selector: isObject(selector) ? selector : null,
    },
  };
}

/** Kyverno `ResourceSpec.String()`: `<apiVersion>/<kind>/<namespace>/<name>`. */
export function describeTarget(target: ObjectAddress): string {
  return [target.apiVersion, target.kind, target.namespace, target.name].join('/');
}

/** Go `^v\d((alpha|beta)\d)?|\*$`, unanchored at the end of the first branch as in Kyverno. */
const VERSION_REGEX = /^v\d((alpha|beta)\d)?|\*$/;

const formatSubresource = (text: string): string => text.replace('.', '/');

/** Kyverno `GetKindFromGVK` (pkg/utils/kube/kind.go): `[apiVersion, kind]` of a cloneList kind. */
export function kindFromGVK(text: string): [string, string] {
  const parts = text.split('/');
  switch (parts.length) {
    case 1:
      return ['', formatSubresource(text)];
    case 2:
      if (parts[0] === '*' && parts[1] === '*') return ['', `${parts[0]}/${parts[1]}`];
      if (VERSION_REGEX.test(parts[0]!)) return [parts[0]!, formatSubresource(parts[1]!)];
      return ['', `${parts[0]}/${parts[1]}`];
    case 3:
      if (VERSION_REGEX.test(parts[0]!)) return [parts[0]!, `${parts[1]}/${parts[2]}`];
      return [`${parts[0]}/${parts[1]}`, formatSubresource(parts[2]!)];
    case 4:
      return [`${parts[0]}/${parts[1]}`, `${parts[2]}/${parts[3]}`];
    default:
      return ['', ''];
  }
}
