/**
 * @file The operands of Kyverno's arithmetic functions (`pkg/engine/jmespath/arithmetic.go`) and
 * the operations between them. A JSON number is a scalar (float64); a string is a Kubernetes
 * quantity if `resource.ParseQuantity` accepts it, else a Go duration if `time.ParseDuration`
 * does (so `'1m'` is 0.001, not a minute); anything else is an invalid operand. Quantity results
 * are canonical quantity strings, duration results Go duration strings.
 */
import { formatGoDuration, parseGoDuration } from '../../../util/go-duration.js';
import { formatFloatG } from '../../../util/go-format.js';
import { type QuantityFormat, formatQuantity, makeQuantity, parseQuantity } from '../../../util/quantity.js';
import { functionError, nonIntegerModuloError, typeMismatchError, zeroDivisorError } from './errors.js';
import { goFloatToInt64 } from '../../../util/go-int64.js';
import {
  type GoDecimal,
  addDecimals,
  approximateFloat,
  divideDecimals,
  multiplyDecimals,
  quantityDecimal,
} from './quantity-decimal.js';

export type Operand =
  | { kind: 'scalar'; value: number }
  | { kind: 'quantity'; value: GoDecimal; format: QuantityFormat }
  | { kind: 'duration'; value: bigint };

const NS_PER_SECOND = 1_000_000_000n;

/** `resource.ParseQuantity` as an operand, or null. */
function quantityOperand(text: string): Operand | null {
  const q = parseQuantity(text);
  return q === null ? null : { kind: 'quantity', value: quantityDecimal(text, q), format: q.format };
}

/** Kyverno `parseArithemticOperands` for one argument, or null for an invalid operand. */
function classify(arg: unknown): Operand | null {
  if (typeof arg === 'number') return { kind: 'scalar', value: arg };
  if (typeof arg !== 'string') return null;
  const quantity = quantityOperand(arg);
  if (quantity !== null) return quantity;
  const ns = parseGoDuration(arg);
  return ns === null ? null : { kind: 'duration', value: ns };
}

/** Both operands of a binary arithmetic function; throws `invalid operand` naming `name`. */
export function parseOperands(name: string, a: unknown, b: unknown): [Operand, Operand] {
  const x = classify(a);
  const y = classify(b);
  if (x === null || y === null) throw functionError(name, 'invalid operand');
  return [x, y];
}

/** `Quantity.String()` of a computed decimal in `format`. */
function quantityText(d: GoDecimal, format: QuantityFormat): string {
  return formatQuantity(makeQuantity(d.unscaled, -d.scale, format));
}

/** Go `time.Duration.Seconds()`. */
function seconds(ns: bigint): number {
  return Number(ns / NS_PER_SECOND) + Number(ns % NS_PER_SECOND) / 1e9;
}

/** Go `time.Duration(seconds * float64(time.Second)).String()`. */
function durationFromSeconds(s: number): string {
  return formatGoDuration(goFloatToInt64(s * 1e9));
}

/**
 * A float64 scalar as the quantity `resource.ParseQuantity(fmt.Sprintf("%v", v))` gives. Every
 * `%v` text of a finite float is valid quantity syntax (`1.5`, `-3`, `1e+06`, `1e-07`).
 */
function scalarQuantity(v: number): GoDecimal {
  const text = formatFloatG(v);
  return quantityDecimal(text, parseQuantity(text)!);
}

/** Quantity × scalar: exact, in the quantity's format. */
function scaleQuantity(q: Extract<Operand, { kind: 'quantity' }>, k: number): string {
  return quantityText(multiplyDecimals(q.value, scalarQuantity(k)), q.format);
}

/** `add` (and `sum`, which reports errors under its own name). */
export function addOperands(name: string, x: Operand, y: Operand): unknown {
  if (x.kind === 'scalar' && y.kind === 'scalar') return x.value + y.value;
  if (x.kind === 'quantity' && y.kind === 'quantity') {
    return quantityText(addDecimals(x.value, y.value), x.value.unscaled === 0n ? y.format : x.format);
  }
  if (x.kind === 'duration' && y.kind === 'duration') return formatGoDuration(x.value + y.value);
  throw typeMismatchError(name);
}

export function subtractOperands(name: string, x: Operand, y: Operand): unknown {
  if (x.kind === 'scalar' && y.kind === 'scalar') return x.value - y.value;
  if (x.kind === 'quantity' && y.kind === 'quantity') {
    const negated = { unscaled: -y.value.unscaled, scale: y.value.scale };
    return quantityText(addDecimals(x.value, negated), x.value.unscaled === 0n ? y.format : x.format);
  }
  if (x.kind === 'duration' && y.kind === 'duration') return formatGoDuration(x.value - y.value);
  throw typeMismatchError(name);
}

export function multiplyOperands(name: string, x: Operand, y: Operand): unknown {
  if (x.kind === 'scalar') {
    if (y.kind === 'scalar') return x.value * y.value;
    if (y.kind === 'quantity') return scaleQuantity(y, x.value);
    return durationFromSeconds(seconds(y.value) * x.value);
  }
  if (y.kind !== 'scalar') throw typeMismatchError(name);
  if (x.kind === 'quantity') return scaleQuantity(x, y.value);
  return durationFromSeconds(seconds(x.value) * y.value);
}

export function divideOperands(name: string, x: Operand, y: Operand): unknown {
  if (x.kind === 'scalar') {
    if (y.kind !== 'scalar') throw typeMismatchError(name);
    if (y.value === 0) throw zeroDivisorError(name);
    return x.value / y.value;
  }
  if (x.kind === 'quantity') {
    if (y.kind === 'quantity') {
      const divisor = approximateFloat(y.value);
      if (divisor === 0) throw zeroDivisorError(name);
      return approximateFloat(x.value) / divisor;
    }
    if (y.kind !== 'scalar') throw typeMismatchError(name);
    if (y.value === 0) throw zeroDivisorError(name);
    const k = scalarQuantity(y.value);
    return quantityText(divideDecimals(x.value, k, Math.max(x.value.scale, k.scale)), x.format);
  }
  if (y.kind === 'duration') {
    if (seconds(y.value) === 0) throw zeroDivisorError(name);
    return seconds(x.value) / seconds(y.value);
  }
  if (y.kind !== 'scalar') throw typeMismatchError(name);
  if (y.value === 0) throw zeroDivisorError(name);
  return durationFromSeconds(seconds(x.value) / y.value);
}

/** Go's integer check of `modulo`: the float converts to int64 and back unchanged. */
function integral(name: string, f: number): bigint {
  const i = goFloatToInt64(f);
  if (Number(i) !== f) throw nonIntegerModuloError(name);
  return i;
}

export function moduloOperands(name: string, x: Operand, y: Operand): unknown {
  if (x.kind === 'scalar' && y.kind === 'scalar') {
    const a = integral(name, x.value);
    const b = integral(name, y.value);
    if (b === 0n) throw zeroDivisorError(name);
    return Number(a % b);
  }
  if (x.kind === 'quantity' && y.kind === 'quantity') {
    const a = integral(name, approximateFloat(x.value));
    const b = integral(name, approximateFloat(y.value));
    if (b === 0n) throw zeroDivisorError(name);
    return formatQuantity(makeQuantity(a % b, 0, x.format));
  }
  if (x.kind === 'duration' && y.kind === 'duration') {
    if (y.value === 0n) throw zeroDivisorError(name);
    return formatGoDuration(x.value % y.value);
  }
  throw typeMismatchError(name);
}
