/**
 * @file Kubernetes `resource.Quantity` (k8s.io/apimachinery/pkg/api/resource): exact parsing as
 * `ParseQuantity` does, exact comparison (`Cmp`) and the canonical string (`String`).
 *
 * A quantity is held as an exact decimal `unscaled × 10^scale` (bigint mantissa) plus the format
 * it was written in, which decides how it prints (`Quantity.CanonicalizeBytes` in quantity.go). Values are
 * never floats.
 */

/** How a quantity prints: `1Ki` (BinarySI), `1k` (DecimalSI), `1e3` (DecimalExponent). */
export type QuantityFormat = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';

/** An exact quantity: value = `unscaled × 10^scale`, printed according to `format`. */
export interface Quantity {
  readonly unscaled: bigint;
  readonly scale: number;
  readonly format: QuantityFormat;
}

const DECIMAL_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);

const BINARY_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);

const DECIMAL_SUFFIX_BY_EXPONENT: ReadonlyMap<number, string> = new Map(
  [...DECIMAL_SUFFIXES].map(([suffix, exp]) => [exp, suffix]),
);
const BINARY_SUFFIX_BY_POWER = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** Characters that may start a suffix (`parseQuantityString`). */
const SUFFIX_CHARS = 'eEinumkKMGTP';
/** BinarySI values are capped at the int64 maximum, as `ParseQuantity` does. */
const MAX_BINARY = (1n << 63n) - 1n;
/** Nothing smaller than 10^-9 is representable; `ParseQuantity` rounds up to it. */
const NANO_SCALE = -9;

const POW10_CACHE: bigint[] = [1n];
function pow10(n: number): bigint {
  if (n < POW10_CACHE.length) return POW10_CACHE[n]!;
  if (n < 256) {
    for (let k = POW10_CACHE.length; k <= n; k++) POW10_CACHE.push(POW10_CACHE[k - 1]! * 10n);
    return POW10_CACHE[n]!;
  }
  return 10n ** BigInt(n);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function abs(v: bigint): bigint {
  return v < 0n ? -v : v;
}

/** The parts of a quantity string as Go's `parseQuantityString` splits them. */
export interface QuantityParts {
  positive: boolean;
  num: string;
  denom: string;
  suffix: string;
  /** Whether the number part holds at least one digit (`.` or `-` alone do not). */
  hasDigits: boolean;
}

/** Go's `parseQuantityString`: sign, digits, optional `.digits`, suffix; `null` on a format error. */
export function splitQuantity(str: string): QuantityParts | null {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (end > 0) {
    if (str[0] === '-') {
      positive = false;
      pos++;
    } else if (str[0] === '+') {
      pos++;
    }
  }
  // Leading zeros are dropped; a string of zeros (or nothing) after the sign is 0.
  const afterSign = pos;
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, num: '0', denom: '', suffix: '', hasDigits: true };
  const hasLeadingZeros = pos > afterSign;

  let i = pos;
  while (i < end && isDigit(str.charCodeAt(i))) i++;
  let num = str.slice(pos, i);
  pos = i;
  if (num.length === 0) num = '0';

  let denom = '';
  if (pos < end && str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str.charCodeAt(i))) i++;
    denom = str.slice(pos, i);
    pos = i;
  }

  const hasDigits = hasLeadingZeros || num !== '0' || denom.length > 0;
  const suffixStart = pos;
  i = pos;
  while (i < end && SUFFIX_CHARS.includes(str[i]!)) i++;
  if (i >= end) return { positive, num, denom, suffix: str.slice(suffixStart), hasDigits };
  pos = i;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  for (i = pos; i < end; i++) {
    if (!isDigit(str.charCodeAt(i))) return null;
  }
  return { positive, num, denom, suffix: str.slice(suffixStart), hasDigits };
}

/** What a suffix means (Go's `suffixHandler.interpret`). */
export interface SuffixMeaning {
  base: 2 | 10;
  exponent: number;
  format: QuantityFormat;
}

/** Go's `suffixHandler.interpret`; `null` for an unknown suffix. */
export function interpretSuffix(suffix: string): SuffixMeaning | null {
  const dec = DECIMAL_SUFFIXES.get(suffix);
  if (dec !== undefined) return { base: 10, exponent: dec, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES.get(suffix);
  if (bin !== undefined) return { base: 2, exponent: bin, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const exp = parseGoInt64(suffix.slice(1));
    if (exp === null) return null;
    // Go truncates the int64 exponent to int32.
    return { base: 10, exponent: Number(BigInt.asIntN(32, exp)), format: 'DecimalExponent' };
  }
  return null;
}

/** Go's `strconv.ParseInt(s, 10, 64)`. */
function parseGoInt64(s: string): bigint | null {
  if (!/^[+-]?[0-9]+$/.test(s)) return null;
  const v = BigInt(s);
  if (v < -(1n << 63n) || v > (1n << 63n) - 1n) return null;
  return v;
}

/**
 * Whether `ParseQuantity` leaves its int64 fast path for a number part without digits (`.`, `-`),
 * in which case `inf.Dec.SetString` rejects it: decimal exponents below 10^-9 and the `Pi`/`Ei`
 * suffixes (whose precision estimate `15 - 1 - ⌊exp·0.3⌋ - 1` is negative).
 */
function takesExactPath(meaning: SuffixMeaning): boolean {
  if (meaning.base === 10) return meaning.exponent < NANO_SCALE;
  return 15 - 1 - Math.trunc((meaning.exponent * 3) / 10) - 1 < 0;
}

/** Divides `v` by 10^shift rounding away from zero (inf.RoundUp). */
function divRoundUp(v: bigint, shift: number, digits: number): bigint {
  if (shift > digits) return v < 0n ? -1n : 1n; // 0 < |v| × 10^-shift < 1
  const d = pow10(shift);
  const q = v / d;
  if (q * d === v) return q;
  return v < 0n ? q - 1n : q + 1n;
}

/** `"0"` is DecimalSI zero. */
const ZERO: Quantity = { unscaled: 0n, scale: 0, format: 'DecimalSI' };

/**
 * Parses a Kubernetes quantity (`500m`, `1.5Gi`, `1e3`, `-2k`, `0`) as `resource.ParseQuantity`
 * does; returns `null` where it returns an error. The value is rounded up (away from zero) to a
 * multiple of 10^-9; BinarySI magnitudes are capped at 2^63-1.
 */
export function parseQuantity(str: string): Quantity | null {
  if (str.length === 0) return null;
  if (str === '0') return ZERO;
  const parts = splitQuantity(str);
  if (parts === null) return null;
  const meaning = interpretSuffix(parts.suffix);
  if (meaning === null) return null;
  if (!parts.hasDigits && takesExactPath(meaning)) return null;

  let unscaled = BigInt(parts.num + parts.denom);
  if (!parts.positive) unscaled = -unscaled;
  let scale = -parts.denom.length;
  let format = meaning.format;

  if (meaning.base === 10) {
    scale += meaning.exponent;
  } else {
    unscaled <<= BigInt(meaning.exponent);
  }

  if (scale < NANO_SCALE && unscaled !== 0n) {
    const digits = abs(unscaled).toString().length;
    unscaled = divRoundUp(unscaled, NANO_SCALE - scale, digits);
    scale = NANO_SCALE;
  }

  if (meaning.base === 2) {
    if (magnitudeCompare(unscaled, scale, MAX_BINARY) > 0) {
      unscaled = unscaled < 0n ? -MAX_BINARY : MAX_BINARY;
      scale = 0;
    } else if (unscaled !== 0n && magnitudeCompare(unscaled, scale, 1n) < 0) {
      // Between 0 and 1 in magnitude: shown as DecimalSI to avoid rounding.
      format = 'DecimalSI';
    }
  }
  return normalize(unscaled, scale, format);
}

/** Strips trailing decimal zeros of the mantissa into the scale, for cheap comparison. */
function normalize(unscaled: bigint, scale: number, format: QuantityFormat): Quantity {
  if (unscaled === 0n) return { unscaled: 0n, scale: 0, format };
  let u = unscaled;
  let s = scale;
  while (u % 10n === 0n) {
    u /= 10n;
    s++;
  }
  return { unscaled: u, scale: s, format };
}

/** Builds a quantity from an exact value `unscaled × 10^scale` (used by quantity arithmetic). */
export function makeQuantity(unscaled: bigint, scale: number, format: QuantityFormat): Quantity {
  return normalize(unscaled, scale, format);
}

/** Compares |unscaled × 10^scale| with the non-negative integer `n`. */
function magnitudeCompare(unscaled: bigint, scale: number, n: bigint): -1 | 0 | 1 {
  const m = abs(unscaled);
  if (scale >= 0) {
    // Beyond the digits of n the product is certainly larger (m is non-zero).
    if (m !== 0n && scale > n.toString().length) return 1;
    const v = m * pow10(scale);
    return v === n ? 0 : v < n ? -1 : 1;
  }
  const scaledN = n * pow10(-scale);
  return m === scaledN ? 0 : m < scaledN ? -1 : 1;
}

function sign(v: bigint): -1 | 0 | 1 {
  return v < 0n ? -1 : v > 0n ? 1 : 0;
}

/** Compares two quantities exactly (`Quantity.Cmp`): -1, 0 or 1. */
export function compareQuantities(a: Quantity, b: Quantity): -1 | 0 | 1 {
  const sa = sign(a.unscaled);
  const sb = sign(b.unscaled);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  // Same sign, both non-zero: compare orders of magnitude first so huge exponents stay cheap.
  const da = abs(a.unscaled).toString().length;
  const db = abs(b.unscaled).toString().length;
  const ma = da + a.scale;
  const mb = db + b.scale;
  if (ma !== mb) {
    const larger = ma > mb ? 1 : -1;
    return sa > 0 ? larger : larger === 1 ? -1 : 1;
  }
  let x = a.unscaled;
  let y = b.unscaled;
  if (a.scale > b.scale) x *= pow10(a.scale - b.scale);
  else if (b.scale > a.scale) y *= pow10(b.scale - a.scale);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Reports whether the quantity is an integer (`AsScale(0)` exact). */
function isInteger(q: Quantity): boolean {
  return q.scale >= 0 || q.unscaled === 0n;
}

/**
 * The canonical string of a quantity (`Quantity.String` of a computed value): BinarySI integers of
 * magnitude >= 1024 print as `m` × 1024^k with the largest k (`1536Mi`, `10235Ki`); everything else
 * prints as `m` × 10^e with e a multiple of 3 and an SI suffix (`1500m`, `2k`) or, for
 * DecimalExponent, `e<e>` (`2e3`). An exponent without SI suffix prints no suffix, as upstream.
 */
export function formatQuantity(q: Quantity): string {
  if (q.unscaled === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI') {
    if (magnitudeCompare(q.unscaled, q.scale, 1024n) < 0 || !isInteger(q)) format = 'DecimalSI';
  }
  if (format === 'BinarySI') {
    let m = q.unscaled * pow10(q.scale);
    let k = 0;
    while (m % 1024n === 0n) {
      m /= 1024n;
      k++;
    }
    const suffix = k < BINARY_SUFFIX_BY_POWER.length ? BINARY_SUFFIX_BY_POWER[k]! : '';
    return `${m}${suffix}`;
  }
  let m = q.unscaled;
  let e = q.scale;
  while (m % 10n === 0n) {
    m /= 10n;
    e++;
  }
  const rem = ((e % 3) + 3) % 3;
  if (rem !== 0) {
    m *= pow10(rem);
    e -= rem;
  }
  if (format === 'DecimalExponent') return e === 0 ? `${m}` : `${m}e${e}`;
  return `${m}${DECIMAL_SUFFIX_BY_EXPONENT.get(e) ?? ''}`;
}
