/**
 * @file What the Kubernetes CEL libraries (k8s.io/apiserver/pkg/cel/library) share on @marcbachmann/cel-js:
 * runtime errors with cel-go's texts, the cost charges of `library/cost.go` (`CostEstimator.CallCost`) on the
 * evaluation's budget, namespace constants for qualified function names (`ip.isCanonical`, `format.named`,
 * `jsonpatch.escapeKey`), type denotations (`net.IP`), and registering a shared type once per environment.
 */
import { type ASTNode, type Environment, EvaluationError, Optional, TypeError as CelTypeError } from '@marcbachmann/cel-js';
import type { CelJsNode } from '../ast.js';
import { charge } from '../budget.js';

/** cel-go's `types.NoSuchOverloadErr()` / `MaybeNoSuchOverloadErr` text. */
export const NO_SUCH_OVERLOAD = 'no such overload';

/** A CEL runtime error with `message` (cel-js attaches the failing call's range). */
export function celError(message: string): EvaluationError {
  return new EvaluationError(message);
}

/** A runtime error pointing at `node` (a macro's call). */
export function celErrorAt(message: string, node: CelJsNode): EvaluationError {
  return new EvaluationError(message, node as unknown as ASTNode);
}

/** A compile (type-check) error pointing at `node`. */
export function typeErrorAt(message: string, node: CelJsNode): CelTypeError {
  return new CelTypeError(message, node as unknown as ASTNode);
}

/** cel-go `common.StringTraversalCostFactor`. */
const STRING_TRAVERSAL_COST_FACTOR = 0.1;
/** cel-go `common.RegexStringLengthCostFactor`. */
const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;

/** cel-go `types.String.Size()`: the number of code points. */
export function runeCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** `cost.go` for a string argument traversed `times` times: ⌈size × 0.1 × times⌉. */
export function chargeStringTraversal(s: string, times = 1): void {
  chargeSize(runeCount(s), times);
}

/** `cost.go` for traversing a value of `size` units `times` times: ⌈size × 0.1 × times⌉. */
export function chargeSize(size: number, times = 1): void {
  charge(Math.ceil(size * STRING_TRAVERSAL_COST_FACTOR * times));
}

/** `cost.go` `find`/`findAll`/`validate`: ⌈(1 + size) × 0.1⌉ × ⌈regexSize × 0.25⌉. */
export function chargeRegex(s: string, regexSize: number): void {
  const strCost = Math.ceil((1 + runeCount(s)) * STRING_TRAVERSAL_COST_FACTOR);
  charge(strCost * Math.ceil(regexSize * REGEX_STRING_LENGTH_COST_FACTOR));
}

/** `cost.go` `traversalCost`: strings and bytes at 0.1 per byte, lists and maps element by element, others 1. */
export function traversalCost(value: unknown): number {
  if (typeof value === 'string') return Math.floor(Buffer.byteLength(value, 'utf8') * STRING_TRAVERSAL_COST_FACTOR);
  if (value instanceof Uint8Array) return Math.floor(value.length * STRING_TRAVERSAL_COST_FACTOR);
  if (Array.isArray(value)) {
    let cost = 0;
    for (const element of value) cost += traversalCost(element);
    return cost;
  }
  if (value instanceof Map) {
    let cost = 0;
    for (const [k, v] of value) cost += traversalCost(k) + traversalCost(v);
    return cost;
  }
  if (typeof value === 'object' && value !== null && (value.constructor === Object || value.constructor === undefined)) {
    let cost = 0;
    for (const [k, v] of Object.entries(value)) cost += traversalCost(k) + traversalCost(v);
    return cost;
  }
  return 1;
}

/** Charges the fixed cost of an accessor (1). */
export function chargeNominal(): void {
  charge(1);
}

const registered = new WeakMap<Environment, Set<string>>();

/** Runs `register` once per environment for `key` (types that several libraries share, such as `net.IP`). */
export function registerOnce(env: Environment, key: string, register: () => void): void {
  let keys = registered.get(env);
  if (keys === undefined) {
    keys = new Set();
    registered.set(env, keys);
  }
  if (keys.has(key)) return;
  keys.add(key);
  register();
}

/**
 * The value cel-js's `type()` returns for values of a registered type, found by evaluating `expression` (which
 * must produce such a value) inside `type(…)`. cel-js creates that value when the type is registered and does not
 * export it; `type(x) == net.IP` compares it by identity.
 */
export function typeValueOf(env: Environment, expression: string): unknown {
  return env.evaluate(`type(${expression})`);
}

/**
 * CEL equality of optionals (cel-go `types.Optional.Equal`): two empty optionals are equal, an empty and a present
 * one are not, two present ones compare their values. cel-js has no `==` on optionals; it is registered once per
 * environment by the libraries that return optionals (`format.named`, `validate`).
 */
export function registerOptionalEquality(env: Environment): void {
  registerOnce(env, 'optional==', () => {
    try {
      // cel-js passes the node and the evaluator after the operands (not in its typings).
      const equals = (a: Optional, b: Optional, ast: unknown, ev: unknown): boolean => {
        if (!a.hasValue() || !b.hasValue()) return a.hasValue() === b.hasValue();
        return valuesEqual(a.value(), b.value(), ast, ev);
      };
      env.registerOperator('optional<A> == optional<A>', equals as (a: unknown, b: unknown) => boolean);
    } catch (err) {
      // Another library (or the base environment) already defines it.
      if (!/already registered/.test((err as Error).message)) throw err;
    }
  });
}

/** The part of the cel-js evaluator used to compare two runtime values with `==`. */
interface EqualityEvaluator {
  debugType(value: unknown): unknown;
  registry: { findBinaryOverload(op: string, left: unknown, right: unknown): { handler(a: unknown, b: unknown, ast: unknown, ev: unknown): unknown } | null };
}

/** CEL runtime equality as cel-js's `==` does it for values of any type (numbers compare across types). */
export function valuesEqual(a: unknown, b: unknown, ast: unknown, evaluator: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'bigint' || typeof a === 'number') return (typeof b === 'bigint' || typeof b === 'number') && a == b;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ev = evaluator as EqualityEvaluator;
  const left = ev.debugType(a);
  if (left !== ev.debugType(b)) return false;
  const overload = ev.registry.findBinaryOverload('==', left, left);
  return overload !== null && overload.handler(a, b, ast, ev) === true;
}

/** `Optional.of(value)`, `Optional.none()` for an empty result. */
export function optionalOf<T>(value: T | undefined): Optional {
  return value === undefined ? Optional.none() : Optional.of(value);
}
