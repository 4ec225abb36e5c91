/**
 * @file The Kubernetes Quantity library (k8s.io/apiserver/pkg/cel/library/quantity.go): `quantity(string)`,
 * `isQuantity(string)`, the global `sign(Quantity)`, and the members `isInteger`, `asInteger`,
 * `asApproximateFloat`, `add`, `sub` (Quantity or int), `isGreaterThan`, `isLessThan`, `compareTo`; `==` compares
 * values (`Quantity.Equal`, i.e. `Cmp == 0`).
 *
 * Some results depend on how k8s.io/apimachinery `resource.Quantity` holds a value, not only on the value:
 * `ParseQuantity` keeps small values as an `int64Amount` (int64 × 10^scale, `1.0` as 10 × 10^-1) and the rest as
 * an `inf.Dec` rounded up to 10^-9; `AsInt64` succeeds only for an `int64Amount` with a scale >= 0 whose value fits
 * (so `quantity('1.0').isInteger()` is false), and `AsApproximateFloat64` multiplies the held mantissa by a power
 * of ten. This module keeps that representation ({@link Amount}); the syntax and the value are those of
 * src/util/quantity.ts.
 *
 * One cel-go quirk is kept: `add` and `sub` return a `*Quantity` where `quantity()` returns a `Quantity`, and
 * `Quantity.Equal` (apiserver `pkg/cel/quantity.go`) accepts only the latter as its operand, so `q == x.add(y)`
 * is a `no such overload` error while `x.add(y) == q` compares.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { goPow10 } from '../../../util/go-math.js';
import { interpretSuffix, splitQuantity } from '../../../util/quantity.js';
import type { CelLibrary } from '../environment.js';
import { celError, chargeNominal, chargeStringTraversal, NO_SUCH_OVERLOAD } from './common.js';

/** `resource.Quantity`'s value: an `int64Amount` (value × 10^scale) or an `inf.Dec` (unscaled × 10^-scale). */
export type Amount =
  | { readonly dec: false; readonly value: bigint; readonly scale: number }
  | { readonly dec: true; readonly unscaled: bigint; readonly scale: number };

/** A CEL `kubernetes.Quantity` value. `pointer` marks the results of `add`/`sub` (see the file comment). */
export class QuantityValue {
  constructor(
    readonly amount: Amount,
    readonly pointer = false,
  ) {}
}

/** The type name cel-go gives quantities (apiserver `pkg/cel/quantity.go`, `QuantityType`). */
export const QUANTITY_TYPE = 'kubernetes.Quantity';

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
const NANO = -9;
const MAX_INT64_FACTORS = 18;

/** k8s.io/apimachinery `resource.ErrFormatWrong`, `ErrSuffix`, `ErrNumeric`. */
export const QUANTITY_ERRORS = {
  format: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
  suffix: "unable to parse quantity's suffix",
  numeric: 'unable to parse numeric part of quantity',
} as const;

function fitsInt64(v: bigint): boolean {
  return v >= MIN_INT64 && v <= MAX_INT64;
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Divides by 10^shift rounding away from zero (`inf.RoundUp`). */
function divRoundUp(v: bigint, shift: number): bigint {
  if (shift > v.toString().length + 1) return v < 0n ? -1n : v > 0n ? 1n : 0n;
  const d = pow10(shift);
  const q = v / d;
  if (q * d === v) return q;
  return v < 0n ? q - 1n : q + 1n;
}

/**
 * k8s.io/apimachinery `resource.ParseQuantity`, keeping its representation; the error text for an invalid string
 * (`ErrFormatWrong`, `ErrSuffix`, `ErrNumeric`).
 */
export function parseQuantityAmount(str: string): Amount | string {
  if (str.length === 0) return QUANTITY_ERRORS.format;
  if (str === '0') return { dec: false, value: 0n, scale: 0 };
  const parts = splitQuantity(str);
  if (parts === null) return QUANTITY_ERRORS.format;
  const meaning = interpretSuffix(parts.suffix);
  if (meaning === null) return QUANTITY_ERRORS.suffix;
  const { num, denom } = parts;

  let precision: number;
  let scale: number;
  let mantissa = 1n;
  if (meaning.base === 10) {
    scale = meaning.exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  } else {
    scale = 0;
    if (meaning.exponent >= 0 && denom.length === 0) {
      mantissa <<= BigInt(meaning.exponent);
      // Go: 15 - len(num) - int32(float32(exponent)*3/10) - 1.
      precision = 15 - num.length - Math.trunc(Math.fround((meaning.exponent * 3) / 10)) - 1;
    } else {
      precision = -1;
    }
  }

  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const result = BigInt(num + denom) * mantissa;
      if (fitsInt64(result)) return { dec: false, value: parts.positive ? result : -result, scale };
    }
  }

  // The inf.Dec path: inf.Dec.SetString of the number as written, then the suffix applied.
  if (!parts.hasDigits) return QUANTITY_ERRORS.numeric;
  let unscaled = BigInt(num + denom);
  let decScale = denom.length;
  if (meaning.base === 10) decScale -= meaning.exponent;
  else unscaled <<= BigInt(meaning.exponent);
  // Rounded up to a multiple of 10^-9 (inf.Dec.Round(amount, 9, inf.RoundUp)) unless zero.
  if (unscaled !== 0n) {
    if (decScale <= -NANO) unscaled *= pow10(-NANO - decScale);
    else unscaled = divRoundUp(unscaled, decScale + NANO);
    decScale = -NANO;
  }
  // BinarySI values are capped at 2^63-1 (`maxAllowed`, scale 0).
  if (meaning.format === 'BinarySI' && compareAbs(unscaled, -decScale, MAX_INT64, 0) > 0) {
    unscaled = MAX_INT64;
    decScale = 0;
  }
  return { dec: true, unscaled: parts.positive ? unscaled : -unscaled, scale: decScale };
}

/** The value as `unscaled × 10^exponent`. */
function parts(a: Amount): [bigint, number] {
  return a.dec ? [a.unscaled, -a.scale] : [a.value, a.scale];
}

function digits(v: bigint): number {
  return (v < 0n ? -v : v).toString().length;
}

/** Compares |x × 10^ex| with |y × 10^ey|, without materialising huge powers of ten. */
function compareAbs(x: bigint, ex: number, y: bigint, ey: number): -1 | 0 | 1 {
  const ax = x < 0n ? -x : x;
  const ay = y < 0n ? -y : y;
  if (ax === 0n || ay === 0n) return ax === ay ? 0 : ax === 0n ? -1 : 1;
  const mx = digits(ax) + ex;
  const my = digits(ay) + ey;
  if (mx !== my) return mx > my ? 1 : -1;
  const e = Math.min(ex, ey);
  const vx = ax * pow10(ex - e);
  const vy = ay * pow10(ey - e);
  return vx === vy ? 0 : vx > vy ? 1 : -1;
}

/** `Quantity.Sign`. */
export function amountSign(a: Amount): -1 | 0 | 1 {
  const [v] = parts(a);
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

/** `Quantity.Cmp`: an exact comparison. */
export function compareAmounts(a: Amount, b: Amount): -1 | 0 | 1 {
  const sa = amountSign(a);
  const sb = amountSign(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  const [x, ex] = parts(a);
  const [y, ey] = parts(b);
  const c = compareAbs(x, ex, y, ey);
  return sa > 0 ? c : c === 0 ? 0 : c > 0 ? -1 : 1;
}

/** `positiveScaleInt64`: value × 10^scale, or null on int64 overflow. */
function positiveScaleInt64(value: bigint, scale: number): bigint | null {
  if (scale > 19 && value !== 0n) return null;
  const v = value * pow10(scale);
  return fitsInt64(v) ? v : null;
}

/** `Quantity.AsInt64`: only an `int64Amount` at a scale >= 0 that fits. */
export function amountAsInt64(a: Amount): bigint | null {
  if (a.dec) return null;
  if (a.scale === 0) return a.value;
  if (a.scale < 0) return null;
  return positiveScaleInt64(a.value, a.scale);
}


/** `Quantity.AsApproximateFloat64`: float64(mantissa) × 10^exponent. */
export function amountAsApproximateFloat(a: Amount): number {
  const [v, e] = parts(a);
  const base = Number(v);
  return e === 0 ? base : base * goPow10(e);
}

/** Guards against arithmetic that would materialise an absurdly large power of ten (`1e999999999`). */
const MAX_RESCALE = 100_000;

function toDec(a: Amount): { unscaled: bigint; scale: number } {
  return a.dec ? { unscaled: a.unscaled, scale: a.scale } : { unscaled: a.value, scale: a.scale === 0 ? 0 : -a.scale };
}

/** `inf.Dec.Add`: both operands rescaled to the larger scale. */
function decAdd(x: { unscaled: bigint; scale: number }, y: { unscaled: bigint; scale: number }): Amount {
  const scale = Math.max(x.scale, y.scale);
  if (scale - Math.min(x.scale, y.scale) > MAX_RESCALE) throw celError('quantity arithmetic out of range');
  const xu = x.unscaled * pow10(scale - x.scale);
  const yu = y.unscaled * pow10(scale - y.scale);
  return { dec: true, unscaled: xu + yu, scale };
}

/** `int64Amount.Add`: null where it reports overflow (the caller then adds as inf.Dec). */
function int64Add(a: { value: bigint; scale: number }, b: { value: bigint; scale: number }): Amount | null {
  if (b.value === 0n) return { dec: false, value: a.value, scale: a.scale };
  if (a.value === 0n) return { dec: false, value: b.value, scale: b.scale };
  let sum: bigint;
  let scale: number;
  if (a.scale === b.scale) {
    sum = a.value + b.value;
    scale = a.scale;
  } else if (a.scale > b.scale) {
    const c = positiveScaleInt64(a.value, a.scale - b.scale);
    if (c === null) return null;
    sum = c + b.value;
    scale = b.scale;
  } else {
    const c = positiveScaleInt64(b.value, b.scale - a.scale);
    if (c === null) return null;
    sum = a.value + c;
    scale = a.scale;
  }
  return fitsInt64(sum) ? { dec: false, value: sum, scale } : null;
}

/** `Quantity.Add` on a copy. */
export function addAmounts(a: Amount, b: Amount): Amount {
  if (!a.dec && !b.dec) {
    const sum = int64Add(a, b);
    if (sum !== null) return sum;
  }
  return decAdd(toDec(a), toDec(b));
}

function negate(a: Amount): Amount {
  return a.dec ? { dec: true, unscaled: -a.unscaled, scale: a.scale } : { dec: false, value: -a.value, scale: a.scale };
}

/** `Quantity.Sub` on a copy. */
export function subAmounts(a: Amount, b: Amount): Amount {
  if (!a.dec && !b.dec && b.value !== MIN_INT64) {
    const diff = int64Add(a, { value: -b.value, scale: b.scale });
    if (diff !== null) return diff;
  }
  return decAdd(toDec(a), toDec(negate(b)));
}

function parseOrThrow(s: string): QuantityValue {
  const amount = parseQuantityAmount(s);
  if (typeof amount === 'string') throw celError(amount);
  return new QuantityValue(amount);
}

function intAmount(n: bigint): Amount {
  return { dec: false, value: n, scale: 0 };
}

/** Registers the Quantity library. */
export const quantityLibrary: CelLibrary = (env: Environment) => {
  const Q = QUANTITY_TYPE;
  env.registerType(Q, QuantityValue);
  env.registerFunction(`quantity(string): ${Q}`, (s: string) => {
    chargeStringTraversal(s);
    return parseOrThrow(s);
  });
  env.registerFunction('isQuantity(string): bool', (s: string) => {
    chargeStringTraversal(s);
    return typeof parseQuantityAmount(s) !== 'string';
  });
  env.registerFunction(`sign(${Q}): int`, (q: QuantityValue) => {
    chargeNominal();
    return BigInt(amountSign(q.amount));
  });
  env.registerFunction(`${Q}.isInteger(): bool`, (q: QuantityValue) => {
    chargeNominal();
    return amountAsInt64(q.amount) !== null;
  });
  env.registerFunction(`${Q}.asInteger(): int`, (q: QuantityValue) => {
    chargeNominal();
    const v = amountAsInt64(q.amount);
    if (v === null) throw celError('cannot convert value to integer');
    return v;
  });
  env.registerFunction(`${Q}.asApproximateFloat(): double`, (q: QuantityValue) => {
    chargeNominal();
    return amountAsApproximateFloat(q.amount);
  });
  env.registerFunction(`${Q}.isGreaterThan(${Q}): bool`, (a: QuantityValue, b: QuantityValue) => {
    chargeNominal();
    return compareAmounts(a.amount, b.amount) === 1;
  });
  env.registerFunction(`${Q}.isLessThan(${Q}): bool`, (a: QuantityValue, b: QuantityValue) => {
    chargeNominal();
    return compareAmounts(a.amount, b.amount) === -1;
  });
  env.registerFunction(`${Q}.compareTo(${Q}): int`, (a: QuantityValue, b: QuantityValue) => {
    chargeNominal();
    return BigInt(compareAmounts(a.amount, b.amount));
  });
  env.registerFunction(`${Q}.add(${Q}): ${Q}`, (a: QuantityValue, b: QuantityValue) => {
    chargeNominal();
    return new QuantityValue(addAmounts(a.amount, b.amount), true);
  });
  env.registerFunction(`${Q}.add(int): ${Q}`, (a: QuantityValue, n: bigint) => {
    chargeNominal();
    return new QuantityValue(addAmounts(a.amount, intAmount(n)), true);
  });
  env.registerFunction(`${Q}.sub(${Q}): ${Q}`, (a: QuantityValue, b: QuantityValue) => {
    chargeNominal();
    return new QuantityValue(subAmounts(a.amount, b.amount), true);
  });
  env.registerFunction(`${Q}.sub(int): ${Q}`, (a: QuantityValue, n: bigint) => {
    chargeNominal();
    return new QuantityValue(subAmounts(a.amount, intAmount(n)), true);
  });
  env.registerOperator(`${Q} == ${Q}`, (a: QuantityValue, b: QuantityValue) => {
    if (b.pointer) throw celError(NO_SUCH_OVERLOAD);
    return compareAmounts(a.amount, b.amount) === 0;
  });
};
