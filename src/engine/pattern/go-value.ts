/**
 * @file How Go's `fmt` prints decoded JSON values (`%v`, `%T`), for Kyverno's pattern error texts:
 * `map[a:1 b:[x y]]`, `<nil>`, `1e+06`, `map[string]interface {}`. Resource numbers print as
 * float64 or int64 according to the number mode; pattern numbers are always float64.
 */
import type { JsonValue, NumberMode } from '../../types.js';
import { formatFloatG } from '../../util/go-format.js';
import { compareGoStrings } from './go-strings.js';

/** Whether a number is an int64 under the given number mode (integral numbers in `int64` mode). */
export function isGoInt(v: number, numberMode: NumberMode): boolean {
  return numberMode === 'int64' && Number.isInteger(v);
}

/** Base-10 rendering of an integral number, exact for any magnitude. */
export function formatGoInt(v: number): string {
  return Number.isSafeInteger(v) ? String(v) : BigInt(v).toString();
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
      return isGoInt(value, numberMode) ? formatGoInt(value) : formatFloatG(value);
    default:
      break;
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => formatGoValue(v, numberMode)).join(' ')}]`;
  }
  const keys = Object.keys(value).sort(compareGoStrings);
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
      return isGoInt(value, numberMode) ? 'int64' : 'float64';
    default:
      return Array.isArray(value) ? '[]interface {}' : 'map[string]interface {}';
  }
}
