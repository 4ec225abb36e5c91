import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { compileError, evaluate, looseEnv, strictEnv } from './run.js';

/** cel-go ext/sets_test.go `TestSets` (the vectors without variables). */
const celGoVectors: string[] = [
  "sets.contains([], [])",
  "sets.contains([1], [])",
  "sets.contains([1], [1])",
  "sets.contains([1], [1, 1])",
  "sets.contains([1, 1], [1])",
  "sets.contains([2, 1], [1])",
  "sets.contains([1, 2, 3, 4], [2, 3])",
  "sets.contains([1], [1.0, 1])",
  "sets.contains([1, 2], [2u, 2.0])",
  "sets.contains([1, 2u], [2, 2.0])",
  "sets.contains([1, 2.0, 3u], [1.0, 2u, 3])",
  "sets.contains([[1], [2, 3]], [[2, 3.0]])",
  "!sets.contains([1], [2])",
  "!sets.contains([1], [1, 2])",
  "!sets.contains([1], [\"1\", 1])",
  "!sets.contains([1], [1.1, 1u])",
  "sets.equivalent([], [])",
  "sets.equivalent([1], [1])",
  "sets.equivalent([1], [1, 1])",
  "sets.equivalent([1, 1], [1])",
  "sets.equivalent([1], [1u, 1.0])",
  "sets.equivalent([1], [1u, 1.0])",
  "sets.equivalent([1, 2, 3], [3u, 2.0, 1])",
  "sets.equivalent([[1.0], [2, 3]], [[1], [2, 3.0]])",
  "!sets.equivalent([2, 1], [1])",
  "!sets.equivalent([1], [1, 2])",
  "!sets.equivalent([1, 2], [2u, 2, 2.0])",
  "!sets.equivalent([1, 2], [1u, 2, 2.3])",
  "sets.intersects([1], [1])",
  "sets.intersects([1], [1, 1])",
  "sets.intersects([1, 1], [1])",
  "sets.intersects([2, 1], [1])",
  "sets.intersects([1], [1, 2])",
  "sets.intersects([1], [1.0, 2])",
  "sets.intersects([1, 2], [2u, 2, 2.0])",
  "sets.intersects([1, 2], [1u, 2, 2.3])",
  "sets.intersects([[1], [2, 3]], [[1, 2], [2, 3.0]])",
  "!sets.intersects([], [])",
  "!sets.intersects([1], [])",
  "!sets.intersects([1], [2])",
  "!sets.intersects([1], [\"1\", 2])",
  "!sets.intersects([1], [1.1, 2u])",
];

describe('ext.Sets (cel-go ext/sets.go)', () => {
  it.each(celGoVectors)('%s', (expression) => {
    // cel-go's ext tests run without the homogeneous-literal rule (`[1, 2.0, 3u]`).
    expect(evaluate(looseEnv, expression)).toEqual({ ok: true, value: true });
  });

  const env = createCelEnvironment({ variables: { x: 'list<int>', object: 'dyn' } });
  const withVariables: [string, Record<string, unknown>, boolean][] = [
    ['sets.contains(x, [1, 2, 3])', { x: [5n, 4n, 3n, 2n, 1n] }, true],
    ['sets.contains(x, [1, 1, 1, 1, 1])', { x: [5n, 4n, 3n, 2n, 1n] }, true],
    // JSON numbers (doubles) against int literals, on lists whose element types are only known at run time.
    ['sets.contains(object.ports, [80, 443])', { object: { ports: [443, 80, 8080] } }, true],
    ['sets.intersects(object.ports, [22])', { object: { ports: [443, 80, 8080] } }, false],
    ["sets.equivalent(object.names, ['b', 'a'])", { object: { names: ['a', 'b', 'a'] } }, true],
  ];
  it.each(withVariables)('%s', (expression, activation, value) => {
    expect(evaluate(env, expression, activation)).toEqual({ ok: true, value });
  });

  const compileErrors: string[] = ["sets.contains([1], ['a'])", 'sets.intersects([1], 1)', 'sets.equivalent([1])'];
  it.each(compileErrors)('%s is a compile error', (expression) => {
    expect(compileError(strictEnv, expression)?.message).toMatch(/no matching overload/);
  });

  it('is a runtime error on a value that is not a list', () => {
    const result = evaluate(env, 'sets.contains(object, [1])', { object: { a: 1 } });
    expect(result).toMatchObject({ ok: false, error: { start: 0, end: 26 } });
  });
});
