import { describe, expect, it } from 'vitest';
import { compileError, evaluate, strictEnv } from './run.js';

describe('ext.Encoders (cel-go ext/encoders.go)', () => {
  /** cel-go ext/encoders_test.go `TestEncoders`. */
  const celGoVectors: string[] = [
    "base64.decode('aGVsbG8=') == b'hello'",
    "base64.decode('aGVsbG8') == b'hello'",
    "base64.encode(b'hello') == 'aGVsbG8='",
  ];
  it.each(celGoVectors)('%s', (expression) => {
    expect(evaluate(strictEnv, expression)).toEqual({ ok: true, value: true });
  });

  const values: [string, unknown][] = [
    ["base64.encode(b'')", ''],
    ["base64.encode(b'\\xff\\xfe')", '//4='],
    ["string(base64.decode('aGVs\\nbG8='))", 'hello'],
    ["base64.decode('aGVsbA') == b'hell'", true],
    ["string(base64.decode(base64.encode(bytes('ü😀'))))", 'ü😀'],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(evaluate(strictEnv, expression)).toEqual({ ok: true, value });
  });

  const runtimeErrors: string[] = ["base64.decode('a===')", "base64.decode('aGVsbG8*')", "base64.decode('a')", "base64.decode('aGVsbG8==')"];
  it.each(runtimeErrors)('%s is a runtime error', (expression) => {
    const result = evaluate(strictEnv, expression);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/illegal base64 data at input byte \d+/);
  });

  /** cel-go `TestEncoders` error cases: no overload for the wrong argument type. */
  it.each(["base64.decode(b'aGVsbG8=') == b'hello'", "base64.encode('hello') == b'aGVsbG8='"])('%s is a compile error', (expression) => {
    expect(compileError(strictEnv, expression)?.message).toMatch(/no matching overload|no such overload/);
  });
});
