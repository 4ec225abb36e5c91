/**
 * @file Values as structured-merge-diff's `value` package sees decoded JSON (value/valueunstructured.go):
 * scalars (numbers, strings, booleans), lists, maps and null; and the Go renderings that appear in its
 * error messages: `value.ToString` (value/value.go, used for list keys), and `fmt`'s `%v` / `%#v` / `%T` of
 * a `*valueUnstructured` or of its content. Integral numbers are rendered as the `int64` Go's JSON
 * decoding of an unstructured object gives them; other numbers as `float64`.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { formatFloatG } from '../../../../util/go-format.js';
import { sortGoStrings } from '../../../../util/go-json.js';
import { goQuote } from '../../../../util/go-strings.js';

export function isMap(v: JsonValue | undefined): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function isList(v: JsonValue | undefined): v is JsonValue[] {
  return Array.isArray(v);
}

/** `IsFloat() || IsInt() || IsString() || IsBool()`. */
export function isScalar(v: JsonValue | undefined): boolean {
  const t = typeof v;
  return t === 'number' || t === 'bigint' || t === 'string' || t === 'boolean';
}

function isInt(v: JsonValue): boolean {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
}

function sortedKeys(m: JsonObject): string[] {
  return sortGoStrings(Object.keys(m));
}

/** `value.ToString` (maps in key order: Go iterates them in an unspecified order). */
export function toString(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return isInt(v) ? String(v) : formatFloatG(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return '[' + v.map(toString).join(',') + ']';
  return sortedKeys(v)
    .map((k) => `${k}=${toString(v[k]!)}`)
    .join('');
}

/** `fmt.Sprintf("%v", x)` of an unstructured content. */
function plainV(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (typeof v === 'number') return isInt(v) ? String(v) : formatFloatG(v);
  if (typeof v === 'bigint' || typeof v === 'boolean' || typeof v === 'string') return String(v);
  if (Array.isArray(v)) return '[' + v.map(plainV).join(' ') + ']';
  return (
    'map[' +
    sortedKeys(v)
      .map((k) => `${k}:${plainV(v[k]!)}`)
      .join(' ') +
    ']'
  );
}

/** `fmt.Sprintf("%#v", x)` of an unstructured content held in an `interface{}`. */
function sharpV(v: JsonValue): string {
  if (v === null) return 'interface {}(nil)';
  if (typeof v === 'number') return isInt(v) ? String(v) : formatFloatG(v);
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return goQuote(v);
  if (Array.isArray(v)) return '[]interface {}{' + v.map(sharpV).join(', ') + '}';
  return (
    'map[string]interface {}{' +
    sortedKeys(v)
      .map((k) => `${goQuote(k)}:${sharpV(v[k]!)}`)
      .join(', ') +
    '}'
  );
}

/** `%v` of a `value.Value` (a `*valueUnstructured`): `&{…}`. */
export function formatValueV(v: JsonValue): string {
  return `&{${plainV(v)}}`;
}

/** `%#v` of a `value.Value`: `&value.valueUnstructured{Value:…}`. */
export function formatValueSharpV(v: JsonValue): string {
  return `&value.valueUnstructured{Value:${sharpV(v)}}`;
}

/** `%T` of `Value.Unstructured()`. */
export function goTypeName(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (typeof v === 'number') return isInt(v) ? 'int64' : 'float64';
  if (typeof v === 'bigint') return 'int64';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return Array.isArray(v) ? '[]interface {}' : 'map[string]interface {}';
}
