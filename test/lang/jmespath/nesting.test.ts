/**
 * Expressions nested deeper than MAX_NESTING fail to compile with a clear error instead of overflowing the
 * JavaScript stack; expressions at the limit compile and evaluate, with room left on the stack.
 */
import { describe, expect, it } from 'vitest';
import { compileJmesPath, JmesPathError } from '../../../src/lang/jmespath/index.js';
import { MAX_NESTING } from '../../../src/lang/jmespath/errors.js';

const MESSAGE = `expression nested too deeply: more than ${MAX_NESTING} levels`;

/** `{a: {a: … {a: 7}}}`, `levels` maps deep. */
function nested(levels: number): unknown {
  let value: unknown = 7;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** Each form: the expression of `n` levels, the largest `n` accepted, and the data and result there. */
const FORMS: [string, (n: number) => string, number, unknown, unknown][] = [
  // Parser recursion: one level for the whole expression, one per parenthesis, call, `!`, projection.
  ['parentheses', (n) => `${'('.repeat(n)}a${')'.repeat(n)}`, MAX_NESTING - 1, { a: 1 }, 1],
  ['function calls', (n) => `${'abs('.repeat(n)}a${')'.repeat(n)}`, MAX_NESTING - 1, { a: -3 }, 3],
  ['negations', (n) => `${'!'.repeat(n)}a`, MAX_NESTING - 1, { a: true }, MAX_NESTING % 2 === 0 ? false : true],
  ['multi-select lists', (n) => `${'['.repeat(n)}a${']'.repeat(n)}`, MAX_NESTING - 1, { a: 1 }, nestedList(MAX_NESTING - 1, 1)],
  // Evaluator recursion: chains the parser builds with a loop, as deep as they are long.
  ['sub-expressions', (n) => Array(n).fill('a').join('.'), MAX_NESTING, nested(MAX_NESTING), 7],
  ['pipes', (n) => Array(n).fill('a').join(' | '), MAX_NESTING, nested(MAX_NESTING), 7],
  ['index expressions', (n) => `a${'[0]'.repeat(n)}`, MAX_NESTING - 1, { a: nestedList(MAX_NESTING, 5) }, [5]],
  ['or chains', (n) => Array(n).fill('a').join(' || '), MAX_NESTING, { a: 2 }, 2],
  // JSON literals: decoded and frozen level by level.
  ['JSON literals', (n) => `\`${'['.repeat(n)}1${']'.repeat(n)}\``, MAX_NESTING, {}, nestedList(MAX_NESTING, 1)],
];

function nestedList(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

function compileError(expression: string): unknown {
  try {
    compileJmesPath(expression);
  } catch (err) {
    return err;
  }
  return null;
}

/** Calls `fn` from `frames` stack frames deep, as a policy's expression is evaluated deep in the engine. */
function deepInStack<T>(frames: number, fn: () => T): T {
  return frames === 0 ? fn() : deepInStack(frames - 1, fn);
}

describe('JMESPath nesting limit', () => {
  it.each(FORMS)('%s: at the limit, compiles and evaluates (also 2,000 frames deep in the stack)', (_name, build, limit, data, expected) => {
    const compiled = compileJmesPath(build(limit));
    expect(compiled.search(data)).toEqual(expected);
    expect(deepInStack(2000, () => compileJmesPath(build(limit)).search(data))).toEqual(expected);
  });

  it.each(FORMS)('%s: one level more is a syntax error, not a stack overflow', (_name, build, limit) => {
    const error = compileError(build(limit + 1));
    expect(error).toBeInstanceOf(JmesPathError);
    expect((error as JmesPathError).kind).toBe('syntax');
    expect((error as JmesPathError).message).toBe(MESSAGE);
  });

  it.each(FORMS)('%s: 20,000 levels fail the same way', (_name, build) => {
    expect((compileError(build(20_000)) as Error).message).toBe(MESSAGE);
  });

  it('a literal string holding brackets does not count as nesting', () => {
    const text = '['.repeat(5000);
    expect(compileJmesPath(`\`"${text}"\``).search({})).toBe(text);
  });
});
