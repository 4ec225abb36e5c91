import { describe, expect, it } from 'vitest';
import { COST_LIMIT_EXCEEDED } from '../../../src/lang/cel/budget.js';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { compileError, evaluate, strictEnv } from './run.js';

/**
 * cel-go ext/comprehensions_test.go `TestTwoVarComprehensions`, except the vectors that use string `reverse()`
 * (ext.Strings version 3; Kyverno enables version 2).
 */
const celGoVectors: string[] = [
  '[1, 2, 3, 4].all(i, v, i < 5 && v > 0)',
  '[1, 2, 3, 4].all(i, v, i < v)',
  '[1, 2, 3, 4].all(i, v, i > v) == false',
  `cel.bind(listA, [1, 2, 3, 4],
   cel.bind(listB, [1, 2, 3, 4, 5],
     listA.all(i, v, listB[?i].hasValue() && listB[i] == v)
   ))`,
  `cel.bind(listA, [1, 2, 3, 4, 5, 6],
   cel.bind(listB, [1, 2, 3, 4, 5],
     listA.all(i, v, listB[?i].hasValue() && listB[i] == v)
   )) == false`,
  `cel.bind(l, ['hello', 'world', 'hello!', 'worlds'],
     l.exists(i, v,
       v.startsWith('hello') && l[?(i+1)].optMap(next, next.endsWith('world')).orValue(false)
     )
   )`,
  `cel.bind(l, ['hello', 'world', 'hello!', 'worlds'],
     l.existsOne(i, v,
       v.startsWith('hello') && l[?(i+1)].optMap(next, next.endsWith('world')).orValue(false)
     )
   )`,
  `cel.bind(l, ['hello', 'goodbye', 'hello!', 'goodbye'],
     l.exists_one(i, v,
       v.startsWith('hello') && l[?(i+1)].optMap(next, next == "goodbye").orValue(false)
     )
   ) == false`,
  `['Hello', 'world'].transformList(i, v, "[%d]%s".format([i, v.lowerAscii()])) == ["[0]hello", "[1]world"]`,
  `['hello', 'world'].transformList(i, v, v.startsWith('greeting'), "[%d]%s".format([i, v])) == []`,
  '[1, 2, 3].transformList(indexVar, valueVar, (indexVar * valueVar) + valueVar) == [1, 4, 9]',
  '[1, 2, 3].transformList(indexVar, valueVar, indexVar % 2 == 0, (indexVar * valueVar) + valueVar) == [1, 9]',
  "['Hello', 'world'].transformMap(i, v, [v.lowerAscii()]) == {0: ['hello'], 1: ['world']}",
  `// round-tripping example
   ['world', 'Hello'].transformMap(i, v, [v.lowerAscii()])
     .transformList(k, v, v) // extract the list back form the map
     .flatten()
     .sort() == ['hello', 'world']`,
  '[1, 2, 3].transformMap(indexVar, valueVar, (indexVar * valueVar) + valueVar) == {0: 1, 1: 4, 2: 9}',
  '[1, 2, 3].transformMap(indexVar, valueVar, indexVar % 2 == 0, (indexVar * valueVar) + valueVar) == {0: 1, 2: 9}',
  `"key1:value1 key2:value2 key3:value3".split(" ")
     .transformMapEntry(i, v,
       cel.bind(entry, v.split(":"),
         entry.size() == 2 ? {entry[0]: entry[1]} : {}
       )
     ) == {'key1': 'value1', 'key2': 'value2', 'key3': 'value3'}`,
  `"key1:value1:extra key2:value2 key3".split(" ")
     .transformMapEntry(i, v,
       cel.bind(entry, v.split(":"), {?entry[0]: entry[?1]})
     ) == {'key1': 'value1', 'key2': 'value2'}`,
  "{'hello': 'world', 'hello!': 'world'}.all(k, v, k.startsWith('hello') && v == 'world')",
  "{'hello': 'world', 'hello!': 'worlds'}.all(k, v, k.startsWith('hello') && v.endsWith('world')) == false",
  "{'hello': 'world', 'hello!': 'worlds'}.exists(k, v, k.startsWith('hello') && v.endsWith('world'))",
  "{'hello': 'world', 'hello!': 'worlds'}.existsOne(k, v, k.startsWith('hello') && v.endsWith('world'))",
  "{'hello': 'world', 'hello!': 'worlds'}.exists_one(k, v, k.startsWith('hello') && v.endsWith('world'))",
  "{'hello': 'world', 'hello!': 'wow, world'}.exists_one(k, v, k.startsWith('hello') && v.endsWith('world')) == false",
  `{'Hello': 'world'}.transformList(k, v, "%s=%s".format([k.lowerAscii(), v])) == ["hello=world"]`,
  `dyn({'Hello': 'world'}).transformList(k, v, "%s=%s".format([k.lowerAscii(), v])) == ["hello=world"]`,
  `{'hello': 'world'}.transformList(k, v, k.startsWith('greeting'), "%s=%s".format([k, v])) == []`,
  "{'greeting': 'hello', 'farewell': 'goodbye'}.transformList(k, _, k).sort() == ['farewell', 'greeting']",
  "{'greeting': 'hello', 'farewell': 'goodbye'}.transformList(_, v, v).sort() == ['goodbye', 'hello']",
  `{'hello': 'world', 'goodbye': 'cruel world'}.transformMap(k, v, "%s, %s!".format([k, v]))
     == {'hello': 'hello, world!', 'goodbye': 'goodbye, cruel world!'}`,
  `dyn({'hello': 'world', 'goodbye': 'cruel world'}).transformMap(k, v, "%s, %s!".format([k, v]))
     == {'hello': 'hello, world!', 'goodbye': 'goodbye, cruel world!'}`,
  `{'hello': 'world', 'goodbye': 'cruel world'}.transformMap(k, v, v.startsWith('world'), "%s, %s!".format([k, v]))
     == {'hello': 'hello, world!'}`,
  "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, {}) == {}",
  // The examples of the library's documentation.
  '[1, 2, 3].all(i, j, i < j)',
  "{'h': ['hello', 'hi'], 'j': ['joke', 'jog']}.all(k, vals, vals.all(v, v.startsWith(k)))",
  "{'greeting': 'hello', 'farewell': 'goodbye'}.exists(k, v, k.startsWith('good') || v.endsWith('bye'))",
  '[1, 2, 4, 8, 16].exists(i, v, v == 1024 && i == 10) == false',
  '[1, 2, 1, 3, 1, 4].existsOne(i, v, i == 1 || v == 1) == false',
  '[1, 1, 2, 2, 3, 3].existsOne(i, v, i == 2 && v == 2)',
  "{'i': 0, 'j': 1, 'k': 2}.existsOne(i, v, i == 'l' || v == 1)",
  "{'greeting': 'hello'}.transformMap(k, v, v + '!') == {'greeting': 'hello!'}",
  "{'greeting': 'hello'}.transformMapEntry(keyVar, valueVar, {valueVar: keyVar}) == {'hello': 'greeting'}",
  '[1, 2, 3].transformMapEntry(indexVar, valueVar, {valueVar: indexVar}) == {1: 0, 2: 1, 3: 2}',
];

const env = createCelEnvironment({ variables: { object: 'dyn' } });
const pod = {
  metadata: { labels: { app: 'web', tier: 'front' }, annotations: { 'a/b': 'x' } },
  spec: { containers: [{ name: 'a', image: 'nginx' }, { name: 'b', image: 'busybox:1.36' }] },
};

describe('two-variable comprehensions (cel-go ext/comprehensions.go)', () => {
  it.each(celGoVectors)('%s', (expression) => {
    expect(evaluate(strictEnv, expression)).toEqual({ ok: true, value: true });
  });

  const values: [string, unknown][] = [
    ["object.metadata.labels.all(k, v, k.size() > 2 && v != '')", true],
    ["object.metadata.labels.exists(k, v, k == 'tier' && v == 'front')", true],
    ["object.metadata.annotations.existsOne(k, v, k.contains('/'))", true],
    ["object.spec.containers.all(i, c, i == 0 || c.image.contains(':'))", true],
    ['object.spec.containers.transformList(i, c, c.name)', ['a', 'b']],
    ["object.spec.containers.transformList(i, c, c.image.contains(':'), i)", [1n]],
    ['object.spec.containers.transformMap(i, c, c.name)', new Map([[0n, 'a'], [1n, 'b']])],
    ['object.metadata.labels.transformMap(k, v, v.upperAscii())', { app: 'WEB', tier: 'FRONT' }],
    ['object.spec.containers.transformMapEntry(i, c, {c.name: c.image})', { a: 'nginx', b: 'busybox:1.36' }],
    // Map keys of list transforms stay ints.
    ['[10, 20].transformMap(i, v, v).all(k, v, k < 2)', true],
    ['[10, 20].transformMap(i, v, v)[1]', 20n],
    // Errors are absorbed as by && and ||: a deciding value wins.
    ['[0, 1].all(i, v, 1 / v > 1)', false],
    ['[0, 1].exists(i, v, 1 / v > 0)', true],
    // Shadowing: the iteration variables hide outer ones.
    ['cel.bind(v, 5, [1].all(k, v, v == 1))', true],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(evaluate(env, expression, { object: pod })).toEqual({ ok: true, value });
  });

  it('types the results', () => {
    const types: [string, string][] = [
      ['[1].all(i, v, v > 0)', 'bool'],
      ["['a'].transformList(i, v, v + '!')", 'list<string>'],
      ["['a'].transformMap(i, v, v.size())", 'map<int, int>'],
      ["{'a': 1}.transformMap(k, v, v > 0)", 'map<string, bool>'],
      ["['a'].transformMapEntry(i, v, {v: i})", 'map<string, int>'],
      ['object.spec.transformList(k, v, v)', 'list'],
    ];
    for (const [expression, type] of types) {
      const compiled = env.compile(expression);
      expect(compiled.ok && compiled.program.outputType, expression).toBe(type);
    }
  });

  const compileErrors: [string, RegExp, number, number][] = [
    ['[1].all(i, i, true)', /duplicate variable name: i/, 11, 12],
    ['[1].all(i.j, v, true)', /argument must be a simple name/, 10, 11],
    ['[1].exists(__result__, v, true)', /overwrites accumulator variable/, 11, 21],
    ['[1].all(i, v, v)', /predicate must return bool, got 'int'/, 14, 15],
    ["[1].transformList(i, v, 'x', v)", /filter must return bool, got 'string'/, 24, 27],
    ['[1].transformMapEntry(i, v, v)', /must return a map, got 'int'/, 28, 29],
    ["'abc'.all(i, v, true)", /cannot be range of a comprehension/, 0, 5],
    ['[1].all(i, v, w > 0)', /Unknown variable: w/, 14, 15],
    // The variables exist only inside the macro.
    ['[1].all(i, v, true) && v', /Unknown variable: v/, 23, 24],
  ];
  it.each(compileErrors)('%s is a compile error', (expression, message, start, end) => {
    const error = compileError(env, expression);
    expect(error?.message).toMatch(message);
    expect([error?.start, error?.end]).toEqual([start, end]);
  });

  const runtimeErrors: [string, RegExp][] = [
    ["{'a': 'x', 'b': 'x'}.transformMapEntry(k, v, {v: k})", /insert failed: key x already exists/],
    ['[0, 1].existsOne(i, v, 1 / v > 0)', /division by zero/],
    ['[0].all(i, v, 1 / v > 0)', /division by zero/],
    ['object.metadata.name.all(i, v, true)', /no such key: name/],
    ['dyn(1).all(i, v, true)', /cannot be range of a comprehension/],
    ['dyn([1]).all(i, v, v)', /predicate must return bool/],
    ["dyn([1]).transformMapEntry(i, v, v)", /must return a map/],
  ];
  it.each(runtimeErrors)('%s is a runtime error', (expression, message) => {
    const result = evaluate(env, expression, { object: pod });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toMatch(message);
      expect(result.error.end).toBeGreaterThan(result.error.start);
    }
  });

  it('is metered like the one-variable macros', () => {
    const small = createCelEnvironment({ costLimit: 10 });
    for (const expression of [
      '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].all(i, v, v > 0)',
      '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].exists(i, v, v < 0)',
      '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].transformList(i, v, v)',
      // The budget error is not absorbed by the error-absorbing quantifiers around it.
      '[1, 2].exists(i, v, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].all(j, w, w > 0) || true)',
    ]) {
      const compiled = small.compile(expression);
      expect(compiled.ok && compiled.program.evaluate(), expression).toMatchObject({ ok: false, error: { message: COST_LIMIT_EXCEEDED } });
    }
  });
});

describe('environments without two-variable comprehensions (GeneratingPolicy, DeletingPolicy)', () => {
  const plain = createCelEnvironment({ twoVariableComprehensions: false });
  it.each(['[1].all(i, v, true)', "{'a': 1}.transformList(k, v, v)", '[[1].exists(i, v, v > 0)]'])('%s is a compile error', (expression) => {
    expect(compileError(plain, expression)?.message).toMatch(/found no matching overload/);
  });
  it('keeps the one-variable macros', () => {
    expect(evaluate(plain, '[1].all(v, v > 0) && [1].exists(v, v == 1)')).toEqual({ ok: true, value: true });
  });
});
