/**
 * @file Kubernetes `resource.Quantity`: what `ParseQuantity` accepts and the exact value it gives,
 * `Cmp`, and the canonical string of `Quantity.String` (including computed values built with
 * `makeQuantity`, as the arithmetic functions of kyverno/kyverno pkg/engine/jmespath/arithmetic.go
 * produce them).
 */
import { describe, expect, it } from 'vitest';
import {
  compareQuantities,
  formatQuantity,
  makeQuantity,
  parseQuantity,
  type Quantity,
  type QuantityFormat,
} from '../../src/util/quantity.js';

function q(text: string): Quantity {
  const parsed = parseQuantity(text);
  if (parsed === null) throw new Error(`not a quantity: ${text}`);
  return parsed;
}

/** Exact decimal rendering of a quantity value, for assertions. */
function exact(quantity: Quantity): string {
  const { unscaled, scale } = quantity;
  if (scale >= 0) return (unscaled * 10n ** BigInt(scale)).toString();
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(-scale + 1, '0');
  const point = digits.length + scale;
  return `${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
}

// [input, exact value, format, canonical string]
const PARSED: [string, string, QuantityFormat, string][] = [
  ['0', '0', 'DecimalSI', '0'],
  ['00', '0', 'DecimalSI', '0'],
  ['1', '1', 'DecimalSI', '1'],
  ['+1', '1', 'DecimalSI', '1'],
  ['-1', '-1', 'DecimalSI', '-1'],
  ['1.5', '1.5', 'DecimalSI', '1500m'],
  ['1.1', '1.1', 'DecimalSI', '1100m'],
  ['5.', '5', 'DecimalSI', '5'],
  ['.5', '0.5', 'DecimalSI', '500m'],
  ['0.5', '0.5', 'DecimalSI', '500m'],
  ['500m', '0.5', 'DecimalSI', '500m'],
  ['1000m', '1', 'DecimalSI', '1'],
  ['1500', '1500', 'DecimalSI', '1500'],
  ['2000', '2000', 'DecimalSI', '2k'],
  ['1000', '1000', 'DecimalSI', '1k'],
  ['1000k', '1000000', 'DecimalSI', '1M'],
  ['1000000u', '1', 'DecimalSI', '1'],
  ['0.1m', '0.0001', 'DecimalSI', '100u'],
  ['1n', '0.000000001', 'DecimalSI', '1n'],
  ['0.1n', '0.000000001', 'DecimalSI', '1n'],
  ['-0.1n', '-0.000000001', 'DecimalSI', '-1n'],
  ['0.00000000001', '0.000000001', 'DecimalSI', '1n'],
  ['1.G', '1000000000', 'DecimalSI', '1G'],
  ['1E', '1000000000000000000', 'DecimalSI', '1E'],
  ['10000000000000000000', '10000000000000000000', 'DecimalSI', '10E'],
  ['1Ki', '1024', 'BinarySI', '1Ki'],
  ['+1Ki', '1024', 'BinarySI', '1Ki'],
  ['-1Ki', '-1024', 'BinarySI', '-1Ki'],
  ['12Ki', '12288', 'BinarySI', '12Ki'],
  ['1024Mi', '1073741824', 'BinarySI', '1Gi'],
  ['1.5Gi', '1610612736', 'BinarySI', '1536Mi'],
  ['1.5Ki', '1536', 'BinarySI', '1536'],
  ['0.5Ki', '512', 'BinarySI', '512'],
  ['1Ei', '1152921504606846976', 'BinarySI', '1Ei'],
  // BinarySI magnitudes are capped at the int64 maximum
  ['8Ei', '9223372036854775807', 'BinarySI', '9223372036854775807'],
  ['-100Ei', '-9223372036854775807', 'BinarySI', '-9223372036854775807'],
  // BinarySI between 0 and 1 becomes DecimalSI
  ['0.0001Ki', '0.1024', 'DecimalSI', '102400u'],
  ['1e3', '1000', 'DecimalExponent', '1e3'],
  ['1E3', '1000', 'DecimalExponent', '1e3'],
  ['1E+03', '1000', 'DecimalExponent', '1e3'],
  ['1e+21', '1000000000000000000000', 'DecimalExponent', '1e21'],
  ['1e-3', '0.001', 'DecimalExponent', '1e-3'],
  ['2.5e2', '250', 'DecimalExponent', '250'],
  ['1e-12', '0.000000001', 'DecimalExponent', '1e-9'],
  // a number part without digits is zero
  ['-', '0', 'DecimalSI', '0'],
  ['.', '0', 'DecimalSI', '0'],
  ['m', '0', 'DecimalSI', '0'],
  ['k', '0', 'DecimalSI', '0'],
  ['Ki', '0', 'BinarySI', '0'],
  ['E3', '0', 'DecimalExponent', '0'],
];

const REJECTED = [
  '',
  ' 1',
  '1 ',
  '1 Ki',
  '1.2.3',
  '1K',
  '1KB',
  '1Kb',
  '1KiB',
  '1Mb',
  '1k3',
  '1e',
  '1e3e3',
  '1i',
  'abc',
  '5h',
  '1s',
  '1ms',
  '1m0s',
  '--1',
  '0x10',
  // without digits, the exact (inf.Dec) path of ParseQuantity rejects the number
  '.Ei',
  '-Pi',
  '.e-10',
];

describe('parseQuantity', () => {
  it.each(PARSED)('%j → %s (%s), canonical %j', (text, value, format, canonical) => {
    const parsed = q(text);
    expect(exact(parsed)).toBe(value);
    expect(parsed.format).toBe(format);
    expect(formatQuantity(parsed)).toBe(canonical);
  });

  it.each(REJECTED.map((s) => [s]))('%j is rejected', (text) => {
    expect(parseQuantity(text)).toBeNull();
  });
});

describe('compareQuantities', () => {
  it.each([
    ['1Gi', '1000Mi', 1],
    ['1000Mi', '1Gi', -1],
    ['500m', '0.5', 0],
    ['1Ki', '1024', 0],
    ['1Gi', '1024Mi', 0],
    ['0.2', '200m', 0],
    ['1G', '1Gi', -1],
    ['-1', '-2', 1],
    ['-1e10', '-2', -1],
    ['-1', '1', -1],
    ['0', '-0', 0],
    ['0', '1n', -1],
    ['1e1000', '9e999', 1],
    ['9e999', '1e1000', -1],
    ['-1e1000', '-9e999', -1],
    ['1e-9', '1n', 0],
    ['2147483647e2147483647', '1', 1],
  ] as const)('%s vs %s → %i', (a, b, expected) => {
    expect(compareQuantities(q(a), q(b))).toBe(expected);
  });
});

describe('formatQuantity of computed values', () => {
  // Results of the arithmetic functions (value and kept format), as `Quantity.String` prints them.
  it.each([
    ['0.1+0.2', '300m', makeQuantity(3n, -1, 'DecimalSI')],
    ['500Mi+500Mi', '1000Mi', makeQuantity(1048576000n, 0, 'BinarySI')],
    ['1Gi+512Mi', '1536Mi', makeQuantity(1610612736n, 0, 'BinarySI')],
    ['12Ki+13', '12301', makeQuantity(12301n, 0, 'BinarySI')],
    ['10Mi-5Ki', '10235Ki', makeQuantity(10480640n, 0, 'BinarySI')],
    ['1Gi+1G', '2073741824', makeQuantity(2073741824n, 0, 'BinarySI')],
    ['512+512', '1024', makeQuantity(1024n, 0, 'DecimalSI')],
    ['-1024 + -1Ki', '-2048', makeQuantity(-2048n, 0, 'DecimalSI')],
    ['-1Ki + -1Ki', '-2Ki', makeQuantity(-2048n, 0, 'BinarySI')],
    ['1e3+1e3', '2e3', makeQuantity(2000n, 0, 'DecimalExponent')],
    ['1e21 (DecimalSI)', '1', makeQuantity(1n, 21, 'DecimalSI')],
    ['0.5Ki fraction', '1500m', makeQuantity(15n, -1, 'BinarySI')],
    ['1024^7', '1', makeQuantity(1n << 70n, 0, 'BinarySI')],
    ['zero', '0', makeQuantity(0n, 5, 'BinarySI')],
  ])('%s → %j', (_label, expected, quantity) => {
    expect(formatQuantity(quantity)).toBe(expected);
  });
});
