/**
 * @file The JMESPath function table: go-jmespath's argument checking (`incorrect number of args`,
 * `Invalid arity.`, `Invalid type for: <%v>, expected: []jmespath.JpType{...}`, `unknown function: x`)
 * and registration. Kyverno's custom functions are registered here by a single module; a function
 * registered under an existing name replaces it (Kyverno's `sum` replaces the built-in).
 */
import { JmesPathError, runtimeError } from './errors.js';
import { formatGoValue, formatJpTypes } from './go-fmt.js';
import { ExpRef, isJsonArray, isJsonObject } from './values.js';

/** go-jmespath argument types (`jmespath.JpType`). */
export type JpType = 'number' | 'string' | 'array' | 'object' | 'array[number]' | 'array[string]' | 'expref' | 'any';

interface ArgSpec {
  readonly types: readonly JpType[];
  /** Only the last argument may be variadic; variadic arguments are counted, not type-checked. */
  readonly variadic?: boolean;
}

/**
 * A function implementation. `args` are the evaluated arguments after the signature check:
 * decoded JSON values, Go integers (`bigint`), or `ExpRef`s for `expref` parameters. Throwing
 * any `Error` makes the query fail with a `runtime` JmesPathError carrying the same message.
 */
type FunctionHandler = (args: unknown[]) => unknown;

export interface FunctionDefinition {
  readonly name: string;
  /** An empty list accepts any number of arguments of any type (e.g. Kyverno's `time_now`). */
  readonly args: readonly ArgSpec[];
  readonly handler: FunctionHandler;
}

const table = new Map<string, FunctionDefinition>();

/** Adds a function to the table, replacing any function of the same name. */
export function registerFunction(definition: FunctionDefinition): void {
  table.set(definition.name, definition);
}

/** The function currently registered under `name`, if any. */
export function lookupFunction(name: string): FunctionDefinition | undefined {
  return table.get(name);
}

function matchesType(type: JpType, arg: unknown): boolean {
  switch (type) {
    case 'number':
      return typeof arg === 'number';
    case 'string':
      return typeof arg === 'string';
    case 'array':
      return Array.isArray(arg);
    case 'object':
      return isJsonObject(arg);
    case 'array[number]':
      return isJsonArray(arg) && arg.every((item) => typeof item === 'number');
    case 'array[string]':
      return isJsonArray(arg) && arg.every((item) => typeof item === 'string');
    case 'expref':
      return arg instanceof ExpRef;
    case 'any':
      return true;
  }
}

function checkArgs(definition: FunctionDefinition, args: unknown[]): void {
  const specs = definition.args;
  if (specs.length === 0) return;
  if (specs[specs.length - 1]!.variadic) {
    if (args.length < specs.length) throw runtimeError('Invalid arity.');
    return;
  }
  if (specs.length !== args.length) throw runtimeError('incorrect number of args');
  for (let i = 0; i < specs.length; i++) {
    const types = specs[i]!.types;
    if (!types.some((type) => matchesType(type, args[i]))) {
      throw runtimeError(`Invalid type for: ${formatGoValue(args[i])}, expected: ${formatJpTypes(types)}`);
    }
  }
}

/** Calls a function by name with evaluated arguments, as go-jmespath's function caller does. */
export function callFunction(name: string, args: unknown[]): unknown {
  const definition = table.get(name);
  if (definition === undefined) throw runtimeError(`unknown function: ${name}`);
  checkArgs(definition, args);
  try {
    return definition.handler(args);
  } catch (err) {
    if (err instanceof JmesPathError) throw err;
    if (err instanceof Error) throw runtimeError(err.message);
    throw err;
  }
}
