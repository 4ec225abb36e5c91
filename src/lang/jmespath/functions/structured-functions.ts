/**
 * @file Kyverno's structured-data functions: parse_json (Go `encoding/json`), parse_yaml
 * (`sigs.k8s.io/yaml`), lookup, items (a Go `[]map[string]interface{}`, object keys in byte
 * order) and object_from_lists.
 */
import { goJsonParse, setOwnProperty, sortGoStrings } from '../../../util/go-json.js';
import { isJsonArray, isJsonObject, markGoTypedSlice } from '../values.js';
import { argumentTypeError, functionError } from './errors.js';
import { ifaceToString, intNumber } from './go-numbers.js';
import type { KyvernoFunction } from './kyverno-function.js';
import { parseYamlDocument } from './yaml-document.js';

const STRING = { types: ['string'] } as const;
const COLLECTION = { types: ['object', 'array'] } as const;

function lookup(collection: unknown, key: unknown): unknown {
  if (isJsonObject(collection)) {
    if (typeof key !== 'string') throw argumentTypeError('lookup', 2, 'String');
    return Object.prototype.hasOwnProperty.call(collection, key) ? collection[key] : null;
  }
  if (!isJsonArray(collection)) throw argumentTypeError('lookup', 1, 'Object or Array');
  if (typeof key !== 'number') throw argumentTypeError('lookup', 2, 'Number');
  let index: number;
  try {
    index = intNumber(key);
  } catch (err) {
    throw functionError('lookup', `argument #2: ${(err as Error).message}`);
  }
  return index >= 0 && index < collection.length ? collection[index] : null;
}

function entry(keyName: string, key: unknown, valueName: string, value: unknown): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  setOwnProperty(item, keyName, key);
  setOwnProperty(item, valueName, value);
  return item;
}

function items(collection: unknown, keyName: string, valueName: string): unknown[] {
  if (isJsonObject(collection)) {
    const keys = sortGoStrings(Object.keys(collection));
    return markGoTypedSlice(keys.map((key) => entry(keyName, key, valueName, collection[key])));
  }
  if (!isJsonArray(collection)) throw argumentTypeError('items', 1, 'Object or Array');
  return markGoTypedSlice(collection.map((value, index) => entry(keyName, index, valueName, value)));
}

function objectFromLists(keys: unknown, values: unknown): Record<string, unknown> {
  if (!isJsonArray(keys)) throw argumentTypeError('object_from_lists', 1, 'Array');
  if (!isJsonArray(values)) throw argumentTypeError('object_from_lists', 2, 'Array');
  const out: Record<string, unknown> = {};
  keys.forEach((k, i) => {
    const key = ifaceToString(k);
    if (key === null) throw argumentTypeError('object_from_lists', 1, 'StringArray');
    setOwnProperty(out, key, i < values.length ? values[i] : null);
  });
  return out;
}

export const STRUCTURED_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'parse_json',
    args: [STRING],
    handler: ([s]) => goJsonParse(s as string),
    returnType: ['any'],
    note: 'decodes a valid JSON encoded string to the appropriate type. Opposite of `to_string` function',
  },
  {
    name: 'parse_yaml',
    args: [STRING],
    handler: ([s]) => parseYamlDocument(s as string),
    returnType: ['any'],
    note: 'decodes a valid YAML encoded string to the appropriate type provided it can be represented as JSON',
  },
  {
    name: 'lookup',
    args: [COLLECTION, { types: ['string', 'number'] }],
    handler: ([collection, key]) => lookup(collection, key),
    returnType: ['any'],
    note: 'returns the value corresponding to the given key/index in the given object/array',
  },
  {
    name: 'items',
    args: [COLLECTION, STRING, STRING],
    handler: ([collection, keyName, valueName]) => items(collection, keyName as string, valueName as string),
    returnType: ['array'],
    note: 'converts a map or array to an array of objects where each key:value is an item in the array',
  },
  {
    name: 'object_from_lists',
    args: [{ types: ['array'] }, { types: ['array'] }],
    handler: ([keys, values]) => objectFromLists(keys, values),
    returnType: ['object'],
    note: 'converts a pair of lists containing keys and values to an object',
  },
];
