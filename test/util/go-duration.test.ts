/**
 * @file Go `time.ParseDuration` and `Duration.String`, with the cases of Go's own time tests
 * (parseDurationTests, parseDurationErrorTests, durationTests) and the durations Kyverno's arithmetic
 * functions parse and print (kyverno/kyverno pkg/engine/jmespath/arithmetic.go).
 */
import { describe, expect, it } from 'vitest';
import { formatGoDuration, parseGoDuration } from '../../src/util/go-duration.js';

const NS = 1n;
const US = 1_000n;
const MS = 1_000_000n;
const S = 1_000_000_000n;
const M = 60n * S;
const H = 60n * M;
const MAX = (1n << 63n) - 1n;
const MIN = -(1n << 63n);

const VALID: [string, bigint][] = [
  ['0', 0n],
  ['5s', 5n * S],
  ['30s', 30n * S],
  ['1478s', 1478n * S],
  ['-5s', -5n * S],
  ['+5s', 5n * S],
  ['-0', 0n],
  ['+0', 0n],
  ['5.0s', 5n * S],
  ['5.6s', 5n * S + 600n * MS],
  ['5.s', 5n * S],
  ['.5s', 500n * MS],
  ['1.0s', S],
  ['1.00s', S],
  ['1.004s', S + 4n * MS],
  ['1.0040s', S + 4n * MS],
  ['100.00100s', 100n * S + MS],
  ['10ns', 10n * NS],
  ['11us', 11n * US],
  ['12\u00b5s', 12n * US],
  ['12\u03bcs', 12n * US],
  ['13ms', 13n * MS],
  ['14s', 14n * S],
  ['15m', 15n * M],
  ['16h', 16n * H],
  ['3h30m', 3n * H + 30n * M],
  ['10.5s4m', 4n * M + 10n * S + 500n * MS],
  ['-2m3.4s', -(2n * M + 3n * S + 400n * MS)],
  ['1h2m3s4ms5us6ns', H + 2n * M + 3n * S + 4n * MS + 5n * US + 6n * NS],
  ['39h9m14.425s', 39n * H + 9n * M + 14n * S + 425n * MS],
  ['52763797000ns', 52763797000n],
  ['0.3333333333333333333h', 20n * M],
  ['9007199254740993ns', (1n << 53n) + 1n],
  ['9223372036854775807ns', MAX],
  ['9223372036854775.807us', MAX],
  ['9223372036s854ms775us807ns', MAX],
  ['-9223372036854775808ns', MIN],
  ['-9223372036854775.808us', MIN],
  ['-9223372036s854ms775us808ns', MIN],
  ['-2562047h47m16.854775808s', MIN],
  ['0.100000000000000000000h', 6n * M],
  ['0.830103483285477580700h', 49n * M + 48n * S + 372539827n],
  // repeated units add up; fraction digits beyond nanoseconds are truncated
  ['1h1h', 2n * H],
  ['1500000000ns', 1_500_000_000n],
  ['1.0000000001s', S],
  ['1.5h', H + 30n * M],
];

const INVALID = [
  '',
  '3',
  '-',
  's',
  '.',
  '-.',
  '.s',
  '+.s',
  '1d',
  '1w',
  '\x85\x85',
  '\uFFFD',
  '\uFFFD hello \uFFFD world',
  '1 s',
  ' 1s',
  '1s ',
  '1.5.5s',
  '1S',
  '9223372036854775810ns',
  '9223372036854775808ns',
  '-9223372036854775809ns',
  '9223372036854776us',
  '3000000h',
  '9223372036854775.808us',
  '9223372036854ms775us808ns',
];

const FORMATTED: [bigint, string][] = [
  [0n, '0s'],
  [1n, '1ns'],
  [1100n, '1.1\u00b5s'],
  [2200n * US, '2.2ms'],
  [3300n * MS, '3.3s'],
  [4n * M + 5n * S, '4m5s'],
  [4n * M + 5001n * MS, '4m5.001s'],
  [5n * H + 6n * M + 7001n * MS, '5h6m7.001s'],
  [8n * M + 1n, '8m0.000000001s'],
  [MAX, '2562047h47m16.854775807s'],
  [MIN, '-2562047h47m16.854775808s'],
  // below a second: ns, µs or ms without trailing zeros; once hours (or minutes) print, the smaller units print too
  [500n * MS, '500ms'],
  [1500n * US, '1.5ms'],
  [1001n, '1.001\u00b5s'],
  [100n, '100ns'],
  [H + 5n * S, '1h0m5s'],
  [H, '1h0m0s'],
  [100n * H, '100h0m0s'],
  [M, '1m0s'],
  [M + 30n * S, '1m30s'],
  [2n * M + 30n * S + 500n * MS, '2m30.5s'],
  [180n * H + 10n * M, '180h10m0s'],
  [-S, '-1s'],
  [-24n * H, '-24h0m0s'],
  [-1500n * MS, '-1.5s'],
  [-2n * M, '-2m0s'],
];

describe('parseGoDuration', () => {
  it.each(VALID)('%j → %s ns', (text, ns) => {
    expect(parseGoDuration(text)).toBe(ns);
  });

  it.each(INVALID.map((s) => [s]))('%j is rejected', (text) => {
    expect(parseGoDuration(text)).toBeNull();
  });
});

describe('formatGoDuration', () => {
  it.each(FORMATTED)('%s ns → %j', (ns, text) => {
    expect(formatGoDuration(ns)).toBe(text);
  });

  it('round-trips through parseGoDuration', () => {
    for (const [ns] of FORMATTED) expect(parseGoDuration(formatGoDuration(ns))).toBe(ns);
  });
});
