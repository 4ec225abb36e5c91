/**
 * @file Scan results encoded to cross threads (parallel.ts): the workers' findings as one list of numbers, beside a
 * table of their strings and one of their object shapes. Structured cloning copies a list of numbers as one block of
 * memory and each distinct string once, where a finding as objects costs a few microseconds to copy, and interning
 * through the results cache's tables (pack.ts) costs about as much, for their signatures.
 */
import { setOwnProperty } from '../util/go-json.js';

/** The tag of each value in the list: a number, a string, a list or an object are followed by their payload. */
const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const NUMBER = 3;
const STRING = 4;
const LIST = 5;
const OBJECT = 6;
const BIGINT = 7;

/** The deepest nesting encoded: findings are a few levels deep, and structured cloning stops at about 1,900. */
const MAX_DEPTH = 1000;

/** Plain JSON-like values (with bigints) encoded: `data` reads with `strings` and `shapes`. */
export interface ThreadEncoded {
  strings: string[];
  shapes: string[][];
  data: Float64Array;
}

/** A value the encoding does not hold (a class instance, a function, a symbol, a cycle): the caller sends it otherwise. */
export class NotEncodable extends Error {}

/**
 * `value` encoded. Object keys whose value is `undefined` are left out, as JSON leaves them out; `undefined` in a
 * list is encoded as `null`. Throws {@link NotEncodable} for a value other than JSON values, bigints and plain objects.
 */
export function encodeForThread(value: unknown): ThreadEncoded {
  const strings: string[] = [];
  const stringIndexes = new Map<string, number>();
  const shapes: string[][] = [];
  // The shapes by their first key (objects have few shapes, and comparing keys costs less than a joined signature).
  const shapesByFirstKey = new Map<string, number[]>();
  const shapeOf = (keys: string[]): number => {
    const first = keys.length === 0 ? '' : keys[0]!;
    let candidates = shapesByFirstKey.get(first);
    if (candidates === undefined) shapesByFirstKey.set(first, (candidates = []));
    for (const index of candidates) if (sameKeys(shapes[index]!, keys)) return index;
    const index = shapes.length;
    shapes.push(keys);
    candidates.push(index);
    return index;
  };
  // Numbers only, so that V8 keeps them unboxed.
  const data: number[] = [];
  const push = (item: number): void => void data.push(item);
  const text = (item: string): number => {
    let index = stringIndexes.get(item);
    if (index === undefined) {
      index = strings.length;
      strings.push(item);
      stringIndexes.set(item, index);
    }
    return index;
  };
  // How deep the value being encoded is: a value deeper than findings are (a cycle, say) is refused, not followed.
  let depth = 0;
  const encode = (item: unknown): void => {
    switch (typeof item) {
      case 'string':
        push(STRING);
        push(text(item));
        return;
      case 'number':
        push(NUMBER);
        push(item);
        return;
      case 'boolean':
        push(item ? TRUE : FALSE);
        return;
      case 'bigint':
        push(BIGINT);
        push(text(item.toString()));
        return;
      case 'undefined':
        push(NULL);
        return;
      case 'object':
        break;
      default:
        throw new NotEncodable(`a ${typeof item} cannot cross threads encoded`);
    }
    if (item === null) {
      push(NULL);
      return;
    }
    if (depth === MAX_DEPTH) throw new NotEncodable(`a value nested more than ${MAX_DEPTH} levels deep (or holding itself) cannot cross threads encoded`);
    depth++;
    if (Array.isArray(item)) {
      push(LIST);
      push(item.length);
      for (let i = 0; i < item.length; i++) encode(item[i]);
      depth--;
      return;
    }
    const prototype = Object.getPrototypeOf(item) as unknown;
    if (prototype !== Object.prototype && prototype !== null) throw new NotEncodable(`a ${(item as object).constructor?.name ?? 'class'} instance cannot cross threads encoded`);
    const record = item as Record<string, unknown>;
    const keys: string[] = [];
    for (const key in record) if (Object.prototype.hasOwnProperty.call(record, key) && record[key] !== undefined) keys.push(key);
    const shape = shapeOf(keys);
    push(OBJECT);
    push(shape);
    for (let i = 0; i < keys.length; i++) encode(record[keys[i]!]);
    depth--;
  };
  encode(value);
  return { strings, shapes, data: Float64Array.from(data) };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The value {@link encodeForThread} encoded; throws when `encoded` is not such an encoding. */
export function decodeFromThread({ strings, shapes, data }: ThreadEncoded): unknown {
  let at = 0;
  const next = (): number => {
    if (at >= data.length) throw new Error(`a thread encoding ends early, at ${at}`);
    return data[at++]!;
  };
  const entry = <T>(table: readonly T[], kind: string): T => {
    const index = next();
    if (!(index >= 0 && index < table.length)) throw new Error(`a thread encoding refers to ${kind} ${String(index)} of ${table.length} at ${at - 1}`);
    return table[index]!;
  };
  const decode = (): unknown => {
    const tag = next();
    switch (tag) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case NUMBER:
        return next();
      case STRING:
        return entry(strings, 'string');
      case BIGINT:
        return BigInt(entry(strings, 'string'));
      case LIST: {
        const size = next();
        const list: unknown[] = [];
        for (let i = 0; i < size; i++) list.push(decode());
        return list;
      }
      case OBJECT: {
        const keys = entry(shapes, 'shape');
        const record: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) setOwnProperty(record, keys[i]!, decode());
        return record;
      }
      default:
        throw new Error(`a thread encoding holds an unknown tag ${String(tag)} at ${at - 1}`);
    }
  };
  const value = decode();
  if (at !== data.length) throw new Error(`a thread encoding holds ${data.length - at} numbers after its value`);
  return value;
}
