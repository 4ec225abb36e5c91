import { describe, expect, it } from 'vitest';
import { type CelEvalResult, createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { replaceN } from '../../../src/lang/cel/strings.js';

const env = createCelEnvironment({ variables: { object: 'dyn' } });
const object = { names: ['a', 'b', 'a'], numbers: [1, 2, 3], text: 'a-b-c' };

function run(expression: string): CelEvalResult {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(`compile error: ${compiled.error.message}`);
  return compiled.program.evaluate({ object });
}

describe('ext.Strings v2 additions (cel-go ext/strings.go)', () => {
  const values: [string, unknown][] = [
    ["'hello'.charAt(0)", 'h'],
    ["'hello'.charAt(4)", 'o'],
    ["'hello'.charAt(5)", ''],
    // Code points, not UTF-16 units.
    ["'a😀b'.charAt(1)", '😀'],
    ["'a😀b'.charAt(2)", 'b'],
    ["'a-b-c'.replace('-', '_')", 'a_b_c'],
    ["'a-b-c'.replace('-', '_', 1)", 'a_b-c'],
    ["'a-b-c'.replace('-', '_', 0)", 'a-b-c'],
    ["'a-b-c'.replace('-', '_', -1)", 'a_b_c'],
    ["'abc'.replace('', '.')", '.a.b.c.'],
    ["'abc'.replace('', '.', 2)", '.a.bc'],
    ["'aaa'.replace('aa', 'b')", 'ba'],
    ["' A-B '.trim().lowerAscii().replace('-', '_')", 'a_b'],
    ['object.text.replace("-", "")', 'abc'],
    ["strings.quote('abc')", '"abc"'],
    ["strings.quote('a\"b\\\\c')", '"a\\"b\\\\c"'],
    ["strings.quote('\\n\\t\\r\\a\\b\\f\\v')", '"\\n\\t\\r\\a\\b\\f\\v"'],
    ["strings.quote('ü😀')", '"ü😀"'],
    // indexOf / lastIndexOf / substring count code points, as cel-go does.
    ["'hello mellow'.indexOf('')", 0n],
    ["'hello mellow'.indexOf('ello')", 1n],
    ["'hello mellow'.indexOf('jello')", -1n],
    ["'hello mellow'.indexOf('', 2)", 2n],
    ["'hello mellow'.indexOf('ello', 2)", 7n],
    ["'ta©o©αT'.indexOf('©', 3)", 4n],
    ["'ta©o©αT'.indexOf('©αT', 3)", 4n],
    ["'ta©o©αT'.indexOf('©α', 5)", -1n],
    ["'😀a😀b'.indexOf('b')", 3n],
    ["'hello mellow'.lastIndexOf('')", 12n],
    ["'hello mellow'.lastIndexOf('ello')", 7n],
    ["'hello mellow'.lastIndexOf('ello', 6)", 1n],
    ["'😀a😀b'.lastIndexOf('😀')", 2n],
    ["'tacocat'.substring(4)", 'cat'],
    ["'tacocat'.substring(0, 4)", 'taco'],
    ["'😀a😀b'.substring(1, 3)", 'a😀'],
    ["'tacocat'.substring(7)", ''],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(run(expression)).toEqual({ ok: true, value });
  });

  const errors: [string, RegExp][] = [
    ["'hello'.charAt(6)", /index out of range: 6/],
    ["'hello'.charAt(-1)", /index out of range: -1/],
    ["'hello mellow'.indexOf('ello', 20)", /index out of range: 20/],
    ["'hello mellow'.lastIndexOf('ello', -1)", /index out of range: -1/],
    ["'tacocat'.substring(8)", /index out of range: 8/],
    ["'tacocat'.substring(4, 3)", /invalid substring range. start: 4, end: 3/],
    ["'tacocat'.substring(0, 8)", /index out of range: 8/],
  ];
  it.each(errors)('%s', (expression, message) => {
    const result = run(expression);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
  });

  it('rejects wrong argument types at compile time', () => {
    expect(env.compile("'a'.replace(1, 'b')").ok).toBe(false);
    expect(env.compile("'a'.charAt('0')").ok).toBe(false);
  });

  it('replaceN follows Go strings.Replace', () => {
    expect(replaceN('oink oink oink', 'k', 'ky', 2n)).toBe('oinky oinky oink');
    expect(replaceN('oink oink oink', 'oink', 'moo', -1n)).toBe('moo moo moo');
    expect(replaceN('😀😀', '', '-', -1n)).toBe('-😀-😀-');
  });
});

describe('Kubernetes list indexOf / lastIndexOf (k8s.io/apiserver/pkg/cel/library/lists.go)', () => {
  const values: [string, unknown][] = [
    ['[1, 2, 3, 2].indexOf(2)', 1n],
    ['[1, 2, 3, 2].lastIndexOf(2)', 3n],
    ['[1, 2, 3].indexOf(4)', -1n],
    ["['a', 'b'].lastIndexOf('c')", -1n],
    ['object.names.indexOf("a")', 0n],
    ['object.names.lastIndexOf("a")', 2n],
    // JSON numbers are doubles; heterogeneous numeric equality finds them by value.
    ['object.numbers.indexOf(2)', 1n],
    ['[[1], [2]].indexOf([2])', 1n],
    ["[{'a': 1}, {'a': 2}].lastIndexOf({'a': 1})", 0n],
    ['[].indexOf(1)', -1n],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(run(expression)).toEqual({ ok: true, value });
  });

  it('keeps the string indexOf overloads', () => {
    expect(run("'hello'.indexOf('l')")).toEqual({ ok: true, value: 2n });
    expect(run("'hello'.lastIndexOf('l')")).toEqual({ ok: true, value: 3n });
  });

  it('rejects a mismatched element type at compile time', () => {
    expect(env.compile("[1, 2].indexOf('a')").ok).toBe(false);
  });
});
