/**
 * @file cel-go's ext.Sets (`ext/sets.go`): `sets.contains`, `sets.equivalent`, `sets.intersects` on lists, with CEL
 * heterogeneous equality (`sets.contains([1, 2.0, 3u], [1.0, 2u, 3])` is true). Costs as cel-go `trackSetsCost`:
 * 1 plus the product of the sizes (twice that for `equivalent`), charged before the comparison.
 */
import { type Environment, EvaluationError } from '@marcbachmann/cel-js';
import { type CelJsNode, overrideEvaluate } from './ast.js';
import { charge } from './budget.js';
import { registerNamespace } from './namespace.js';
import type { EqualityEvaluator } from './strings.js';
import { CALL_COST, celEqualsIn, listElements } from './values.js';

type Equals = (a: unknown, b: unknown) => boolean;

/** cel-go `setsContains`: every element of `sublist` is in `list`. */
export function setsContains(list: readonly unknown[], sublist: readonly unknown[], equals: Equals): boolean {
  return sublist.every((x) => list.some((y) => equals(y, x)));
}

/** cel-go `setsIntersects`: some element of `a` is in `b`. */
export function setsIntersects(a: readonly unknown[], b: readonly unknown[], equals: Equals): boolean {
  return a.some((x) => b.some((y) => equals(y, x)));
}

/** cel-go `setsEquivalent`: each list contains the other. */
export function setsEquivalent(a: readonly unknown[], b: readonly unknown[], equals: Equals): boolean {
  return setsContains(a, b, equals) && setsContains(b, a, equals);
}

type SetFunction = (a: readonly unknown[], b: readonly unknown[], equals: Equals) => boolean;

/** The functions and their cost factors. */
const FUNCTIONS: Readonly<Record<string, readonly [SetFunction, number]>> = {
  contains: [setsContains, 1],
  equivalent: [setsEquivalent, 2],
  intersects: [setsIntersects, 1],
};

function call(ev: EqualityEvaluator, name: string, a: unknown, b: unknown): boolean {
  const [fn, costFactor] = FUNCTIONS[name]!;
  const x = listElements(a);
  const y = listElements(b);
  charge(CALL_COST + Math.floor(x.length * y.length * costFactor));
  return fn(x, y, celEqualsIn(ev));
}

/** Registers ext.Sets on `env`. */
export function registerSets(env: Environment): void {
  const sets = registerNamespace(env, 'sets');
  for (const name of Object.keys(FUNCTIONS)) {
    env.registerFunction(`${sets}.${name}(list<A>, list<A>): bool`, function (this: EqualityEvaluator, _ns: unknown, a: unknown, b: unknown) {
      return call(this, name, a, b);
    });
  }
}

/**
 * The declarations above type-check like cel-go's (`list(T), list(T)`), but cel-js also resolves overloads at run
 * time on the element type of each list's first element, so `sets.contains(object.ports, [80])` (JSON numbers are
 * doubles) would find no overload. This evaluates a `sets.*` call directly instead. Returns whether `node` is one.
 */
export function patchSetsCall(node: CelJsNode): boolean {
  if (node.op !== 'rcall') return false;
  const [name, receiver, args] = node.args as [string, CelJsNode, CelJsNode[]];
  if (receiver.op !== 'id' || receiver.args !== 'sets' || !(name in FUNCTIONS) || args.length !== 2) return false;
  overrideEvaluate(node, (ev, self, ctx) => {
    const a = ev.run(args[0]!, ctx);
    const b = ev.run(args[1]!, ctx);
    try {
      return call(ev as unknown as EqualityEvaluator, name, a, b);
    } catch (err) {
      throw err instanceof EvaluationError ? ev.createError('evaluation_error', err.message, self) : err;
    }
  });
  return true;
}
