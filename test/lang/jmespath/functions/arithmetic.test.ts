/**
 * Arithmetic on numbers, Kubernetes quantities (exact decimals, canonical output, Go's division
 * scale) and Go durations (the operand types of kyverno/kyverno pkg/engine/jmespath/arithmetic.go);
 * round (`jpRound`, functions.go).
 */
import { describe, expect, it } from 'vitest';
import { type Expected, expectedOutcome, fails, ok, run } from './evaluate.js';

const mismatch = (fn: string): Expected => fails(`JMESPath function '${fn}': Types mismatch`);
const invalid = (fn: string): Expected => fails(`JMESPath function '${fn}': invalid operand`);
const zero = (fn: string): Expected => fails(`JMESPath function '${fn}': Zero divisor passed`);
const nonInteger = fails("JMESPath function 'modulo': Non-integer argument(s) passed for modulo");

const cases: [string, Expected][] = [
  // add
  ['add(`12`, `13`)', ok(25)],
  ["add('12', '13s')", mismatch('add')],
  ["add(`12`, '13Ki')", mismatch('add')],
  ["add(`12`, '13')", mismatch('add')],
  ["add('12Ki', '13Ki')", ok('25Ki')],
  ["add('12Ki', '13')", ok('12301')],
  ["add('12Ki', '13s')", mismatch('add')],
  ["add('12Ki', `13`)", mismatch('add')],
  ["add('12s', '13s')", ok('25s')],
  ["add('12s', `13`)", mismatch('add')],
  ["add('12s', '13Ki')", mismatch('add')],
  ["add('12s', '13')", mismatch('add')],
  ["add('1m', '1m')", ok('2m')],
  ["add('1h', '1m')", mismatch('add')],
  ["add('1h', '30m0s')", ok('1h30m0s')],
  ["add('1.5', '1.5')", ok('3')],
  ["add('1500', '500')", ok('2k')],
  ["add('1k', '1')", ok('1001')],
  ["add('1Gi', '512Mi')", ok('1536Mi')],
  ["add('1Gi', '1G')", ok('2073741824')],
  ["add('0', '1Ki')", ok('1Ki')],
  ["add('100m', '900m')", ok('1')],
  ["add('1e3', '1e3')", ok('2e3')],
  ["add('1E3', '1')", ok('1001')],
  ["add('500Mi', '500Mi')", ok('1000Mi')],
  ["add('0.1', '0.2')", ok('300m')],
  ["add('1n', '1u')", ok('1001n')],
  ["add('1', '-1')", ok('0')],
  ["add('500ms', '600ms')", ok('1.1s')],
  ["add('1us', '1ns')", ok('1.001µs')],
  ['add(`1`, `0.5`)', ok(1.5)],
  ["add(`1`, 'a')", invalid('add')],
  ["add('1K', '0')", invalid('add')],
  ["add(' 1', '0')", invalid('add')],
  ["add(`true`, `1`)", invalid('add')],
  // subtract
  ['subtract(`12`, `13`)', ok(-1)],
  ["subtract('12Ki', '13Ki')", ok('-1Ki')],
  ["subtract('12Ki', '13')", ok('12275')],
  ["subtract('12s', '13s')", ok('-1s')],
  ["subtract('12s', `13`)", mismatch('subtract')],
  ["subtract('1', '1.5')", ok('-500m')],
  ["subtract('10Mi', '5Ki')", ok('10235Ki')],
  ["subtract('0', '1Ki')", ok('-1Ki')],
  // sum
  ['sum(`[]`)', fails("JMESPath function 'sum': at least one element in the array is required")],
  ["sum(['1.5Gi'])", ok('1.5Gi')],
  ['sum([`true`])', ok(true)],
  ['sum([`12`])', ok(12)],
  ['sum([`12`, `13`, `1`, `4`])', ok(30)],
  ["sum(['12Ki'])", ok('12Ki')],
  ["sum(['12Ki', '13Ki', '1Ki', '4Ki'])", ok('30Ki')],
  ["sum(['12Ki', '13'])", ok('12301')],
  ["sum(['12s', '13s', '1s', '4s'])", ok('30s')],
  ["sum(['12', '13s'])", mismatch('sum')],
  ["sum([`12`, '13Ki'])", mismatch('sum')],
  ["sum(['12s', `13`])", mismatch('sum')],
  ["sum(['1.5Gi', '0'])", ok('1536Mi')],
  ["sum(['30m', '30m'])", ok('60m')],
  ["sum(['1m0s', '1s'])", ok('1m1s')],
  ['sum(`[1, 2.5]`)', ok(3.5)],
  ["sum(['1', `2`])", mismatch('sum')],
  ["sum(['a', 'b'])", invalid('sum')],
  ["sum(items(`{\"a\": 1}`, 'k', 'v'))", mismatch('sum')],
  // multiply
  ["multiply('12Ki', `2`)", ok('24Ki')],
  ["multiply('12s', `2`)", ok('24s')],
  ['multiply(`2.5`, `2.5`)', ok(6.25)],
  ["multiply(`2.5`, '12Ki')", ok('30Ki')],
  ["multiply(`2.5`, '12')", ok('30')],
  ["multiply(`2.5`, '40s')", ok('1m40s')],
  ["multiply('12Ki', '2Ki')", mismatch('multiply')],
  ["multiply('12Ki', '2s')", mismatch('multiply')],
  ["multiply('12s', '2s')", mismatch('multiply')],
  ["multiply('1Gi', `0.5`)", ok('512Mi')],
  ["multiply('100m', `3`)", ok('300m')],
  ["multiply('1', `1000000`)", ok('1M')],
  ["multiply('1k', `1.5`)", ok('1500')],
  ["multiply('1Ki', `0.1`)", ok('102400m')],
  ["multiply('1Ki', `-1`)", ok('-1Ki')],
  ["multiply('1.1s', `3`)", ok('3.3s')],
  ["multiply('1h', `1.5`)", ok('1h30m0s')],
  ["multiply('10s', `-0.5`)", ok('-5s')],
  ["multiply('2', '3')", mismatch('multiply')],
  ['multiply(`0.1`, `3`)', ok(0.30000000000000004)],
  ["multiply('1', `1e21`)", ok('1')],
  // divide
  ["divide('256M', '256M')", ok(1)],
  ["divide('512M', '256M')", ok(2)],
  ["divide('8', '3')", ok(2.6666666666666665)],
  ["divide('128M', '256M')", ok(0.5)],
  ["divide('12Ki', `3`)", ok('4Ki')],
  ["divide('12Ki', '2Ki')", ok(6)],
  ["divide('12Ki', '200')", ok(61.44)],
  ["divide('12s', `3`)", ok('4s')],
  ["divide('12s', '5s')", ok(2.4)],
  ['divide(`14`, `3`)', ok(4.666666666666667)],
  ["divide('12Ki', '2s')", mismatch('divide')],
  ["divide('12s', '4Ki')", mismatch('divide')],
  ["divide('12s', '4')", mismatch('divide')],
  ["divide(`14`, '5s')", mismatch('divide')],
  ["divide(`14`, '5Ki')", mismatch('divide')],
  ["divide(`14`, '5')", mismatch('divide')],
  ['divide(`14`, `0`)', zero('divide')],
  ["divide('4Ki', `0`)", zero('divide')],
  ["divide('4Ki', '0Ki')", zero('divide')],
  ["divide('4', `0`)", zero('divide')],
  ["divide('4', '0')", zero('divide')],
  ["divide('4s', `0`)", zero('divide')],
  ["divide('4s', '0s')", zero('divide')],
  ["divide('10Mi', '5Ki')", ok(2048)],
  ["divide('250m', '1')", ok(0.25)],
  ["divide('1', `3`)", ok('0')],
  ["divide('10', `4`)", ok('2')],
  ["divide('1.0', `4`)", ok('200m')],
  ["divide('1.50', `4`)", ok('370m')],
  ["divide('1.5', `2`)", ok('700m')],
  ["divide('12Ki', `5`)", ok('2457')],
  ["divide('1Gi', `3`)", ok('357913941')],
  ["divide('1k', `3`)", ok('333')],
  ["divide('500m', `3`)", ok('166m')],
  ["divide('1', `0.3`)", ok('3300m')],
  ["divide('10', `2.5`)", ok('4')],
  ["divide('-7', `2`)", ok('-3')],
  ["divide('1.5Gi', `2`)", ok('768Mi')],
  ["divide('1h', `3`)", ok('20m0s')],
  ["divide('10s', `4`)", ok('2.5s')],
  ["divide('10s', `3`)", ok('3.333333333s')],
  ["divide('10s', '4s')", ok(2.5)],
  ["divide('1h', '7m')", mismatch('divide')],
  // modulo
  ["modulo('12Ki', '5Ki')", ok('2Ki')],
  ["modulo('13s', '2s')", ok('1s')],
  ['modulo(`13`, `5`)', ok(3)],
  ["modulo('12', '13s')", mismatch('modulo')],
  ["modulo('12Ki', '13s')", mismatch('modulo')],
  ["modulo('12Ki', `13`)", mismatch('modulo')],
  ["modulo('13s', '12')", mismatch('modulo')],
  ["modulo('13s', '12Ki')", mismatch('modulo')],
  ["modulo('13s', `2`)", mismatch('modulo')],
  ["modulo(`13`, '12')", mismatch('modulo')],
  ["modulo(`13`, '12Ki')", mismatch('modulo')],
  ["modulo(`13`, '5s')", mismatch('modulo')],
  ['modulo(`14`, `0`)', zero('modulo')],
  ["modulo('4Ki', `0`)", mismatch('modulo')],
  ["modulo('4Ki', '0Ki')", zero('modulo')],
  ["modulo('4', '0')", zero('modulo')],
  ["modulo('4s', '0s')", zero('modulo')],
  ["modulo('4', '1.5')", nonInteger],
  ["modulo('4.5', '1')", nonInteger],
  ['modulo(`14`, `1.5`)', nonInteger],
  ['modulo(`14.5`, `2`)', nonInteger],
  ["modulo('-7', '3')", ok('-1')],
  ['modulo(`-7`, `3`)', ok(-1)],
  ["modulo('7', '-3')", ok('1')],
  ["modulo('5Ki', '3')", ok('2')],
  ["modulo('1.5Ki', '1')", ok('0')],
  ["modulo('1500m', '1')", nonInteger],
  ["modulo('10s', '3s')", ok('1s')],
  ["modulo('-10s', '3s')", ok('-1s')],
  ['modulo(`-7`, `-2`)', ok(-1)],
  // round
  ['round(`9.414675`, `2`)', ok(9.41)],
  ['round(`14.123`, `6`)', ok(14.123)],
  ["round(`23`, '12Ki')", fails('Invalid type for: 12Ki, expected: []jmespath.JpType{"number"}')],
  ["round(`21`, '5s')", fails('Invalid type for: 5s, expected: []jmespath.JpType{"number"}')],
  ['round(`14`, `1.5`)', fails("JMESPath function 'round': Non-integer argument(s) passed for round off")],
  ['round(`14`, `-2`)', fails("JMESPath function 'round': %!d(MISSING) argument is out of bounds (%!d(MISSING))")],
  ['round(`2.5`, `0`)', ok(3)],
  ['round(`-2.5`, `0`)', ok(-3)],
  ['round(`1.005`, `2`)', ok(1)],
  ['round(`1.45`, `1`)', ok(1.5)],
  ['round(`1234.5678`, `2`)', ok(1234.57)],
  ['round(`0.49999999999999994`, `0`)', ok(0)],
];

describe('arithmetic (jpAdd, jpSum, jpSubtract, jpMultiply, jpDivide, jpModulo, jpRound)', () => {
  for (const [expression, expected] of cases) {
    it(expression, () => {
      expect(run(expression)).toEqual(expectedOutcome(expected));
    });
  }

  it('round with very many places is NaN, as Go computes 0 × Inf', () => {
    const outcome = run('round(`0`, `400`)');
    expect('result' in outcome && Number.isNaN(outcome.result)).toBe(true);
  });
});

// The canonical form of a quantity result, `Quantity.String` (added to zero, it keeps its own format).
const canonical: [string, string][] = [
  ['1.5', '1500m'],
  ['1500', '1500'],
  ['2000', '2k'],
  ['1000k', '1M'],
  ['1000000u', '1'],
  ['1.5Gi', '1536Mi'],
  ['1e-3', '1e-3'],
  ['1E', '1E'],
  ['10000000000000000000', '10E'],
  ['1e21', '1e21'],
  ['0.1n', '1n'],
  ['1000000000000000000000', '1'],
  ['512', '512'],
];

describe('canonical quantity strings (Quantity.String)', () => {
  for (const [quantity, text] of canonical) {
    it(`${quantity} → ${text}`, () => {
      expect(run(`add('${quantity}', '0')`)).toEqual({ result: text });
    });
  }
  it.each([
    ["add('512', '512')", '1024'],
    ["add('-1024', '-1Ki')", '-2048'],
    ["add('12Ki', '13')", '12301'],
  ])('%s → %s', (expression, text) => {
    expect(run(expression)).toEqual({ result: text });
  });
});

// Durations: `time.ParseDuration` of the operands, `Duration.String` of the results.
const durations: [string, string][] = [
  ['1h1h', '2h0m0s'],
  ['+5s', '5s'],
  ['.5s', '500ms'],
  ['5.s', '5s'],
  ['1500000000ns', '1.5s'],
  ['1.0000000001s', '1s'],
  ['1.5ms', '1.5ms'],
  ['1001ns', '1.001µs'],
  ['100ns', '100ns'],
  ['3605s', '1h0m5s'],
  ['90s', '1m30s'],
  ['150.5s', '2m30.5s'],
  ['649800s', '180h30m0s'],
  ['-1.5s', '-1.5s'],
  ['1μs', '1µs'],
];

describe('Go durations (time.ParseDuration, Duration.String)', () => {
  for (const [duration, text] of durations) {
    it(`${duration} → ${text}`, () => {
      expect(run(`add('${duration}', '0s')`)).toEqual({ result: text });
    });
  }
  it("'0s' + '0s' is 0s", () => {
    expect(run("add('0s', '0s')")).toEqual({ result: '0s' });
  });
});
