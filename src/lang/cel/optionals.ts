/**
 * @file The parts of cel-go's optional library (`cel/library.go`, `optionalLib`, latest version as Kyverno enables
 * it with `cel.OptionalTypes()`) that @marcbachmann/cel-js lacks: `optional.ofNonZeroValue`, equality of optionals,
 * the `optMap`/`optFlatMap` macros (version 1), `list.first()`/`list.last()`, `optional.unwrap`/`unwrapOpt`
 * (version 2), and optional entries in aggregate literals: `[a, ?b]` omits `b` when it is `optional.none()`,
 * `{?'k': v}` omits the entry (cel-go `parser.EnableOptionalSyntax`; the element or value must be an optional).
 * cel-js already has `optional.of/none`, `.hasValue()`, `.value()`, `.or()`, `.orValue()`, `x.?f`, `l[?i]`, `m[?k]`.
 *
 * cel-js cannot parse optional entries, so {@link findOptionalEntryMarkers} finds their `?` before parsing; the
 * expression is parsed with each such `?` replaced by a space (offsets are unchanged), and
 * {@link attachOptionalEntries} then gives the list and map literals holding them their own type check and
 * evaluation.
 */
import { type Environment, EvaluationError, Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import {
  type CelJsChecker,
  type CelJsEvaluator,
  type CelJsMacro,
  type CelJsNode,
  type CelJsOverlay,
  type CelJsScope,
  type CelJsType,
  macroError,
  overrideEvaluate,
  walk,
  receiverElementType,
} from './ast.js';
import type { EqualityEvaluator } from './strings.js';
import { celTokens } from './tokens.js';
import { celEqualsIn, listElements } from './values.js';

/** Go's zero `time.Time` (0001-01-01T00:00:00Z), the zero timestamp of cel-go `Timestamp.IsZeroValue`. */
const ZERO_TIME = -62135596800000;

/** cel-go `traits.Zeroer.IsZeroValue` for the value kinds of cel-js. */
export function isZeroValue(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return !value;
    case 'bigint':
      return value === 0n;
    case 'number':
      return value === 0;
    case 'string':
      return value.length === 0;
    case 'object':
      if (value === null) return true;
      if (value instanceof UnsignedInt) return value.valueOf() === 0n;
      if (value instanceof Uint8Array || Array.isArray(value)) return value.length === 0;
      if (value instanceof Set || value instanceof Map) return value.size === 0;
      if (value instanceof Duration) return value.seconds === 0n && value.nanos === 0;
      if (value instanceof Date) return value.getTime() === ZERO_TIME;
      if (value.constructor === Object || value.constructor === undefined) return Object.keys(value).length === 0;
      return false;
    default:
      return false;
  }
}

/** cel-go `optUnwrap`: the values of the optionals that have one; an error for an element that is not optional. */
export function unwrapOptionals(list: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const value of list) {
    if (!(value instanceof Optional)) throw new EvaluationError(`value ${String(value)} is not optional`);
    if (value.hasValue()) out.push(value.value());
  }
  return out;
}

// ------------------------------------------------------------------------------------------------------------
// optMap / optFlatMap

interface OptMapMacro extends CelJsMacro {
  flat: boolean;
  receiver: CelJsNode;
  args: CelJsNode[];
  varName: string;
  scope?: CelJsOverlay;
}

function optMapTypeCheck(checker: CelJsChecker, macro: OptMapMacro, scope: CelJsScope): CelJsType {
  const name = macro.flat ? 'optFlatMap' : 'optMap';
  const receiverType = checker.check(macro.receiver, scope);
  const valueType = receiverElementType(checker, receiverType, 'optional', `${name}(var, expr)`, macro.receiver);
  macro.scope = scope.forkWithVariable(macro.varName, valueType);
  const resultType = checker.check(macro.args[1]!, macro.scope);
  if (!macro.flat) return checker.registry.getOptionalType(resultType);
  if (resultType.kind === 'optional') return resultType;
  if (resultType.kind === 'dyn') return checker.getType('optional');
  throw checker.createError('optional_expected', `optFlatMap() expression must be optional, got '${checker.formatType(resultType)}'`, macro.args[1]!);
}

function optMapEvaluate(ev: CelJsEvaluator, macro: OptMapMacro, ctx: unknown): unknown {
  const receiver = ev.run(macro.receiver, ctx);
  if (!(receiver instanceof Optional)) {
    throw ev.createError('optional_expected', `${macro.flat ? 'optFlatMap' : 'optMap'}() receiver must be optional`, macro.receiver);
  }
  if (!receiver.hasValue()) return Optional.none();
  const result = ev.run(macro.args[1]!, macro.scope!.reuse(ctx).setIterValue(receiver.value(), ev));
  if (!macro.flat) return Optional.of(result);
  if (result instanceof Optional) return result;
  throw ev.createError('optional_expected', 'optFlatMap() expression must be optional', macro.args[1]!);
}

/** cel-go `optMap`/`optFlatMap`: `opt.optMap(v, expr)` is `opt.hasValue() ? optional.of(expr[v := opt.value()]) : optional.none()`. */
function optMapMacro(flat: boolean) {
  return ({ ast, args, receiver }: { ast: CelJsNode; args: CelJsNode[]; receiver: CelJsNode }): OptMapMacro => {
    const [variable] = args as [CelJsNode];
    if (variable.op !== 'id') throw macroError(`${flat ? 'optFlatMap' : 'optMap'}() variable name must be a simple identifier`, variable);
    return {
      ast,
      flat,
      receiver,
      args,
      varName: variable.args as string,
      async: false,
      typeCheck: optMapTypeCheck as CelJsMacro['typeCheck'],
      evaluate: optMapEvaluate as CelJsMacro['evaluate'],
    };
  };
}

/** Registers the optional functions cel-js lacks on `env` (built with `enableOptionalTypes`). */
export function registerOptionals(env: Environment): void {
  env.registerFunction('OptionalNamespace.ofNonZeroValue(A): optional<A>', (_ns: unknown, value: unknown) =>
    isZeroValue(value) ? Optional.none() : Optional.of(value),
  );
  env.registerFunction('OptionalNamespace.unwrap(list<optional<A>>): list<A>', (_ns: unknown, list: unknown[]) =>
    unwrapOptionals(listElements(list)),
  );
  env.registerFunction('list<optional<A>>.unwrapOpt(): list<A>', (list: unknown[]) => unwrapOptionals(listElements(list)));
  env.registerFunction('list<A>.first(): optional<A>', (list: unknown[]) => {
    const l = listElements(list);
    return l.length === 0 ? Optional.none() : Optional.of(l[0]);
  });
  env.registerFunction('list<A>.last(): optional<A>', (list: unknown[]) => {
    const l = listElements(list);
    return l.length === 0 ? Optional.none() : Optional.of(l[l.length - 1]);
  });
  env.registerFunction('optional.optMap(ast, ast): optional<dyn>', optMapMacro(false));
  env.registerFunction('optional.optFlatMap(ast, ast): optional<dyn>', optMapMacro(true));
  // cel-go `Optional.Equal`: two empty optionals are equal, two with values when their values are. cel-js
  // derives `!=` from `==`.
  env.registerOperator('optional<A> == optional<A>', ((a: Optional, b: Optional, _ast: unknown, ev: EqualityEvaluator): boolean => {
    if (!a.hasValue() || !b.hasValue()) return a.hasValue() === b.hasValue();
    return celEqualsIn(ev)(a.value(), b.value());
  }) as (left: unknown, right: unknown) => boolean);
}

// ------------------------------------------------------------------------------------------------------------
// Optional entries in list and map literals

/**
 * The offsets of the `?` that mark optional entries of list and map literals (`[?x]`, `[a, ?b]`, `{?k: v}`): a
 * `?` right after `{`, after `,`, or after a `[` that opens a list literal (not an index: `l[?i]` is cel-js's
 * optional index). Strings and `//` comments are skipped as cel-js's lexer skips them. A `?` after `,` in a call's
 * arguments is recorded too, and reported as a syntax error by {@link attachOptionalEntries}.
 */
export function findOptionalEntryMarkers(source: string): number[] {
  const markers: number[] = [];
  /** The kind of the previous token: an expression's end (`x`, `1`, `'s'`, `)`, `]`, `}`) or anything else. */
  let prevEnd = false;
  let prevChar = '';
  let bracketOpensList = false;
  for (const token of celTokens(source)) {
    if (token.kind !== 'punctuation') {
      // `in` is an operator: `x in [?y]` opens a list.
      prevEnd = token.kind !== 'identifier' || token.text !== 'in';
      prevChar = '';
      continue;
    }
    const c = token.text;
    if (c === '?' && (prevChar === ',' || prevChar === '{' || (prevChar === '[' && bracketOpensList))) {
      markers.push(token.start);
    } else if (c === '[') {
      bracketOpensList = !prevEnd;
    }
    prevEnd = c === ')' || c === ']' || c === '}';
    prevChar = c;
  }
  return markers;
}

/** The source with the given markers replaced by spaces. */
export function blankMarkers(source: string, markers: readonly number[]): string {
  let out = '';
  let last = 0;
  for (const at of markers) {
    out += `${source.slice(last, at)} `;
    last = at + 1;
  }
  return out + source.slice(last);
}

/** A literal's entries, as recorded on its node: the indexes of its optional elements (lists) or entries (maps). */
interface OptionalLiteral {
  readonly optional: ReadonlySet<number>;
}

function claim(markers: readonly number[], claimed: Set<number>, from: number, to: number): boolean {
  for (const at of markers) {
    if (at >= from && at < to && !claimed.has(at)) {
      claimed.add(at);
      return true;
    }
  }
  return false;
}

/**
 * Gives the list and map literals that hold the optional entries marked at `markers` their own type check and
 * evaluation. Returns a syntax error for a marker that is not at the start of an entry.
 */
export function attachOptionalEntries(
  root: CelJsNode,
  markers: readonly number[],
): { message: string; start: number; end: number } | null {
  const claimed = new Set<number>();
  walk(root, (node) => {
    if (node.op === 'list') {
      const elements = node.args as CelJsNode[];
      const optional = new Set<number>();
      let from = node.start;
      elements.forEach((element, i) => {
        if (claim(markers, claimed, from, element.start)) optional.add(i);
        from = element.end;
      });
      if (optional.size > 0) makeOptionalList(node, { optional });
    } else if (node.op === 'map') {
      const entries = node.args as [CelJsNode, CelJsNode][];
      const optional = new Set<number>();
      let from = node.start;
      entries.forEach(([key, value], i) => {
        if (claim(markers, claimed, from, key.start)) optional.add(i);
        from = value.end;
      });
      if (optional.size > 0) makeOptionalMap(node, { optional });
    }
  });
  const stray = markers.find((at) => !claimed.has(at));
  return stray === undefined ? null : { message: "Unexpected token: '?'", start: stray, end: stray + 1 };
}

interface Checker extends CelJsChecker {
  check(node: CelJsNode, ctx: unknown): CelJsType & { isEmpty(): boolean };
}

/** The type of an optional entry's value: the optional's value type (dyn for dyn). */
function optionalValueType(checker: Checker, node: CelJsNode, ctx: unknown): CelJsType & { isEmpty(): boolean } {
  const type = checker.check(node, ctx);
  if (type.kind === 'optional') return type.valueType as CelJsType & { isEmpty(): boolean };
  if (type.kind === 'dyn') return type;
  throw checker.createError('optional_expected', `optional entry must be an optional, got '${checker.formatType(type)}'`, node);
}

/**
 * The element (key, value) type of a literal, as cel-js joins them: with homogeneous aggregate literals, every
 * type must be the first one (empty aggregates aside); without, mismatches widen to dyn.
 */
function join(checker: Checker, node: CelJsNode, previous: CelJsType | null, type: CelJsType & { isEmpty(): boolean }, element: CelJsNode, what: string): CelJsType {
  if (previous === null || previous.kind === 'param') return type;
  // `optional.none()` is `optional<T>`: its value type fits any element type.
  if (type.kind === 'param') return previous;
  const homogeneous = checker.opts.homogeneousAggregateLiterals && node.meta.homogeneityExempt !== true;
  if (!homogeneous) return previous.unify(checker.registry, type) ?? checker.getType('dyn');
  if (type === previous || (previous as CelJsType & { isEmpty(): boolean }).isEmpty()) return type;
  if (type.isEmpty()) return previous;
  throw checker.createError(
    `heterogeneous_${what}`,
    `${what === 'list_element' ? 'List elements' : what === 'map_key' ? 'Map keys' : 'Map values'} must have the same type, expected type '${checker.formatType(previous)}' but found '${checker.formatType(type)}'`,
    element,
  );
}

function makeOptionalList(node: CelJsNode, literal: OptionalLiteral): void {
  const elements = node.args as CelJsNode[];
  node.setMeta('check', (checker: Checker, self: CelJsNode, ctx: unknown) => {
    let elementType: CelJsType | null = null;
    elements.forEach((element, i) => {
      const type = literal.optional.has(i) ? optionalValueType(checker, element, ctx) : checker.check(element, ctx);
      elementType = join(checker, self, elementType, type, element, 'list_element');
    });
    return checker.registry.getListType(elementType!);
  });
  overrideEvaluate(node, (ev, _self, ctx) => {
    const out: unknown[] = [];
    elements.forEach((element, i) => {
      const value = ev.run(element, ctx);
      if (!literal.optional.has(i)) out.push(value);
      else if (!(value instanceof Optional)) throw ev.createError('optional_expected', 'optional entry must be an optional', element);
      else if (value.hasValue()) out.push(value.value());
    });
    return out;
  });
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function makeOptionalMap(node: CelJsNode, literal: OptionalLiteral): void {
  const entries = node.args as [CelJsNode, CelJsNode][];
  node.setMeta('check', (checker: Checker, self: CelJsNode, ctx: unknown) => {
    let keyType: CelJsType | null = null;
    let valueType: CelJsType | null = null;
    entries.forEach(([key, value], i) => {
      keyType = join(checker, self, keyType, checker.check(key, ctx), key, 'map_key');
      const type = literal.optional.has(i) ? optionalValueType(checker, value, ctx) : checker.check(value, ctx);
      valueType = join(checker, self, valueType, type, value, 'map_value');
    });
    return checker.registry.getMapType(keyType!, valueType!);
  });
  overrideEvaluate(node, (ev, _self, ctx) => {
    // A plain object, as cel-js builds map literals (`safeFromEntries`).
    const out: Record<string, unknown> = {};
    entries.forEach(([key, value], i) => {
      const k = ev.run(key, ctx);
      let v = ev.run(value, ctx);
      if (literal.optional.has(i)) {
        if (!(v instanceof Optional)) throw ev.createError('optional_expected', 'optional entry must be an optional', value);
        if (!v.hasValue()) return;
        v = v.value();
      }
      const name = String(k);
      if (!UNSAFE_KEYS.has(name)) out[name] = v;
    });
    return out;
  });
}
