/**
 * @file Go `math` functions with Go's exact algorithms (math/pow.go, math/pow10.go, math/floor.go): they are not
 * always correctly rounded, so JavaScript's `**` and `Math.round` can differ.
 */

/** Go `math.Round`: the nearest integer, halves away from zero (exact, no `x + 0.5` error); NaN, infinities and zeros unchanged. */
export function goRound(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const t = Math.trunc(x);
  // x - t is exact for doubles.
  if (Math.abs(x - t) >= 0.5) return t + Math.sign(x);
  return t === 0 ? (x < 0 ? -0 : 0) : t;
}

/** Go `math.Frexp` for finite non-zero `x`: `[frac, exp]` with `x = frac·2^exp`, `0.5 ≤ |frac| < 1`. */
function frexp(x: number): [number, number] {
  let exp = 0;
  let frac = x;
  while (Math.abs(frac) >= 1) {
    frac /= 2;
    exp++;
  }
  while (Math.abs(frac) < 0.5) {
    frac *= 2;
    exp--;
  }
  return [frac, exp];
}

/** Go `math.Ldexp`: `frac·2^exp`, in steps that stay exact until the final over- or underflow. */
function ldexp(frac: number, exp: number): number {
  let value = frac;
  let e = exp;
  while (e > 0) {
    const step = Math.min(e, 1000);
    value *= 2 ** step;
    e -= step;
  }
  while (e < 0) {
    const step = Math.max(e, -1000);
    value *= 2 ** step;
    e -= step;
  }
  return value;
}

/**
 * Go `math.Pow(x, n)` for a finite `x` > 0 and an integer `n` (what Kyverno's `round` functions compute as
 * `math.Pow(10, places)`): repeated squaring of the mantissa, as Go's `Pow` does.
 */
export function goPowInt(x: number, n: bigint | number): number {
  const p = BigInt(n);
  if (p === 0n || x === 1) return 1;
  if (p === 1n) return x;
  let a1 = 1;
  let ae = 0;
  let [x1, xe] = frexp(x);
  for (let i = p < 0n ? -p : p; i !== 0n; i >>= 1n) {
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
  if (p < 0n) {
    a1 = 1 / a1;
    ae = -ae;
  }
  return ldexp(a1, ae);
}

const POW10_TAB = Array.from({ length: 32 }, (_, i) => Number(`1e${i}`));
const POW10_POS32 = Array.from({ length: 10 }, (_, i) => Number(`1e${i * 32}`));
const POW10_NEG32 = Array.from({ length: 11 }, (_, i) => Number(`1e-${i * 32}`));

/** Go `math.Pow10(n)`: products of tables of exact powers, 0 below 1e-323 and +Inf above 1e308. */
export function goPow10(n: number): number {
  if (n >= 0 && n <= 308) return POW10_POS32[n >> 5]! * POW10_TAB[n & 31]!;
  if (n < 0 && n >= -323) return POW10_NEG32[-n >> 5]! / POW10_TAB[-n & 31]!;
  return n > 0 ? Infinity : 0;
}
