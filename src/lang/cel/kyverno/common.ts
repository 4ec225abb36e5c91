/**
 * @file What the Kyverno CEL libraries share: namespace receivers for the global functions with a library prefix
 * (`hash.sha256`, `user.parseServiceAccount`, …), the error every library function raises, the CEL runtime type
 * names of values, and the conversion of decoded JSON to CEL values.
 *
 * cel-go declares a prefixed function under its qualified name (`cel.Function("hash.sha256", …)`); cel-js has no
 * qualified function names, so a prefix is a constant of an opaque type named like the prefix (`hash`), and the
 * function a method of that type. A prefix another library already declared (cel-go's ext.Math `math`) is reused.
 */
import { type Environment, EvaluationError, Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';

/** The value of a library prefix constant. */
export class CelNamespace {
  constructor(readonly name: string) {}
}

/**
 * Declares the constant `name` of a library prefix (once per environment) and returns the receiver type to declare
 * its functions on (`<type>.sha256(string): string`).
 */
export function celNamespace(env: Environment, name: string): string {
  if (env.hasVariable(name)) {
    const existing = env.getDefinitions().variables.find((variable) => variable.name === name);
    if (existing === undefined) throw new Error(`CEL namespace ${name}: no definition`);
    return existing.type;
  }
  // Each prefix needs its own class: cel-js finds the type of a value by its constructor.
  const Namespace = { [name]: class extends CelNamespace {} }[name]!;
  env.registerType(name, Namespace);
  env.registerConstant(name, name, new Namespace(name));
  return name;
}

/** A CEL runtime error of a library function, with Kyverno's message. */
export function celError(message: string): EvaluationError {
  return new EvaluationError(message);
}

/** The message of a thrown value. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The CEL type name of a runtime value (cel-go `ref.Type.TypeName()`), for error messages. */
export function celTypeName(value: unknown): string {
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (value === null || value === undefined) return 'null_type';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof UnsignedInt) return 'uint';
  if (value instanceof Date) return 'google.protobuf.Timestamp';
  if (value instanceof Duration) return 'google.protobuf.Duration';
  if (value instanceof Optional) return 'optional_type';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) return 'map';
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: string } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? name : 'object';
  }
  return typeof value;
}

/** Whether `value` is a CEL map (a plain object or a `Map`). */
export function isCelMap(value: unknown): value is Record<string, unknown> | Map<unknown, unknown> {
  if (value instanceof Map) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The entries of a CEL map. */
export function mapEntries(map: Record<string, unknown> | Map<unknown, unknown>): [unknown, unknown][] {
  return map instanceof Map ? [...map.entries()] : Object.entries(map);
}

/**
 * cel-go's error for a value a Go function cannot take (`ConvertToNative` failing, wrapped by
 * kyverno/sdk `extensions/cel/utils/function.go` `GetArg` for member functions of a library handle).
 */
export function conversionError(value: unknown, target: string): EvaluationError {
  return celError(`type conversion error from '${celTypeName(value)}' to '${target}'`);
}

const INT64_LIMIT = 2 ** 63;

/**
 * Decoded JSON as Kubernetes decodes it into unstructured objects (`k8s.io/apimachinery` `UnstructuredJSONScheme`,
 * JSON numbers read with `UseNumber`): integral numbers within int64 become CEL `int` (bigint), other numbers stay
 * `double`. Objects read this way keep integer fields as ints, unlike the resources the CLI converts to float64.
 */
export function withIntegers(value: unknown): unknown {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= -INT64_LIMIT && value < INT64_LIMIT ? BigInt(value) : value;
  }
  if (Array.isArray(value)) return value.map(withIntegers);
  if (isCelMap(value) && !(value instanceof Map)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: withIntegers(item), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** Decoded JSON as Go's `json.Unmarshal` into `interface{}` gives it: every number a float64 (CEL `double`). */
export function withDoubles(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(withDoubles);
  if (isCelMap(value) && !(value instanceof Map)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: withDoubles(item), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
