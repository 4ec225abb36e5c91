/**
 * @file How Go's `fmt` prints decoded JSON values (`%v`, `%T`), for Kyverno's pattern error texts:
 * `map[a:1 b:[x y]]`, `<nil>`, `1e+06`, `map[string]interface {}`. Resource numbers print as
 * float64 or int64 according to the number mode; pattern numbers are always float64.
 */
import type { JsonValue, NumberMode } from '../../../../types.js';
import { formatFloatG } from '../../../../util/go-format.js';
import { sortGoStrings } from '../../../../util/go-json.js';

const TWO_POW_63 = 2 ** 63;

/**
 * Whether a resource number is an int64 under the given number mode: in `int64` mode, integral
 * numbers within the int64 range (apimachinery's unstructured decoding reads JSON digits that fit
 * int64 as int64, others as float64) and the exact `bigint`s the loader keeps beyond 2^53.
 */
export function isGoInt(v: number | bigint, numberMode: NumberMode): boolean {
  if (numberMode !== 'int64') return false;
  return typeof v === 'bigint' || (Number.isInteger(v) && v >= -TWO_POW_63 && v < TWO_POW_63);
}

/** Base-10 rendering of an integral number, exact for any magnitude. */
export function formatGoInt(v: number | bigint): string {
  return typeof v === 'bigint' || Number.isSafeInteger(v) ? String(v) : BigInt(v).toString();
}

/** Go `%v` of a decoded JSON value. */
export function formatGoValue(value: JsonValue | undefined, numberMode: NumberMode): string {
  if (value === null || value === undefined) return '<nil>';
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
    case 'bigint':
      return isGoInt(value, numberMode) ? formatGoInt(value) : formatFloatG(Number(value));
    default:
      break;
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => formatGoValue(v, numberMode)).join(' ')}]`;
  }
  const keys = sortGoStrings(Object.keys(value));
  return `map[${keys.map((k) => `${k}:${formatGoValue(value[k], numberMode)}`).join(' ')}]`;
}

/** Go `%T` of a decoded JSON value. */
export function goTypeName(value: JsonValue | undefined, numberMode: NumberMode): string {
  if (value === null || value === undefined) return '<nil>';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
    case 'bigint':
      return isGoInt(value, numberMode) ? 'int64' : 'float64';
    default:
      return Array.isArray(value) ? '[]interface {}' : 'map[string]interface {}';
  }
}
