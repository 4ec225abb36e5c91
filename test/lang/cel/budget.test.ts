import { describe, expect, it } from 'vitest';
import { COST_LIMIT_EXCEEDED, SAFETY_LIMIT_EXCEEDED } from '../../../src/lang/cel/budget.js';
import { staticCost } from '../../../src/lang/cel/cost.js';
import type { CelJsNode } from '../../../src/lang/cel/ast.js';
import { createCelEnvironment, MAX_AST_DEPTH } from '../../../src/lang/cel/environment.js';
import { range } from '../../../src/lang/cel/lists.js';
import { MAX_LIST_SIZE } from '../../../src/lang/cel/values.js';
import { Environment } from '@marcbachmann/cel-js';

const env = createCelEnvironment({ variables: { object: 'dyn' } });
const list100 = `[${Array.from({ length: 100 }, (_, i) => i).join(', ')}]`;
const list1000 = `[${Array.from({ length: 1000 }, (_, i) => i).join(', ')}]`;

/** `cel.bind` chain doubling a 1000-element list ten times: a 1,024,000-element list built in the expression. */
function millionList(body: string): string {
  let expression = `cel.bind(a0, ${list1000}, `;
  for (let i = 1; i <= 10; i++) expression += `cel.bind(a${i}, a${i - 1} + a${i - 1}, `;
  return `${expression}${body}${')'.repeat(11)}`;
}

/**
 * The requirement is an answer within 1 second; the work itself takes far less (tens of milliseconds). The bound
 * is generous for a loaded 2-core machine running tests in parallel.
 */
const WALL_CLOCK_LIMIT_MS = 1000;

function timed(environment: typeof env, expression: string, activation: Record<string, unknown> = {}) {
  const started = performance.now();
  const compiled = environment.compile(expression);
  const result = compiled.ok ? compiled.program.evaluate(activation) : compiled;
  return { result, ms: performance.now() - started };
}

describe('runtime budget (cel-go cost limit, 1,000,000 per expression)', () => {
  const hostile: [string, string][] = [
    ['a comprehension over a 10^6-element range', 'lists.range(1000000).all(i, i >= 0)'],
    ['a comprehension over a 3·10^5-element range', 'lists.range(300000).all(i, i >= 0)'],
    ['a two-variable comprehension over a 3·10^5-element range', 'lists.range(300000).all(i, v, v >= i)'],
    ['a comprehension over a 10^6-element list', millionList('a10.all(x, x >= 0)')],
    ['map over a 10^6-element list', millionList('a10.map(x, x + 1).size()')],
    ['filter over a 10^6-element list', millionList('a10.filter(x, x > 5).size()')],
    ['exists_one over a 10^6-element list', millionList('a10.exists_one(x, x < 0)')],
    ['transformList over a 10^6-element list', millionList('a10.transformList(i, x, x).size()')],
    ['three nested all over 1000 elements (10^9 iterations)', `cel.bind(l, ${list1000}, l.all(a, l.all(b, l.all(c, true))))`],
    ['nested exists whose errors || absorbs', `cel.bind(l, ${list1000}, l.exists(a, l.exists(b, l.exists(c, c < 0)) || false))`],
    ['nested map', `cel.bind(l, ${list1000}, l.map(a, l.map(b, a)).map(x, x.size()).size())`],
    ['nested map over list literals (10^6 iterations)', `${list100}.map(a, ${list100}.map(b, ${list100}.map(c, c))).size()`],
    ['nested two-variable comprehensions', 'lists.range(1000).all(i, v, lists.range(1000).exists(j, w, w < 0) || true)'],
    ['nested transformMapEntry', `${list1000}.transformMapEntry(i, v, {v: ${list1000}.transformList(j, w, w)})`],
    ['sortBy over a large range', 'lists.range(500000).sortBy(x, -x).size()'],
    // Functions whose result is large, charged before it is built.
    ['flatten of a large nested list', 'lists.range(1000).map(i, lists.range(1000)).flatten().size()'],
    ['sort of 1000 elements (2·n² like cel-go)', 'lists.range(1000).sort().size()'],
    ['distinct of 2000 elements', 'lists.range(2000).distinct().size()'],
    ['sets.contains of two large lists', 'sets.contains(lists.range(100000), lists.range(100000))'],
    // String growth.
    ['string repetition by concatenation in a comprehension', "cel.bind(s, lists.range(1000).map(i, 'xxxxxxxxxx').join(''), lists.range(1000).map(i, s + s).size())"],
    ['string doubling', `${"cel.bind(s0, 'xxxxxxxxxx', "}${Array.from({ length: 30 }, (_, i) => `cel.bind(s${i + 1}, s${i} + s${i}, `).join('')}size(s30)${')'.repeat(31)}`],
    ['join of a large list', "lists.range(200000).map(i, 'abcdefghij').join('').size()"],
    ['replace growing a string', "cel.bind(s, lists.range(100000).map(i, 'a').join(''), s.replace('a', 'bbbbbbbbbbbbbbbbbbbb').size())"],
    ['regex.replace growing a string', "cel.bind(s, lists.range(100000).map(i, 'a').join(''), regex.replace(s, 'a', 'bbbbbbbbbbbbbbbbbbbb').size())"],
  ];
  it.each(hostile)('%s ends quickly with the cost error', (_name, expression) => {
    const { result, ms } = timed(env, expression);
    expect(result).toMatchObject({ ok: false, error: { message: COST_LIMIT_EXCEEDED, start: 0, end: expression.length } });
    expect(ms).toBeLessThan(WALL_CLOCK_LIMIT_MS);
  });

  it('answers a catastrophic backtracking pattern at once (RE2 is linear)', () => {
    const expressions: [string, unknown][] = [
      ["'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.matches('(a+)+$')", false],
      ["'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.matches('^(a|aa)+$')", false],
      ["'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.matches('(a*)*b')", false],
      ["regex.extract('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '(a+)+$').hasValue()", false],
      ["regex.replace('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '(a+)+b', 'x')", 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'],
      ["lists.range(5000).map(i, 'a').join('').matches('^(a+)+$')", true],
    ];
    for (const [expression, value] of expressions) {
      const { result, ms } = timed(env, expression);
      expect(result, expression).toEqual({ ok: true, value });
      expect(ms).toBeLessThan(WALL_CLOCK_LIMIT_MS);
    }
  });

  it('does not disturb ordinary comprehensions', () => {
    // 300 × about 150 inner iterations of about 7 units: about 330,000, under the limit (cel-go: about as much).
    const list300 = `[${Array.from({ length: 300 }, (_, i) => i).join(', ')}]`;
    const { result } = timed(env, `cel.bind(l, ${list300}, l.all(a, l.exists(b, b == a)))`);
    expect(result).toEqual({ ok: true, value: true });
    expect(timed(env, 'lists.range(100000).all(i, i >= 0)').result).toEqual({ ok: true, value: true });
  });

  it('charges iterations like cel-go (a 1000 × 1000 nested search exceeds the limit, as in cel-go)', () => {
    // cel-go: about 500,000 inner iterations of 7 units (`!accu`, `@not_strictly_false`, `accu ||`, `b`, `a`, `==`).
    const { result } = timed(env, `cel.bind(l, ${list1000}, l.all(a, l.exists(b, b == a)))`);
    expect(result).toMatchObject({ ok: false, error: { message: COST_LIMIT_EXCEEDED } });
  });

  it('counts per evaluation, not per program', () => {
    const compiled = env.compile('lists.range(100000).all(i, i >= 0)');
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

  it('refuses to build lists longer than the list size limit', () => {
    // Unreachable through the budget in practice (each element costs at least 1); a last resort against memory
    // exhaustion.
    expect(() => range(BigInt(MAX_LIST_SIZE) + 1n)).toThrow(`limit of ${MAX_LIST_SIZE} elements`);
  });

  it('stops runaway evaluations without a cost limit at the safety limit', () => {
    const unlimited = createCelEnvironment({ costLimit: null });
    // 10^9 iterations: minutes of work without the safety limit.
    const { result } = timed(unlimited, `cel.bind(l, ${list1000}, l.all(a, l.all(b, l.all(c, true))))`);
    expect(result).toMatchObject({ ok: false, error: { message: SAFETY_LIMIT_EXCEEDED } });
  });

  it('honours a custom limit', () => {
    const small = createCelEnvironment({ costLimit: 10 });
    const compiled = small.compile('[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].all(x, x > 0)');
    expect(compiled.ok && compiled.program.evaluate()).toMatchObject({ ok: false, error: { message: COST_LIMIT_EXCEEDED } });
  });
});

describe('static cost of an evaluation (cel-go interpreter/runtimecost.go)', () => {
  const parser = new Environment({ unlistedVariablesAreDyn: true, enableOptionalTypes: true });
  const cases: [string, number][] = [
    ['1', 0],
    ['x', 1],
    ['x.y.z', 3],
    ['x >= 0', 2],
    ['x == y', 3],
    ["x.startsWith('a')", 2],
    ['x && y || z', 3],
    ['x ? y : z.w', 3],
    ['[x, 1]', 11],
    ["{'a': x}", 31],
    ['has(x.y)', 1],
    ['!x', 2],
    ['size(x)', 2],
  ];
  it.each(cases)('%s costs %d', (expression, cost) => {
    expect(staticCost(parser.parse(expression).ast as unknown as CelJsNode)).toBe(cost);
  });
});

describe('expression depth', () => {
  const deep: [string, string, RegExp][] = [
    ['5,000 nested parentheses', `${'('.repeat(5000)}1${')'.repeat(5000)}`, /maxDepth/],
    ['5,000 nested lists', `${'['.repeat(5000)}${']'.repeat(5000)}`, /maxDepth/],
    ['5,000 nested maps', `${"{'a': ".repeat(5000)}1${'}'.repeat(5000)}`, /maxDepth/],
    ['5,000 nested calls', `${'size('.repeat(5000)}'a'${')'.repeat(5000)}`, /maxDepth/],
    ['a 5,000-step field path', `object${'.a'.repeat(5000)}`, /maxDepth/],
    ['a chain of 5,000 additions', Array(5000).fill('1').join(' + '), /nested too deeply/],
    ['a chain of 5,000 &&', Array(5000).fill('true').join(' && '), /nested too deeply/],
    ['5,000 unary minus', `${'-'.repeat(5000)}1`, /nested too deeply/],
    ['a chain of 30,000 additions', Array(30000).fill('1').join(' + '), /nested too deeply/],
    ['5,000 nested ternaries', `${'true ? '.repeat(5000)}1${' : 2'.repeat(5000)}`, /maxDepth/],
  ];
  it.each(deep)('%s is a compile error with a range, not a stack overflow', (_name, expression, message) => {
    const started = performance.now();
    const compiled = env.compile(expression);
    expect(performance.now() - started).toBeLessThan(WALL_CLOCK_LIMIT_MS);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) {
      expect(compiled.error.message).toMatch(message);
      expect(compiled.error.start).toBeGreaterThanOrEqual(0);
      expect(compiled.error.end).toBeGreaterThanOrEqual(compiled.error.start);
      expect(compiled.error.end).toBeLessThanOrEqual(expression.length);
    }
  });

  it(`accepts operator chains up to the depth limit (${MAX_AST_DEPTH})`, () => {
    const compiled = env.compile(Array(MAX_AST_DEPTH - 10).fill('1').join(' + '));
    expect(compiled.ok && compiled.program.evaluate()).toEqual({ ok: true, value: BigInt(MAX_AST_DEPTH - 10) });
  });
});

describe('membership tests (cel-go charges `x in list` the list size)', () => {
  it('stops a quadratic search over a large list', () => {
    const expression = 'cel.bind(l, lists.range(20000), lists.range(20000).all(i, i in l))';
    const { result, ms } = timed(env, expression);
    expect(result).toMatchObject({ ok: false, error: { message: COST_LIMIT_EXCEEDED } });
    expect(ms).toBeLessThan(WALL_CLOCK_LIMIT_MS);
  });

  it('keeps the other patches of the list operand', () => {
    expect(timed(env, "'b' in ['a', ?optional.of('b')]").result).toEqual({ ok: true, value: true });
    expect(timed(env, "2 in [1] + [2]").result).toEqual({ ok: true, value: true });
    expect(timed(env, 'cel.bind(l, lists.range(100), lists.range(100).all(i, i in l))').result).toEqual({ ok: true, value: true });
  });
});
