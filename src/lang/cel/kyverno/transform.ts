/**
 * @file Kyverno's `transform` library (kyverno/sdk `extensions/cel/libs/transform/{lib,impl}.go`):
 * `listObjToMap(keys, values, keyField, valueField)` and, since library version 1.18, `transform.listObjToMap`:
 * `{keys[i][keyField]: values[i][valueField]}` (a missing value field gives `null`, a later key wins).
 *
 * cel-go converts maps built in CEL (list literals of map literals) to `map[interface{}]interface{}`, which the Go
 * function does not expect (it panics: `internal error`); maps decoded from JSON work. Values here do not record
 * where they came from, so both work.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, celNamespace, celTypeName, isCelMap, mapEntries } from './common.js';

function field(entry: unknown, name: string): unknown {
  if (!isCelMap(entry)) {
    throw celError(`internal error: interface conversion: interface {} is ${celTypeName(entry)}, not map[ref.Val]ref.Val`);
  }
  for (const [key, value] of mapEntries(entry)) if (key === name) return value;
  return undefined;
}

/** `listObjToMap`. */
export function listObjToMap(keys: readonly unknown[], values: readonly unknown[], keyField: string, valueField: string): Record<string, unknown> {
  if (keys.length !== values.length) {
    throw celError(`listObjToMap must take lists of equal length. list1: ${keys.length}, list2: ${values.length}`);
  }
  const out: Record<string, unknown> = {};
  keys.forEach((entry, i) => {
    const key = field(entry, keyField);
    if (typeof key !== 'string') throw celError('the passed key name cannot be handled as a string in the key object list');
    const value = field(values[i], valueField);
    Object.defineProperty(out, key, { value: value ?? null, enumerable: true, writable: true, configurable: true });
  });
  return out;
}

/** The `transform` library. */
export function transformLibrary(): CelLibrary {
  return (env: Environment) => {
    env.registerFunction('listObjToMap(list, list, string, string): map', listObjToMap);
    const transform = celNamespace(env, 'transform');
    env.registerFunction(`${transform}.listObjToMap(list, list, string, string): map`, (_: unknown, k: unknown[], v: unknown[], kf: string, vf: string) =>
      listObjToMap(k, v, kf, vf),
    );
  };
}
