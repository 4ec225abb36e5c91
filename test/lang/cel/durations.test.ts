import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/index.js';

const env = createCelEnvironment({ variables: { text: 'string' } });

function run(expression: string, text = ''): string {
  const compiled = env.compile(expression);
  if (!compiled.ok) return `compile error: ${compiled.error.message}`;
  const result = compiled.program.evaluate({ text });
  return result.ok ? String(result.value) : `error: ${result.error.message}`;
}

describe('duration(string) as cel-go parses it (Go time.ParseDuration)', () => {
  it.each([
    ['duration("0")', '', '0s'],
    ['duration("-0")', '', '0s'],
    ['duration("+0")', '', '0s'],
    ['duration("1μs") == duration("1µs")', '', 'true'],
    ['duration("1μs") == duration("1000ns")', '', 'true'],
    ['duration("-1.5s") == duration("-1500ms")', '', 'true'],
    ['duration("1h30m") == duration("90m")', '', 'true'],
    ['duration(text) < duration("1s")', '0', 'true'],
    // What Go refuses stays an error.
    ['duration("1")', '', 'error: Invalid duration string: 1'],
    ['duration(text)', '5 s', 'error: Invalid duration string: 5 s'],
  ])('%s (text %j) is %s', (expression, text, expected) => {
    expect(run(expression, text)).toBe(expected);
  });
});
