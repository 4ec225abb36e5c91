/**
 * @file Kyverno's number helpers: `ifaceToString` (float32 rendering of numbers) and `intNumber`
 * (integral arguments).
 */
import { formatFloatF, formatFloatG } from '../../../util/go-format.js';
import { goFloatToInt64 } from '../../../util/go-int64.js';

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
