/**
 * @file cel-go's two-variable comprehensions (`ext/comprehensions.go`, `TwoVarComprehensions`), which the
 * Kubernetes base environment enables from 1.32 on and Kyverno's ValidatingPolicy, MutatingPolicy and
 * ImageValidatingPolicy environments inherit (kyverno/kyverno `pkg/cel/policies/vpol/compiler/compiler.go`,
 * `createBaseVpolEnv`: `environment.MustBaseEnvSet(…).Env(environment.StoredExpressions)`):
 *
 * - `all(k, v, p)`, `exists(k, v, p)`, `existsOne(k, v, p)` (alias `exists_one`): on a list, `k` is the index and
 *   `v` the element; on a map, the key and the value. `all`/`exists` absorb errors as `&&`/`||` do (a false,
 *   respectively true, predicate decides); `existsOne` does not.
 * - `transformList(k, v, [filter,] expr)` → list, `transformMap(k, v, [filter,] expr)` → map from each key (index)
 *   to `expr`, `transformMapEntry(k, v, [filter,] entryExpr)` → the union of the maps `entryExpr` returns (a
 *   duplicate key is an error: `insert failed: key … already exists`, cel-go `types.InsertMapKeyValue`).
 *
 * cel-go expands them into comprehension ASTs; here they are cel-js macros with their own type check and
 * evaluation. Each iteration is charged to the runtime budget like the one-variable macros' iterations.
 */
import type { Environment } from '@marcbachmann/cel-js';
import {
  type CelJsChecker,
  type CelJsEvaluator,
  type CelJsMacro,
  type CelJsNode,
  type CelJsOverlay,
  type CelJsScope,
  type CelJsType,
  macroError,
} from './ast.js';
import { charge, exhausted } from './budget.js';
import { iterationCost, staticCost } from './cost.js';
import { describeKind } from './values.js';

type Kind = 'all' | 'exists' | 'existsOne' | 'transformList' | 'transformMap' | 'transformMapEntry';

interface TwoVarMacro extends CelJsMacro {
  /** Marks the macros of this file (see {@link isTwoVarComprehension}). */
  twoVariable: true;
  kind: Kind;
  /** The name the expression used (`exists_one` or `existsOne`, …), for messages. */
  name: string;
  receiver: CelJsNode;
  args: CelJsNode[];
  keyName: string;
  valueName: string;
  filter: CelJsNode | null;
  body: CelJsNode;
  keyScope?: CelJsOverlay;
  valueScope?: CelJsOverlay;
  /** The cost of one iteration (cost.ts), computed on first use. */
  cost?: number;
}

/**
 * The per-iteration cost of cel-go's expansions beyond the predicate or transform (ext/comprehensions.go):
 * `@not_strictly_false(accu)` and `accu && p` for all/exists, `p ? accu + 1 : accu` for existsOne,
 * `accu + [t]` for transformList, `cel.@mapInsert(accu, k, t)` for the map transforms.
 */
const OVERHEAD: Readonly<Record<Kind, number>> = { all: 3, exists: 3, existsOne: 2, transformList: 12, transformMap: 3, transformMapEntry: 2 };

/** cel-go `parser.AccumulatorName` and the hidden accumulator of the two-variable macros. */
const ACCUMULATORS = new Set(['__result__', '@result']);

/** cel-go `extractIterVars`. */
function iterationVariables(args: readonly CelJsNode[]): [string, string] {
  const [first, second] = args as [CelJsNode, CelJsNode];
  if (first.op !== 'id') throw macroError('argument must be a simple name', first);
  if (second.op !== 'id') throw macroError('argument must be a simple name', second);
  const k = first.args as string;
  const v = second.args as string;
  if (k === v) throw macroError(`duplicate variable name: ${k}`, second);
  if (ACCUMULATORS.has(k)) throw macroError('iteration variable overwrites accumulator variable', first);
  if (ACCUMULATORS.has(v)) throw macroError('iteration variable overwrites accumulator variable', second);
  return [k, v];
}

function expander(kind: Kind, name: string) {
  return ({ ast, args, receiver }: { ast: CelJsNode; args: CelJsNode[]; receiver: CelJsNode }): TwoVarMacro => {
    const [keyName, valueName] = iterationVariables(args);
    const hasFilter = args.length === 4;
    return {
      ast,
      twoVariable: true,
      kind,
      name,
      receiver,
      args,
      keyName,
      valueName,
      filter: hasFilter ? args[2]! : null,
      body: args[args.length - 1]!,
      async: false,
      typeCheck: typeCheck as CelJsMacro['typeCheck'],
      evaluate: evaluate as CelJsMacro['evaluate'],
    };
  };
}

/** The types of the two variables over a range of type `range` (cel-go `checker.checkComprehension`). */
function variableTypes(checker: CelJsChecker, macro: TwoVarMacro, range: CelJsType): [CelJsType, CelJsType] {
  if (range.kind === 'list') return [checker.getType('int'), range.valueType!];
  if (range.kind === 'map') return [range.keyType!, range.valueType!];
  if (range.kind === 'dyn' || range.kind === 'param') return [checker.getType('dyn'), checker.getType('dyn')];
  throw checker.createError(
    'invalid_comprehension_range',
    `Expression of type '${checker.formatType(range)}' cannot be range of a comprehension (must be list, map, or dynamic).`,
    macro.receiver,
  );
}

function expectBool(checker: CelJsChecker, macro: TwoVarMacro, node: CelJsNode, what: string): void {
  const type = checker.check(node, macro.valueScope);
  if (type.kind !== 'dyn' && type.name !== 'bool') {
    throw checker.createError('invalid_predicate', `${macro.name}(k, v, ${what}) ${what} must return bool, got '${checker.formatType(type)}'`, node);
  }
}

function typeCheck(checker: CelJsChecker, macro: TwoVarMacro, scope: CelJsScope): CelJsType {
  const range = checker.check(macro.receiver, scope);
  const [keyType, valueType] = variableTypes(checker, macro, range);
  macro.keyScope = scope.forkWithVariable(macro.keyName, keyType);
  macro.valueScope = macro.keyScope.forkWithVariable(macro.valueName, valueType);
  switch (macro.kind) {
    case 'all':
    case 'exists':
    case 'existsOne':
      expectBool(checker, macro, macro.body, 'predicate');
      return checker.getType('bool');
    default:
      break;
  }
  if (macro.filter !== null) expectBool(checker, macro, macro.filter, 'filter');
  const bodyType = checker.check(macro.body, macro.valueScope);
  if (macro.kind === 'transformList') return checker.registry.getListType(bodyType);
  if (macro.kind === 'transformMap') return checker.registry.getMapType(keyType, bodyType);
  if (bodyType.kind === 'map') return bodyType;
  if (bodyType.kind === 'dyn') return checker.getType('map');
  throw checker.createError(
    'invalid_transform',
    `transformMapEntry(k, v, expr) expr must return a map, got '${checker.formatType(bodyType)}'`,
    macro.body,
  );
}

/** A comprehension range: its values, and its keys (null for a list, whose keys are the indexes). */
interface Range {
  readonly keys: readonly unknown[] | null;
  readonly values: readonly unknown[];
}

/**
 * The range of a runtime list (index, element) or map (key, value). Lists are not copied: a hostile range can be
 * large, and the budget stops the loop long before its end.
 */
function rangeOf(ev: CelJsEvaluator, macro: TwoVarMacro, range: unknown): Range {
  if (Array.isArray(range)) return { keys: null, values: range };
  if (range instanceof Set) return { keys: null, values: [...range] };
  if (range instanceof Map) return { keys: [...range.keys()], values: [...range.values()] };
  if (typeof range === 'object' && range !== null && (range.constructor === Object || range.constructor === undefined)) {
    const keys = Object.keys(range);
    return { keys, values: keys.map((key) => (range as Record<string, unknown>)[key]) };
  }
  throw ev.createError(
    'invalid_comprehension_range',
    `Expression of type '${describeKind(range)}' cannot be range of a comprehension (must be list, map, or dynamic).`,
    macro.receiver,
  );
}

/** The i-th key of a range. */
function keyAt(range: Range, i: number): unknown {
  return range.keys === null ? BigInt(i) : range.keys[i];
}

/** Charges one iteration and binds the variables to the i-th key and value; returns the scope of the body. */
function bind(ev: CelJsEvaluator, macro: TwoVarMacro, keyScope: CelJsOverlay, range: Range, i: number): CelJsOverlay {
  charge(macro.cost!);
  keyScope.setIterValue(keyAt(range, i), ev);
  return macro.valueScope!.setIterValue(range.values[i], ev);
}

/** A bool result, or the error cel-go's `&&`/`||`/`?:` give for any other value. */
function boolOrError(ev: CelJsEvaluator, macro: TwoVarMacro, value: unknown, node: CelJsNode): boolean | Error {
  if (value === true || value === false) return value;
  if (value instanceof Error) return value;
  return ev.createError('invalid_predicate', `${macro.name}(k, v, predicate) predicate must return bool, got '${describeKind(value)}'`, node);
}

function evaluate(ev: CelJsEvaluator, macro: TwoVarMacro, ctx: unknown): unknown {
  const range = rangeOf(ev, macro, ev.run(macro.receiver, ctx));
  const keyScope = macro.keyScope!.reuse(ctx);
  macro.cost ??= iterationCost(macro.body, OVERHEAD[macro.kind] + (macro.filter ? staticCost(macro.filter) : 0));
  const size = range.values.length;
  switch (macro.kind) {
    case 'all':
    case 'exists': {
      // cel-go: `accu && p` (`accu || p`) while `@not_strictly_false(accu)` (`(!accu)`): a deciding value wins over
      // errors of other iterations; otherwise the first error is the result.
      const decisive = macro.kind === 'exists';
      let error: Error | null = null;
      for (let i = 0; i < size; i++) {
        const result = boolOrError(ev, macro, ev.tryEval(macro.body, bind(ev, macro, keyScope, range, i)), macro.body);
        if (result === decisive) return decisive;
        if (result instanceof Error) {
          if (exhausted()) throw result;
          error ??= result;
        }
      }
      if (error !== null) throw error;
      return !decisive;
    }
    case 'existsOne': {
      let count = 0;
      for (let i = 0; i < size; i++) {
        const result = boolOrError(ev, macro, ev.run(macro.body, bind(ev, macro, keyScope, range, i)), macro.body);
        if (result instanceof Error) throw result;
        if (result) count++;
      }
      return count === 1;
    }
    default:
      return transform(ev, macro, keyScope, range);
  }
}

function transform(ev: CelJsEvaluator, macro: TwoVarMacro, keyScope: CelJsOverlay, range: Range): unknown {
  const list: unknown[] = [];
  const map = new Map<unknown, unknown>();
  for (let i = 0; i < range.values.length; i++) {
    const scope = bind(ev, macro, keyScope, range, i);
    if (macro.filter !== null) {
      const keep = ev.run(macro.filter, scope);
      if (keep !== true && keep !== false) {
        throw ev.createError('invalid_predicate', `${macro.name}(k, v, filter, expr) filter must return bool, got '${describeKind(keep)}'`, macro.filter);
      }
      if (!keep) continue;
    }
    const result = ev.run(macro.body, scope);
    if (macro.kind === 'transformList') list.push(result);
    else if (macro.kind === 'transformMap') map.set(keyAt(range, i), result);
    else {
      const pairs = mapEntries(result);
      if (pairs === null) {
        throw ev.createError('invalid_transform', `transformMapEntry(k, v, expr) expr must return a map, got '${describeKind(result)}'`, macro.body);
      }
      for (const [k, v] of pairs) {
        if (map.has(k)) throw ev.createError('evaluation_error', `insert failed: key ${String(k)} already exists`, macro.body);
        map.set(k, v);
      }
    }
  }
  return macro.kind === 'transformList' ? list : toCelMap(map);
}

function mapEntries(value: unknown): [unknown, unknown][] | null {
  if (value instanceof Map) return [...value.entries()];
  if (typeof value === 'object' && value !== null && (value.constructor === Object || value.constructor === undefined)) {
    return Object.entries(value);
  }
  return null;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A map value as cel-js holds maps: a plain object when every key is a string (as map literals are built), a
 * `Map` otherwise, so that `[10, 20].transformMap(i, v, v)` keeps its int keys.
 */
function toCelMap(map: Map<unknown, unknown>): unknown {
  for (const key of map.keys()) if (typeof key !== 'string' || UNSAFE_KEYS.has(key)) return map;
  const out: Record<string, unknown> = {};
  for (const [key, value] of map) out[key as string] = value;
  return out;
}

/** Whether `node` is a two-variable comprehension. */
export function isTwoVarComprehension(node: CelJsNode): boolean {
  return (node.meta.macro as Partial<TwoVarMacro> | undefined)?.twoVariable === true;
}

/** Registers the two-variable comprehension macros on `env`. */
export function registerTwoVarComprehensions(env: Environment): void {
  const macros: [Kind, string, number][] = [
    ['all', 'all', 3],
    ['exists', 'exists', 3],
    ['existsOne', 'existsOne', 3],
    ['existsOne', 'exists_one', 3],
    ['transformList', 'transformList', 3],
    ['transformList', 'transformList', 4],
    ['transformMap', 'transformMap', 3],
    ['transformMap', 'transformMap', 4],
    ['transformMapEntry', 'transformMapEntry', 3],
    ['transformMapEntry', 'transformMapEntry', 4],
  ];
  for (const [kind, name, arity] of macros) {
    const result = kind === 'transformList' ? 'list<dyn>' : kind.startsWith('transform') ? 'map<dyn, dyn>' : 'bool';
    env.registerFunction(`dyn.${name}(${Array(arity).fill('ast').join(', ')}): ${result}`, expander(kind, name));
  }
}

