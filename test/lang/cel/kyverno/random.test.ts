import { describe, expect, it } from 'vitest';
import { generateFromPattern, RandomSource } from '../../../../src/lang/cel/kyverno/random.js';
import { errorOf, kyvernoEnvironment, valueOf } from './helpers.js';

function generate(pattern: string, seed = 1): string {
  return generateFromPattern(pattern, new RandomSource(seed));
}

describe('random', () => {
  it('makes 8 characters of [0-9a-z] by default', () => {
    const env = kyvernoEnvironment();
    for (const expression of ['random()', 'random.random()']) {
      const value = valueOf(env.run(expression)) as string;
      expect(value).toMatch(/^[0-9a-z]{8}$/);
    }
  });

  it('is reproducible: each environment draws from a generator with a fixed seed', () => {
    const first = kyvernoEnvironment();
    const second = kyvernoEnvironment();
    const a = [valueOf(first.run('random()')), valueOf(first.run("random('[A-Z]{12}')"))];
    const b = [valueOf(second.run('random()')), valueOf(second.run("random('[A-Z]{12}')"))];
    expect(a).toEqual(b);
    // Successive calls differ.
    expect(valueOf(first.run('random()'))).not.toEqual(a[0]);
  });

  const patterns: [string, RegExp][] = [
    ['[0-9a-z]{8}', /^[0-9a-z]{8}$/],
    ['abc', /^abc$/],
    ['^prefix-[a-f0-9]{4,6}$', /^prefix-[a-f0-9]{4,6}$/],
    ['(foo|bar|baz)-[[:digit:]]{3}', /^(foo|bar|baz)-[0-9]{3}$/],
    ['x?y+', /^x?y+$/],
    ['[^a-z\\n]{5}', /^[^a-z\n]{5}$/u],
    ['a{2,}', /^a{2,}$/],
    ['[a-]{3}', /^[a-]{3}$/],
    ['\\.\\x41\\101\\t', /^\.AA\t$/],
    ['[[:upper:][:digit:]]{10}', /^[A-Z0-9]{10}$/],
    ['a{,3}', /^a\{,3\}$/],
    ['a{01}', /^a\{01\}$/],
    ['\\x{41}\\x{1F600}', /^A\u{1F600}$/u],
    ['()', /^$/],
    ['a**', /^a*$/],
  ];
  it.each(patterns)('generates strings matching %s', (pattern, re) => {
    for (let seed = 1; seed <= 20; seed++) expect(generate(pattern, seed)).toMatch(re);
  });

  const errors: [string, string][] = [
    ['\\d{3}', 'error parsing regexp: invalid escape sequence: `\\d`'],
    ['(?i)abc', 'error parsing regexp: missing argument to repetition operator: `?`'],
    ['[a-z', 'error parsing regexp: missing closing ]: `[a-z`'],
    ['(abc', 'error parsing regexp: missing closing ): `(abc`'],
    ['abc)', 'error parsing regexp: unexpected ): `abc)`'],
    ['*a', 'error parsing regexp: missing argument to repetition operator: `*`'],
    ['a{1001}', 'error parsing regexp: invalid repeat count: `{1001}`'],
    ['a{3,2}', 'error parsing regexp: invalid repeat count: `{3,2}`'],
    ['[z-a]', 'error parsing regexp: invalid character class range: `z-a`'],
    ['[a-b-c]', 'error parsing regexp: invalid character class range: `-c`'],
    ['[[:foo:]]', 'error parsing regexp: invalid character class range: `[:foo:]`'],
    ['abc\\', 'error parsing regexp: trailing backslash at end of expression: ``'],
    ['\\pL', 'error parsing regexp: invalid escape sequence: `\\p`'],
    ['\\x{110000}', 'error parsing regexp: invalid escape sequence: `\\x{110000`'],
    ['\\8', 'error parsing regexp: invalid escape sequence: `\\8`'],
    ['[\\d]', 'error parsing regexp: invalid escape sequence: `\\d`'],
  ];
  it.each(errors)('rejects %s as Go regexp/syntax does without flags', (pattern, message) => {
    expect(() => generate(pattern)).toThrow(message);
  });

  it('fails with an error value, not a hang, for patterns with unbounded nesting', () => {
    const env = kyvernoEnvironment();
    expect(errorOf(env.run("random('((ab*)*c*)*')"))).toMatch(/exceeds/);
    expect(errorOf(env.run("random('\\\\d')"))).toMatch(/invalid escape sequence/);
  });

  it.each(['random(1)', "random('a', 'b')", 'random.random(1)'])('%s is a compile error', (expression) => {
    expect(kyvernoEnvironment().compile(expression).ok).toBe(false);
  });
});
