/**
 * @file Scan results encoded to cross threads (parallel.ts): the workers' findings as 32-bit words in blocks of
 * fixed size, beside a table of their strings, one of their object shapes and one of the few numbers a word does
 * not hold. Structured cloning then copies each distinct string once and moves the blocks without copying them,
 * where a finding as objects costs a few microseconds to copy, and interning through the results cache's tables
 * (pack.ts) costs about as much, for their signatures.
 */
import { setOwnProperty } from '../util/go-json.js';

/**
 * A word is a value: its low 3 bits a tag, the others (signed) its payload. A list's or an object's word is
 * followed by the words of its items (its length) or of its values (its shape, the index of its keys).
 */
const NULL = 0;
const FALSE = 1;
const TRUE = 2;
/** An integer the payload holds. */
const INT = 3;
/** A number or a bigint from `others` (payload: its index). */
const OTHER = 4;
const STRING = 5;
const LIST = 6;
const OBJECT = 7;

const TAG_BITS = 3;
const TAG_MASK = (1 << TAG_BITS) - 1;
/** The payloads a word holds: 29-bit signed integers. */
const MAX_PAYLOAD = 2 ** (31 - TAG_BITS) - 1;
const MIN_PAYLOAD = -(2 ** (31 - TAG_BITS));

/** Words per block: 4 MiB. */
const BLOCK_WORDS = 1 << 20;

/** The deepest nesting encoded: findings are a few levels deep, and structured cloning stops at about 1,900. */
const MAX_DEPTH = 1000;

/** Plain JSON-like values (with bigints) encoded. */
export interface ThreadEncoded {
  strings: string[];
  shapes: string[][];
  /** Numbers that are not integers of a payload's range, and bigints. */
  others: (number | bigint)[];
  /** The words, in blocks (each its own buffer, to transfer). */
  blocks: Int32Array[];
}

/** A value the encoding does not hold (a class instance, a function, a symbol, a cycle): the caller sends it otherwise. */
export class NotEncodable extends Error {}

/** The buffers of an encoding's blocks, to transfer rather than copy when it is posted. */
export function transferables(encoded: ThreadEncoded): ArrayBuffer[] {
  return encoded.blocks.map((block) => block.buffer as ArrayBuffer);
}

/** Writes words into blocks of {@link BLOCK_WORDS}. */
class Words {
  readonly blocks: Int32Array[] = [];
  #block = new Int32Array(BLOCK_WORDS);
  #at = 0;

  push(tag: number, payload: number): void {
    if (this.#at === BLOCK_WORDS) {
      this.blocks.push(this.#block);
      this.#block = new Int32Array(BLOCK_WORDS);
      this.#at = 0;
    }
    this.#block[this.#at++] = (payload << TAG_BITS) | tag;
  }

  /** The blocks, the last one cut to its words (a copy when it is mostly empty, so that less is transferred). */
  finish(): Int32Array[] {
    this.blocks.push(this.#at * 4 < BLOCK_WORDS ? this.#block.slice(0, this.#at) : this.#block.subarray(0, this.#at));
    return this.blocks;
  }
}

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
  const others: (number | bigint)[] = [];
  const words = new Words();
  const text = (item: string): number => {
    let index = stringIndexes.get(item);
    if (index === undefined) {
      index = strings.length;
      strings.push(item);
      stringIndexes.set(item, index);
    }
    return index;
  };
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
  const count = (size: number): number => {
    if (size > MAX_PAYLOAD) throw new NotEncodable(`a list or a table of ${size} entries cannot cross threads encoded`);
    return size;
  };
  // How deep the value being encoded is: a value deeper than findings are (a cycle, say) is refused, not followed.
  let depth = 0;
  const encode = (item: unknown): void => {
    switch (typeof item) {
      case 'string':
        words.push(STRING, count(text(item)));
        return;
      case 'number':
        // -0 is not an integer of the payload: it keeps its sign among the others.
        if (Number.isInteger(item) && item >= MIN_PAYLOAD && item <= MAX_PAYLOAD && !Object.is(item, -0)) words.push(INT, item);
        else words.push(OTHER, count(others.push(item) - 1));
        return;
      case 'boolean':
        words.push(item ? TRUE : FALSE, 0);
        return;
      case 'bigint':
        words.push(OTHER, count(others.push(item) - 1));
        return;
      case 'undefined':
        words.push(NULL, 0);
        return;
      case 'object':
        break;
      default:
        throw new NotEncodable(`a ${typeof item} cannot cross threads encoded`);
    }
    if (item === null) {
      words.push(NULL, 0);
      return;
    }
    if (depth === MAX_DEPTH) throw new NotEncodable(`a value nested more than ${MAX_DEPTH} levels deep (or holding itself) cannot cross threads encoded`);
    depth++;
    if (Array.isArray(item)) {
      words.push(LIST, count(item.length));
      for (let i = 0; i < item.length; i++) encode(item[i]);
      depth--;
      return;
    }
    const prototype = Object.getPrototypeOf(item) as unknown;
    if (prototype !== Object.prototype && prototype !== null) throw new NotEncodable(`a ${(item as object).constructor?.name ?? 'class'} instance cannot cross threads encoded`);
    const record = item as Record<string, unknown>;
    const keys: string[] = [];
    for (const key in record) if (Object.prototype.hasOwnProperty.call(record, key) && record[key] !== undefined) keys.push(key);
    words.push(OBJECT, count(shapeOf(keys)));
    for (let i = 0; i < keys.length; i++) encode(record[keys[i]!]);
    depth--;
  };
  encode(value);
  return { strings, shapes, others, blocks: words.finish() };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The value {@link encodeForThread} encoded; throws when `encoded` is not such an encoding. */
export function decodeFromThread({ strings, shapes, others, blocks }: ThreadEncoded): unknown {
  let blockIndex = 0;
  let block = blocks[0] ?? new Int32Array(0);
  let at = 0;
  const next = (): number => {
    while (at === block.length) {
      if (blockIndex + 1 >= blocks.length) throw new Error(`a thread encoding ends early, in block ${blockIndex} at ${at}`);
      block = blocks[++blockIndex]!;
      at = 0;
    }
    return block[at++]!;
  };
  const entry = <T>(table: readonly T[], index: number, kind: string): T => {
    if (index < 0 || index >= table.length) throw new Error(`a thread encoding refers to ${kind} ${index} of ${table.length}, in block ${blockIndex} at ${at - 1}`);
    return table[index]!;
  };
  const decode = (): unknown => {
    const word = next();
    const payload = word >> TAG_BITS;
    switch (word & TAG_MASK) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case INT:
        return payload;
      case OTHER:
        return entry(others, payload, 'number');
      case STRING:
        return entry(strings, payload, 'string');
      case LIST: {
        const list: unknown[] = [];
        for (let i = 0; i < payload; i++) list.push(decode());
        return list;
      }
      default: {
        const keys = entry(shapes, payload, 'shape');
        const record: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) setOwnProperty(record, keys[i]!, decode());
        return record;
      }
    }
  };
  const value = decode();
  const left = block.length - at + blocks.slice(blockIndex + 1).reduce((sum, rest) => sum + rest.length, 0);
  if (left > 0) throw new Error(`a thread encoding holds ${left} words after its value`);
  return value;
}
