/**
 * @file The evaluator of Kyverno's go-jmespath fork: per construct, exactly how a NotFound
 * (`Unknown key "k" in path`, a field read from an object lacking the key) propagates, becomes
 * `null`, or drops a projected element (kyverno/go-jmespath interpreter.go, `treeInterpreter.Execute` and
 * its `NotFoundError` checks), with go-jmespath's other semantics
 * (numeric-only ordering, `reflect.DeepEqual` equality, truthiness, slices).
 *
 * NotFound travels as a returned `NotFound` marker instead of an exception (it is common and
 * cheap to recover from); every other error is a thrown `JmesPathError`.
 */
import type { AstNode } from './ast.js';
import { JmesPathError, runtimeError } from './errors.js';
import { callFunction } from './registry.js';
import { ExpRef, deepEqual, isFalse, isJsonObject } from './values.js';

/** The fork's NotFoundError, returned (not thrown) through the evaluator. */
export class NotFound {
  constructor(readonly key: string) {}
}

/** The value of an evaluation: NotFound turned into `null`. */
function orNull(value: unknown): unknown {
  return value instanceof NotFound ? null : value;
}

/** An `&expr` argument: NotFound inside it becomes `null`, as in go-jmespath's expref callers. */
/** `node` evaluated on `value`, with any JMESPath error (NotFound included) turned into `null`. */
function evaluateOrNull(node: AstNode, value: unknown): unknown {
  try {
    return evaluate(node, value);
  } catch (err) {
    if (err instanceof JmesPathError) return null;
    throw err;
  }
}

function makeExpRef(node: AstNode): ExpRef {
  return new ExpRef((value) => orNull(evaluate(node, value)));
}

/** Go `capSlice`. */
function capSlice(length: number, actual: number, step: number): number {
  if (actual < 0) {
    actual += length;
    if (actual < 0) actual = step < 0 ? -1 : 0;
  } else if (actual >= length) {
    actual = step < 0 ? length - 1 : length;
  }
  return actual;
}

function slice(array: readonly unknown[], node: Extract<AstNode, { type: 'Slice' }>): unknown[] {
  if (node.step === 0) throw runtimeError('Invalid slice, step cannot be 0');
  const step = node.step ?? 1;
  const length = array.length;
  const start = node.start === null ? (step < 0 ? length - 1 : 0) : capSlice(length, node.start, step);
  const stop = node.stop === null ? (step < 0 ? -1 : length) : capSlice(length, node.stop, step);
  const result: unknown[] = [];
  if (step > 0) for (let i = start; i < stop; i += step) result.push(array[i]);
  else for (let i = start; i > stop; i += step) result.push(array[i]);
  return result;
}

/** Evaluates the right side of a projection on each element; NotFound and `null` are dropped. */
function project(right: AstNode, elements: readonly unknown[], into: unknown[]): unknown[] {
  for (const element of elements) {
    const current = evaluate(right, element);
    if (current !== null && !(current instanceof NotFound)) into.push(current);
  }
  return into;
}

/**
 * Evaluates `node` against `value`. Returns the result, or a `NotFound` marker; throws
 * `JmesPathError` (`runtime`) for other errors.
 */
export function evaluate(node: AstNode, value: unknown): unknown {
  switch (node.type) {
    case 'Field':
      if (isJsonObject(value)) {
        return Object.prototype.hasOwnProperty.call(value, node.name) ? value[node.name] : new NotFound(node.name);
      }
      return null;
    case 'Subexpression':
    case 'IndexExpression': {
      const left = evaluate(node.left, value);
      if (left instanceof NotFound) return left;
      return evaluate(node.right, left);
    }
    case 'Current':
    case 'Identity':
      return value;
    case 'Literal':
      return node.value;
    case 'Index': {
      if (!Array.isArray(value)) return null;
      const index = node.index < 0 ? node.index + value.length : node.index;
      return index >= 0 && index < value.length ? value[index] : null;
    }
    case 'Slice':
      return Array.isArray(value) ? slice(value, node) : null;
    case 'Projection': {
      const left = evaluate(node.left, value);
      if (!Array.isArray(left)) return null;
      return project(node.right, left, []);
    }
    case 'ValueProjection': {
      const left = evaluateOrNull(node.left, value);
      if (left instanceof NotFound || !isJsonObject(left)) return null;
      // go-jmespath builds the value list with make([]interface{}, len(m)) and then appends,
      // so the right side is also evaluated on len(m) nulls before the values.
      const values = Object.values(left);
      const collected: unknown[] = [];
      if (values.length > 0) {
        const onNull = evaluate(node.right, null);
        if (onNull !== null && !(onNull instanceof NotFound)) for (let i = 0; i < values.length; i++) collected.push(onNull);
      }
      return project(node.right, values, collected);
    }
    case 'FilterProjection': {
      const left = evaluateOrNull(node.left, value);
      if (!Array.isArray(left)) return null;
      const collected: unknown[] = [];
      for (const element of left) {
        if (isFalse(orNull(evaluate(node.condition, element)))) continue;
        const current = evaluate(node.right, element);
        if (current !== null && !(current instanceof NotFound)) collected.push(current);
      }
      return collected;
    }
    case 'Flatten': {
      const left = evaluateOrNull(node.child, value);
      if (!Array.isArray(left)) return null;
      const flattened: unknown[] = [];
      for (const element of left) {
        if (Array.isArray(element)) for (const inner of element) flattened.push(inner);
        else flattened.push(element);
      }
      return flattened;
    }
    case 'Comparator': {
      const left = orNull(evaluate(node.left, value));
      const right = orNull(evaluate(node.right, value));
      if (node.op === 'tEQ') return deepEqual(left, right);
      if (node.op === 'tNE') return !deepEqual(left, right);
      if (typeof left !== 'number' || typeof right !== 'number') return null;
      switch (node.op) {
        case 'tGT':
          return left > right;
        case 'tGTE':
          return left >= right;
        case 'tLT':
          return left < right;
        default:
          return left <= right;
      }
    }
    case 'Or': {
      const left = orNull(evaluate(node.left, value));
      return isFalse(left) ? orNull(evaluate(node.right, value)) : left;
    }
    case 'And': {
      const left = orNull(evaluate(node.left, value));
      return isFalse(left) ? left : evaluate(node.right, value);
    }
    case 'Not':
      return isFalse(orNull(evaluate(node.child, value)));
    case 'Pipe':
      return orNull(evaluate(node.right, orNull(evaluate(node.left, value))));
    case 'MultiSelectList': {
      if (value === null) return null;
      const collected: unknown[] = [];
      for (const child of node.children) collected.push(orNull(evaluate(child, value)));
      return collected;
    }
    case 'MultiSelectHash': {
      if (value === null) return null;
      const collected: Record<string, unknown> = {};
      for (const pair of node.pairs) {
        const current = orNull(evaluate(pair.value, value));
        if (pair.key === '__proto__') {
          Object.defineProperty(collected, pair.key, { value: current, writable: true, enumerable: true, configurable: true });
        } else {
          collected[pair.key] = current;
        }
      }
      return collected;
    }
    case 'ExpRef':
      return makeExpRef(node.child);
    case 'Function': {
      const args: unknown[] = [];
      for (const arg of node.args) args.push(orNull(evaluate(arg, value)));
      if (node.name === null) {
        throw runtimeError(`interface conversion: interface {} is ${node.nameGoType}, not string`);
      }
      return callFunction(node.name, args);
    }
    case 'Empty':
      throw runtimeError('Unknown AST node: ASTEmpty');
  }
}
