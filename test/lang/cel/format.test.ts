import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { formatCel } from '../../../src/lang/cel/format.js';

const env = createCelEnvironment({ variables: { object: 'dyn' } });
const object = { name: 'web', replicas: 3, labels: { b: '2', a: '1' } };

function evaluate(expression: string) {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(`compile error: ${compiled.error.message}`);
  return compiled.program.evaluate({ object });
}

describe('string.format (cel-go ext/formatting.go, strings version 2)', () => {
  const values: [string, string][] = [
    ["'%s is %d'.format(['x', 1])", 'x is 1'],
    ["'%s'.format(['hello'])", 'hello'],
    ["'%d'.format([-5])", '-5'],
    ["'%d'.format([5u])", '5'],
    ["'100%% of %s'.format(['it'])", '100% of it'],
    ["'%%'.format([])", '%'],
    ["'%f'.format([3.14])", '3.140000'],
    ["'%.2f'.format([2.675])", '2.67'],
    ["'%.0f'.format([2.5])", '2'],
    // golang.org/x/text's en_US printer groups thousands for %f ...
    ["'%.2f'.format([1234567.891])", '1,234,567.89'],
    // ... and prints %e in its scientific pattern, ignoring the precision.
    ["'%e'.format([2.71828])", '2.718280\u202f×\u202f10⁰⁰'],
    ["'%.2e'.format([1052.032911275])", '1.052033\u202f×\u202f10⁰³'],
    ["'%e'.format([0.000123])", '1.230000\u202f×\u202f10⁻⁰⁴'],
    ["'%f'.format(['NaN'])", 'NaN'],
    ["'%f'.format(['Infinity'])", '∞'],
    ["'%b'.format([5])", '101'],
    ["'%b'.format([true])", '1'],
    ["'%o'.format([8])", '10'],
    ["'%x %X'.format([26, 26])", '1a 1A'],
    ["'%x'.format([-26])", '-1a'],
    ["'%x'.format(['hello'])", '68656c6c6f'],
    ["'%X'.format([b'\\xff'])", 'FF'],
    ["'%s'.format([1.5])", '1.5'],
    ["'%s'.format([1e21])", '1e+21'],
    ["'%s'.format([1234567.0])", '1.234567e+06'],
    ["'%s'.format([true])", 'true'],
    ["'%s'.format([null])", 'null'],
    ["'%s'.format([b'abc'])", 'abc'],
    ["'%s'.format([type(1)])", 'int'],
    ["'%s'.format([duration('1h45m47s')])", '6347s'],
    ["'%s'.format([timestamp('2023-02-03T23:31:20+00:00')])", '2023-02-03T23:31:20Z'],
    // Aggregates: elements rendered as CEL literals; map keys sorted.
    ["'%s'.format([[1, 2.5, 'a', true, null]])", '[1, 2.500000, "a", true, null]'],
    ["'%s'.format([{'b': 1, 'a': 'x'}])", '{"a":"x", "b":1}'],
    ["'%s'.format([[b'abc', [duration('1.5s')]]])", '[b"abc", [duration("1.5s")]]'],
    ["'%s'.format([[1.0 / 0.0]])", '["+Inf"]'],
    // Values from JSON: numbers are doubles.
    ["'%s has %s replicas'.format([object.name, object.replicas])", 'web has 3 replicas'],
    ["'%d'.format([int(object.replicas)])", '3'],
    ["'%s'.format([object.labels])", '{"a":"1", "b":"2"}'],
    ["'%s'.format(['a\"b'])", 'a"b'],
    ["'%s'.format([['a\"b']])", '["a\\"b"]'],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(evaluate(expression)).toEqual({ ok: true, value });
  });

  const errors: [string, string][] = [
    ["'%d'.format([1.5])", 'error during formatting: decimal clause can only be used on integers, was given double'],
    ["'%f'.format([1])", 'error during formatting: fixed-point clause can only be used on doubles, was given int'],
    ["'%b'.format([1.0])", 'error during formatting: only integers and bools can be formatted as binary, was given double'],
    ["'%o'.format(['x'])", 'error during formatting: octal clause can only be used on integers, was given string'],
    ["'%x'.format([1.0])", 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double'],
    ["'%d'.format([])", 'index 0 out of range'],
    ["'%s %s'.format(['a'])", 'index 1 out of range'],
    ["'%'.format([1])", 'unexpected end of string'],
    ["'%z'.format([1])", 'could not parse formatting clause: unrecognized formatting clause "z"'],
    ["'%.3'.format([1.0])", 'could not parse formatting clause: error while parsing precision: could not find end of precision specifier'],
  ];
  // cel-go checks a literal format string applied to a list literal at compile time
  // (ext/formatting.go, stringFormatValidator); other calls fail at run time with the same texts.
  it.each(errors)('%s is a compile error', (expression, message) => {
    const compiled = env.compile(expression);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error.message).toBe(message);
  });

  it.each(errors)('%s through a variable is a runtime error', (expression, message) => {
    const dynamic = expression.replace(/^('[^']*')\.format\(/, 'cel.bind(f, $1, f).format(');
    expect(dynamic).not.toBe(expression);
    const result = evaluate(dynamic);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe(message);
  });

  const compileOnly: [string, string][] = [
    ["'%s'.format(['a', 'b'])", 'too many arguments supplied to string.format (expected 1, got 2)'],
    ["'%s'.format([optional.of(1)])", 'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type'],
    ["'%s'.format([[optional.of(1)]])", 'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type'],
  ];
  it.each(compileOnly)('%s is a compile error', (expression, message) => {
    const compiled = env.compile(expression);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error.message).toBe(message);
  });

  // Strings pass the compile-time check of %f/%e (for 'NaN', 'Infinity', '-Infinity'); dyn passes everything.
  const runtimeOnly: [string, string][] = [
    ["'%e'.format(['x'])", 'error during formatting: scientific clause can only be used on doubles, was given string'],
    ["'%d'.format([object.replicas])", 'error during formatting: decimal clause can only be used on integers, was given double'],
  ];
  it.each(runtimeOnly)('%s is a runtime error', (expression, message) => {
    const result = evaluate(expression);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe(message);
  });

  it('leaves dyn arguments to run time', () => {
    expect(env.compile("'%d'.format([object.replicas])").ok).toBe(true);
    expect(env.compile("'%d %s'.format([dyn(1), object])").ok).toBe(true);
  });

  it('exempts literals inside format from the homogeneous-literal rule, and only there', () => {
    expect(env.compile("'%s %d'.format(['a', 1])").ok).toBe(true);
    expect(env.compile("'%s %s'.format([[1, 'a'], {'k': 1, 'l': 'v'}])").ok).toBe(true);
    expect(env.compile("[1, 'a'].size()").ok).toBe(false);
  });

  it('formatCel can be called directly', () => {
    expect(formatCel('%s-%d', ['a', 2n])).toBe('a-2');
  });
});
