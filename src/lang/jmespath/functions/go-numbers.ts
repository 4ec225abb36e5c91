/**
 * @file Go numeric primitives Kyverno's functions rely on: the float64 → int64 conversion of the
 * amd64 build, `math.Round`, `math.Pow` and `math.Pow10` with Go's exact algorithms (they are not
 * always correctly rounded, so JavaScript's `**` can differ), and Kyverno's helpers
 * `ifaceToString` (float32 rendering of numbers) and `intNumber` (integral arguments).
 */
import { formatFloatF, formatFloatG } from '../../../util/go-format.js';

const TWO_63 = 2 ** 63;
const MIN_INT64 = -(1n << 63n);

/** Go `int64(f)` on amd64: truncation toward zero; NaN and out-of-range values give -2^63. */
export function goFloatToInt64(f: number): bigint {
  if (!Number.isFinite(f) || f >= TWO_63 || f < -TWO_63) return MIN_INT64;
  return BigInt(Math.trunc(f));
}

/** Go `math.Round`: half away from zero, exact (no `x + 0.5` rounding error). */
export function goRound(x: number): number {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
}

const view = new DataView(new ArrayBuffer(8));

/** Go `math.Frexp` for a positive normal x: x = frac × 2^exp, frac in [0.5, 1). */
function frexp(x: number): [number, number] {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const exp = ((hi >>> 20) & 0x7ff) - 1022;
  view.setUint32(0, (hi & 0x800fffff) | (1022 << 20));
  return [view.getFloat64(0), exp];
}

/** frac × 2^exp for exp >= 0, exact unless it overflows to +Inf (Go `math.Ldexp`). */
function ldexp(frac: number, exp: number): number {
  let r = frac;
  let e = exp;
  while (e > 1000 && Number.isFinite(r)) {
    r *= 2 ** 1000;
    e -= 1000;
  }
  return r * 2 ** e;
}

/**
 * Go `math.Pow(x, n)` for x > 1 and an integer n >= 0 (what `round` computes as
 * `math.Pow(10, places)`): repeated squaring of the mantissa, as Go does.
 */
export function goPowInt(x: number, n: number): number {
  if (n === 0 || x === 1) return 1;
  if (n === 1) return x;
  let a1 = 1;
  let ae = 0;
  let [x1, xe] = frexp(x);
  for (let i = BigInt(n); i !== 0n; i >>= 1n) {
    if (xe < -(1 << 12) || 1 << 12 < xe) {
      ae += xe;
      break;
    }
    if ((i & 1n) === 1n) {
      a1 *= x1;
      ae += xe;
    }
    x1 *= x1;
    xe <<= 1;
    if (x1 < 0.5) {
      x1 += x1;
      xe--;
    }
  }
  return ldexp(a1, ae);
}

const POW10_TAB = Array.from({ length: 32 }, (_, i) => Number(`1e${i}`));
const POW10_POS32 = Array.from({ length: 10 }, (_, i) => Number(`1e${i * 32}`));
const POW10_NEG32 = Array.from({ length: 11 }, (_, i) => Number(`1e-${i * 32}`));

/** Go `math.Pow10(n)`: table products, 0 below 1e-323 and +Inf above 1e308. */
export function goPow10(n: number): number {
  if (n >= 0 && n <= 308) return POW10_POS32[Math.floor(n / 32)]! * POW10_TAB[n % 32]!;
  if (n < 0 && n >= -323) return POW10_NEG32[Math.floor(-n / 32)]! / POW10_TAB[-n % 32]!;
  return n > 0 ? Infinity : 0;
}

/**
 * Kyverno `ifaceToString`: strings unchanged, booleans `true`/`false`, Go ints as integers, and
 * float64 numbers as `strconv.FormatFloat(x, 'f', -1, 32)` (float32 precision: 16777217 →
 * `16777216`). `null` for any other value (Kyverno's "undefined type cast").
 */
export function ifaceToString(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return formatFloatF(value, -1, 32);
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return null;
  }
}

/**
 * Kyverno `intNumber`: the float must be finite, integral and representable as a Go `int`.
 * Throws `expected an integer number but got: <%g>` or
 * `number is outside the range of integer numbers: <%g>`.
 */
export function intNumber(value: number): number {
  if (!Number.isFinite(value) || Math.trunc(value) !== value) {
    throw new Error(`expected an integer number but got: ${formatFloatG(value)}`);
  }
  if (Number(goFloatToInt64(value)) !== value) {
    throw new Error(`number is outside the range of integer numbers: ${formatFloatG(value)}`);
  }
  return value;
}
