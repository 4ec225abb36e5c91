/**
 * @file Go float renderings: `strconv.FormatFloat` with 'E'/-1, 'f' (fixed precision with exact
 * round-half-even, shortest, float32 shortest) and 'g'/-1 (`fmt` `%v`).
 */
import { describe, expect, it } from 'vitest';
import { formatFloatE, formatFloatF, formatFloatG } from '../../src/util/go-format.js';

describe('formatFloatE (FormatFloat(v, E, -1, 64))', () => {
  it.each([
    [123, '1.23E+02'],
    [1e-5, '1E-05'],
    [8.1, '8.1E+00'],
    [8, '8E+00'],
    [1, '1E+00'],
    [1000, '1E+03'],
    [0, '0E+00'],
    [-0, '-0E+00'],
    [-2.5, '-2.5E+00'],
    [0.1, '1E-01'],
    [1e21, '1E+21'],
    [1e100, '1E+100'],
    [5e-324, '5E-324'],
    [1.7976931348623157e308, '1.7976931348623157E+308'],
    [9007199254740993, '9.007199254740992E+15'],
    [2000000000, '2E+09'],
    [Infinity, '+Inf'],
    [-Infinity, '-Inf'],
    [NaN, 'NaN'],
  ])('%s → %s', (v, expected) => {
    expect(formatFloatE(v)).toBe(expected);
  });
});

describe('formatFloatF (FormatFloat(v, f, prec, bitSize))', () => {
  it.each([
    // fmt %f
    [1000, 6, 64, '1000.000000'],
    [1.5, 6, 64, '1.500000'],
    [-0, 6, 64, '-0.000000'],
    [1e-7, 6, 64, '0.000000'],
    [-2.5e-10, 6, 64, '-0.000000'],
    [0.0000005, 6, 64, '0.000000'],
    [0.0000015, 6, 64, '0.000002'],
    [1e21, 6, 64, '1000000000000000000000.000000'],
    [1e22, 0, 64, '10000000000000000000000'],
    [2 ** 53 + 2, 1, 64, '9007199254740994.0'],
    // exact round-half-even on the binary value
    [0.5, 0, 64, '0'],
    [1.5, 0, 64, '2'],
    [2.5, 0, 64, '2'],
    [-2.5, 0, 64, '-2'],
    [0.125, 2, 64, '0.12'],
    [0.375, 2, 64, '0.38'],
    [1.005, 2, 64, '1.00'],
    [123.456, 1, 64, '123.5'],
    // shortest
    [123, -1, 64, '123'],
    [1e-5, -1, 64, '0.00001'],
    [1e21, -1, 64, '1000000000000000000000'],
    [1e-7, -1, 64, '0.0000001'],
    [0.1, -1, 64, '0.1'],
    [-2.5e-10, -1, 64, '-0.00000000025'],
    [3.14159, -1, 64, '3.14159'],
    // float32 shortest (ifaceToString)
    [16777217, -1, 32, '16777216'],
    [0.1, -1, 32, '0.1'],
    [3.14159, -1, 32, '3.14159'],
    [1e10, -1, 32, '10000000000'],
    [Infinity, -1, 64, '+Inf'],
    [NaN, 6, 64, 'NaN'],
  ] as const)('%s prec %i bits %i → %s', (v, prec, bits, expected) => {
    expect(formatFloatF(v, prec, bits)).toBe(expected);
  });
});

describe('formatFloatG (%v of float64)', () => {
  it.each([
    [0, '0'],
    [-0, '-0'],
    [1, '1'],
    [1.5, '1.5'],
    [100000, '100000'],
    [123456, '123456'],
    [1e6, '1e+06'],
    [1234567, '1.234567e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [9007199254740992, '9.007199254740992e+15'],
    [-1.5e-7, '-1.5e-07'],
    [Infinity, '+Inf'],
  ])('%s → %s', (v, expected) => {
    expect(formatFloatG(v)).toBe(expected);
  });
});
