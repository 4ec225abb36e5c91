import { describe, expect, it } from 'vitest';
import { type CelEvalResult, createCelEnvironment } from '../../../src/lang/cel/environment.js';

/** A Pod as the Kyverno CLI hands it to CEL: every JSON number is a float64, i.e. a CEL double. */
const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'nginx', labels: { app: 'web' } },
  spec: {
    replicas: 3,
    containers: [
      { name: 'a', image: 'nginx:1.25', securityContext: { runAsNonRoot: true } },
      { name: 'b', image: 'busybox', securityContext: { runAsNonRoot: true }, volumeMounts: [{ name: 'v' }] },
    ],
  },
};

const env = createCelEnvironment({ variables: { object: 'dyn', oldObject: undefined, count: 'int' } });

function run(expression: string, activation: Record<string, unknown> = { object: pod }): CelEvalResult {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(`compile error: ${compiled.error.message}`);
  return compiled.program.evaluate(activation);
}

describe('createCelEnvironment: values', () => {
  const cases: [string, unknown][] = [
    ['object.spec.containers.all(c, has(c.securityContext) && c.securityContext.runAsNonRoot == true)', true],
    ['object.spec.containers.map(c, c.image).exists(i, i.startsWith("nginx"))', true],
    ['object.spec.replicas', 3],
    // JSON numbers are doubles: they compare with ints (cross-type comparisons, heterogeneous equality) ...
    ['object.spec.replicas > 2', true],
    ['object.spec.replicas == 3', true],
    ['object.spec.replicas in [1, 3]', true],
    ['type(object.spec.replicas) == double', true],
    ['int(object.spec.replicas) + 1', 4n],
    ["'a,b'.split(',').join('-')", 'a-b'],
    ['cel.bind(x, 2, x * x)', 4n],
    ['true || (1 / 0 == 1)', true],
    ['count * 2', 42n],
    ["object.metadata.labels.app + '-' + object.metadata.name", 'web-nginx'],
    ['optional.of(1).hasValue()', true],
    ['[1, 2, 3].filter(x, x > 1)', [2n, 3n]],
  ];
  it.each(cases)('%s', (expression, value) => {
    expect(run(expression, { object: pod, count: 21n })).toEqual({ ok: true, value });
  });
});

describe('createCelEnvironment: runtime errors are values', () => {
  const cases: [string, RegExp, number, number][] = [
    // ... but arithmetic with an int does not (cel-go: no such overload for double + int).
    ['object.spec.replicas + 1', /no such overload/i, 0, 24],
    ['object.spec.missing == 1', /no such key: missing/i, 12, 19],
    ['1 / 0 == 1', /division by zero/i, 0, 5],
    ['object.spec.containers[5]', /index out of (range|bounds)/i, 0, 25],
  ];
  it.each(cases)('%s', (expression, message, start, end) => {
    const result = run(expression);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toMatch(message);
    expect([result.error.start, result.error.end]).toEqual([start, end]);
  });

  it('reports a missing activation variable as an error', () => {
    const result = run('object.kind', {});
    expect(result.ok).toBe(false);
  });
});

describe('createCelEnvironment: compile errors', () => {
  const cases: [string, RegExp, number, number][] = [
    ['1 +', /unexpected token/i, 3, 3],
    ['undeclared == 1', /unknown variable: undeclared/i, 0, 10],
    // HomogeneousAggregateLiterals (on by default).
    ["[1, 'a']", /same type/i, 4, 7],
    ["{'a': 1, 'b': 'x'}", /wrong type/i, 14, 17],
    // Literal equality between numeric types is a checker error, as in cel-go.
    ['3.0 == 3', /no (such|matching) overload/i, 0, 8],
    ['count + "x"', /no (such|matching) overload/i, 0, 11],
    // Struct literals are not supported by cel-js.
    ['Object{spec: 1}', /./, 6, 7],
  ];
  it.each(cases)('%s', (expression, message, start, end) => {
    const compiled = env.compile(expression);
    expect(compiled.ok).toBe(false);
    if (compiled.ok) return;
    expect(compiled.error.message).toMatch(message);
    expect([compiled.error.start, compiled.error.end]).toEqual([start, end]);
  });

  it('accepts heterogeneous literals when homogeneousAggregateLiterals is off (GeneratingPolicy)', () => {
    const loose = createCelEnvironment({ homogeneousAggregateLiterals: false });
    const compiled = loose.compile("[1, 'a']");
    expect(compiled.ok).toBe(true);
    if (compiled.ok) expect(compiled.program.evaluate()).toEqual({ ok: true, value: [1n, 'a'] });
  });

  it('reports the checked output type', () => {
    const compiled = env.compile('object.spec.containers.size() > 1');
    expect(compiled.ok && compiled.program.outputType).toBe('bool');
  });

  it('evaluates one compiled program many times', () => {
    const compiled = env.compile('object.spec.replicas * 2.0');
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.program.evaluate({ object: { spec: { replicas: 1 } } })).toEqual({ ok: true, value: 2 });
    expect(compiled.program.evaluate({ object: { spec: { replicas: 5 } } })).toEqual({ ok: true, value: 10 });
    expect(compiled.program.evaluate({ object: { spec: {} } }).ok).toBe(false);
  });
});

describe('orValue compatibility (kyverno pkg/cel/compiler/env.go, OrValueCompatEnvOptions)', () => {
  const values: [string, unknown][] = [
    ['object.?spec.?replicas.orValue(1)', 3],
    ['object.?spec.?missing.orValue(1)', 1n],
    ['object.spec.replicas.orValue(1)', 3],
    ["object.metadata.labels[?'x'].orValue('none')", 'none'],
    ["object.metadata.labels[?'app'].orValue('none')", 'web'],
    ['object.spec.containers[1].volumeMounts.orValue([]).size()', 1n],
    ['object.spec.containers.all(c, c.?volumeMounts.orValue([]).size() <= 1)', true],
    ['optional.none().orValue(2)', 2n],
    ['optional.of("x").orValue("y")', 'x'],
    ["'s'.orValue('t')", 's'],
    ['[1].orValue([2])', [1n]],
    ['null.orValue(1)', null],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(run(expression)).toEqual({ ok: true, value });
  });

  const errors: [string, RegExp][] = [
    // A missing field is an error, and the compat function is strict: it propagates.
    ['object.spec.missing.orValue(1)', /no such key: missing/i],
    // Strict in both operands: the default is evaluated even when the receiver has a value.
    ['object.spec.replicas.orValue(1 / 0)', /division by zero/i],
  ];
  it.each(errors)('%s', (expression, message) => {
    const result = run(expression);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
  });

  it('types the result as dyn', () => {
    const compiled = env.compile('object.spec.replicas.orValue(1)');
    expect(compiled.ok && compiled.program.outputType).toBe('dyn');
  });
});

describe('createCelEnvironment: nothing is thrown to the caller', () => {
  it('returns an error for a non-string expression', () => {
    const compiled = env.compile(42 as unknown as string);
    expect(compiled.ok).toBe(false);
  });

  it('returns an error when a value grows past what JavaScript can hold', () => {
    // Doubling a string 40 times: stopped by the budget (or by JavaScript's string limit without one).
    let expression = "cel.bind(s0, 'xxxxxxxxxx', ";
    for (let i = 1; i <= 40; i++) expression += `cel.bind(s${i}, s${i - 1} + s${i - 1}, `;
    expression += `size(s40)${')'.repeat(41)}`;
    for (const costLimit of [undefined, null]) {
      const compiled = createCelEnvironment({ costLimit }).compile(expression);
      if (!compiled.ok) throw new Error(compiled.error.message);
      const result = compiled.program.evaluate();
      expect(result.ok).toBe(false);
    }
  });

  it('returns an error for activation values CEL cannot handle', () => {
    const compiled = env.compile('object.f + 1');
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.program.evaluate({ object: { f: () => 1 } }).ok).toBe(false);
    expect(compiled.program.evaluate({ object: { f: undefined } }).ok).toBe(false);
  });
});

describe('has() on any field selection (cel-go parser/macro.go, MakeHas)', () => {
  const hasEnv = createCelEnvironment({ variables: { object: 'dyn' } });
  const object = { spec: { containers: [{ name: 'a', image: 'x' }] }, items: [{ metadata: {} }] };
  const values: [string, boolean][] = [
    ['has(object.spec.containers[0].image)', true],
    ['has(object.spec.containers[0].securityContext)', false],
    ["has({'a': 1}.a)", true],
    ["has({'a': {'b': 1}}.a.c)", false],
    ['object.items.all(i, !has(i.metadata.labels))', true],
    ['has(object.spec.containers.filter(c, c.name == "a")[0].image)', true],
  ];
  it.each(values)('%s', (expression, value) => {
    const compiled = hasEnv.compile(expression);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.program.evaluate({ object })).toEqual({ ok: true, value });
  });

  it('still evaluates the operand strictly: a missing intermediate field is an error', () => {
    const compiled = hasEnv.compile('has(object.spec.containers[0].missing.image)');
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.program.evaluate({ object }).ok).toBe(false);
  });

  it.each(['has(object)', 'has(object[0])', 'has(1)'])('rejects %s: the argument must be a field selection', (expression) => {
    expect(hasEnv.compile(expression).ok).toBe(false);
  });
});
