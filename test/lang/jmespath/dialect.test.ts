import { describe, expect, it } from 'vitest';
import {
  BUILTIN_FUNCTIONS,
  ExpRef,
  JmesPathError,
  compileJmesPath,
  lookupFunction,
  markGoTypedSlice,
  parseGoFloat,
  registerFunction,
  toPlainJson,
} from '../../../src/lang/jmespath/index.js';
import { evaluate } from './expectations.js';

const ok = (result: unknown) => ({ result });
const notFound = (key: string) => ({ error: `Unknown key "${key}" in path`, kind: 'notFound' });
const runtime = (error: string) => ({ error, kind: 'runtime' });
const syntax = (error: string) => ({ error, kind: 'syntax' });

describe('NotFound semantics per construct (kyverno/go-jmespath interpreter.go, treeInterpreter.Execute)', () => {
  const data = {
    request: { object: { metadata: {} } },
    a: [
      { b: 1, c: 3 },
      { b: 1 },
      { x: 1 },
    ],
    n: null,
    s: 'str',
    arr: [1],
    obj: { p: { q: 1 }, r: {} },
    'a-b': {},
  };
  it.each<[string, unknown]>([
    ['request.object.metadata.labels.app', notFound('labels')],
    ["request.object.metadata.labels.app || ''", ok('')],
    ['missing', notFound('missing')],
    ['missing[0]', notFound('missing')],
    ['missing[*].b', ok(null)],
    ['missing[].b', ok(null)],
    ['missing[1:].b', ok(null)],
    ['a[*].c', ok([3])],
    ['a[?b==`1`].c', ok([3])],
    ['a[?nope==`1`]', ok([])],
    ['missing[?b]', ok(null)],
    ['missing.*', ok(null)],
    ['obj.*.q', ok([1])],
    ['"a-b".c', notFound('c')],
    ['@.zz', notFound('zz')],
    ['n.b', ok(null)],
    ['s.b', ok(null)],
    ['arr.b', ok(null)],
    ['s[0]', ok(null)],
    ['s[1:]', ok(null)],
    ['missing == `null`', ok(true)],
    ['missing != `null`', ok(false)],
    ['missing < `1`', ok(null)],
    ['missing || missing2', ok(null)],
    ['missing && x', ok(null)],
    ['obj && missing', notFound('missing')],
    ['!missing', ok(true)],
    ['missing | @', ok(null)],
    ['obj | missing', ok(null)],
    ['[missing, obj.p.q]', ok([null, 1])],
    ['{x: missing}', ok({ x: null })],
    ['n.[a]', ok(null)],
    ['n.{a: a}', ok(null)],
    ['length(missing)', runtime('Invalid type for: <nil>, expected: []jmespath.JpType{"string", "array", "object"}')],
    ['map(&b, a)', ok([1, 1, null])],
    ['not_null(missing, s)', ok('str')],
    ['type(missing)', ok('null')],
    ['missing.b || `1`', ok(1)],
  ])('%s', (expression, expected) => {
    expect(evaluate(expression, data)).toEqual(expected);
  });
});

describe('syntax accepted and rejected like go-jmespath', () => {
  it.each<[string, unknown]>([
    ['a > 5', syntax('SyntaxError: Invalid token: tNumber')],
    ['a - b', syntax('SyntaxError: Unexpected token at the end of the expression: tNumber')],
    ['$', syntax("SyntaxError: Unknown char: '$'")],
    ['labels.app-name', syntax('SyntaxError: Unexpected token at the end of the expression: tNumber')],
    ['`foo`', syntax("invalid character 'o' in literal false (expecting 'a')")],
    ['`{a: 1}`', syntax("invalid character 'a' looking for beginning of object key string")],
    ['a.b.', syntax('SyntaxError: Expected identifier, lbracket, or lbrace')],
    ['request..object', syntax('SyntaxError: Expected identifier, lbracket, or lbrace')],
    ["'unterminated", syntax("SyntaxError: Unclosed delimiter: '")],
    ['"unterminated', syntax('SyntaxError: Unclosed delimiter: "')],
    ['`unterminated', syntax('SyntaxError: Unclosed delimiter: `')],
    ['"\\q"', syntax("invalid character 'q' in string escape code")],
    ['"to_string"(`1.0`)', syntax("SyntaxError: Can't have quoted identifier as function Name.")],
    ['[?]', syntax('SyntaxError: Invalid token: tRbracket')],
    ['foo[', syntax('SyntaxError: Expected tStar, received: tEOF')],
    ['foo[1:2:3:4]', syntax('SyntaxError: Expected tRbracket, received: tNumber')],
    ['foo[a]', syntax('SyntaxError: Expected tStar, received: tUnquotedIdentifier')],
    ['{a: b', syntax('SyntaxError: Expected tQuotedIdentifier or tUnquotedIdentifier')],
    ['a = b', syntax('SyntaxError: Unexpected token at the end of the expression: tUnknown')],
    ['a ~ b', syntax("SyntaxError: Unknown char: '~'")],
    ['é', syntax("SyntaxError: Unknown char: '\\u00e9'")],
    ['\u{1F600}', syntax("SyntaxError: Unknown char: '\\U0001f600'")],
    ['', syntax('SyntaxError: Incomplete expression')],
    ['foo[-]', syntax('strconv.Atoi: parsing "-": invalid syntax')],
    ['foo[99999999999999999999]', syntax('strconv.Atoi: parsing "99999999999999999999": value out of range')],
  ])('%j', (expression, expected) => {
    expect(evaluate(expression, {})).toEqual(expected);
  });

  it.each<[string, unknown, unknown]>([
    ["'a\\\\.b'", {}, ok('a\\\\.b')],
    ["'it\\'s \\'x\\''", {}, ok("it's 'x'")],
    ["'\\d'", {}, ok('\\d')],
    ['`"\\u00e9"`', {}, ok('é')],
    ['` {"a": [1]} `', {}, ok({ a: [1] })],
    ['`"a\\`b"`', {}, ok('a`b')],
    ['"a-b"', { 'a-b': 1 }, ok(1)],
    ['f(a b)', { a: 1 }, runtime('unknown function: f')],
    ['{a: `1` b: `2`}', {}, ok({ a: 1, b: 2 })],
    ['[:::]', [1, 2], ok([1, 2])],
    ['[0', [7], runtime('Unknown AST node: ASTEmpty')],
    ["'length'(@)", 'abc', ok(3)],
    ['`1`(@)', {}, runtime('interface conversion: interface {} is float64, not string')],
  ])('%j', (expression, data, expected) => {
    expect(evaluate(expression, data)).toEqual(expected);
  });
});

describe('Go value semantics', () => {
  it.each<[string, unknown, unknown]>([
    ['`1` == `1.0`', {}, ok(true)],
    ['`[1, {"a": 2}]` == `[1.0, {"a": 2}]`', {}, ok(true)],
    ['`{"a": 1}` == `{"a": 1, "b": null}`', {}, ok(false)],
    ["'a' < 'b'", {}, ok(null)],
    ['`true` < `false`', {}, ok(null)],
    ['`2` >= `1`', {}, ok(true)],
    ['i == `0`', { i: 0n }, ok(false)],
    ['i == j', { i: 0n, j: 0n }, ok(true)],
    ['i < `1`', { i: 0n }, ok(null)],
    ['type(i)', { i: 1n }, runtime('unknown type')],
    ['abs(i)', { i: 1n }, runtime('Invalid type for: 1, expected: []jmespath.JpType{"number"}')],
    ['i && `1`', { i: 0n }, ok(1)],
    ['`0` && `2`', {}, ok(2)],
    ["'' || `[]` || `{}` || `false` || `0`", {}, ok(0)],
    ['t == `[{"k": "a"}]`', { t: markGoTypedSlice([{ k: 'a' }]) }, ok(false)],
    ['type(t)', { t: markGoTypedSlice([{ k: 'a' }]) }, runtime('unknown type')],
    ['length(t)', { t: markGoTypedSlice([{ k: 'a' }]) }, ok(1)],
    ['t[0].k', { t: markGoTypedSlice([{ k: 'a' }]) }, ok('a')],
    ['t[].k', { t: markGoTypedSlice([{ k: 'a' }]) }, ok(['a'])],
    ['to_array(t)', { t: markGoTypedSlice([]) }, ok([[]])],
  ])('%s', (expression, data, expected) => {
    expect(evaluate(expression, data)).toEqual(expected);
  });

  it('evaluates a value projection on len(m) nulls first, as go-jmespath does', () => {
    expect(evaluate('*.to_string(@)', { a: 1, b: 'x' })).toEqual(ok(['null', 'null', '1', 'x']));
    expect(evaluate('*.length(@)', { a: 'x' })).toEqual(
      runtime('Invalid type for: <nil>, expected: []jmespath.JpType{"string", "array", "object"}'),
    );
  });

  it('converts Go-only values to decoded JSON', () => {
    const typed = markGoTypedSlice([{ i: 2n }]);
    const plain = toPlainJson({ a: 1n, b: typed, c: [1, 'x'] }) as { b: unknown[] };
    expect(plain).toEqual({ a: 1, b: [{ i: 2 }], c: [1, 'x'] });
    expect(plain.b).not.toBe(typed);
    const untouched = { a: [1, { b: 'c' }] };
    expect(toPlainJson(untouched)).toBe(untouched);
  });
});

describe('built-in functions (Kyverno fork)', () => {
  const people = [
    { age: 20, name: 'a', extra: 'foo' },
    { age: 40, name: 'b' },
    { age: 30, name: 'c', extra: 'bar' },
  ];
  it.each<[string, unknown, unknown]>([
    ["length('é😀')", {}, ok(2)],
    ["reverse('ab😀')", {}, ok('😀ba')],
    ['sort(`["b", "a", "B", "é", "\\uffff", "😀"]`)', {}, ok(['B', 'a', 'b', 'é', '\uffff', '😀'])],
    ['sort(`[3, 1, 2]`)', {}, ok([1, 2, 3])],
    ['sort(`[1, "a"]`)', {}, runtime('Invalid type for: [1 a], expected: []jmespath.JpType{"array[string]", "array[number]"}')],
    ['max(`[]`)', {}, ok(null)],
    ["max(`[\"a\", \"b\"]`)", {}, ok('b')],
    ['min_by(p, &age).name', { p: people }, ok('a')],
    ['max_by(p, &extra)', { p: people }, runtime('invalid type, must be string')],
    ['sort_by(p, &extra)', { p: people }, runtime('error in sort_by comparison')],
    ['sort_by(p, &age)[].name', { p: people }, ok(['a', 'c', 'b'])],
    ['sort_by(p, &name)[].age', { p: people }, ok([20, 40, 30])],
    ['sort_by(p, &missing)', { p: people }, runtime('invalid type, must be number of string')],
    ['map(&extra, p)', { p: people }, ok(['foo', null, 'bar'])],
    ['merge()', {}, runtime('Invalid arity.')],
    ["merge(`{}`, 'x')", {}, runtime('interface conversion: interface {} is string, not map[string]interface {}')],
    ['merge(`{"a": 1}`, `{"a": 2, "b": 3}`)', {}, ok({ a: 2, b: 3 })],
    ['length()', {}, runtime('incorrect number of args')],
    ['length(`1`, `2`)', {}, runtime('incorrect number of args')],
    ['abs(`"1"`)', {}, runtime('Invalid type for: 1, expected: []jmespath.JpType{"number"}')],
    ['join(`","`, `[1, 2]`)', {}, runtime('Invalid type for: [1 2], expected: []jmespath.JpType{"array[string]"}')],
    ['keys(`{"a": {"b": [1, 1e6, 1e-5, true]}}`.a)', {}, ok(['b'])],
    ['to_string(`{"b": 1, "a": "<&>"}`)', {}, ok('{"a":"\\u003c\\u0026\\u003e","b":1}')],
    ['to_string(`1.5e-7`)', {}, ok('1.5e-7')],
    ['to_string(`1e23`)', {}, ok('1e+23')],
    ['to_string(i)', { i: 3n }, ok('3')],
    ["contains('abc', 'b')", {}, ok(true)],
    ["contains('abc', `1`)", {}, ok(false)],
    ['contains(`[1, "a"]`, `1.0`)', {}, ok(true)],
    ['contains(`[{"a": 1}]`, `"a"`)', {}, ok(false)],
    ['contains(`[{"a": 1}]`, `{"a": 1}`)', {}, runtime('runtime error: comparing uncomparable type map[string]interface {}')],
    ['contains(`[[1]]`, `[1]`)', {}, runtime('runtime error: comparing uncomparable type []interface {}')],
    ['a || nofn(`1`)', { a: 1 }, ok(1)],
    ['nofn(`1`)', {}, runtime('unknown function: nofn')],
    ['nofn(missing.x)', {}, runtime('unknown function: nofn')],
    ['avg(`[]`)', {}, ok(NaN)],
    ['ceil(`-0.5`)', {}, ok(-0)],
    ['floor(`1.5`)', {}, ok(1)],
    ['starts_with(`"abc"`, `"ab"`)', {}, ok(true)],
    ['ends_with(`"abc"`, `"bc"`)', {}, ok(true)],
    ['to_array(`1`)', {}, ok([1])],
    ['values(`{"a": 1}`)', {}, ok([1])],
    ['type(`true`)', {}, ok('boolean')],
    ['type(&a)', {}, runtime('unknown type')],
  ])('%s', (expression, data, expected) => {
    expect(evaluate(expression, data)).toEqual(expected);
  });

  it.each<[string, number | null]>([
    ['4', 4],
    ['1e3', 1000],
    ['+5', 5],
    ['.5', 0.5],
    ['5.', 5],
    ['1_000', 1000],
    ['0x1p-2', 0.25],
    ['0x10', null],
    ['1__0', null],
    ['_1', null],
    [' 12', null],
    ['', null],
    ['abc', null],
    ['1e400', null],
    ['1e-400', 0],
    ['inf', Infinity],
    ['-Infinity', -Infinity],
    ['+nan', null],
  ])('to_number(%j) and parseGoFloat', (input, expected) => {
    expect(parseGoFloat(input)).toEqual(expected);
    expect(evaluate('to_number(s)', { s: input })).toEqual(ok(expected));
  });

  it('parses NaN like Go', () => {
    expect(parseGoFloat('NaN')).toBeNaN();
  });
});

describe('function registry', () => {
  it('calls registered functions with checked arguments', () => {
    registerFunction({
      name: 'test_concat',
      args: [{ types: ['string'] }, { types: ['string', 'number'] }],
      handler: ([a, b]) => `${String(a)}${String(b)}`,
    });
    expect(evaluate("test_concat('a', `1`)", {})).toEqual(ok('a1'));
    expect(evaluate('test_concat(`1`, `1`)', {})).toEqual(
      runtime('Invalid type for: 1, expected: []jmespath.JpType{"string"}'),
    );
  });

  it('accepts any arguments for a function declared without parameters', () => {
    registerFunction({ name: 'test_any_args', args: [], handler: (args) => args.length });
    expect(evaluate("test_any_args('a', `1`, missing)", {})).toEqual(ok(3));
  });

  it('passes exprefs and reports handler errors as runtime errors', () => {
    registerFunction({
      name: 'test_apply',
      args: [{ types: ['expref'] }, { types: ['any'] }],
      handler: ([ref, value]) => {
        if (value === 0) throw new Error("JMESPath function 'test_apply': Zero divisor passed");
        return (ref as ExpRef).evaluate(value);
      },
    });
    expect(evaluate('test_apply(&a.b, `{"a": {"b": 2}}`)', {})).toEqual(ok(2));
    expect(evaluate('test_apply(&a.missing, `{"a": {}}`)', {})).toEqual(ok(null));
    expect(evaluate('test_apply(&a, `0`)', {})).toEqual(runtime("JMESPath function 'test_apply': Zero divisor passed"));
  });

  it('lets a function replace a built-in', () => {
    const builtinAbs = lookupFunction('abs')!;
    expect(BUILTIN_FUNCTIONS).toContain(builtinAbs);
    registerFunction({ name: 'abs', args: [{ types: ['number'] }], handler: () => 'replaced' });
    try {
      expect(evaluate('abs(`-1`)', {})).toEqual(ok('replaced'));
    } finally {
      registerFunction(builtinAbs);
    }
    expect(evaluate('abs(`-1.5`)', {})).toEqual(ok(1.5));
  });

  it("replaces the built-in sum with Kyverno's, which also adds quantities", () => {
    expect(BUILTIN_FUNCTIONS.map((definition) => definition.name)).toContain('sum');
    expect(BUILTIN_FUNCTIONS).not.toContain(lookupFunction('sum'));
    expect(evaluate("sum(['1Gi', '512Mi'])", {})).toEqual(ok('1536Mi'));
  });
});

describe('compilation cache', () => {
  it('compiles each expression text once', () => {
    expect(compileJmesPath('a.b')).toBe(compileJmesPath('a.b'));
  });

  it('keeps failing on a bad expression with the same error', () => {
    const first = (() => {
      try {
        compileJmesPath('a.[');
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(first).toBeInstanceOf(JmesPathError);
    expect(() => compileJmesPath('a.[')).toThrow(first as Error);
  });

  it('freezes JSON literals shared by all searches', () => {
    const literal = compileJmesPath('`{"a": [1]}`').search(null) as { a: number[] };
    expect(Object.isFrozen(literal)).toBe(true);
    expect(Object.isFrozen(literal.a)).toBe(true);
  });
});

describe('deterministic expressions (results that depend on the data alone)', () => {
  it.each<[string, boolean]>([
    ['items[].metadata.name', true],
    ["items[?label_match(spec.selector, `{\"a\": \"b\"}`)] | length(@)", true],
    ['{a: keys(@), b: [to_string(x)]}', true],
    ['time_now()', false],
    ['time_now_utc()', false],
    ["time_since('', '2021-01-02T15:04:05Z', '')", false],
    ["items[?name == random('[a-z]{3}')]", false],
    ['map(&time_now_utc(), items)', false],
  ])('%s: %s', (expression, deterministic) => {
    expect(compileJmesPath(expression).deterministic).toBe(deterministic);
  });
});

