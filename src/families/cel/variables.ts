/**
 * @file A policy's `variables` in one evaluation: each is computed on first read, then cached
 * (k8s.io/apiserver pkg/cel/lazy, `MapValue`); an error fails each read of that variable. The getters are built
 * once per list of variables and read the evaluation's state from the object itself, so an evaluation allocates
 * one object and no closure (this runs per resource and policy).
 */
import type { CelEvalResult, CelProgram } from '../../lang/cel/index.js';

/** One declared variable. */
export interface VariableProgram {
  readonly name: string;
  readonly program: CelProgram;
}

const STATE = Symbol('variables');

interface State {
  readonly activation: Readonly<Record<string, unknown>>;
  /** Per variable: not read yet, being computed, or its result. */
  readonly results: (undefined | 'running' | CelEvalResult)[];
}

type Variables = Record<string, unknown> & { [STATE]: State };

const descriptorsCache = new WeakMap<readonly VariableProgram[], PropertyDescriptorMap>();

function descriptorsOf(variables: readonly VariableProgram[]): PropertyDescriptorMap {
  let descriptors = descriptorsCache.get(variables);
  if (descriptors === undefined) {
    descriptors = {};
    for (const [index, { name, program }] of variables.entries()) {
      descriptors[name] = {
        enumerable: true,
        get(this: Variables): unknown {
          const state = this[STATE];
          let result = state.results[index];
          if (result === 'running') throw new Error(`variable ${name} refers to itself`);
          if (result === undefined) {
            state.results[index] = 'running';
            result = state.results[index] = program.evaluate(state.activation);
          }
          if (result.ok) return result.value;
          throw new Error(result.error.message);
        },
      };
    }
    descriptorsCache.set(variables, descriptors);
  }
  return descriptors;
}

/** The `variables` object of one evaluation of `variables` (a list kept by the compiled policy) in `activation`. */
export function lazyVariables(variables: readonly VariableProgram[], activation: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const object = {} as Variables;
  Object.defineProperty(object, STATE, { value: { activation, results: new Array(variables.length) } satisfies State });
  return Object.defineProperties(object, descriptorsOf(variables));
}

/**
 * Names a prototype getter cannot serve: they are read on plain objects by the libraries that take the `variables`
 * object apart (`constructor` decides whether a value is a plain object).
 */
const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype));

const prototypes = new WeakMap<readonly VariableProgram[], object | null>();

/** The prototype of the compiled `variables` objects of a list: the getters once, on a null-prototype object. */
function prototypeOf(variables: readonly VariableProgram[]): object | null {
  const found = prototypes.get(variables);
  if (found !== undefined) return found;
  const prototype = variables.some(({ name }) => RESERVED.has(name)) ? null : (Object.create(null, descriptorsOf(variables)) as object);
  prototypes.set(variables, prototype);
  return prototype;
}

/**
 * {@link lazyVariables} for the compiled evaluation: the same getters, read from a prototype shared by every
 * evaluation of the list instead of defined on each object (defining accessors per object turns each into a
 * dictionary-mode object). The object has no own enumerable fields: it is read field by field (as the object type
 * of `variables`, object-types.ts), never enumerated. Lists with a variable named like an `Object.prototype`
 * member keep the reference layout.
 */
export function compiledLazyVariables(variables: readonly VariableProgram[], activation: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const prototype = prototypeOf(variables);
  if (prototype === null) return lazyVariables(variables, activation);
  const object = Object.create(prototype) as Variables;
  object[STATE] = { activation, results: new Array(variables.length) };
  return object;
}
