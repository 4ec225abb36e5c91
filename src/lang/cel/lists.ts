/**
 * @file cel-go's ext.Lists at the version Kyverno enables (kyverno/kyverno `pkg/cel/compiler/env.go`:
 * `ext.Lists(ext.ListsVersion(3))`): `slice` (version 0), `flatten` (1), `lists.range`, `reverse`, `distinct`,
 * `sort`, `sortBy` (2), and the cost tracking of version 3. Semantics, error texts and costs follow cel-go
 * `ext/lists.go` (`slice`, `flatten`, `sortListByAssociatedKeys`, `sortByMacro`, `distinctList`, `genRange`,
 * `reverseList`, and the `track*` cost functions). `first()`/`last()` belong to cel-go's optional library
 * (optionals.ts), not to ext.Lists.
 *
 * Costs are charged to the running evaluation's budget before a list is built, so that an oversized result is
 * refused instead of allocated: `lists.range(n)`, `slice`, `reverse` cost the result size plus 11 (cel-go
 * `trackListOutputSize`: call cost 1 and `ListCreateBaseCost` 10), `flatten` the input size times the depth plus
 * 11, `distinct`, `sort` and `sortBy` 2·n² plus 11 (2.1·n² for strings and bytes, `trackListSelfCompare`).
 */
import { EvaluationError, type Environment } from '@marcbachmann/cel-js';
import {
  type CelJsChecker,
  type CelJsEvaluator,
  type CelJsMacro,
  type CelJsNode,
  type CelJsOverlay,
  type CelJsScope,
  type CelJsType,
  evaluateOriginal,
  macroError,
  overrideEvaluate,
  receiverElementType,
} from './ast.js';
import { charge } from './budget.js';
import { iterationCost } from './cost.js';
import { registerNamespace } from './namespace.js';
import type { EqualityEvaluator } from './strings.js';
import {
  CALL_COST,
  celEqualsIn,
  checkListSize,
  compareValues,
  kindOf,
  LIST_CREATE_BASE_COST,
  listElements,
  STRING_TRAVERSAL_COST_FACTOR,
  type ValueKind,
} from './values.js';

/** cel-go `trackAllocatingListCall`. */
function listCallCost(costFactor: number, size: number): number {
  return Math.floor(size * costFactor) + CALL_COST + LIST_CREATE_BASE_COST;
}

/** cel-go `slice`. */
export function slice(list: readonly unknown[], start: bigint, end: bigint): unknown[] {
  if (start < 0n || end < 0n) throw new EvaluationError(`cannot slice(${start}, ${end}), negative indexes not supported`);
  if (start > end) {
    throw new EvaluationError(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
  }
  if (BigInt(list.length) < end) throw new EvaluationError(`cannot slice(${start}, ${end}), list is length ${list.length}`);
  charge(listCallCost(1, Number(end - start)));
  return list.slice(Number(start), Number(end));
}

function flattenInto(out: unknown[], list: readonly unknown[], depth: bigint): void {
  for (const value of list) {
    if (depth > 0n && (Array.isArray(value) || value instanceof Set)) flattenInto(out, listElements(value), depth - 1n);
    else {
      out.push(value);
      checkListSize(out.length);
    }
  }
}

/** cel-go `flatten`: nested lists up to `depth` levels are spliced in; other elements are kept. */
export function flatten(list: readonly unknown[], depth: bigint): unknown[] {
  if (depth < 0n) throw new EvaluationError('level must be non-negative');
  // cel-go `trackListFlatten` charges the input size times the depth; deep levels of small lists cost little.
  charge(listCallCost(Number(depth > 1_000_000n ? 1_000_000n : depth), list.length));
  const out: unknown[] = [];
  flattenInto(out, list, depth);
  return out;
}

/** cel-go `genRange`: `[0, 1, …, n-1]`. */
export function range(n: bigint): bigint[] {
  const size = n > 0n ? n : 0n;
  charge(listCallCost(1, Number(size)));
  checkListSize(Number(size));
  const out = new Array<bigint>(Number(size));
  for (let i = 0; i < out.length; i++) out[i] = BigInt(i);
  return out;
}

/** cel-go `reverseList`. */
export function reverse(list: readonly unknown[]): unknown[] {
  charge(listCallCost(1, list.length));
  return [...list].reverse();
}

/** cel-go `trackListSelfCompare`: 2·n² (2.1·n² for strings and bytes) plus the call and list costs. */
function selfCompareCost(keys: readonly unknown[]): number {
  if (keys.length === 0) return listCallCost(2, 0);
  const kind = kindOf(keys[0]);
  const factor = kind === 'string' || kind === 'bytes' ? 2 + STRING_TRAVERSAL_COST_FACTOR : 2;
  return listCallCost(factor, keys.length * keys.length);
}

/** cel-go `distinctList`: the first occurrence of each value, by CEL equality. */
export function distinct(list: readonly unknown[], equals: (a: unknown, b: unknown) => boolean): unknown[] {
  charge(selfCompareCost(list));
  const out: unknown[] = [];
  for (const value of list) if (!out.some((seen) => equals(value, seen))) out.push(value);
  return out;
}

const SORTABLE = new Set<ValueKind>(['int', 'uint', 'double', 'bool', 'string', 'bytes', 'timestamp', 'duration']);

/**
 * cel-go `sortListByAssociatedKeys`: `list` ordered by `keys` (same length), which must all be of one comparable
 * kind. `sort()` is `sortByKeys(list, list)`.
 */
export function sortByKeys(list: readonly unknown[], keys: readonly unknown[]): unknown[] {
  if (list.length !== keys.length) {
    throw new EvaluationError(
      `@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got ${list.length} and ${keys.length} elements respectively`,
    );
  }
  charge(selfCompareCost(keys));
  if (list.length === 0) return [];
  const kind = kindOf(keys[0]);
  if (!SORTABLE.has(kind)) throw new EvaluationError('list elements must be comparable');
  for (const key of keys) if (kindOf(key) !== kind) throw new EvaluationError('list elements must have the same type');
  const order = keys.map((_, i) => i);
  order.sort((i, j) => compareValues(keys[i], keys[j]) || 0);
  return order.map((i) => list[i]);
}

/** The element types `sort()` accepts (cel-go `comparableTypes`). */
const COMPARABLE_TYPES = ['int', 'uint', 'double', 'bool', 'google.protobuf.Duration', 'google.protobuf.Timestamp', 'string', 'bytes'];

interface SortByMacro extends CelJsMacro {
  receiver: CelJsNode;
  args: CelJsNode[];
  varName: string;
  keyScope?: CelJsOverlay;
  /** The cost of computing one key (cost.ts; `accu + [key]` of cel-go's map expansion), computed on first use. */
  cost?: number;
}

/** The `sortBy(var, keyExpr)` macro (cel-go `sortByMacro`), evaluated directly: map to keys, then sort by them. */
function sortByMacro({ ast, args, receiver }: { ast: CelJsNode; args: CelJsNode[]; receiver: CelJsNode }): SortByMacro {
  const [variable] = args as [CelJsNode, CelJsNode];
  if (variable.op !== 'id') throw macroError('sortBy(var, key) variable name must be a simple identifier', variable);
  if (receiver.op === 'value' || receiver.op === 'map') {
    throw macroError('sortBy can only be applied to a list, identifier, comprehension, call or select expression', receiver);
  }
  return {
    ast,
    receiver,
    args,
    varName: variable.args as string,
    async: false,
    typeCheck: sortByTypeCheck as CelJsMacro['typeCheck'],
    evaluate: sortByEvaluate as CelJsMacro['evaluate'],
  };
}

function sortByTypeCheck(checker: CelJsChecker, macro: SortByMacro, scope: CelJsScope): CelJsType {
  const listType = checker.check(macro.receiver, scope);
  const elementType = receiverElementType(checker, listType, 'list', 'sortBy(var, key)', macro.receiver);
  macro.keyScope = scope.forkWithVariable(macro.varName, elementType);
  const keyType = checker.check(macro.args[1]!, macro.keyScope);
  if (keyType.kind !== 'dyn' && keyType.kind !== 'param' && !COMPARABLE_TYPES.includes(keyType.name)) {
    throw checker.createError('no_matching_overload', `sortBy key must be a comparable type, got '${keyType.name}'`, macro.args[1]!);
  }
  return listType.kind === 'list' ? listType : checker.registry.getListType(elementType);
}

function sortByEvaluate(ev: CelJsEvaluator, macro: SortByMacro, ctx: unknown): unknown {
  const list = listElements(ev.run(macro.receiver, ctx));
  const keyScope = macro.keyScope!.reuse(ctx);
  const keys = new Array<unknown>(list.length);
  const cost = (macro.cost ??= iterationCost(macro.args[1]!, 12));
  for (let i = 0; i < list.length; i++) {
    charge(cost);
    keys[i] = ev.run(macro.args[1]!, keyScope.setIterValue(list[i], ev));
  }
  return sortByKeys(list, keys);
}

/**
 * cel-go declares `flatten()` on `list(list(T))` but disables its type guards (`decls.DisableTypeGuards`), so an
 * already flat list (`dyn([1, 2]).flatten()`) is accepted at run time, where cel-js would find no overload. This
 * evaluates `flatten` calls on runtime lists directly. Returns whether `node` is such a call.
 */
export function patchFlattenCall(node: CelJsNode): boolean {
  if (node.op !== 'rcall') return false;
  const [name, receiver, args] = node.args as [string, CelJsNode, CelJsNode[]];
  if (name !== 'flatten' || args.length > 1) return false;
  overrideEvaluate(node, (ev, self, ctx) => {
    const list = ev.run(receiver, ctx);
    const depth = args.length === 1 ? ev.run(args[0]!, ctx) : 1n;
    if (!(Array.isArray(list) || list instanceof Set) || typeof depth !== 'bigint') return evaluateOriginal(ev, self, ctx);
    try {
      return flatten(listElements(list), depth);
    } catch (err) {
      throw err instanceof EvaluationError ? ev.createError('evaluation_error', err.message, self) : err;
    }
  });
  return true;
}

/** Registers ext.Lists version 3 on `env`. */
export function registerLists(env: Environment): void {
  env.registerFunction('list<A>.slice(int, int): list<A>', (l: unknown[], s: bigint, e: bigint) => slice(listElements(l), s, e));
  env.registerFunction('list<list<A>>.flatten(): list<A>', (l: unknown[]) => flatten(listElements(l), 1n));
  env.registerFunction('list<dyn>.flatten(int): list<dyn>', (l: unknown[], d: bigint) => flatten(listElements(l), d));
  env.registerFunction('list<A>.reverse(): list<A>', (l: unknown[]) => reverse(listElements(l)));
  env.registerFunction('list<A>.distinct(): list<A>', function (this: EqualityEvaluator, l: unknown[]) {
    return distinct(listElements(l), celEqualsIn(this));
  });
  for (const type of COMPARABLE_TYPES) {
    env.registerFunction(`list<${type}>.sort(): list<${type}>`, (l: unknown[]) => {
      const list = listElements(l);
      return sortByKeys(list, list);
    });
  }
  env.registerFunction('list<A>.sortBy(ast, ast): list<A>', sortByMacro);
  const lists = registerNamespace(env, 'lists');
  env.registerFunction(`${lists}.range(int): list<int>`, (_ns: unknown, n: bigint) => range(n));
}
