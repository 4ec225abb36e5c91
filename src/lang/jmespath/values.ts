/**
 * @file The runtime value model of go-jmespath as Kyverno runs it, and its Go semantics:
 * truthiness (`isFalse`), `reflect.DeepEqual` equality, Go `==` on interfaces, argument kinds.
 *
 * Values are decoded JSON (numbers are Go float64) plus two Go-only kinds that change outcomes:
 * - Go integers (Kyverno's `elementIndex*` context values, `compare()` results) are JS `bigint`s:
 *   they never equal a JSON number in `==`, fail `number` argument checks, make `type()` fail, are
 *   truthy, and render as plain integers;
 * - Go typed slices (`items()` returns a `[]map[string]interface{}`) are arrays marked with
 *   `markGoTypedSlice`: they pass `array` checks and project like arrays, but never equal a JSON
 *   array and make `type()` fail.
 */
import { setOwnProperty } from '../../util/go-json.js';
import { int64Json } from '../../util/go-int64.js';
import { runtimeError } from './errors.js';

/** A function argument `&expr`: evaluates the referenced expression against a value. */
export class ExpRef {
  readonly #evaluate: (value: unknown) => unknown;

  constructor(evaluate: (value: unknown) => unknown) {
    this.#evaluate = evaluate;
  }

  /**
   * Evaluates the expression against `value`. A NotFound inside becomes `null` (go-jmespath's
   * expref evaluation in `map`, `sort_by`, `max_by`, `min_by`); other errors are thrown.
   */
  evaluate(value: unknown): unknown {
    return this.#evaluate(value);
  }
}

const typedSlices = new WeakSet<unknown[]>();

/** Marks an array as a Go typed slice (e.g. `[]map[string]interface{}`) and returns it. */
export function markGoTypedSlice<T extends unknown[]>(array: T): T {
  typedSlices.add(array);
  return array;
}

/** A JSON object (Go `map[string]interface{}`). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof ExpRef);
}

/** A JSON array (Go `[]interface{}`), not a typed slice. */
export function isJsonArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && !typedSlices.has(value);
}

/** go-jmespath `isFalse`: false, null, "", empty array, empty object; numbers (even 0) are true. */
export function isFalse(value: unknown): boolean {
  if (value === null || value === false || value === '') return true;
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof ExpRef) return false;
  for (const key in value) {
    if (Object.prototype.hasOwnProperty.call(value, key)) return false;
  }
  return true;
}

/** Go `reflect.DeepEqual` on two runtime values (`==` / `!=` in expressions). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || typeof a !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || typedSlices.has(a) !== typedSlices.has(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || a instanceof ExpRef || b instanceof ExpRef) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let count = 0;
  for (const key in ao) {
    if (!Object.prototype.hasOwnProperty.call(ao, key)) continue;
    if (!Object.prototype.hasOwnProperty.call(bo, key) || !deepEqual(ao[key], bo[key])) return false;
    count++;
  }
  for (const key in bo) if (Object.prototype.hasOwnProperty.call(bo, key)) count--;
  return count === 0;
}

/** The Go dynamic type name of a runtime value, as Go prints it in panics. */
export function goTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  switch (typeof value) {
    case 'number':
      return 'float64';
    case 'bigint':
      return 'int';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    default:
      if (Array.isArray(value)) return typedSlices.has(value) ? '[]map[string]interface {}' : '[]interface {}';
      if (value instanceof ExpRef) return 'jmespath.expRef';
      return 'map[string]interface {}';
  }
}

/**
 * Go `==` between two `interface{}` values (used by `contains`): values of different dynamic
 * types are unequal; comparing two slices or two maps panics, reported as a runtime error.
 */
export function goInterfaceEquals(a: unknown, b: unknown): boolean {
  const ta = goTypeName(a);
  if (ta !== goTypeName(b)) return false;
  if (typeof a === 'object' && a !== null && !(a instanceof ExpRef)) {
    throw runtimeError(`runtime error: comparing uncomparable type ${ta}`);
  }
  return a === b;
}

/**
 * The decoded-JSON form of a runtime value, as Go's JSON round trip gives it: Go integers become
 * numbers, typed slices plain arrays, exprefs `{}`. Returns the value itself when nothing changes.
 * With `exactIntegers`, for data that is not round-tripped, Go integers beyond 2^53 stay `bigint`s.
 */
export function toPlainJson(value: unknown, exactIntegers = false): unknown {
  if (typeof value === 'bigint') return exactIntegers ? int64Json(value) : Number(value);
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof ExpRef) return {};
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined = typedSlices.has(value) ? value.slice() : undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const plain = toPlainJson(item, exactIntegers);
      if (plain !== item) (copy ??= value.slice())[i] = plain;
    }
    return copy ?? value;
  }
  const obj = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in obj) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
    const item = obj[key];
    const plain = toPlainJson(item, exactIntegers);
    if (plain !== item) setOwnProperty((copy ??= { ...obj }), key, plain);
  }
  return copy ?? value;
}
