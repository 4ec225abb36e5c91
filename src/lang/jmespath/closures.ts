/**
 * @file The compiled form of an expression: the AST turned once into nested closures, each construct's
 * evaluation with its operands resolved at compile time. Evaluation gives exactly what `evaluate`
 * (interpreter.ts, the reference) gives on the same AST: the same values, the same `NotFound` keys, the
 * same thrown errors (kyverno/go-jmespath interpreter.go, `treeInterpreter.Execute`).
 *
 * Field chains (`request.object.metadata.name`) run as one loop; a field that is absent answers with a
 * `NotFound` made once per field of the expression (it carries nothing but the key).
 */
import type { AstNode } from './ast.js';
import { JmesPathError, runtimeError } from './errors.js';
import { NotFound } from './interpreter.js';
import { callFunction } from './registry.js';
import { ExpRef, deepEqual, isFalse } from './values.js';

/** A compiled (sub-)expression: the result for `value`, or a `NotFound` marker; throws `JmesPathError`. */
export type Evaluator = (value: unknown) => unknown;

const hasOwn = Object.prototype.hasOwnProperty;

/** `isJsonObject`, inlined where it runs for every field read. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof ExpRef);
}

/** The names of a chain of fields (`a.b.c`), or null when `node` is anything else. */
function fieldChain(node: AstNode): string[] | null {
  if (node.type === 'Field') return [node.name];
  if (node.type !== 'Subexpression') return null;
  const left = fieldChain(node.left);
  if (left === null) return null;
  const right = fieldChain(node.right);
  return right === null ? null : [...left, ...right];
}

function fieldEvaluator(name: string): Evaluator {
  const missing = new NotFound(name);
  return (value) => {
    if (isObject(value)) return hasOwn.call(value, name) ? value[name] : missing;
    return null;
  };
}

/**
 * A chain of fields: interpreter.go reads each field in turn; a missing key is a NotFound (which the
 * enclosing subexpressions pass on as is), a value that is no object reads as `null`, and every
 * further field of `null` is `null` again.
 */
function chainEvaluator(names: readonly string[]): Evaluator {
  if (names.length === 1) return fieldEvaluator(names[0]!);
  const missing = names.map((name) => new NotFound(name));
  const count = names.length;
  if (count === 2) {
    const [a, b] = names as [string, string];
    const [missingA, missingB] = missing as [NotFound, NotFound];
    return (value) => {
      if (!isObject(value)) return null;
      if (!hasOwn.call(value, a)) return missingA;
      const next = value[a];
      if (!isObject(next)) return null;
      return hasOwn.call(next, b) ? next[b] : missingB;
    };
  }
  return (value) => {
    let current = value;
    for (let i = 0; i < count; i++) {
      if (!isObject(current)) return null;
      const name = names[i]!;
      if (!hasOwn.call(current, name)) return missing[i];
      current = current[name];
    }
    return current;
  };
}

/** The value, with NotFound turned into `null`. */
function orNull(value: unknown): unknown {
  return value instanceof NotFound ? null : value;
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

function sliceEvaluator(node: Extract<AstNode, { type: 'Slice' }>): Evaluator {
  return (value) => {
    if (!Array.isArray(value)) return null;
    if (node.step === 0) throw runtimeError('Invalid slice, step cannot be 0');
    const step = node.step ?? 1;
    const length = value.length;
    const start = node.start === null ? (step < 0 ? length - 1 : 0) : capSlice(length, node.start, step);
    const stop = node.stop === null ? (step < 0 ? -1 : length) : capSlice(length, node.stop, step);
    const result: unknown[] = [];
    if (step > 0) for (let i = start; i < stop; i += step) result.push(value[i]);
    else for (let i = start; i > stop; i += step) result.push(value[i]);
    return result;
  };
}

/** The evaluator of `node` with any JMESPath error (NotFound included) turned into `null`. */
function orNullOnError(evaluator: Evaluator): Evaluator {
  return (value) => {
    try {
      return evaluator(value);
    } catch (err) {
      if (err instanceof JmesPathError) return null;
      throw err;
    }
  };
}

const identity: Evaluator = (value) => value;

/** Compiles `node` into closures (the AST is read here only). */
export function compileNode(node: AstNode): Evaluator {
  switch (node.type) {
    case 'Field':
      return fieldEvaluator(node.name);
    case 'Subexpression': {
      const chain = fieldChain(node);
      if (chain !== null) return chainEvaluator(chain);
      return subexpression(compileNode(node.left), compileNode(node.right));
    }
    case 'IndexExpression':
      return subexpression(compileNode(node.left), compileNode(node.right));
    case 'Current':
    case 'Identity':
      return identity;
    case 'Literal': {
      const literal = node.value;
      return () => literal;
    }
    case 'Index': {
      const index = node.index;
      return (value) => {
        if (!Array.isArray(value)) return null;
        const at = index < 0 ? index + value.length : index;
        return at >= 0 && at < value.length ? value[at] : null;
      };
    }
    case 'Slice':
      return sliceEvaluator(node);
    case 'Projection': {
      const left = compileNode(node.left);
      const right = compileNode(node.right);
      return (value) => {
        const elements = left(value);
        if (!Array.isArray(elements)) return null;
        const collected: unknown[] = [];
        for (const element of elements) {
          const current = right(element);
          if (current !== null && !(current instanceof NotFound)) collected.push(current);
        }
        return collected;
      };
    }
    case 'ValueProjection': {
      const left = orNullOnError(compileNode(node.left));
      const right = compileNode(node.right);
      return (value) => {
        const object = left(value);
        if (object instanceof NotFound || !isObject(object)) return null;
        // go-jmespath builds the value list with make([]interface{}, len(m)) and then appends,
        // so the right side is also evaluated on len(m) nulls before the values.
        const values = Object.values(object);
        const collected: unknown[] = [];
        if (values.length > 0) {
          const onNull = right(null);
          if (onNull !== null && !(onNull instanceof NotFound)) for (let i = 0; i < values.length; i++) collected.push(onNull);
        }
        for (const element of values) {
          const current = right(element);
          if (current !== null && !(current instanceof NotFound)) collected.push(current);
        }
        return collected;
      };
    }
    case 'FilterProjection': {
      const left = orNullOnError(compileNode(node.left));
      const right = compileNode(node.right);
      const condition = compileNode(node.condition);
      return (value) => {
        const elements = left(value);
        if (!Array.isArray(elements)) return null;
        const collected: unknown[] = [];
        for (const element of elements) {
          if (isFalse(orNull(condition(element)))) continue;
          const current = right(element);
          if (current !== null && !(current instanceof NotFound)) collected.push(current);
        }
        return collected;
      };
    }
    case 'Flatten': {
      const child = orNullOnError(compileNode(node.child));
      return (value) => {
        const elements = child(value);
        if (!Array.isArray(elements)) return null;
        const flattened: unknown[] = [];
        for (const element of elements) {
          if (Array.isArray(element)) for (const inner of element) flattened.push(inner);
          else flattened.push(element);
        }
        return flattened;
      };
    }
    case 'Comparator':
      return comparator(node.op, compileNode(node.left), compileNode(node.right));
    case 'Or': {
      const left = compileNode(node.left);
      const right = compileNode(node.right);
      return (value) => {
        const l = orNull(left(value));
        return isFalse(l) ? orNull(right(value)) : l;
      };
    }
    case 'And': {
      const left = compileNode(node.left);
      const right = compileNode(node.right);
      return (value) => {
        const l = orNull(left(value));
        return isFalse(l) ? l : right(value);
      };
    }
    case 'Not': {
      const child = compileNode(node.child);
      return (value) => isFalse(orNull(child(value)));
    }
    case 'Pipe': {
      const left = compileNode(node.left);
      const right = compileNode(node.right);
      return (value) => orNull(right(orNull(left(value))));
    }
    case 'MultiSelectList': {
      const children = node.children.map(compileNode);
      return (value) => {
        if (value === null) return null;
        const collected: unknown[] = [];
        for (const child of children) collected.push(orNull(child(value)));
        return collected;
      };
    }
    case 'MultiSelectHash': {
      const pairs = node.pairs.map((pair) => ({ key: pair.key, value: compileNode(pair.value) }));
      return (value) => {
        if (value === null) return null;
        const collected: Record<string, unknown> = {};
        for (const pair of pairs) {
          const current = orNull(pair.value(value));
          if (pair.key === '__proto__') {
            Object.defineProperty(collected, pair.key, { value: current, writable: true, enumerable: true, configurable: true });
          } else {
            collected[pair.key] = current;
          }
        }
        return collected;
      };
    }
    case 'ExpRef': {
      const child = compileNode(node.child);
      const evaluateChild = (value: unknown): unknown => orNull(child(value));
      return () => new ExpRef(evaluateChild);
    }
    case 'Function':
      return functionCall(node);
    case 'Empty':
      return () => {
        throw runtimeError('Unknown AST node: ASTEmpty');
      };
  }
}

function subexpression(left: Evaluator, right: Evaluator): Evaluator {
  return (value) => {
    const l = left(value);
    if (l instanceof NotFound) return l;
    return right(l);
  };
}

function comparator(op: Extract<AstNode, { type: 'Comparator' }>['op'], left: Evaluator, right: Evaluator): Evaluator {
  switch (op) {
    case 'tEQ':
      return (value) => deepEqual(orNull(left(value)), orNull(right(value)));
    case 'tNE':
      return (value) => !deepEqual(orNull(left(value)), orNull(right(value)));
    case 'tGT':
      return (value) => {
        const l = orNull(left(value));
        const r = orNull(right(value));
        return typeof l === 'number' && typeof r === 'number' ? l > r : null;
      };
    case 'tGTE':
      return (value) => {
        const l = orNull(left(value));
        const r = orNull(right(value));
        return typeof l === 'number' && typeof r === 'number' ? l >= r : null;
      };
    case 'tLT':
      return (value) => {
        const l = orNull(left(value));
        const r = orNull(right(value));
        return typeof l === 'number' && typeof r === 'number' ? l < r : null;
      };
    default:
      return (value) => {
        const l = orNull(left(value));
        const r = orNull(right(value));
        return typeof l === 'number' && typeof r === 'number' ? l <= r : null;
      };
  }
}

function functionCall(node: Extract<AstNode, { type: 'Function' }>): Evaluator {
  const args = node.args.map(compileNode);
  const name = node.name;
  const count = args.length;
  return (value) => {
    const values: unknown[] = [];
    for (let i = 0; i < count; i++) values.push(orNull(args[i]!(value)));
    if (name === null) throw runtimeError(`interface conversion: interface {} is ${node.nameGoType}, not string`);
    return callFunction(name, values);
  };
}
