import { describe, expect, it } from 'vitest';
import { COST_LIMIT_EXCEEDED } from '../../../src/lang/cel/budget.js';
import { createCelEnvironment, MAX_AST_DEPTH } from '../../../src/lang/cel/environment.js';

const env = createCelEnvironment({ variables: { object: 'dyn' } });
const list1000 = `[${Array.from({ length: 1000 }, (_, i) => i).join(', ')}]`;

/** `cel.bind` chain doubling a 1000-element list ten times: a 1,024,000-element list built in the expression. */
function millionList(body: string): string {
  let expression = `cel.bind(a0, ${list1000}, `;
  for (let i = 1; i <= 10; i++) expression += `cel.bind(a${i}, a${i - 1} + a${i - 1}, `;
  return `${expression}${body}${')'.repeat(11)}`;
}

function timed(expression: string, activation: Record<string, unknown> = {}) {
  const started = performance.now();
  const compiled = env.compile(expression);
  const result = compiled.ok ? compiled.program.evaluate(activation) : compiled;
  return { result, ms: performance.now() - started };
}

describe('runtime budget (cel-go cost limit, 1,000,000 per expression)', () => {
  const hostile: [string, string][] = [
    ['a comprehension over a 10^6-element list', millionList('a10.all(x, x >= 0)')],
    ['map over a 10^6-element list', millionList('a10.map(x, x + 1).size()')],
    ['filter over a 10^6-element list', millionList('a10.filter(x, x > 5).size()')],
    ['exists_one over a 10^6-element list', millionList('a10.exists_one(x, x < 0)')],
    ['three nested all over 1000 elements (10^9 iterations)', `cel.bind(l, ${list1000}, l.all(a, l.all(b, l.all(c, true))))`],
    ['nested exists whose errors || absorbs', `cel.bind(l, ${list1000}, l.exists(a, l.exists(b, l.exists(c, c < 0)) || false))`],
    ['nested map', `cel.bind(l, ${list1000}, l.map(a, l.map(b, a)).map(x, x.size()).size())`],
  ];
  it.each(hostile)('%s ends quickly with the cost error', (_name, expression) => {
    const { result, ms } = timed(expression);
    expect(result).toMatchObject({ ok: false, error: { message: COST_LIMIT_EXCEEDED } });
    expect(ms).toBeLessThan(1000);
  });

  it('does not disturb ordinary comprehensions', () => {
    const { result } = timed(`cel.bind(l, ${list1000}, l.all(a, l.exists(b, b == a)))`);
    // About 500,000 iterations: under the limit.
    expect(result).toEqual({ ok: true, value: true });
  });

  it('counts per evaluation, not per program', () => {
    // About 500,000 iterations each time: 1,500,000 in all.
    const compiled = env.compile(`cel.bind(l, ${list1000}, l.all(a, l.exists(b, b == a)))`);
    if (!compiled.ok) throw new Error(compiled.error.message);
    for (let i = 0; i < 3; i++) expect(compiled.program.evaluate()).toEqual({ ok: true, value: true });
  });

  it('adds what each evaluation cost to a meter', () => {
    const compiled = env.compile('[1, 2, 3].all(x, [1, 2].exists(y, y == x) || true)');
    if (!compiled.ok) throw new Error(compiled.error.message);
    const meter = { cost: 0 };
    expect(compiled.program.evaluate({}, meter)).toEqual({ ok: true, value: true });
    const once = meter.cost;
    expect(once).toBeGreaterThan(0);
    compiled.program.evaluate({}, meter);
    expect(meter.cost).toBe(2 * once);
    const unlimited = createCelEnvironment({ costLimit: null }).compile('[1, 2].all(x, true)');
    const none = { cost: 0 };
    if (unlimited.ok) unlimited.program.evaluate({}, none);
    expect(none.cost).toBe(0);
  });

  it('can be turned off (GeneratingPolicy, DeletingPolicy)', () => {
    const unlimited = createCelEnvironment({ costLimit: null });
    const compiled = unlimited.compile(millionList('a10.all(x, x >= 0)'));
    expect(compiled.ok && compiled.program.evaluate()).toEqual({ ok: true, value: true });
  });

  it('honours a custom limit', () => {
    const small = createCelEnvironment({ costLimit: 10 });
    const compiled = small.compile('[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].all(x, x > 0)');
    expect(compiled.ok && compiled.program.evaluate()).toMatchObject({ ok: false, error: { message: COST_LIMIT_EXCEEDED } });
  });
});

describe('expression depth', () => {
  const deep: [string, string, RegExp][] = [
    ['5,000 nested parentheses', `${'('.repeat(5000)}1${')'.repeat(5000)}`, /maxDepth/],
    ['5,000 nested lists', `${'['.repeat(5000)}${']'.repeat(5000)}`, /maxDepth/],
    ['a 5,000-step field path', `object${'.a'.repeat(5000)}`, /maxDepth/],
    ['a chain of 5,000 additions', Array(5000).fill('1').join(' + '), /nested too deeply/],
    ['a chain of 5,000 &&', Array(5000).fill('true').join(' && '), /nested too deeply/],
    ['5,000 unary minus', `${'-'.repeat(5000)}1`, /nested too deeply/],
    ['a chain of 30,000 additions', Array(30000).fill('1').join(' + '), /nested too deeply/],
  ];
  it.each(deep)('%s is a compile error, not a stack overflow', (_name, expression, message) => {
    const started = performance.now();
    const compiled = env.compile(expression);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error.message).toMatch(message);
  });

  it(`accepts operator chains up to the depth limit (${MAX_AST_DEPTH})`, () => {
    const compiled = env.compile(Array(MAX_AST_DEPTH - 10).fill('1').join(' + '));
    expect(compiled.ok && compiled.program.evaluate()).toEqual({ ok: true, value: BigInt(MAX_AST_DEPTH - 10) });
  });
});
