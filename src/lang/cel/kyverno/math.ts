/**
 * @file Kyverno's `math` library (kyverno/sdk `extensions/cel/libs/math/{lib,impl}.go`):
 * `math.round(double, int) double` = Go `math.Round(v * 10^p) / 10^p` (halves away from zero), next to cel-go
 * ext.Math's `math.round(double)`.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celNamespace } from './common.js';

/** Go `math.Round`: the nearest integer, halves away from zero; NaN, infinities and zeros unchanged. */
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

/** Go `math.Pow(10, p)` for an integer `p` (repeated squaring of the fraction, as Go's `Pow` does). */
export function goPow10(p: bigint): number {
  if (p === 0n) return 1;
  let a1 = 1;
  let ae = 0;
  let [x1, xe] = frexp(10);
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

/** kyverno/sdk `impl.round`. */
export function roundTo(value: number, digits: bigint): number {
  const shift = goPow10(digits);
  return goRound(value * shift) / shift;
}

/** The `math` library (`math.round(double, int)`). */
export function mathLibrary(): CelLibrary {
  return (env: Environment) => {
    const math = celNamespace(env, 'math');
    env.registerFunction(`${math}.round(double, int): double`, (_: unknown, value: number, digits: bigint) => roundTo(value, digits));
  };
}
