/**
 * @file Go renderings of float64 values that Kyverno's behaviour depends on:
 * `strconv.FormatFloat(v, 'E', -1, 64)` (pattern string comparison of numbers),
 * `strconv.FormatFloat(v, 'f', prec, 64|32)` (`fmt` `%f` is `prec` 6; float32 shortest for
 * `ifaceToString`) and `strconv.FormatFloat(v, 'g', -1, 64)` (`fmt` `%v`).
 *
 * Shortest forms come from JavaScript's shortest round-trip digits (`toExponential()`), which are
 * the same digits Go's shortest formatting produces; fixed precisions are rounded exactly
 * (round-half-even on the exact binary value, as Go does) with bigint arithmetic.
 */

interface Digits {
  /** Decimal digits without leading/trailing zeros (`"0"` for zero). */
  digits: string;
  /** Position of the decimal point relative to the start of `digits` (value = 0.digits × 10^point). */
  point: number;
  negative: boolean;
}

function specialValue(v: number): string | null {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return null;
}

/** Shortest round-trip decimal digits of a float64. */
function shortestDigits(v: number): Digits {
  const negative = v < 0 || Object.is(v, -0);
  if (v === 0) return { digits: '0', point: 1, negative };
  const text = Math.abs(v).toExponential(); // d.ddde±x, shortest round-trip
  const e = text.indexOf('e');
  const mantissa = text.slice(0, e).replace('.', '');
  const exponent = Number(text.slice(e + 1));
  return { digits: mantissa, point: exponent + 1, negative };
}

/** Shortest decimal digits that round-trip through float32 (Go `FormatFloat(x, _, -1, 32)`). */
function shortestDigits32(v: number): Digits {
  const f = Math.fround(v);
  const negative = f < 0 || Object.is(f, -0);
  if (f === 0) return { digits: '0', point: 1, negative };
  const a = Math.abs(f);
  for (let precision = 1; precision <= 9; precision++) {
    const text = a.toExponential(precision - 1);
    if (Math.fround(Number(text)) === a) {
      const e = text.indexOf('e');
      const mantissa = text.slice(0, e).replace('.', '').replace(/0+$/, '') || '0';
      return { digits: mantissa, point: Number(text.slice(e + 1)) + 1, negative };
    }
  }
  return shortestDigits(a);
}

function exponentSuffix(letter: string, exp: number): string {
  const sign = exp < 0 ? '-' : '+';
  const magnitude = Math.abs(exp);
  return `${letter}${sign}${magnitude < 10 ? '0' : ''}${magnitude}`;
}

function renderExponent(d: Digits, letter: string): string {
  const mantissa = d.digits.length > 1 ? `${d.digits[0]}.${d.digits.slice(1)}` : d.digits;
  const exp = d.digits === '0' ? 0 : d.point - 1;
  return `${d.negative ? '-' : ''}${mantissa}${exponentSuffix(letter, exp)}`;
}

function renderFixed(d: Digits, decimals: number): string {
  let integer: string;
  let fraction: string;
  if (d.digits === '0') {
    integer = '0';
    fraction = '';
  } else if (d.point <= 0) {
    integer = '0';
    fraction = '0'.repeat(-d.point) + d.digits;
  } else if (d.point >= d.digits.length) {
    integer = d.digits + '0'.repeat(d.point - d.digits.length);
    fraction = '';
  } else {
    integer = d.digits.slice(0, d.point);
    fraction = d.digits.slice(d.point);
  }
  fraction = fraction.padEnd(decimals, '0');
  return `${d.negative ? '-' : ''}${integer}${decimals > 0 ? '.' + fraction : ''}`;
}

/** `strconv.FormatFloat(v, 'E', -1, 64)`: `1.23E+02`, `1E-05`, `8.1E+00`, `0E+00`. */
export function formatFloatE(v: number): string {
  return specialValue(v) ?? renderExponent(shortestDigits(v), 'E');
}

/** `strconv.FormatFloat(v, 'g', -1, 64)`, which is also `fmt`'s `%v`: `1e+06`, `123456`, `1.5e-05`. */
export function formatFloatG(v: number): string {
  const special = specialValue(v);
  if (special !== null) return special;
  const d = shortestDigits(v);
  const exp = d.point - 1;
  // Shortest %g switches to the exponent form below 10^-4 and from 10^6 on (eprec 6).
  if (d.digits !== '0' && (exp < -4 || exp >= 6)) return renderExponent(d, 'e');
  return renderFixed(d, Math.max(d.digits.length - d.point, 0));
}

/** Exact value of a finite float64 as `mantissa × 2^exp2` (mantissa a non-negative bigint). */
function binaryParts(v: number): { mantissa: bigint; exp2: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(v));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const fracHi = BigInt(hi & 0xfffff);
  let mantissa = (fracHi << 32n) | BigInt(lo);
  let exp2: number;
  if (biased === 0) {
    exp2 = -1074;
  } else {
    mantissa |= 1n << 52n;
    exp2 = biased - 1075;
  }
  return { mantissa, exp2 };
}

/** Rounds |v| × 10^prec to an integer, half to even, exactly. */
function scaledRounded(v: number, prec: number): bigint {
  const { mantissa, exp2 } = binaryParts(v);
  const scaled = mantissa * 10n ** BigInt(prec);
  if (exp2 >= 0) return scaled << BigInt(exp2);
  const divisor = 1n << BigInt(-exp2);
  const q = scaled / divisor;
  const r2 = (scaled % divisor) * 2n;
  if (r2 > divisor || (r2 === divisor && (q & 1n) === 1n)) return q + 1n;
  return q;
}

/**
 * `strconv.FormatFloat(v, 'f', prec, bitSize)`: fixed notation with `prec` decimals, or the
 * shortest representation when `prec` is -1 (`bitSize` 32 rounds to float32 first, as Go does).
 * `fmt`'s `%f` is `formatFloatF(v, 6)`.
 */
export function formatFloatF(v: number, prec: number, bitSize: 32 | 64 = 64): string {
  const special = specialValue(bitSize === 32 ? Math.fround(v) : v);
  if (special !== null) return special;
  if (prec < 0) {
    const d = bitSize === 32 ? shortestDigits32(v) : shortestDigits(v);
    return renderFixed(d, Math.max(d.digits.length - d.point, 0));
  }
  const value = bitSize === 32 ? Math.fround(v) : v;
  const negative = value < 0 || Object.is(value, -0);
  if (Number.isSafeInteger(value)) {
    const integer = `${negative ? '-' : ''}${Math.abs(value)}`;
    return prec > 0 ? `${integer}.${'0'.repeat(prec)}` : integer;
  }
  const text = scaledRounded(value, prec).toString().padStart(prec + 1, '0');
  const integer = text.slice(0, text.length - prec);
  const fraction = text.slice(text.length - prec);
  return `${negative ? '-' : ''}${integer}${prec > 0 ? '.' + fraction : ''}`;
}
