/**
 * @file go-jmespath's built-in functions as Kyverno's fork has them (lower-case error texts,
 * code-point `length`/`reverse`, byte-order string sorting, Go `ParseFloat`/`json.Marshal` in
 * `to_number`/`to_string`, NotFound-tolerant exprefs). Registered when the module is imported.
 */
import { compareGoStrings, goJsonStringify, setOwnProperty } from '../../util/go-json.js';
import { JmesPathError, runtimeError } from './errors.js';
import { parseGoFloat } from './go-strconv.js';
import { type FunctionDefinition, registerFunction } from './registry.js';
import { type ExpRef, goInterfaceEquals, goTypeName, isJsonArray, isJsonObject } from './values.js';

/** Number of Unicode code points (Go `utf8.RuneCountInString`). */
function runeCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

const compareNumbers = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);

/** `max`/`min` over `array[number]` or `array[string]`; `null` for an empty array. */
function extreme(items: readonly (number | string)[], wantGreater: boolean): unknown {
  if (items.length === 0) return null;
  let best = items[0]!;
  for (let i = 1; i < items.length; i++) {
    const item = items[i]!;
    const cmp = typeof item === 'number' ? compareNumbers(item, best as number) : compareGoStrings(item, best as string);
    if (wantGreater ? cmp > 0 : cmp < 0) best = item;
  }
  return best;
}

/** `max_by`/`min_by`: the key type is fixed by the first element. */
function extremeBy(array: readonly unknown[], expref: ExpRef, wantGreater: boolean): unknown {
  if (array.length === 0) return null;
  if (array.length === 1) return array[0];
  const start = expref.evaluate(array[0]);
  const kind = typeof start;
  if (kind !== 'number' && kind !== 'string') throw runtimeError('invalid type, must be number of string');
  let bestValue = start as number | string;
  let bestItem = array[0];
  for (let i = 1; i < array.length; i++) {
    const current = expref.evaluate(array[i]);
    if (typeof current !== kind) throw runtimeError(`invalid type, must be ${kind}`);
    const cmp =
      kind === 'number'
        ? compareNumbers(current as number, bestValue as number)
        : compareGoStrings(current as string, bestValue as string);
    if (wantGreater ? cmp > 0 : cmp < 0) {
      bestValue = current as number | string;
      bestItem = array[i];
    }
  }
  return bestItem;
}

/** `sort_by`: stable sort on keys that must all have the type of the first element's key. */
function sortBy(array: readonly unknown[], expref: ExpRef): unknown[] {
  if (array.length <= 1) return array.slice();
  const keys: unknown[] = [expref.evaluate(array[0])];
  const kind = typeof keys[0];
  if (kind !== 'number' && kind !== 'string') throw runtimeError('invalid type, must be number of string');
  // Go's comparator turns any error or key of another type into one generic error.
  for (let i = 1; i < array.length; i++) {
    let key: unknown;
    try {
      key = expref.evaluate(array[i]);
    } catch (err) {
      if (err instanceof JmesPathError) throw runtimeError('error in sort_by comparison');
      throw err;
    }
    if (typeof key !== kind) throw runtimeError('error in sort_by comparison');
    keys.push(key);
  }
  const order = array.map((_, i) => i);
  order.sort((i, j) =>
    kind === 'number'
      ? compareNumbers(keys[i] as number, keys[j] as number)
      : compareGoStrings(keys[i] as string, keys[j] as string),
  );
  return order.map((i) => array[i]);
}

/** go-jmespath `type()`: Go integers and typed slices are not JSON types. */
function jmesType(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    default:
      if (isJsonArray(value)) return 'array';
      if (isJsonObject(value)) return 'object';
      throw runtimeError('unknown type');
  }
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseGoFloat(value);
  if (value === null || typeof value === 'boolean' || isJsonArray(value) || isJsonObject(value)) return null;
  throw runtimeError('unknown type');
}

/** go-jmespath's built-in functions, as registered when this module loads. */
export const BUILTIN_FUNCTIONS: readonly FunctionDefinition[] = [
  { name: 'abs', args: [{ types: ['number'] }], handler: ([n]) => Math.abs(n as number) },
  {
    name: 'avg',
    args: [{ types: ['array[number]'] }],
    handler: ([items]) => (items as number[]).reduce((sum, n) => sum + n, 0) / (items as number[]).length,
  },
  { name: 'ceil', args: [{ types: ['number'] }], handler: ([n]) => Math.ceil(n as number) },
  {
    name: 'contains',
    args: [{ types: ['array', 'string'] }, { types: ['any'] }],
    handler: ([subject, search]) => {
      if (typeof subject === 'string') return typeof search === 'string' && subject.includes(search);
      return (subject as unknown[]).some((item) => goInterfaceEquals(item, search));
    },
  },
  {
    name: 'ends_with',
    args: [{ types: ['string'] }, { types: ['string'] }],
    handler: ([s, suffix]) => (s as string).endsWith(suffix as string),
  },
  { name: 'floor', args: [{ types: ['number'] }], handler: ([n]) => Math.floor(n as number) },
  {
    name: 'join',
    args: [{ types: ['string'] }, { types: ['array[string]'] }],
    handler: ([separator, items]) => (items as string[]).join(separator as string),
  },
  { name: 'keys', args: [{ types: ['object'] }], handler: ([obj]) => Object.keys(obj as object) },
  {
    name: 'length',
    args: [{ types: ['string', 'array', 'object'] }],
    handler: ([value]) => {
      if (typeof value === 'string') return runeCount(value);
      if (Array.isArray(value)) return value.length;
      return Object.keys(value as object).length;
    },
  },
  {
    name: 'map',
    args: [{ types: ['expref'] }, { types: ['array'] }],
    handler: ([expref, items]) => (items as unknown[]).map((item) => (expref as ExpRef).evaluate(item)),
  },
  {
    name: 'max',
    args: [{ types: ['array[number]', 'array[string]'] }],
    handler: ([items]) => extreme(items as (number | string)[], true),
  },
  {
    name: 'max_by',
    args: [{ types: ['array'] }, { types: ['expref'] }],
    handler: ([items, expref]) => extremeBy(items as unknown[], expref as ExpRef, true),
  },
  {
    name: 'merge',
    args: [{ types: ['object'], variadic: true }],
    handler: (objects) => {
      const merged: Record<string, unknown> = {};
      for (const obj of objects) {
        if (!isJsonObject(obj)) {
          throw runtimeError(`interface conversion: interface {} is ${goTypeName(obj)}, not map[string]interface {}`);
        }
        for (const key of Object.keys(obj)) setOwnProperty(merged, key, obj[key]);
      }
      return merged;
    },
  },
  {
    name: 'min',
    args: [{ types: ['array[number]', 'array[string]'] }],
    handler: ([items]) => extreme(items as (number | string)[], false),
  },
  {
    name: 'min_by',
    args: [{ types: ['array'] }, { types: ['expref'] }],
    handler: ([items, expref]) => extremeBy(items as unknown[], expref as ExpRef, false),
  },
  {
    name: 'not_null',
    args: [{ types: ['any'], variadic: true }],
    handler: (args) => args.find((arg) => arg !== null) ?? null,
  },
  {
    name: 'reverse',
    args: [{ types: ['array', 'string'] }],
    handler: ([value]) =>
      typeof value === 'string' ? Array.from(value).reverse().join('') : (value as unknown[]).slice().reverse(),
  },
  {
    name: 'sort',
    args: [{ types: ['array[string]', 'array[number]'] }],
    handler: ([items]) => {
      const copy = (items as (number | string)[]).slice();
      return typeof copy[0] === 'number'
        ? (copy as number[]).sort(compareNumbers)
        : (copy as string[]).sort(compareGoStrings);
    },
  },
  {
    name: 'sort_by',
    args: [{ types: ['array'] }, { types: ['expref'] }],
    handler: ([items, expref]) => sortBy(items as unknown[], expref as ExpRef),
  },
  {
    name: 'starts_with',
    args: [{ types: ['string'] }, { types: ['string'] }],
    handler: ([s, prefix]) => (s as string).startsWith(prefix as string),
  },
  {
    name: 'sum',
    args: [{ types: ['array[number]'] }],
    handler: ([items]) => (items as number[]).reduce((sum, n) => sum + n, 0),
  },
  {
    name: 'to_array',
    args: [{ types: ['any'] }],
    handler: ([value]) => (isJsonArray(value) ? value : [value]),
  },
  { name: 'to_number', args: [{ types: ['any'] }], handler: ([value]) => toNumber(value) },
  {
    name: 'to_string',
    args: [{ types: ['any'] }],
    handler: ([value]) => (typeof value === 'string' ? value : goJsonStringify(value)),
  },
  { name: 'type', args: [{ types: ['any'] }], handler: ([value]) => jmesType(value) },
  { name: 'values', args: [{ types: ['object'] }], handler: ([obj]) => Object.values(obj as object) },
];

for (const definition of BUILTIN_FUNCTIONS) registerFunction(definition);
