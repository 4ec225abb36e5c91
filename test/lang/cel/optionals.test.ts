import { Optional } from '@marcbachmann/cel-js';
import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { findOptionalEntryMarkers } from '../../../src/lang/cel/optionals.js';
import { compileError, evaluate, strictEnv } from './run.js';

const env = createCelEnvironment({ variables: { object: 'dyn', m: 'map<string, int>', l: 'list<int>' } });
const activation = { object: { metadata: { labels: { app: 'web' } }, spec: { ports: [80] } }, m: { a: 1n }, l: [1n, 2n] };

describe('optional types (cel-go cel/library.go, optionalLib)', () => {
  /** Vectors of cel-go's optional tests (cel/cel_test.go `TestOptionalValues`, library.go examples). */
  const values: [string, unknown][] = [
    ['optional.of(1).hasValue()', true],
    ['optional.none().hasValue()', false],
    ['optional.of(1).value()', 1n],
    ["optional.ofNonZeroValue('').hasValue()", false],
    ["optional.ofNonZeroValue('hello').value()", 'hello'],
    ['optional.ofNonZeroValue(null).hasValue()', false],
    ['optional.ofNonZeroValue(0).hasValue()', false],
    ['optional.ofNonZeroValue(0u).hasValue()', false],
    ['optional.ofNonZeroValue(0.0).hasValue()', false],
    ['optional.ofNonZeroValue(false).hasValue()', false],
    ['optional.ofNonZeroValue([]).hasValue()', false],
    ['optional.ofNonZeroValue({}).hasValue()', false],
    ["optional.ofNonZeroValue(b'').hasValue()", false],
    ["optional.ofNonZeroValue(duration('0s')).hasValue()", false],
    ['optional.ofNonZeroValue([1, 2, 3]).value()', [1n, 2n, 3n]],
    ['optional.ofNonZeroValue(object.spec).hasValue()', true],
    ['optional.none().or(optional.of(1)).value()', 1n],
    ['optional.of(2).or(optional.of(1)).value()', 2n],
    ['optional.none().orValue(3)', 3n],
    ['l[?1].value()', 2n],
    ['l[?5].hasValue()', false],
    ["m[?'a'].value()", 1n],
    ["m[?'b'].orValue(0)", 0n],
    ["object.?metadata.?labels.?app.orValue('none')", 'web'],
    ["object.?metadata.?annotations.?x.orValue('none')", 'none'],
    ["{'hello': 'world'}[?'hello'].orValue('you')", 'world'],
    // Equality of optionals (cel-go `Optional.Equal`).
    ['optional.of(1) == optional.of(1)', true],
    ['optional.of(1) == optional.of(2)', false],
    ['optional.none() == optional.none()', true],
    ['optional.of(1) != optional.none()', true],
    ["optional.of([1]) == optional.of([1])", true],
    // optMap / optFlatMap (version 1).
    ['optional.of(2).optMap(x, x * 3).value()', 6n],
    ['optional.none().optMap(i, i * 2).hasValue()', false],
    ["object.?metadata.?labels.?app.optMap(id, 'dev.' + id).value()", 'dev.web'],
    ["{'key': {}}.?key.optFlatMap(k, k.?subkey).hasValue()", false],
    ["{'key': {'subkey': 'value'}}.?key.optFlatMap(k, k.?subkey).value()", 'value'],
    // first / last / unwrap (version 2).
    ['[1, 2, 3].first().value()', 1n],
    ['[1, 2, 3].last().value()', 3n],
    ['[].first().hasValue()', false],
    ['[].last() == optional.none()', true],
    ['object.spec.ports.first().value()', 80],
    ['optional.unwrap([optional.of(42), optional.none()])', [42n]],
    ['[optional.of(42), optional.none()].unwrapOpt()', [42n]],
    // Optional entries in literals (cel-go parser.EnableOptionalSyntax).
    ['[1, ?optional.none(), ?optional.of(3)]', [1n, 3n]],
    ['[?l[?0], ?l[?9]]', [1n]],
    ["[?optional.ofNonZeroValue(''), 'x']", ['x']],
    ["{?'a': optional.of(1), 'b': 2, ?'c': optional.none()}", { a: 1n, b: 2n }],
    ["{?'app': object.?metadata.?labels.?app, ?'tier': object.?metadata.?labels.?tier}", { app: 'web' }],
    ['[?optional.none()]', []],
    ['[ ? optional.of(1)]', [1n]],
    // Not optional entries: ternaries, optional field and index syntax, strings.
    ["true ? [1] : [2]", [1n]],
    ["'[?x]' + \"{?'k': 1}\"", "[?x]{?'k': 1}"],
    ['1 in [?optional.of(1)]', true],
    ['[l[?0]][0].value()', 1n],
    ["[[?optional.of(1)], [?optional.none()]]", [[1n], []]],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(evaluate(env, expression, activation)).toEqual({ ok: true, value });
  });

  it('types literals with optional entries by the optionals\' value types', () => {
    const compiled = env.compile("[?optional.of('a'), 'b']");
    expect(compiled.ok && compiled.program.outputType).toBe('list<string>');
    const map = env.compile("{?'a': optional.of(1)}");
    expect(map.ok && map.program.outputType).toBe('map<string, int>');
  });

  const compileErrors: [string, RegExp, number, number][] = [
    ['[?1]', /optional entry must be an optional, got 'int'/, 2, 3],
    ["{?'a': 1}", /optional entry must be an optional, got 'int'/, 7, 8],
    ["[?optional.of(1), 'a']", /List elements must have the same type, expected type 'int' but found 'string'/, 18, 21],
    ['size(?l)', /Unexpected token/, 5, 6],
    ['[1, 2].size(1, ?l)', /Unexpected token: '\?'/, 15, 16],
    ['optional.of(1).or(1)', /must be optional/, 18, 19],
    ['optional.of(2).optFlatMap(x, x)', /optFlatMap\(\) expression must be optional/, 29, 30],
    ['optional.of(2).optMap(x.y, x)', /simple identifier/, 24, 25],
    ['[1].optMap(x, x)', /no matching overload/, 0, 3],
    ['optional.unwrap([1])', /no matching overload/, 0, 20],
  ];
  it.each(compileErrors)('%s is a compile error', (expression, message, start, end) => {
    const error = compileError(strictEnv, expression) ?? compileError(env, expression);
    expect(error?.message).toMatch(message);
    expect([error?.start, error?.end]).toEqual([start, end]);
  });

  const runtimeErrors: [string, RegExp][] = [
    ['optional.none().value()', /Optional value is not present/],
    ['[?dyn(1)]', /optional entry must be an optional/],
    ['optional.unwrap(dyn([1]))', /is not optional|no matching overload/],
    ['dyn(1).optMap(x, x)', /receiver must be optional/],
  ];
  it.each(runtimeErrors)('%s is a runtime error', (expression, message) => {
    const result = evaluate(env, expression, activation);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
  });
});

describe('findOptionalEntryMarkers', () => {
  const cases: [string, number[]][] = [
    ['[?a]', [1]],
    ['[a, ?b]', [4]],
    ['{?a: b}', [1]],
    ['{a: b, ?c: d}', [7]],
    ['x in [?a]', [6]],
    // Optional index and field selection, ternaries: not entries.
    ['l[?0]', []],
    ['a.?b', []],
    ['a ? b : c', []],
    ['f(x)[?0]', []],
    ["'[?a]'", []],
    ["r'[?a]' + \"\"\"[?\"\"\"", []],
    ['[1] // [?a]\n', []],
    ['[1.5, ?x]', [6]],
  ];
  it.each(cases)('%s', (source, markers) => {
    expect(findOptionalEntryMarkers(source)).toEqual(markers);
  });
});

describe('cel-go cel/cel_test.go TestOptionalValuesEval (the vectors without proto messages and has() on literals)', () => {
  const optEnv = createCelEnvironment({
    homogeneousAggregateLiterals: false,
    variables: { m: 'map<string, map<string, string>>', x: 'optional<int>', y: 'optional<int>', z: 'int' },
  });
  const none = Optional.none();
  const cases: [string, Record<string, unknown>, unknown][] = [
    ['{}.?invalid', {}, none],
    ["{'null_field': dyn(null)}.?null_field", {}, Optional.of(null)],
    ["{'null_field': dyn(null)}.?null_field.?nested", {}, none],
    ["{'zero_field': dyn(0)}.?zero_field.?invalid", {}, none],
    ['{0: dyn(0)}[?0].?invalid', {}, none],
    ['{true: dyn(0)}[?false].?invalid', {}, none],
    ['x.or(y).orValue(z)', { x: none, y: none, z: 42n }, 42n],
    ['x.optMap(y, y + 1)', { x: none }, none],
    ['m.?key.optFlatMap(k, k.?subkey)', { m: {} }, none],
    ['m.?key.optFlatMap(k, k.?subkey)', { m: { key: {} } }, none],
    ['m.?key.optFlatMap(k, k.?subkey)', { m: { key: { subkey: 'subvalue' } } }, Optional.of('subvalue')],
    ['m.?key.optFlatMap(k, k.?subkey)', { m: { key: { subkey: '' } } }, Optional.of('')],
    ['m.?key.optFlatMap(k, optional.ofNonZeroValue(k.subkey))', { m: { key: { subkey: '' } } }, none],
    ['x.optMap(y, y + 1)', { x: Optional.of(42n) }, Optional.of(43n)],
    ['optional.ofNonZeroValue(z).or(optional.of(10)).value() == 42', { z: 42n }, true],
    ['(has(m.x) ? optional.of(m.x) : optional.none()).hasValue()', { m: {} }, false],
    ['[?m.?c, ?x, ?y]', { m: { c: { a: 'b' } }, x: none, y: Optional.of(1n) }, [{ a: 'b' }, 1n]],
    // cel-go's `optional.unwrap([])` is left out: cel-js does not bind `list<optional<A>>` to an empty literal's type.
    ['optional.unwrap([optional.none(), optional.none()])', {}, []],
    ["optional.unwrap([optional.of(42), optional.none(), optional.of('a')])", {}, [42n, 'a']],
    ['[optional.none(), optional.none()].unwrapOpt()', {}, []],
    ["[optional.of(42), optional.none(), optional.of('a')].unwrapOpt()", {}, [42n, 'a']],
    ['optional.of(optional.of(1)) != dyn(optional.of(1))', {}, true],
  ];
  it.each(cases)('%s', (expression, values, value) => {
    expect(evaluate(optEnv, expression, values)).toEqual({ ok: true, value });
  });

  it.each(['optional.of(1/0).orValue(2)', 'dyn(1).or(optional.of(2))'])('%s is a runtime error', (expression) => {
    expect(evaluate(optEnv, expression).ok).toBe(false);
  });
});
