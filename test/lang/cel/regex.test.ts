import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { compileRe2 } from '../../../src/util/go-regexp.js';

const env = createCelEnvironment({ variables: { object: 'dyn' } });
const object = { image: 'nginx:1.25', lookahead: '(?=a)', backref: '(a)\\1', plain: '^ng' };

describe('matches on RE2 (cel-go stdlib: regexp.MatchString)', () => {
  const values: [string, boolean][] = [
    ["'nginx:1.25'.matches('^nginx:')", true],
    // Unanchored search, like Go's MatchString.
    ["'abbc'.matches('b+')", true],
    ["'abc'.matches('^b')", false],
    ["'ABC'.matches('(?i)abc')", true],
    ["'a.b'.matches('a\\\\.b')", true],
    ["'axb'.matches('a\\\\.b')", false],
    ["'é'.matches('^.$')", true],
    ["'😀'.matches('^.$')", true],
    ["'x1'.matches('\\\\pL\\\\d')", true],
    ['object.image.matches(object.plain)', true],
    ["matches('nginx', '^ng')", true],
  ];
  it.each(values)('%s', (expression, value) => {
    const compiled = env.compile(expression);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.program.evaluate({ object })).toEqual({ ok: true, value });
  });

  const runtimeErrors: [string, RegExp][] = [
    ["'aa'.matches(object.lookahead)", /error parsing regexp: invalid or unsupported Perl syntax: `\(\?=`/],
    ["'aa'.matches(object.backref)", /error parsing regexp: invalid escape sequence: `\\1`/],
  ];
  it.each(runtimeErrors)('%s (runtime pattern)', (expression, message) => {
    const compiled = env.compile(expression);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const result = compiled.program.evaluate({ object });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
  });

  const literalErrors: [string, RegExp, number, number][] = [
    ["'aa'.matches('(?=a)')", /error parsing regexp: invalid or unsupported Perl syntax/, 13, 20],
    ["'aa'.matches('(?<!a)b')", /error parsing regexp/, 13, 22],
    ["'aa'.matches('(a)\\\\1')", /error parsing regexp: invalid escape sequence/, 13, 21],
    ["'aa'.matches('[')", /error parsing regexp: missing closing \]/, 13, 16],
  ];
  it.each(literalErrors)('%s (literal pattern: compile error)', (expression, message, start, end) => {
    const compiled = env.compile(expression);
    expect(compiled.ok).toBe(false);
    if (compiled.ok) return;
    expect(compiled.error.message).toMatch(message);
    expect([compiled.error.start, compiled.error.end]).toEqual([start, end]);
  });

  it('leaves literal patterns to run time when literal validation is off', () => {
    const loose = createCelEnvironment({ validateRegexLiterals: false });
    const compiled = loose.compile("'aa'.matches('(?=a)')");
    expect(compiled.ok).toBe(true);
    if (compiled.ok) expect(compiled.program.evaluate().ok).toBe(false);
  });

  it('is absorbed by || like any CEL error', () => {
    const compiled = env.compile("'a'.matches(object.lookahead) || true");
    expect(compiled.ok && compiled.program.evaluate({ object })).toEqual({ ok: true, value: true });
  });

  it('compiles each pattern once', () => {
    expect(compileRe2('^cached$')).toBe(compileRe2('^cached$'));
  });
});
