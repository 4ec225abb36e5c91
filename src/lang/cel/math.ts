/**
 * @file cel-go's ext.Math at the version Kyverno enables (kyverno/kyverno `pkg/cel/compiler/env.go`: `ext.Math()`,
 * i.e. the latest version, 2): `math.greatest`/`math.least` (version 0), `math.ceil/floor/round/trunc`,
 * `math.abs`, `math.sign`, `math.isNaN/isInf/isFinite`, `math.bitAnd/bitOr/bitXor/bitNot/bitShiftLeft/
 * bitShiftRight` (1), `math.sqrt` (2). Semantics and error texts follow cel-go `ext/math.go`.
 *
 * `math.greatest`/`math.least` are macros in cel-go (`mathGreatest`, `mathLeast`) that check their literal
 * arguments at parse time and expand to the internal `math.@max`/`math.@min` overloads: one argument (a number or
 * a list of numbers), two arguments (any two numeric types; mixed types give `dyn`), or more, which become a list
 * literal and are therefore subject to the homogeneous-literal rule. They are macros here too, one per arity.
 */
import { EvaluationError, type Environment } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import {
  type CelJsChecker,
  type CelJsEvaluator,
  type CelJsMacro,
  type CelJsNode,
  type CelJsScope,
  type CelJsType,
  macroError,
} from './ast.js';
import { registerNamespace } from './namespace.js';
import { compareValues, isNumericKind, kindOf, listElements } from './values.js';

const INT64_MIN = -(2n ** 63n);

function intOverflow(): EvaluationError {
  return new EvaluationError('integer overflow');
}

/** Go `math.Round`: half away from zero. */
export function roundHalfAwayFromZero(x: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Math.round(Math.abs(x));
  return x < 0 ? -r : r;
}

export function absInt(x: bigint): bigint {
  if (x === INT64_MIN) throw intOverflow();
  return x < 0n ? -x : x;
}

export function signDouble(x: number): number {
  if (Number.isNaN(x)) return x;
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

function shiftOffset(name: string, bits: bigint): bigint {
  if (bits < 0n) throw new EvaluationError(`math.${name}() negative offset: ${bits}`);
  return bits;
}

export function bitShiftLeftInt(value: bigint, bits: bigint): bigint {
  const n = shiftOffset('bitShiftLeft', bits);
  return n >= 64n ? 0n : BigInt.asIntN(64, value << n);
}

export function bitShiftRightInt(value: bigint, bits: bigint): bigint {
  // cel-go shifts the two's complement bits as unsigned (`types.Int(types.Uint(v) >> bs)`).
  const n = shiftOffset('bitShiftRight', bits);
  return n >= 64n ? 0n : BigInt.asIntN(64, BigInt.asUintN(64, value) >> n);
}

function uint(value: bigint): UnsignedInt {
  return new UnsignedInt(BigInt.asUintN(64, value));
}

/** cel-go `minPair`/`maxPair`: the smaller (larger) of two numbers across int/uint/double; ties keep the first. */
function pick(which: 'min' | 'max', first: unknown, second: unknown): unknown {
  if (!isNumericKind(kindOf(first)) || !isNumericKind(kindOf(second))) {
    throw new EvaluationError(`no such overload: math.@${which}`);
  }
  const cmp = compareValues(first, second);
  if (which === 'min') return cmp === 1 ? second : first;
  return cmp === -1 ? second : first;
}

/** cel-go `minList`/`maxList`. */
function pickList(which: 'min' | 'max', values: readonly unknown[]): unknown {
  if (values.length === 0) throw new EvaluationError(`math.@${which}(list) argument must not be empty`);
  let result = values[0];
  for (let i = 1; i < values.length; i++) result = pick(which, result, values[i]);
  if (!isNumericKind(kindOf(result))) throw new EvaluationError(`no such overload: math.@${which}`);
  return result;
}

/** math.@min / math.@max of one value (a number or a list of numbers). */
function pickOne(which: 'min' | 'max', value: unknown): unknown {
  if (Array.isArray(value) || value instanceof Set) return pickList(which, listElements(value));
  if (isNumericKind(kindOf(value))) return value;
  throw new EvaluationError(`no such overload: math.@${which}`);
}

/** cel-go `isNumericArgType`: a numeric literal, or any expression that is not a literal or an aggregate literal. */
function isNumericArg(node: CelJsNode): boolean {
  if (node.op === 'value') return isNumericKind(kindOf(node.args));
  return node.op !== 'list' && node.op !== 'map';
}

interface MinMaxMacro extends CelJsMacro {
  which: 'min' | 'max';
  name: string;
  receiver: CelJsNode;
  args: CelJsNode[];
}

const NUMERIC_TYPES = new Set(['int', 'uint', 'double']);

function minMaxTypeCheck(checker: CelJsChecker, macro: MinMaxMacro, scope: CelJsScope): CelJsType {
  const { receiver, args, name } = macro;
  if (receiver.op !== 'id' || receiver.args !== 'math') {
    checker.check(receiver, scope);
    throw checker.createError('no_matching_overload', `found no matching overload for '${name}'`, macro.ast as CelJsNode);
  }
  const types = args.map((arg) => checker.check(arg, scope));
  const noOverload = () =>
    checker.createError(
      'no_matching_overload',
      `found no matching overload for 'math.${name}(${types.map((t) => checker.formatType(t)).join(', ')})'`,
      macro.ast as CelJsNode,
    );
  const isNumeric = (t: CelJsType) => t.kind === 'dyn' || NUMERIC_TYPES.has(t.name);
  if (args.length === 1) {
    const [t] = types as [CelJsType];
    if (t.kind === 'list' && isNumeric(t.valueType!)) return t.valueType!;
    if (isNumeric(t)) return t;
    throw noOverload();
  }
  if (!types.every(isNumeric)) throw noOverload();
  if (args.length === 2) return types[0]!.name === types[1]!.name ? types[0]! : checker.getType('dyn');
  // Three or more arguments become a list literal (cel-go `mathGreatest`), checked as one.
  let element = types[0]!;
  for (let i = 1; i < types.length; i++) {
    const unified = element.unify(checker.registry, types[i]!);
    if (unified === null) {
      if (checker.opts.homogeneousAggregateLiterals) {
        throw checker.createError(
          'heterogeneous_list_element',
          `List elements must have the same type, expected type '${checker.formatType(element)}' but found '${checker.formatType(types[i]!)}'`,
          args[i]!,
        );
      }
      element = checker.getType('dyn');
    } else element = unified;
  }
  return element;
}

function minMaxEvaluate(ev: CelJsEvaluator, macro: MinMaxMacro, ctx: unknown): unknown {
  const values = macro.args.map((arg) => ev.run(arg, ctx));
  try {
    if (values.length === 1) return pickOne(macro.which, values[0]);
    if (values.length === 2) return pick(macro.which, values[0], values[1]);
    return pickList(macro.which, values);
  } catch (err) {
    throw err instanceof EvaluationError ? ev.createError('evaluation_error', err.message, macro.ast as CelJsNode) : err;
  }
}

/** cel-go `mathLeast`/`mathGreatest`: parse-time checks of the literal arguments. */
function minMaxMacro(which: 'min' | 'max', name: 'least' | 'greatest') {
  return ({ ast, args, receiver }: { ast: CelJsNode; args: CelJsNode[]; receiver: CelJsNode }): MinMaxMacro => {
    if (receiver.op === 'id' && receiver.args === 'math') {
      if (args.length === 1) {
        const [arg] = args as [CelJsNode];
        const listOfNumbers = arg.op === 'list' && (arg.args as CelJsNode[]).length > 0 && (arg.args as CelJsNode[]).every(isNumericArg);
        if (!listOfNumbers && !isNumericArg(arg)) throw macroError(`math.${name}() invalid single argument value`, arg);
      } else {
        for (const arg of args) {
          if (!isNumericArg(arg)) throw macroError(`math.${name}() simple literal arguments must be numeric`, arg);
        }
      }
    }
    return {
      ast,
      which,
      name,
      receiver,
      args,
      async: false,
      typeCheck: minMaxTypeCheck as CelJsMacro['typeCheck'],
      evaluate: minMaxEvaluate as CelJsMacro['evaluate'],
    };
  };
}

/** cel-js's limit on call arguments (`maxCallArguments`). */
const MAX_ARGS = 32;

/** Registers ext.Math version 2 on `env`. */
export function registerMath(env: Environment): void {
  const m = registerNamespace(env, 'math');
  for (let n = 1; n <= MAX_ARGS; n++) {
    const params = Array(n).fill('ast').join(', ');
    env.registerFunction(`${m}.greatest(${params}): dyn`, minMaxMacro('max', 'greatest'));
    env.registerFunction(`${m}.least(${params}): dyn`, minMaxMacro('min', 'least'));
  }
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(`${m}.${signature}`, (_ns: unknown, ...args: never[]) => handler(...args));
  fn('ceil(double): double', (x: number) => Math.ceil(x));
  fn('floor(double): double', (x: number) => Math.floor(x));
  fn('round(double): double', roundHalfAwayFromZero);
  fn('trunc(double): double', (x: number) => Math.trunc(x));
  fn('isInf(double): bool', (x: number) => x === Infinity || x === -Infinity);
  fn('isNaN(double): bool', (x: number) => Number.isNaN(x));
  fn('isFinite(double): bool', (x: number) => Number.isFinite(x));
  fn('abs(double): double', (x: number) => Math.abs(x));
  fn('abs(int): int', absInt);
  fn('abs(uint): uint', (x: UnsignedInt) => x);
  fn('sign(double): double', signDouble);
  fn('sign(int): int', (x: bigint) => (x > 0n ? 1n : x < 0n ? -1n : 0n));
  fn('sign(uint): uint', (x: UnsignedInt) => new UnsignedInt(x.valueOf() === 0n ? 0n : 1n));
  fn('bitAnd(int, int): int', (a: bigint, b: bigint) => a & b);
  fn('bitAnd(uint, uint): uint', (a: UnsignedInt, b: UnsignedInt) => uint(a.valueOf() & b.valueOf()));
  fn('bitOr(int, int): int', (a: bigint, b: bigint) => a | b);
  fn('bitOr(uint, uint): uint', (a: UnsignedInt, b: UnsignedInt) => uint(a.valueOf() | b.valueOf()));
  fn('bitXor(int, int): int', (a: bigint, b: bigint) => a ^ b);
  fn('bitXor(uint, uint): uint', (a: UnsignedInt, b: UnsignedInt) => uint(a.valueOf() ^ b.valueOf()));
  fn('bitNot(int): int', (a: bigint) => ~a);
  fn('bitNot(uint): uint', (a: UnsignedInt) => uint(~a.valueOf()));
  fn('bitShiftLeft(int, int): int', bitShiftLeftInt);
  fn('bitShiftLeft(uint, int): uint', (a: UnsignedInt, bits: bigint) => {
    const n = shiftOffset('bitShiftLeft', bits);
    return uint(n >= 64n ? 0n : a.valueOf() << n);
  });
  fn('bitShiftRight(int, int): int', bitShiftRightInt);
  fn('bitShiftRight(uint, int): uint', (a: UnsignedInt, bits: bigint) => {
    const n = shiftOffset('bitShiftRight', bits);
    return uint(n >= 64n ? 0n : a.valueOf() >> n);
  });
  fn('sqrt(double): double', (x: number) => Math.sqrt(x));
  fn('sqrt(int): double', (x: bigint) => Math.sqrt(Number(x)));
  fn('sqrt(uint): double', (x: UnsignedInt) => Math.sqrt(Number(x.valueOf())));
}
