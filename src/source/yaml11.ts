/**
 * @file YAML 1.1 scalars as Kyverno reads them: the tag resolution of go-yaml v2 (`resolve.go`,
 * used through `sigs.k8s.io/yaml`) and the conversion of mapping keys to JSON object keys done by
 * `sigs.k8s.io/yaml` `YAMLToJSON` (`convertToJSONableObject`).
 *
 * Only plain (unquoted) untagged scalars are resolved implicitly; quoted and block scalars are
 * strings. Timestamps stay strings (go-yaml v2 hands them to `interface{}` values as text).
 */
import type { JsonPrimitive } from '../types.js';
import { INT64_MAX, int64Json } from '../util/go-int64.js';

/** A scalar that go-yaml v2 cannot decode or that has no JSON object key form. */
export class YamlValueError extends Error {}

/** A resolved scalar: its short tag (`!!int`, ...) and JSON value. */
interface ResolvedScalar {
  tag: string;
  /**
   * The JSON value; `!!float` may be non-finite (which JSON encoding then rejects). `!!int` beyond
   * 2^53 that fits int64 is a `bigint` (see {@link parseGoInteger}).
   */
  value: JsonPrimitive;
  /** `!!int` only: the exact decimal digits (ints beyond 2^53 lose precision as numbers). */
  intText?: string;
  /** `!!int` only: go-yaml decoded it as `uint64` (above the int64 range). */
  unsigned?: boolean;
}

const YAML_TAG_PREFIX = 'tag:yaml.org,2002:';
const STR = '!!str';
const INT = '!!int';
const FLOAT = '!!float';
const BOOL = '!!bool';
const NULL = '!!null';
const TIMESTAMP = '!!timestamp';
const BINARY = '!!binary';
const RESOLVABLE = new Set(['', STR, BOOL, INT, FLOAT, TIMESTAMP]);

/** go-yaml v2 `resolveMapList`: plain scalars decoded by exact spelling. */
const RESOLVE_MAP = new Map<string, ResolvedScalar>();
function addResolved(tag: string, value: JsonPrimitive, spellings: string[]): void {
  for (const spelling of spellings) RESOLVE_MAP.set(spelling, { tag, value });
}
addResolved(BOOL, true, ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
addResolved(BOOL, false, ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);
addResolved(NULL, null, ['', '~', 'null', 'Null', 'NULL']);
addResolved(FLOAT, Number.NaN, ['.nan', '.NaN', '.NAN']);
addResolved(FLOAT, Number.POSITIVE_INFINITY, ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']);
addResolved(FLOAT, Number.NEGATIVE_INFINITY, ['-.inf', '-.Inf', '-.INF']);

/** go-yaml v2 `resolveTable` hints, by first character code. */
const HINT_NONE = 0;
const HINT_MAP = 1;
const HINT_DOT = 2;
const HINT_NUMBER = 3;
const HINTS = new Uint8Array(128);
for (const c of '+-0123456789') HINTS[c.charCodeAt(0)] = HINT_NUMBER;
for (const c of 'yYnNtTfFoO~') HINTS[c.charCodeAt(0)] = HINT_MAP;
HINTS['.'.charCodeAt(0)] = HINT_DOT;

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
/** Go `strconv.ParseFloat` syntax for text starting with `.` (underscores only between digits). */
const DOT_FLOAT = /^\.[0-9](?:_?[0-9])*(?:[eE][-+]?[0-9](?:_?[0-9])*)?$/;
const SHORT_DECIMAL = /^(?:0|-?[1-9][0-9]{0,14})$/;
const DIGITS_BY_BASE: Record<number, RegExp> = {
  2: /^[01]+$/,
  8: /^[0-7]*$/,
  10: /^[0-9]+$/,
  16: /^[0-9a-fA-F]+$/,
};
const BIGINT_PREFIX: Record<number, string> = { 2: '0b', 8: '0o', 10: '', 16: '0x' };
const UINT64_MAX = (1n << 64n) - 1n;
const TIMESTAMP_SHAPE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([Tt]| +)(\d{1,2}):(\d{1,2}):(\d{1,2})(?:[.,]\d+)?(Z|[+-]\d\d:\d\d)?)?$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const LINE_BREAKS = /[\r\n]/g;

/** `tag:yaml.org,2002:int` → `!!int`; other tags unchanged. */
export function shortTag(tag: string): string {
  return tag.startsWith(YAML_TAG_PREFIX) ? `!!${tag.slice(YAML_TAG_PREFIX.length)}` : tag;
}

/**
 * The value of a plain untagged scalar (the hot path: most scalars are plain strings whose first
 * character rules out any other type).
 */
export function plainScalarValue(text: string): JsonPrimitive {
  const first = text.charCodeAt(0);
  if (text.length > 0 && (first >= 128 || HINTS[first] === HINT_NONE)) return text;
  return resolveScalar('', text).value;
}

/**
 * go-yaml v2 `resolve(tag, in)` followed by the decoder's handling of the result: `tag` is the
 * short tag of the node (`''` for a plain untagged scalar). Throws {@link YamlValueError} when
 * the scalar does not fit an explicit tag.
 */
export function resolveScalar(tag: string, text: string): ResolvedScalar {
  if (!RESOLVABLE.has(tag)) {
    return { tag, value: tag === BINARY ? decodeBinary(text) : text };
  }
  const resolved = tag === STR ? { tag: STR, value: text } : resolveUntyped(tag, text);
  if (tag === '' || tag === resolved.tag || tag === STR) return resolved;
  if (tag === FLOAT && resolved.tag === INT) return { tag: FLOAT, value: Number(resolved.value) };
  throw new YamlValueError(`cannot decode ${resolved.tag} \`${text}\` as a ${tag}`);
}

function resolveUntyped(tag: string, text: string): ResolvedScalar {
  const first = text.charCodeAt(0);
  const hint = text.length === 0 ? HINT_MAP : first < 128 ? HINTS[first] : HINT_NONE;
  if (hint === HINT_NONE) return { tag: STR, value: text };
  const known = RESOLVE_MAP.get(text);
  if (known !== undefined) return known;
  if (hint === HINT_DOT) {
    if (DOT_FLOAT.test(text)) {
      const value = Number(text.replace(/_/g, ''));
      if (Number.isFinite(value)) return { tag: FLOAT, value };
    }
  } else if (hint === HINT_NUMBER) {
    if ((tag === '' || tag === TIMESTAMP) && isGoTimestamp(text)) return { tag: TIMESTAMP, value: text };
    const plain = text.includes('_') ? text.replace(/_/g, '') : text;
    const integer = parseGoInteger(plain);
    if (integer !== null) return integer;
    if (YAML_STYLE_FLOAT.test(plain)) {
      const value = Number(plain);
      if (Number.isFinite(value)) return { tag: FLOAT, value };
    }
  }
  return { tag: STR, value: text };
}

/**
 * Go `strconv.ParseInt(s, 0, 64)`, then `strconv.ParseUint(s, 0, 64)` (base prefixes `0x`, `0o`,
 * `0b`, and a leading `0` for octal; a sign only for the signed form).
 *
 * The value is what the resource holds after `sigs.k8s.io/yaml` writes the integer as JSON digits and
 * apimachinery's unstructured decoding reads them back (`k8s.io/apimachinery/pkg/util/json`,
 * `convertNumber`: int64 when the digits fit, else float64): integers of the safe range are numbers,
 * larger ones that fit int64 are exact `bigint`s, uint64 values beyond int64 are float64 numbers.
 */
function parseGoInteger(s: string): ResolvedScalar | null {
  if (SHORT_DECIMAL.test(s)) return { tag: INT, value: Number(s), intText: s, unsigned: false };
  let i = 0;
  let negative = false;
  const signed = s[0] === '+' || s[0] === '-';
  if (signed) {
    negative = s[0] === '-';
    i = 1;
  }
  if (i >= s.length) return null;
  let base = 10;
  if (s[i] === '0') {
    const prefix = s.length - i >= 3 ? s[i + 1].toLowerCase() : '';
    base = prefix === 'x' ? 16 : prefix === 'b' ? 2 : 8;
    i += prefix === 'x' || prefix === 'b' || prefix === 'o' ? 2 : 1;
  }
  const digits = s.slice(i);
  if (!DIGITS_BY_BASE[base].test(digits)) return null;
  const magnitude = digits === '' ? 0n : BigInt(BIGINT_PREFIX[base] + digits);
  let value: bigint;
  let unsigned = false;
  if (signed) {
    if (magnitude > (negative ? INT64_MAX + 1n : INT64_MAX)) return null;
    value = negative ? -magnitude : magnitude;
  } else {
    if (magnitude > UINT64_MAX) return null;
    value = magnitude;
    unsigned = magnitude > INT64_MAX;
  }
  return { tag: INT, value: value > INT64_MAX ? Number(value) : int64Json(value), intText: value.toString(), unsigned };
}

/** go-yaml v2 `parseTimestamp`: the layouts it accepts, with Go `time.Parse` range checks. */
function isGoTimestamp(text: string): boolean {
  const m = TIMESTAMP_SHAPE.exec(text);
  if (m === null) return false;
  const [, year, month, day, separator, hour, minute, second, zone] = m;
  const y = Number(year);
  const mo = Number(month);
  if (mo < 1 || mo > 12 || Number(day) < 1 || Number(day) > daysIn(mo, y)) return false;
  if (separator === undefined) return true;
  const isDateTime = separator === 'T' || separator === 't';
  if (isDateTime !== (zone !== undefined)) return false;
  if (Number(hour) >= 24 || Number(minute) >= 60 || Number(second) >= 60) return false;
  if (zone !== undefined && zone !== 'Z') {
    if (Number(zone.slice(1, 3)) > 24 || Number(zone.slice(4, 6)) > 60) return false;
  }
  return true;
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `!!binary`: Go `base64.StdEncoding` (line breaks ignored, padding required), bytes as UTF-8. */
function decodeBinary(text: string): string {
  const compact = text.replace(LINE_BREAKS, '');
  if (!BASE64.test(compact)) throw new YamlValueError('!!binary value contains invalid base64 data');
  return Buffer.from(compact, 'base64').toString('utf8');
}

/**
 * The JSON object key `sigs.k8s.io/yaml` makes of a resolved mapping key: strings as they are,
 * ints in decimal, floats with Go `FormatFloat(f, 'g', -1, 32)`, booleans as `true`/`false`;
 * `null` and uint64 keys are errors.
 */
export function objectKey(resolved: ResolvedScalar): string {
  const { tag, value } = resolved;
  if (tag === BOOL) return value ? 'true' : 'false';
  if (tag === INT) {
    if (resolved.unsigned) throw new YamlValueError(`unsupported map key of type: uint64, key: ${resolved.intText}`);
    return resolved.intText ?? String(value);
  }
  if (tag === FLOAT) return formatFloat32Key(value as number);
  if (tag === NULL) throw new YamlValueError('unsupported map key of type: <nil>');
  return value as string;
}

/** Go `strconv.FormatFloat(f, 'g', -1, 32)` with `.inf`/`-.inf`/`.nan` for the special values. */
export function formatFloat32Key(value: number): string {
  const f = Math.fround(value);
  if (Number.isNaN(f)) return '.nan';
  if (f === Number.POSITIVE_INFINITY) return '.inf';
  if (f === Number.NEGATIVE_INFINITY) return '-.inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  let mantissa = '';
  let exponent = 0;
  for (let precision = 1; precision <= 9; precision++) {
    const candidate = Math.abs(f).toExponential(precision - 1);
    if (Math.fround(Number(candidate)) === Math.abs(f)) {
      const e = candidate.indexOf('e');
      mantissa = candidate.slice(0, e).replace('.', '');
      exponent = Number(candidate.slice(e + 1));
      break;
    }
  }
  const sign = f < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 6) {
    const fraction = mantissa.length > 1 ? `.${mantissa.slice(1)}` : '';
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${mantissa[0]}${fraction}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${mantissa}`;
  const integer = mantissa.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = mantissa.slice(exponent + 1);
  return `${sign}${integer}${fraction === '' ? '' : `.${fraction}`}`;
}
