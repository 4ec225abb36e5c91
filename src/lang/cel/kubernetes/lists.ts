/**
 * @file The Kubernetes Lists library (k8s.io/apiserver/pkg/cel/library/lists.go, version 0 as Kubernetes 1.36
 * registers it): `isSorted()`, `sum()`, `min()`, `max()`. `indexOf`/`lastIndexOf` are in the base environment
 * (strings.ts); `includes` only arrives with version 1 (Kubernetes 1.37).
 *
 * Type rules: `isSorted`, `min`, `max` take lists of the comparable types (int, uint, double, bool, duration,
 * timestamp, string, bytes), `sum` lists of int, uint, double or duration; any other element type is a compile error
 * (`['a'].sum()`, `[[1]].min()`). Values are dispatched on the elements' runtime types, as cel-go does for a `dyn` or
 * `list<dyn>` receiver (`dyn([1.0, 2.0]).sum() == 3.0`, `[].sum() == 0`).
 *
 * `sum`, `min` and `max` are typed `dyn` here where cel-go gives the element type: cel-js picks the first matching
 * overload for a `list<dyn>` receiver (a `map()` over JSON data) and would type its double result `int`, which turns
 * `== 3` into a wrong comparison; `dyn` keeps every result right at the price of accepting, say,
 * `[1, 2].sum() == 3.0`, which cel-go rejects.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { charge } from '../budget.js';
import type { CelLibrary } from '../environment.js';
import { celError, NO_SUCH_OVERLOAD, traversalCost } from './common.js';

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
const MAX_UINT64 = (1n << 64n) - 1n;

const TIMESTAMP = 'google.protobuf.Timestamp';
const DURATION = 'google.protobuf.Duration';

/** lists.go `comparableTypes`, in its order. */
const COMPARABLE_TYPES = ['int', 'uint', 'double', 'bool', DURATION, TIMESTAMP, 'string', 'bytes'] as const;
/** lists.go `summableTypes` and `zeroValuesOfSummableTypes`, in its order. */
const SUMMABLE_TYPES: readonly (readonly [string, () => unknown])[] = [
  ['int', () => 0n],
  ['uint', () => new UnsignedInt(0n)],
  ['double', () => 0],
  [DURATION, () => new Duration(0n, 0)],
];

/** Whether cel-go's value implements `traits.Comparer` (Bool, Bytes, Double, Duration, Int, String, Timestamp, Uint). */
function isComparable(v: unknown): boolean {
  return (
    typeof v === 'bigint' ||
    typeof v === 'number' ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    v instanceof UnsignedInt ||
    v instanceof Duration ||
    v instanceof Date ||
    v instanceof Uint8Array
  );
}

function numeric(v: unknown): bigint | number | null {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  if (v instanceof UnsignedInt) return v.valueOf() as bigint;
  return null;
}

function sign(a: bigint | number, b: bigint | number): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Go string comparison: UTF-8 byte order, i.e. code point order (not UTF-16 unit order). */
function compareStrings(a: string, b: string): -1 | 0 | 1 {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const c = sign(x.value.codePointAt(0)!, y.value.codePointAt(0)!);
    if (c !== 0) return c;
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): -1 | 0 | 1 {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return sign(a.length, b.length);
}

/**
 * cel-go `traits.Comparer.Compare`: -1, 0, 1, or null where cel-go returns an error (different types, NaN), which
 * the list functions ignore.
 */
export function compareValues(a: unknown, b: unknown): -1 | 0 | 1 | null {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null || y !== null) {
    if (x === null || y === null) return null;
    if (Number.isNaN(x) || Number.isNaN(y)) return null;
    return sign(x, y);
  }
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return sign(Number(a), Number(b));
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  if (a instanceof Duration && b instanceof Duration) return sign(a.seconds, b.seconds) || sign(a.nanos, b.nanos);
  if (a instanceof Date && b instanceof Date) return sign(a.getTime(), b.getTime());
  return null;
}

function elements(list: unknown): unknown[] {
  if (Array.isArray(list)) return list;
  if (list instanceof Set) return [...list];
  throw celError(NO_SUCH_OVERLOAD);
}

/** lists.go `isSorted`: false at the first element smaller than its predecessor. */
export function isSorted(list: unknown): boolean {
  const items = elements(list);
  charge(traversalCost(items));
  let prev: unknown;
  for (let i = 0; i < items.length; i++) {
    const next = items[i];
    if (!isComparable(next)) throw celError(NO_SUCH_OVERLOAD);
    if (i > 0 && compareValues(prev, next) === 1) return false;
    prev = next;
  }
  return true;
}

/** cel-go `traits.Adder.Add` for the summable types. */
function add(acc: unknown, next: unknown): unknown {
  if (typeof acc === 'bigint' && typeof next === 'bigint') {
    const s = acc + next;
    if (s > MAX_INT64 || s < MIN_INT64) throw celError('integer overflow');
    return s;
  }
  if (typeof acc === 'number' && typeof next === 'number') return acc + next;
  if (acc instanceof UnsignedInt && next instanceof UnsignedInt) {
    const s = (acc.valueOf() as bigint) + (next.valueOf() as bigint);
    if (s > MAX_UINT64) throw celError('unsigned integer overflow');
    return new UnsignedInt(s);
  }
  if (acc instanceof Duration && next instanceof Duration) return acc.addDuration(next);
  throw celError(NO_SUCH_OVERLOAD);
}

/** The zero the runtime dispatch would pick for a non-empty list: that of its first element's type. */
function zeroOf(v: unknown, fallback: () => unknown): unknown {
  if (typeof v === 'bigint') return 0n;
  if (typeof v === 'number') return 0;
  if (v instanceof UnsignedInt) return new UnsignedInt(0n);
  if (v instanceof Duration) return new Duration(0n, 0);
  return fallback();
}

/** lists.go `sum`: the zero of the element type plus every element. */
export function sum(list: unknown, zero: () => unknown): unknown {
  const items = elements(list);
  charge(traversalCost(items));
  let acc = items.length > 0 ? zeroOf(items[0], zero) : zero();
  for (const next of items) acc = add(acc, next);
  return acc;
}

/** lists.go `cmp`: the first element that no later one beats; an error for an empty list. */
export function extreme(list: unknown, op: 'min' | 'max'): unknown {
  const items = elements(list);
  charge(traversalCost(items));
  const prefer = op === 'min' ? 1 : -1;
  let result: unknown;
  let found = false;
  for (const next of items) {
    if (!isComparable(next)) throw celError(NO_SUCH_OVERLOAD);
    if (!found) {
      result = next;
      found = true;
    } else if (compareValues(result, next) === prefer) {
      result = next;
    }
  }
  if (!found) throw celError(`${op} called on empty list`);
  return result;
}

/** Registers the Lists library. */
export const listsLibrary: CelLibrary = (env: Environment) => {
  for (const type of COMPARABLE_TYPES) {
    env.registerFunction(`list<${type}>.isSorted(): bool`, (l: unknown) => isSorted(l));
  }
  for (const [type, zero] of SUMMABLE_TYPES) {
    env.registerFunction(`list<${type}>.sum(): dyn`, (l: unknown) => sum(l, zero));
  }
  for (const type of COMPARABLE_TYPES) {
    env.registerFunction(`list<${type}>.min(): dyn`, (l: unknown) => extreme(l, 'min'));
    env.registerFunction(`list<${type}>.max(): dyn`, (l: unknown) => extreme(l, 'max'));
  }
};
