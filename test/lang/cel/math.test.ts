import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { compileError, evaluate, looseEnv, strictEnv } from './run.js';

/** cel-go ext/math_test.go `TestMath` (ext.Math, latest version). */
const celGoVectors: string[] = [
  "math.least(-0.5) == -0.5",
  "math.least(-1) == -1",
  "math.least(1u) == 1u",
  "math.least(42.0, -0.5) == -0.5",
  "math.least(-1, 0) == -1",
  "math.least(-1, -1) == -1",
  "math.least(1u, 42u) == 1u",
  "math.least(42.0, -0.5, -0.25) == -0.5",
  "math.least(-1, 0, 1) == -1",
  "math.least(-1, -1, -1) == -1",
  "math.least(1u, 42u, 0u) == 0u",
  "math.least(1, 1.0) == 1",
  "math.least(1, -2.0) == -2.0",
  "math.least(2, 1u) == 1u",
  "math.least(1.5, 2) == 1.5",
  "math.least(1.5, -2) == -2",
  "math.least(2.5, 1u) == 1u",
  "math.least(1u, 2) == 1u",
  "math.least(1u, -2) == -2",
  "math.least(2u, 2.5) == 2u",
  "math.least(1u, dyn(42)) == 1",
  "math.least(1u, dyn(42), dyn(0.0)) == 0u",
  "math.least([1u, 42u, 0u]) == 0u",
  "math.greatest(-0.5) == -0.5",
  "math.greatest(-1) == -1",
  "math.greatest(1u) == 1u",
  "math.greatest(42.0, -0.5) == 42.0",
  "math.greatest(-1, 0) == 0",
  "math.greatest(-1, -1) == -1",
  "math.greatest(1u, 42u) == 42u",
  "math.greatest(42.0, -0.5, -0.25) == 42.0",
  "math.greatest(-1, 0, 1) == 1",
  "math.greatest(-1, -1, -1) == -1",
  "math.greatest(1u, 42u, 0u) == 42u",
  "math.greatest(1, 1.0) == 1",
  "math.greatest(1, -2.0) == 1",
  "math.greatest(2, 1u) == 2",
  "math.greatest(1.5, 2) == 2",
  "math.greatest(1.5, -2) == 1.5",
  "math.greatest(2.5, 1u) == 2.5",
  "math.greatest(1u, 2) == 2",
  "math.greatest(1u, -2) == 1u",
  "math.greatest(2u, 2.5) == 2.5",
  "math.greatest(1u, dyn(42)) == 42.0",
  "math.greatest(1u, dyn(0.0), 0u) == 1",
  "math.greatest([1u, dyn(0.0), 0u]) == 1",
  "math.bitAnd(1, 2) == 0",
  "math.bitAnd(1, -1) == 1",
  "math.bitAnd(1, 3) == 1",
  "math.bitOr(1, 2) == 3",
  "math.bitXor(1, 3) == 2",
  "math.bitXor(3, 5) == 6",
  "math.bitNot(1) == -2",
  "math.bitNot(0) == -1",
  "math.bitNot(-1) == 0",
  "math.bitShiftLeft(1, 2) == 4",
  "math.bitShiftLeft(1, 200) == 0",
  "math.bitShiftLeft(-1, 200) == 0",
  "math.bitShiftRight(1024, 2) == 256",
  "math.bitShiftRight(1024, 64) == 0",
  "math.bitShiftRight(-1024, 3) == 2305843009213693824",
  "math.bitShiftRight(-1024, 64) == 0",
  "math.bitAnd(1u, 2u) == 0u",
  "math.bitAnd(1u, 3u) == 1u",
  "math.bitOr(1u, 2u) == 3u",
  "math.bitXor(1u, 3u) == 2u",
  "math.bitXor(3u, 5u) == 6u",
  "math.bitNot(1u) == 18446744073709551614u",
  "math.bitNot(0u) == 18446744073709551615u",
  "math.bitShiftLeft(1u, 2) == 4u",
  "math.bitShiftLeft(1u, 200) == 0u",
  "math.bitShiftRight(1024u, 2) == 256u",
  "math.bitShiftRight(1024u, 64) == 0u",
  "math.isNaN(0.0/0.0)",
  "!math.isNaN(1.0/0.0)",
  "math.isFinite(1.0/1.5)",
  "!math.isFinite(1.0/0.0)",
  "math.isInf(1.0/0.0)",
  "math.ceil(1.2) == 2.0",
  "math.ceil(-1.2) == -1.0",
  "math.floor(1.2) == 1.0",
  "math.floor(-1.2) == -2.0",
  "math.round(1.2) == 1.0",
  "math.round(1.5) == 2.0",
  "math.round(-1.5) == -2.0",
  "math.isNaN(math.round(0.0/0.0))",
  "math.round(-1.2) == -1.0",
  "math.trunc(-1.3) == -1.0",
  "math.trunc(1.3) == 1.0",
  "math.sign(-42) == -1",
  "math.sign(0) == 0",
  "math.sign(42) == 1",
  "math.sign(0u) == 0u",
  "math.sign(42u) == 1u",
  "math.sign(-0.3) == -1.0",
  "math.sign(0.0) == 0.0",
  "math.isNaN(math.sign(0.0/0.0))",
  "math.sign(1.0/0.0) == 1.0",
  "math.sign(-1.0/0.0) == -1.0",
  "math.sign(0.3) == 1.0",
  "math.abs(-1) == 1",
  "math.abs(1) == 1",
  "math.abs(-234.5) == 234.5",
  "math.abs(234.5) == 234.5",
  "math.sqrt(49.0) == 7.0",
  "math.sqrt(0) == 0.0",
  "math.sqrt(1) == 1.0",
  "math.sqrt(25u) == 5.0",
  "math.sqrt(82) == 9.055385138137417",
  "math.sqrt(985.25) == 31.388692231439016",
  "math.isNaN(math.sqrt(-15.34))",
];

const env = createCelEnvironment({ variables: { a: 'dyn', b: 'dyn', numbers: 'list<double>' } });

describe('ext.Math (cel-go ext/math.go)', () => {
  it.each(celGoVectors)('%s', (expression) => {
    // cel-go's ext tests run without the homogeneous-literal rule (`math.least(1u, dyn(42), dyn(0.0))`).
    expect(evaluate(looseEnv, expression)).toEqual({ ok: true, value: true });
  });

  const withVariables: [string, Record<string, unknown>][] = [
    ['math.least(a, b) == a', { a: 1n, b: 2n }],
    ['math.least(numbers) == dyn(a)', { a: -21n, numbers: [-21.0, -10.5, 1.0] }],
    ['math.greatest(a, b) == b', { a: 1n, b: 2n }],
    ['math.greatest(numbers) == dyn(a)', { a: 1n, numbers: [-21.0, -10.5, 1.0] }],
    // JSON numbers are doubles; mixed with ints they compare by value.
    ['math.greatest(a, 2) == 3', { a: 3 }],
    ['math.least(a) == -1.5', { a: [3, -1.5, 2] }],
  ];
  it.each(withVariables)('%s', (expression, activation) => {
    expect(evaluate(env, expression, activation)).toEqual({ ok: true, value: true });
  });

  const values: [string, unknown][] = [
    ['math.round(2.5)', 3],
    ['math.round(-2.5)', -3],
    ['math.round(0.49999999999999994)', 0],
    ['math.bitShiftLeft(1, 63)', -(2n ** 63n)],
    ['math.bitShiftLeft(3, 63)', -(2n ** 63n)],
    ['math.bitShiftLeft(1, 1000000000000)', 0n],
    ['math.bitShiftRight(-1, 1)', 2n ** 63n - 1n],
    ['math.sign(-0.0)', 0],
    ['math.sqrt(-1.0)', Number.NaN],
    ['math.least(1, 1.0)', 1n],
    ['math.greatest(1.0, 1)', 1],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(evaluate(strictEnv, expression)).toEqual({ ok: true, value });
  });

  /** cel-go `TestMathStaticErrors`, plus type errors of the checker. */
  const compileErrors: [string, string][] = [
    ['math.least()', 'no matching overload'],
    ["math.least('hello')", 'math.least() invalid single argument value'],
    ['math.least({})', 'math.least() invalid single argument value'],
    ['math.least(1, true)', 'math.least() simple literal arguments must be numeric'],
    ['math.least(1, 2, true)', 'math.least() simple literal arguments must be numeric'],
    ['math.greatest()', 'no matching overload'],
    ['math.greatest(true)', 'math.greatest() invalid single argument value'],
    ['math.greatest([])', 'math.greatest() invalid single argument value'],
    ['math.greatest([1, true])', 'math.greatest() invalid single argument value'],
    ['math.greatest(1, true)', 'math.greatest() simple literal arguments must be numeric'],
    ['math.greatest(1, 2, true)', 'math.greatest() simple literal arguments must be numeric'],
    // Three or more arguments are a list literal: with Kyverno's homogeneous literals, of one type.
    ['math.greatest(1, 2.0, 3)', "expected type 'int' but found 'double'"],
    ["math.greatest(1, 'a'.size(), [1][0], 'b')", 'simple literal arguments must be numeric'],
    ["math.greatest(x, 1)", 'Unknown variable: x'],
    ["math.greatest('a'.size(), 'b')", 'simple literal arguments must be numeric'],
    ["math.greatest(''.size(), ''.startsWith(''))", 'no matching overload'],
    ['math.ceil(1)', 'no matching overload'],
    ['math.isNaN(1)', 'no matching overload'],
    ['math.bitAnd(1, 1u)', 'no matching overload'],
    ['math.sqrt("4")', 'no matching overload'],
  ];
  it.each(compileErrors)('%s is a compile error', (expression, message) => {
    expect(compileError(strictEnv, expression)?.message).toContain(message);
  });

  /** cel-go `TestMathRuntimeErrors`. */
  const runtimeErrors: [string, string, Record<string, unknown>?][] = [
    ['math.least(a, b)', 'no such overload: math.@min', { a: [], b: 1n }],
    ['math.least(b, a)', 'no such overload: math.@min', { a: [], b: 1n }],
    ['math.least(a)', 'math.@min(list) argument must not be empty', { a: [] }],
    ['math.least(a)', 'no such overload: math.@min', { a: ['hello'] }],
    ['math.least(a)', 'no such overload: math.@min', { a: [[], []] }],
    ['math.least(a)', 'no such overload: math.@min', { a: [1n, true, 2n] }],
    ["math.least(dyn('string'))", 'no such overload: math.@min'],
    ['math.greatest(a, b)', 'no such overload: math.@max', { a: [], b: 1n }],
    ['math.greatest(b, a)', 'no such overload: math.@max', { a: [], b: 1n }],
    ['math.greatest(a)', 'math.@max(list) argument must not be empty', { a: [] }],
    ['math.greatest(a)', 'no such overload: math.@max', { a: [true] }],
    ['math.greatest(a)', 'no such overload: math.@max', { a: [1n, true, 2n] }],
    ["math.greatest(dyn('string'))", 'no such overload: math.@max'],
    ['math.bitShiftLeft(1, -2) == 4', 'math.bitShiftLeft() negative offset'],
    ['math.bitShiftLeft(1u, -2) == 0u', 'math.bitShiftLeft() negative offset'],
    ['math.bitShiftRight(-1024, -3) == -128', 'math.bitShiftRight() negative offset'],
    ['math.bitShiftRight(1024u, -4) == 1u', 'math.bitShiftRight() negative offset'],
    ['math.abs(-9223372036854775808)', 'overflow'],
    ['math.bitOr(dyn(1.2), 1)', 'math.bitOr(double, int)'],
    ["math.bitAnd(2u, dyn(''))", 'math.bitAnd(uint, string)'],
    ['math.bitXor(dyn(1), dyn(1u))', 'math.bitXor(int, uint)'],
    ['math.bitNot(dyn([1]))', 'math.bitNot(list'],
    ['math.isInf(dyn(1u))', 'math.isInf(uint)'],
    ['math.isFinite(dyn(1u))', 'math.isFinite(uint)'],
    ['math.isNaN(dyn(1u))', 'math.isNaN(uint)'],
    ["math.sign(dyn(''))", 'math.sign(string)'],
    ["math.abs(dyn(''))", 'math.abs(string)'],
    ["math.ceil(dyn(''))", 'math.ceil(string)'],
    ["math.floor(dyn(''))", 'math.floor(string)'],
    ['math.round(dyn(1))', 'math.round(int)'],
    ['math.trunc(dyn(1u))', 'math.trunc(uint)'],
    ["math.sqrt(dyn(''))", 'math.sqrt(string)'],
  ];
  it.each(runtimeErrors)('%s is a runtime error', (expression, message, activation = {}) => {
    const result = evaluate(env, expression, activation);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain(message);
      expect(result.error.end).toBeGreaterThan(result.error.start);
    }
  });
});

describe('libraries adding overloads to a namespace', () => {
  it('can add Kyverno-style math.round(double, int) next to cel-go math.round(double)', () => {
    const withRound = createCelEnvironment({
      libraries: [
        (e) => {
          e.registerFunction('math.round(double, int): double', (_ns: unknown, x: number, digits: bigint) => {
            const scale = 10 ** Number(digits);
            return (Math.sign(x) * Math.round(Math.abs(x) * scale)) / scale;
          });
        },
      ],
    });
    expect(evaluate(withRound, 'math.round(1.2345, 2)')).toEqual({ ok: true, value: 1.23 });
    expect(evaluate(withRound, 'math.round(1.5)')).toEqual({ ok: true, value: 2 });
    // The base environment is unchanged.
    expect(compileError(strictEnv, 'math.round(1.2345, 2)')?.message).toMatch(/no matching overload/);
  });
});
