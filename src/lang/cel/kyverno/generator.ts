/**
 * @file Kyverno's `generator` library (kyverno/sdk `extensions/cel/libs/generator/{lib,impl,namespaced_impl}.go`),
 * declared by GeneratingPolicy only: the handle `generator` of type `generator.Context` with
 * `Apply(namespace, list<map<string, dyn>>) bool` and, since library version 1.18, `apply`. A namespaced policy's
 * functions drop the namespace argument and generate into the policy's namespace (`Apply(list)`), so the two-argument
 * form is a compile error there.
 *
 * Each element reaches the generation context as a protobuf `Struct` converted back to Go values
 * (`structpb.Struct.AsMap`): every number a double. A failure of the context is the CEL error
 * `failed to generate resources: <err>`.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import type { CelLibrary } from '../environment.js';
import { celError, celTypeName, isCelMap, mapEntries, messageOf } from './common.js';

/** Receives the objects of one `generator.Apply` call; throws to fail the call (the message is the context's error). */
export type GenerateSink = (namespace: string, objects: Record<string, unknown>[]) => void;

/** The value of the `generator` handle for one evaluation. */
export class GeneratorContext {
  constructor(readonly sink: GenerateSink) {}
}

export const GENERATOR_CONTEXT_TYPE = 'generator.Context';

class ConversionError extends Error {}

/**
 * A CEL value as cel-go converts it to a protobuf `structpb.Value` and back to Go (numbers as doubles); throws on a
 * value `Struct` cannot hold.
 */
export function celToStructValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      return value;
    case 'bigint':
      return Number(value);
    default:
      break;
  }
  if (value instanceof UnsignedInt) return Number(value.value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.toISOString().replace(/\.?0+Z$/, 'Z');
  if (value instanceof Duration) return `${Number(value.seconds) + value.nanos / 1e9}s`;
  if (value instanceof Optional) return value.hasValue() ? celToStructValue(value.value()) : null;
  if (Array.isArray(value)) return value.map(celToStructValue);
  if (isCelMap(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of mapEntries(value)) {
      if (typeof key !== 'string') throw new ConversionError(`unsupported map key type: ${celTypeName(key)}`);
      Object.defineProperty(out, key, { value: celToStructValue(item), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  throw new ConversionError(`type conversion error from '${celTypeName(value)}' to '*structpb.Value'`);
}

/** `apply_generator_string_list` / `apply_generator_list`. */
function apply(ctx: GeneratorContext, namespace: string, list: unknown): boolean {
  if (!Array.isArray(list)) throw celError(`type conversion error from '${celTypeName(list)}' to '[]*structpb.Struct'`);
  const objects: Record<string, unknown>[] = [];
  for (const item of list) {
    if (!isCelMap(item)) throw celError(`type conversion error from '${celTypeName(item)}' to '*structpb.Struct'`);
    try {
      objects.push(celToStructValue(item) as Record<string, unknown>);
    } catch (err) {
      if (err instanceof ConversionError) throw celError(err.message);
      throw err;
    }
  }
  try {
    ctx.sink(namespace, objects);
  } catch (err) {
    throw celError(`failed to generate resources: ${messageOf(err)}`);
  }
  return true;
}

/**
 * The `generator` library. `namespace` is the policy's namespace: `""` for a cluster-scoped policy, whose functions
 * take the target namespace; a namespaced policy's functions generate into it.
 */
export function generatorLibrary(namespace: string): CelLibrary {
  return (env: Environment) => {
    env.registerType(GENERATOR_CONTEXT_TYPE, GeneratorContext);
    env.registerVariable('generator', GENERATOR_CONTEXT_TYPE);
    const G = GENERATOR_CONTEXT_TYPE;
    const LIST = 'list<map<string, dyn>>';
    for (const name of ['Apply', 'apply']) {
      if (namespace === '') {
        env.registerFunction(`${G}.${name}(string, ${LIST}): bool`, (c: GeneratorContext, ns: string, list: unknown) => apply(c, ns, list));
      } else {
        env.registerFunction(`${G}.${name}(${LIST}): bool`, (c: GeneratorContext, list: unknown) => apply(c, namespace, list));
      }
    }
  };
}
