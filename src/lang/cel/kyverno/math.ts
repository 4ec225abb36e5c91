/**
 * @file Kyverno's `math` library (kyverno/sdk `extensions/cel/libs/math/{lib,impl}.go`):
 * `math.round(double, int) double` = Go `math.Round(v * 10^p) / 10^p` (halves away from zero), next to cel-go
 * ext.Math's `math.round(double)`.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { goPowInt, goRound } from '../../../util/go-math.js';
import { celNamespace } from './common.js';

/** kyverno/sdk `impl.round`. */
export function roundTo(value: number, digits: bigint): number {
  const shift = goPowInt(10, digits);
  return goRound(value * shift) / shift;
}

/** The `math` library (`math.round(double, int)`). */
export function mathLibrary(): CelLibrary {
  return (env: Environment) => {
    const math = celNamespace(env, 'math');
    env.registerFunction(`${math}.round(double, int): double`, (_: unknown, value: number, digits: bigint) => roundTo(value, digits));
  };
}
