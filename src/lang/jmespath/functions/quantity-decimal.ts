/**
 * @file The decimal a Kubernetes `resource.Quantity` holds after `ParseQuantity`, as an
 * `inf.Dec` (unscaled × 10^-scale). Values are those of `util/quantity.ts`; what this module adds
 * is the *scale* Go keeps, which `divide` uses to decide how many decimals to keep, and Go's
 * `AsApproximateFloat64`, which depends on that representation.
 */
import type { Quantity } from '../../../util/quantity.js';
import { goPow10 } from '../../../util/go-math.js';

/** An `inf.Dec`: value = unscaled × 10^-scale. */
export interface GoDecimal {
  readonly unscaled: bigint;
  readonly scale: number;
}

const NANO_SCALE = 9;
const MAX_INT64 = (1n << 63n) - 1n;
const DECIMAL_EXPONENTS: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_EXPONENTS: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const QUANTITY_TEXT = /^([+-]?)0*([0-9]*)(?:\.([0-9]*))?(.*)$/;

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** The decimal held by `q` (the result of `parseQuantity(text)`), with Go's scale. */
export function quantityDecimal(text: string, q: Quantity): GoDecimal {
  if (text === '0') return { unscaled: 0n, scale: 0 };
  const [, sign, numText, denom = '', suffix] = QUANTITY_TEXT.exec(text)!;
  const num = numText === '' ? '0' : numText!;
  const negative = sign === '-';
  const binary = BINARY_EXPONENTS[suffix!];
  const exponent = binary ?? DECIMAL_EXPONENTS[suffix!] ?? Number(suffix!.slice(1));

  // ParseQuantity's int64 fast path.
  let precision: number;
  let scale: number;
  let mantissa = 1n;
  if (binary === undefined) {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  } else {
    scale = 0;
    if (denom === '') {
      mantissa = 1n << BigInt(binary);
      precision = 15 - num.length - Math.trunc((binary * 3) / 10) - 1;
    } else {
      precision = -1;
    }
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -NANO_SCALE) {
      const value = BigInt(num + denom) * mantissa;
      if (value <= MAX_INT64) return { unscaled: negative ? -value : value, scale: scale === 0 ? 0 : -scale };
    }
  }

  // The exact path: the value is rounded to nano units (scale 9), capped for BinarySI, or kept
  // at the scale of its text when it is zero.
  if (q.unscaled === 0n) {
    return { unscaled: 0n, scale: binary === undefined ? denom.length - exponent : denom.length };
  }
  if (binary !== undefined && q.scale >= 0) {
    const magnitude = (q.unscaled < 0n ? -q.unscaled : q.unscaled) * pow10(q.scale);
    if (magnitude >= MAX_INT64) return { unscaled: q.unscaled < 0n ? -MAX_INT64 : MAX_INT64, scale: 0 };
  }
  const shift = q.scale + NANO_SCALE;
  return { unscaled: shift >= 0 ? q.unscaled * pow10(shift) : q.unscaled / pow10(-shift), scale: NANO_SCALE };
}

/** Go `Quantity.AsApproximateFloat64`: float64(unscaled) × `math.Pow10(-scale)`. */
export function approximateFloat(d: GoDecimal): number {
  const base = Number(d.unscaled);
  return d.scale === 0 ? base : base * goPow10(-d.scale);
}

/** The exact sum of two decimals (at the larger scale). */
export function addDecimals(a: GoDecimal, b: GoDecimal): GoDecimal {
  const scale = Math.max(a.scale, b.scale);
  return {
    unscaled: a.unscaled * pow10(scale - a.scale) + b.unscaled * pow10(scale - b.scale),
    scale,
  };
}

/** The exact product. */
export function multiplyDecimals(a: GoDecimal, b: GoDecimal): GoDecimal {
  return { unscaled: a.unscaled * b.unscaled, scale: a.scale + b.scale };
}

/** `inf.Dec.QuoRound(a, b, scale, inf.RoundDown)`: a ÷ b truncated toward zero to `scale` decimals. */
export function divideDecimals(a: GoDecimal, b: GoDecimal, scale: number): GoDecimal {
  // a/b × 10^scale = a.unscaled × 10^(scale + b.scale - a.scale) / b.unscaled
  const shift = scale + b.scale - a.scale;
  const unscaled = shift >= 0 ? (a.unscaled * pow10(shift)) / b.unscaled : a.unscaled / (b.unscaled * pow10(-shift));
  return { unscaled, scale };
}
