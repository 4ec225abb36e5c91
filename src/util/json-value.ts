/**
 * @file Deep copy and deep equality of decoded JSON values, on the hot path of mutation (every patch
 * works on a copy of the resource and is compared with it). Faster than `structuredClone` and than
 * comparing encodings; own `__proto__` keys stay own properties. Integers beyond 2^53 are exact
 * `bigint`s (see `source/yaml11.ts`): rounding them to float64 and writing them as JSON are here too.
 */
import type { JsonObject, JsonValue } from '../types.js';
import { setOwnProperty } from './go-json.js';

/** Whether `value` is a JSON object: not `null`, not a list. */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A shallow copy of an object that is to take new keys (own `__proto__` keys stay own properties). Not `{ ...value }`:
 * V8 gives a spread copy a map without transitions, so every key added to it afterwards makes a new map, about
 * 0.5 µs a key; a copy made key by key shares its maps with the other copies.
 */
export function extensibleCopy<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) setOwnProperty(out, key, value[key]);
  return out as T;
}

/** A deep copy of a JSON value. */
export function cloneJson<T extends JsonValue>(value: T): T {
  return copy(value) as T;
}

/** A deep copy; `roundIntegers`: with `bigint`s as float64 numbers. */
function copy(value: JsonValue, roundIntegers = false): JsonValue {
  if (value === null || typeof value !== 'object') return roundIntegers && typeof value === 'bigint' ? Number(value) : value;
  if (Array.isArray(value)) {
    const out = new Array<JsonValue>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]!, roundIntegers);
    return out;
  }
  const out: JsonObject = {};
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const item = copy(value[key]!, roundIntegers);
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}

/**
 * How {@link jsonEqual} compares an integer held as a `bigint` with a number:
 * - `'value'`: equal when they are the same integer, as Go compares the `json.Marshal` encodings of
 *   two values (both are written as the same digits);
 * - `'type'`: never equal, as Go's `reflect.DeepEqual` (reflect/deepequal.go, `deepValueEqual`)
 *   compares an `int64` with a `float64`: values of different types are unequal. Kyverno's
 *   `Equals`/`NotEquals` operators (pkg/engine/variables/operator/equal.go,
 *   `EqualHandler.validateValueWithMapPattern` / `validateValueWithSlicePattern`) compare with
 *   `reflect.DeepEqual`; the generate targets, the processor's comparison of mutated resources, the
 *   YAML edits and the `kyverno test` comparisons also keep a `bigint` apart from a number.
 * Other numbers compare by float64 `==` in both (`-0` equals `0`, `NaN` equals nothing).
 */
type IntegerComparison = 'value' | 'type';

/**
 * Whether two JSON values are equal: the same keys with equal values (key order ignored), lists
 * element by element, scalars by `===`; `bigint`s against numbers as `integers` says.
 */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined, integers: IntegerComparison = 'value'): boolean {
  if (a === b) return true;
  if (typeof a === 'bigint') return integers === 'value' && typeof b === 'number' && Number.isInteger(b) && BigInt(b) === a;
  if (typeof b === 'bigint') return integers === 'value' && typeof a === 'number' && Number.isInteger(a) && BigInt(a) === b;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], integers)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // Keys counted rather than listed: equality is asked of every mutated object, and key lists are garbage.
  let unmatched = 0;
  for (const key in b) if (Object.prototype.hasOwnProperty.call(b, key)) unmatched++;
  for (const key in a) {
    if (!Object.prototype.hasOwnProperty.call(a, key)) continue;
    if (!Object.prototype.hasOwnProperty.call(b, key) || !jsonEqual(a[key], b[key], integers)) return false;
    unmatched--;
  }
  return unmatched === 0;
}

/**
 * Whether `value` holds an integer beyond the safe range of numbers, kept exact as a `bigint`
 * (resources decoded as Kubernetes does keep int64 integers; see `source/yaml11.ts`).
 */
function hasBigInts(value: JsonValue | undefined): boolean {
  if (typeof value === 'bigint') return true;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasBigInts(value[i])) return true;
    return false;
  }
  for (const key in value) {
    if (Object.prototype.hasOwnProperty.call(value, key) && hasBigInts(value[key])) return true;
  }
  return false;
}

/**
 * `value` with every integer held as a `bigint` turned into a float64 number (rounded), as Go
 * decodes JSON into `interface{}` with `encoding/json` and as `kyverno test` converts resource
 * numbers (`convertNumericValuesToFloat64`, cmd/cli/kubectl-kyverno/commands/test/test.go).
 * Returns `value` itself when it holds no `bigint`.
 */
export function toFloat64Numbers<T extends JsonValue>(value: T): T {
  if (typeof value === 'bigint') return Number(value) as T;
  if (value === null || typeof value !== 'object') return value;
  let converted = float64Copies.get(value);
  if (converted === undefined) {
    converted = hasBigInts(value) ? copy(value, true) : value;
    float64Copies.set(value, converted);
  }
  return converted as T;
}

/** {@link toFloat64Numbers} of objects, by identity (decoded documents are never mutated). */
const float64Copies = new WeakMap<object, JsonValue>();

const BIGINT_MARKER = `\u0000bigint${Math.random().toString(36).slice(2)}:`;
const BIGINT_PLACEHOLDER = new RegExp(`"${JSON.stringify(BIGINT_MARKER).slice(1, -1).replace(/\\/g, '\\\\')}(-?\\d+)"`, 'g');

/**
 * `JSON.stringify(value, null, indent)` that writes `bigint`s as plain JSON integers (their exact
 * digits, as Go's `encoding/json` writes an int64) instead of throwing.
 */
export function stringifyJson(value: unknown, indent?: number): string {
  // Without a replacer JSON.stringify is several times faster; it throws a TypeError only on a bigint (or a failing
  // `toJSON`, which throws again below).
  try {
    return JSON.stringify(value, null, indent);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  return withBigIntDigits(JSON.stringify(value, (_key, item: unknown) => bigIntMarked(item), indent));
}

/** A `bigint` as the marked string {@link withBigIntDigits} turns back into its digits; anything else as it is. */
function bigIntMarked(item: unknown): unknown {
  return typeof item === 'bigint' ? BIGINT_MARKER + item.toString() : item;
}

/** JSON text with the marked strings of {@link bigIntMarked} written as plain JSON integers. */
function withBigIntDigits(text: string): string {
  return text.includes('\\u0000bigint') ? text.replace(BIGINT_PLACEHOLDER, '$1') : text;
}

/** A list written by {@link stringifyJsonChunks} one item at a time, from an iterable that is read once. */
export class StreamedList {
  constructor(readonly items: Iterable<unknown>) {}
}

const LIST_MARKER = `\u0000list${Math.random().toString(36).slice(2)}:`;
const LIST_PLACEHOLDER = new RegExp(`"${JSON.stringify(LIST_MARKER).slice(1, -1).replace(/\\/g, '\\\\')}(\\d+)"`, 'g');

/**
 * `stringifyJson(value, indent)` in pieces whose concatenation is that text, for reports too large to hold as one
 * string: each {@link StreamedList} in `value` is written item by item (each item as `stringifyJson` writes it at its
 * depth), as `JSON.stringify` writes an array. `indent` is at least 1 (the items' depth is read from the lines).
 */
export function* stringifyJsonChunks(value: unknown, indent: number): Generator<string> {
  const lists: StreamedList[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => (item instanceof StreamedList ? LIST_MARKER + String(lists.push(item) - 1) : bigIntMarked(item)), indent);
  let last = 0;
  for (const match of text.matchAll(LIST_PLACEHOLDER)) {
    const before = text.slice(last, match.index);
    yield withBigIntDigits(before);
    last = match.index + match[0].length;
    // The list's own line starts with its indentation (JSON.stringify writes no line break inside a string).
    const lineStart = before.lastIndexOf('\n') + 1;
    const outer = '\n' + /^ */.exec(before.slice(lineStart))![0];
    const inner = outer + ' '.repeat(indent);
    let first = true;
    for (const item of lists[Number(match[1])]!.items) {
      // Written as JSON.stringify writes an item it cannot write (undefined, a function) in an array.
      const written = stringifyJson(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item, indent) ?? 'null';
      yield `${first ? '[' : ','}${inner}${written.replaceAll('\n', inner)}`;
      first = false;
    }
    yield first ? '[]' : `${outer}]`;
  }
  yield withBigIntDigits(text.slice(last));
}

/**
 * Whether `JSON.parse(JSON.stringify(value))` gives back `value` exactly: no `bigint`, no `-0` (written as `0`), no
 * value JSON cannot hold, only lists without holes and objects of the plain object prototype.
 */
export function survivesJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !survivesJson(value[i])) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) if (!survivesJson(record[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

/** A number JSON cannot write as itself (it writes NaN and the infinities as `null`, -0 as `0`). */
function isInexactNumber(item: unknown): item is number {
  return typeof item === 'number' && (!Number.isFinite(item) || Object.is(item, -0));
}

/**
 * The JSON text of a value, compared between runs only: different values give different texts. JSON cannot write an
 * integer beyond 2^53 (decoded as a `bigint`), NaN, the infinities or -0 (which Kyverno's `to_number` gives): a value
 * holding one is written with its bigints, such numbers and strings tagged (so that `1n`, `NaN` and the strings `"1"`,
 * `"NaN"` differ), after a U+0001 that no JSON text starts with (so that it differs from every value without one).
 */
export function valueJson(value: unknown): string {
  let exact = true;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, item: unknown) => {
      if (isInexactNumber(item)) exact = false;
      return item;
    });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    exact = false;
  }
  if (exact) return text ?? 'undefined';
  const tagged = (_key: string, item: unknown): unknown =>
    typeof item === 'bigint' ? `n${item}` : isInexactNumber(item) ? `f${Object.is(item, -0) ? '-0' : String(item)}` : typeof item === 'string' ? `s${item}` : item;
  return `\u0001${JSON.stringify(value, tagged)}`;
}
