import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { compileError, evaluate, looseEnv, strictEnv } from './run.js';

/** cel-go ext/lists_test.go `TestLists` and `TestListsVersion` (those without proto messages). */
const celGoVectors: string[] = [
  'lists.range(4) == [0,1,2,3]',
  'lists.range(0) == []',
  '[5,1,2,3].reverse() == [3,2,1,5]',
  '[].reverse() == []',
  '[1].reverse() == [1]',
  "['are', 'you', 'as', 'bored', 'as', 'I', 'am'].reverse() == ['am', 'I', 'as', 'bored', 'as', 'you', 'are']",
  '[false, true, true].reverse().reverse() == [false, true, true]',
  '[1,2,3,4].slice(0, 4) == [1,2,3,4]',
  '[1,2,3,4].slice(0, 0) == []',
  '[1,2,3,4].slice(1, 1) == []',
  '[1,2,3,4].slice(4, 4) == []',
  '[1,2,3,4].slice(1, 3) == [2, 3]',
  'dyn([]).flatten() == []',
  'dyn([1,2,3,4]).flatten() == [1,2,3,4]',
  '[1,[2,[3,4]]].flatten() == [1,2,[3,4]]',
  '[1,2,[],[],[3,4]].flatten() == [1,2,3,4]',
  '[1,[2,[3,4]]].flatten(2) == [1,2,3,4]',
  '[].sort() == []',
  '[1].sort() == [1]',
  '[4, 3, 2, 1].sort() == [1, 2, 3, 4]',
  '["d", "a", "b", "c"].sort() == ["a", "b", "c", "d"]',
  '[].sortBy(e, e) == []',
  '["a"].sortBy(e, e) == ["a"]',
  '[-3, 1, -5, -2, 4].sortBy(e, -(e * e)) == [-5, 4, -3, -2, 1]',
  '[-3, 1, -5, -2, 4].map(e, e * 2).sortBy(e, -(e * e)) == [-10, 8, -6, -4, 2]',
  'lists.range(3).sortBy(e, -e) == [2, 1, 0]',
  '["a", "c", "b", "first"].sortBy(e, e == "first" ? "" : e) == ["first", "a", "b", "c"]',
  '[].distinct() == []',
  '[1].distinct() == [1]',
  '[-2, 5, -2, 1, 1, 5, -2, 1].distinct() == [-2, 5, 1]',
  "['c', 'a', 'a', 'b', 'a', 'b', 'c', 'c'].distinct() == ['c', 'a', 'b']",
  '[1, 2.0, "c", 3, "c", 1].distinct() == [1, 2.0, "c", 3]',
  '[1, 1.0, 2].distinct() == [1, 2]',
  '[[1], [1], [2]].distinct() == [[1], [2]]',
  '[1, 2, 3, 4, 5].slice(2, 4) == [3, 4]',
  '[[1, 2], [3, 4]].flatten() == [1, 2, 3, 4]',
  '[1, 2, 2, 1].distinct() == [1, 2]',
  'lists.range(5) == [0, 1, 2, 3, 4]',
  '[1, 2, 3].reverse() == [3, 2, 1]',
  '[2, 1, 3].sort() == [1, 2, 3]',
  "[{'field': 'lo'}, {'field': 'hi'}].sortBy(m, m.field) == [{'field': 'hi'}, {'field': 'lo'}]",
];

describe('ext.Lists version 3 (cel-go ext/lists.go)', () => {
  it.each(celGoVectors)('%s', (expression) => {
    expect(evaluate(looseEnv, expression)).toEqual({ ok: true, value: true });
  });

  const more: [string, unknown][] = [
    // Sorting is by CEL order, for every comparable type.
    ['[2.5, -1.0, 0.0].sort()', [-1, 0, 2.5]],
    ['[3u, 1u].sort() == [1u, 3u]', true],
    ['[true, false].sort()', [false, true]],
    ["[b'b', b'a'].sort() == [b'a', b'b']", true],
    ["[duration('2s'), duration('1s')].sort() == [duration('1s'), duration('2s')]", true],
    ["[timestamp('2020-01-01T00:00:00Z'), timestamp('2019-01-01T00:00:00Z')].sort()[0] == timestamp('2019-01-01T00:00:00Z')", true],
    // Go orders strings by code point (UTF-8 bytes), not by UTF-16 unit.
    ["['\\uffff', '\\U0001F600'].sort()", ['\uffff', '\u{1F600}']],
    // Lists from JSON (numbers are doubles) and dyn receivers.
    ['object.ports.sort()', [80, 443, 8080]],
    ['object.ports.sortBy(p, -p)[0]', 8080],
    ['object.ports.slice(1, 2)', [80]],
    ['object.ports.reverse()', [8080, 80, 443]],
    ['object.nested.flatten()', ['a', 'b', 'c']],
    ['object.nested.flatten(0) == object.nested', true],
    // cel-go disables the type guards of flatten(): an already flat list passes at run time.
    ['dyn(object.ports).flatten()', [443, 80, 8080]],
    ['object.names.distinct()', ['a', 'b']],
    ['lists.range(3).map(i, i * 2)', [0n, 2n, 4n]],
    ['lists.range(-3)', []],
  ];
  const object = { ports: [443, 80, 8080], nested: [['a'], ['b', 'c']], names: ['a', 'b', 'a'] };
  const env = createCelEnvironment({ variables: { object: 'dyn' } });
  it.each(more)('%s', (expression, value) => {
    expect(evaluate(env, expression, { object })).toEqual({ ok: true, value });
  });

  const runtimeErrors: [string, string][] = [
    ['[1,2,3,4].slice(3, 0)', 'cannot slice(3, 0), start index must be less than or equal to end index'],
    ['[1,2,3,4].slice(0, 10)', 'cannot slice(0, 10), list is length 4'],
    ['[1,2,3,4].slice(-5, 10)', 'cannot slice(-5, 10), negative indexes not supported'],
    ['[1,2,3,4].slice(-5, -3)', 'cannot slice(-5, -3), negative indexes not supported'],
    ['[1,[2,[3,[4]]]].flatten(-1) == [1,2,3,4]', 'level must be non-negative'],
    ['["d", 3, 2, "c"].sort()', 'list elements must have the same type'],
    ['[].flatten(-1)', 'level must be non-negative'],
    ["dyn({}).flatten()", 'no matching overload'],
    ["dyn({}).flatten(0)", 'no matching overload'],
    ["[].flatten(dyn('1'))", 'no matching overload'],
    ['[[1], [2]].sortBy(x, dyn(x)) == []', 'list elements must be comparable'],
  ];
  it.each(runtimeErrors)('%s is a runtime error', (expression, message) => {
    const result = evaluate(looseEnv, expression);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain(message);
      expect(result.error.end).toBeGreaterThan(result.error.start);
    }
  });

  const compileErrors: [string, RegExp][] = [
    // cel-go declares `sort` only on lists of comparable types, `flatten()` only on lists of lists.
    ['[[1]].sort()', /no matching overload/],
    ['[{"a": 1}].sort()', /no matching overload/],
    ['[1, 2].flatten()', /no matching overload/],
    ['[1].sortBy(e, [e])', /sortBy key must be a comparable type/],
    ['[1].sortBy(e.f, e)', /simple identifier/],
    ['{"a": 1}.sortBy(e, e)', /sortBy can only be applied/],
    ['lists.range("3")', /no matching overload/],
    // ext.Lists version 3 has no `first`/`last` of its own (they come with the optional library).
    ['[1].slice(0)', /no matching overload/],
  ];
  it.each(compileErrors)('%s is a compile error', (expression, message) => {
    expect(compileError(strictEnv, expression)?.message).toMatch(message);
  });

  it('reports the output types of the checker', () => {
    const compiled = strictEnv.compile('lists.range(3).reverse()');
    expect(compiled.ok && compiled.program.outputType).toBe('list<int>');
  });
});
