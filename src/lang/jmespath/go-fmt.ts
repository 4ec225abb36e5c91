/**
 * @file Go `fmt` renderings that appear in go-jmespath error texts: `%v` of a runtime value
 * (`Invalid type for: <%v>, ...`) and `%#v` of a `[]jmespath.JpType`.
 */
import { sortGoStrings } from '../../util/go-json.js';
import { ExpRef } from './values.js';

/** Go `%v` of a float64: shortest digits, `%e` form when the exponent is < -4 or >= 6 (`1e+06`). */
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return 1 / value < 0 ? '-0' : '0';
  const [mantissa, expText] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exp = Number(expText);
  const sign = value < 0 ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? '.' + digits.slice(1) : '';
    const absExp = Math.abs(exp);
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${absExp < 10 ? '0' : ''}${absExp}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return sign + digits + '0'.repeat(exp + 1 - digits.length);
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/** Go `%v` of a runtime value: `<nil>`, `[1 a]`, `map[a:1 b:x]` (keys sorted), strings unquoted. */
export function formatGoValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return formatGoFloat(value);
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      if (Array.isArray(value)) return '[' + value.map(formatGoValue).join(' ') + ']';
      if (value instanceof ExpRef) return '{}';
      {
        const obj = value as Record<string, unknown>;
        const keys = sortGoStrings(Object.keys(obj));
        return 'map[' + keys.map((k) => `${k}:${formatGoValue(obj[k])}`).join(' ') + ']';
      }
  }
}

/** Go `%#v` of a `[]jmespath.JpType`: `[]jmespath.JpType{"string", "array"}`. */
export function formatJpTypes(types: readonly string[]): string {
  return '[]jmespath.JpType{' + types.map((t) => JSON.stringify(t)).join(', ') + '}';
}
