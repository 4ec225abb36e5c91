import { describe, expect, it } from 'vitest';
import { storedGlobalContext } from '../../../../src/lang/cel/kyverno/index.js';
import { errorOf, kyvernoEnvironment, valueOf } from './helpers.js';

const globalContext = storedGlobalContext(
  new Map<string, unknown>([
    ['deployments', [{ metadata: { name: 'a' } }, { metadata: { name: 'b' } }]],
    ['projected', { count: 2, names: ['a', 'b'] }],
  ]),
);

describe('globalContext', () => {
  const env = kyvernoEnvironment();
  const values: [string, unknown][] = [
    ["globalContext.Get('deployments', '').size()", 2n],
    ["globalContext.Get('deployments').map(d, d.metadata.name)", ['a', 'b']],
    ["globalContext.get('projected', 'count')", 2],
    ["globalContext.Get('projected', 'names')[1]", 'b'],
    // An unknown entry is null.
    ["type(globalContext.Get('unknown')) == type(null)", true],
    ["globalContext.Get('unknown', 'x') == null", true],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(valueOf(env.run(expression, { globalContext }))).toEqual(value);
  });

  const errors: [string, string][] = [
    ["globalContext.Get('projected', 'missing')", 'failed to get global reference: projection "missing" not found in global context entry "projected"'],
    [
      "globalContext.Get('deployments', 'x')",
      'failed to get global reference: projection "x" not found in global context entry "deployments": stored value is not an object',
    ],
  ];
  it.each(errors)('%s fails', (expression, message) => {
    expect(errorOf(env.run(expression, { globalContext }))).toBe(message);
  });

  it('gives null for every entry without data', () => {
    expect(valueOf(env.run("globalContext.Get('deployments') == null"))).toBe(true);
  });

  it.each(["globalContext.Get()", "globalContext.Get('a', 'b', 'c')", 'globalContext.Get(1)'])('%s is a compile error', (expression) => {
    expect(env.compile(expression).ok).toBe(false);
  });
});
