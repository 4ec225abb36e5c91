import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { compileError, evaluate, strictEnv } from './run.js';

/**
 * cel-go ext/bindings_test.go `bindingTests` (ext.Bindings, `cel.bind`, which cel-js provides itself), except the
 * vectors with qualified variable names and the leading-dot syntax (`.x`), which cel-js does not parse.
 */
describe('cel.bind (cel-go ext/bindings.go)', () => {
  const env = createCelEnvironment({ variables: { x: 'dyn' } });
  const cases: [string, Record<string, unknown>][] = [
    [`cel.bind(a, 'hell' + 'o' + '!', "%s, %s, %s".format([a, a, a])) == 'hello!, hello!, hello' + '!'`, {}],
    [`cel.bind(a, 'hello!', cel.bind(b, 'goodbye', a + ' and, ' + b)) == 'hello! and, goodbye'`, {}],
    [`cel.bind(a, cel.bind(a, 'world', a + '!'), 'hello ' + a) == 'hello ' + 'world' + '!'`, {}],
    ['cel.bind(a, x, cel.bind(b, a[0], cel.bind(c, a[1], b + c))) == 10', { x: [3n, 7n] }],
    ['cel.bind(a, x, cel.bind(b, a[0], cel.bind(c, a[1], b + c))) == "threeseven"', { x: ['three', 'seven'] }],
    ['cel.bind(x, 0, x == 0)', { x: '1' }],
    ["cel.bind(x, {'y': 0}, x.y == 0)", {}],
    ['cel.bind(y, 0, cel.bind(y, 1, y != 0))', {}],
  ];
  it.each(cases)('%s', (expression, activation) => {
    expect(evaluate(env, expression, activation)).toEqual({ ok: true, value: true });
  });

  it.each([
    ['cel.bind(a.b, 1, a)', /invalid variable argument/],
    ['cel.bind(a, 1, b)', /Unknown variable: b/],
    ["cel.bind(a, 1, a + 'x')", /no (such|matching) overload/],
  ])('%s is a compile error', (expression, message) => {
    expect(compileError(strictEnv, expression)?.message).toMatch(message);
  });
});
