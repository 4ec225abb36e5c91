/**
 * @file Runtime functions shared by the CEL extension libraries: the kind of a runtime value, CEL ordering and
 * equality across numeric types (cel-go `common/types`, `Compare` and `Equal` of `Int`, `Uint`, `Double`), list
 * iteration over the value shapes cel-js accepts, and the cost constants of cel-go's runtime cost tracking
 * (`common/cost.go`).
 */
import { EvaluationError } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { compareGoStrings } from '../../util/go-json.js';
import { type EqualityEvaluator, equalsIn } from './strings.js';

/** cel-go `callCost`: the cost of one function call. */
export const CALL_COST = 1;
/** cel-go `common.ListCreateBaseCost`. */
export const LIST_CREATE_BASE_COST = 10;
/** cel-go `common.StringTraversalCostFactor`. */
export const STRING_TRAVERSAL_COST_FACTOR = 0.1;
/** cel-go `common.RegexStringLengthCostFactor`. */
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;

/**
 * The largest list the extension functions build, whatever the cost limit. Environments without a cost limit
 * (GeneratingPolicy, DeletingPolicy) would otherwise let `lists.range(1000000000)` exhaust the process's memory.
 */
export const MAX_LIST_SIZE = 10_000_000;

/** The CEL kind of a runtime value, for the types CEL orders (and `other` for the rest). */
export type ValueKind = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'timestamp' | 'duration' | 'other';

export function kindOf(value: unknown): ValueKind {
  switch (typeof value) {
    case 'bigint':
      return 'int';
    case 'number':
      return 'double';
    case 'boolean':
      return 'bool';
    case 'string':
      return 'string';
    case 'object':
      if (value instanceof UnsignedInt) return 'uint';
      if (value instanceof Uint8Array) return 'bytes';
      if (value instanceof Date) return 'timestamp';
      if (value instanceof Duration) return 'duration';
      return 'other';
    default:
      return 'other';
  }
}

/** Whether `kind` is numeric. */
export function isNumericKind(kind: ValueKind): kind is 'int' | 'uint' | 'double' {
  return kind === 'int' || kind === 'uint' || kind === 'double';
}

/** A numeric value as bigint or number (uint unwrapped). */
function numeric(value: unknown): bigint | number {
  return value instanceof UnsignedInt ? value.valueOf() : (value as bigint | number);
}

/** -1, 0 or 1; NaN when either side is NaN (cel-go compares NaN as unordered). */
function sign(a: bigint | number, b: bigint | number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  // eslint-disable-next-line eqeqeq
  return a == b ? 0 : NaN;
}

/** Go's string order (UTF-8 bytes, i.e. code points; util/go-json `compareGoStrings`) as -1, 0 or 1. */
export function compareStrings(a: string, b: string): -1 | 0 | 1 {
  return Math.sign(compareGoStrings(a, b)) as -1 | 0 | 1;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * CEL ordering of two values of orderable kinds (cel-go `traits.Comparer`): numbers across int/uint/double
 * (NaN compares as NaN), and same-kind strings, bools, bytes, timestamps and durations. Returns null for values
 * CEL does not order against each other.
 */
export function compareValues(a: unknown, b: unknown): number | null {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (isNumericKind(ka) && isNumericKind(kb)) return sign(numeric(a), numeric(b));
  if (ka !== kb) return null;
  switch (ka) {
    case 'string':
      return compareStrings(a as string, b as string);
    case 'bool':
      return a === b ? 0 : a ? 1 : -1;
    case 'bytes':
      return compareBytes(a as Uint8Array, b as Uint8Array);
    case 'timestamp':
      return sign((a as Date).getTime(), (b as Date).getTime());
    case 'duration': {
      const x = a as Duration;
      const y = b as Duration;
      return x.seconds === y.seconds ? sign(x.nanos, y.nanos) : sign(x.seconds, y.seconds);
    }
    default:
      return null;
  }
}

/** CEL heterogeneous equality (cel-go `Equal`): numbers by value across int/uint/double, otherwise as cel-js `==`. */
export function celEqualsIn(ev: EqualityEvaluator): (a: unknown, b: unknown) => boolean {
  const equals = equalsIn(ev);
  return (a, b) => {
    if (a instanceof UnsignedInt || b instanceof UnsignedInt) {
      const ka = kindOf(a);
      const kb = kindOf(b);
      // eslint-disable-next-line eqeqeq
      return isNumericKind(ka) && isNumericKind(kb) && numeric(a) == numeric(b);
    }
    return equals(a, b);
  };
}

/** The elements of a runtime list (cel-js accepts arrays and sets). */
export function listElements(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  throw new EvaluationError(`expected a list, got ${describeKind(value)}`);
}

/** The size of a runtime list, string or map, as cel-go's `actualSize` measures it (0 for other values). */
export function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof Set || value instanceof Map) return value.size;
  if (value instanceof Uint8Array) return value.length;
  if (typeof value === 'object' && value !== null && value.constructor === Object) return Object.keys(value).length;
  return 0;
}

/** A short CEL type name of a runtime value, for error messages. */
export function describeKind(value: unknown): string {
  const kind = kindOf(value);
  if (kind === 'timestamp') return 'google.protobuf.Timestamp';
  if (kind === 'duration') return 'google.protobuf.Duration';
  if (kind !== 'other') return kind;
  if (value === null) return 'null_type';
  if (Array.isArray(value) || value instanceof Set) return 'list';
  if (typeof value === 'object' && (value instanceof Map || (value as object).constructor === Object)) return 'map';
  return typeof value === 'object' ? ((value as object).constructor?.name ?? 'object') : typeof value;
}

/** Throws an evaluation error for a list larger than {@link MAX_LIST_SIZE}. */
export function checkListSize(size: number): void {
  if (size > MAX_LIST_SIZE) throw new EvaluationError(`list size ${size} exceeds the limit of ${MAX_LIST_SIZE} elements`);
}
