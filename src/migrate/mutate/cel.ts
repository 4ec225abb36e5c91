/**
 * @file CEL text for the JSON patches of a MutatingPolicy translation: JSON pointers built from static and
 * computed segments, `JSONPatch` operations, list concatenation, values as literals, and the deliberate error of
 * a case Kyverno fails on.
 */
import type { JsonValue } from '../../types.js';
import { celDouble, celString } from '../jmespath.js';

/** A JSON pointer segment: a static key, or a CEL expression (an int index or a string). */
export type Segment = string | { readonly expr: string; readonly int: boolean };

/** RFC 6901 escaping of a static key. */
function escapeKey(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The CEL string expression of a pointer. */
export function pointer(segments: readonly Segment[]): string {
  const parts: string[] = [];
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'string') {
      text += `/${escapeKey(segment)}`;
      continue;
    }
    text += '/';
    parts.push(celString(text));
    text = '';
    // A computed key is escaped as `jsonpatch.escapeKey` does.
    parts.push(segment.int ? `string(${segment.expr})` : `jsonpatch.escapeKey(${segment.expr})`);
  }
  if (text !== '' || parts.length === 0) parts.push(celString(text));
  return parts.join(' + ');
}

/** A `JSONPatch` operation. */
export function op(kind: 'add' | 'remove' | 'replace', path: readonly Segment[], value?: string): string {
  const fields = [`op: ${celString(kind)}`, `path: ${pointer(path)}`];
  if (value !== undefined) fields.push(`value: ${value}`);
  return `JSONPatch{${fields.join(', ')}}`;
}

/** `[op]`. */
export function one(operation: string): string {
  return `[${operation}]`;
}

/** The concatenation of lists of operations (`[]` parts dropped). */
export function concat(parts: readonly string[]): string {
  const kept = parts.filter((p) => p !== '[]');
  if (kept.length === 0) return '[]';
  if (kept.length === 1) return kept[0]!;
  // Adjacent literal lists are merged.
  const merged: string[] = [];
  for (const part of kept) {
    const last = merged[merged.length - 1];
    if (last !== undefined && isListLiteral(last) && isListLiteral(part)) merged[merged.length - 1] = `${last.slice(0, -1)}, ${part.slice(1)}`;
    else merged.push(part);
  }
  return merged.map((p) => (isListLiteral(p) || /^[\w.]+$/.test(p) ? p : `(${p})`)).join(' + ');
}

/** Whether `text` is one list literal `[…]` (its brackets match each other). */
function isListLiteral(text: string): boolean {
  if (!text.startsWith('[') || !text.endsWith(']')) return false;
  let depth = 0;
  let quote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === '"') quote = false;
      continue;
    }
    if (c === '"') quote = true;
    else if (c === '[' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === ')' || c === '}') {
      depth--;
      if (depth === 0 && i < text.length - 1) return false;
    }
  }
  return true;
}

/** `c ? a : b`, folded when `c` is a constant or both branches are the same. */
export function choose(c: string, a: string, b: string): string {
  if (c === 'true' || a === b) return a;
  if (c === 'false') return b;
  return `(${c} ? ${wrap(a)} : ${wrap(b)})`;
}

/** A term parenthesised unless it is a list literal or a name. */
export function wrap(term: string): string {
  return isListLiteral(term) || /^[\w.]+$/.test(term) || (term.startsWith('(') && isListLiteral(`[${term.slice(1, -1)}]`) && term.endsWith(')')) ? term : `(${term})`;
}

/**
 * A list of operations whose evaluation fails with `message` (Kyverno fails the rule there): the error of a
 * missing map key, which names the message.
 */
export function failure(message: string): string {
  return `[JSONPatch{op: "test", path: "", value: dyn({})[${celString(`kyverno-lint: ${message}`)}]}]`;
}

/** A boolean-typed failure, for conditions. */
export function failureBool(message: string): string {
  return `dyn({})[${celString(`kyverno-lint: ${message}`)}]`;
}

/** Whether `v` (a repeatable expression) is a map or a list. */
export function isComposite(v: string): string {
  return `(type(${v}) == map || type(${v}) == list)`;
}

/**
 * A JSON value as a CEL literal for a JSON patch value: numbers are doubles (JSON patch values are protobuf
 * `Value`s, whose numbers are doubles), list and map members are `dyn` (the MutatingPolicy environment only takes
 * homogeneous literals). `dynamic` gives the CEL value of a placeholder string (an optional one, in a map, drops the
 * entry when absent: `?"key": …`).
 */
export function literal(value: JsonValue, dynamic: (text: string) => DynamicValue | undefined): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string': {
      const found = dynamic(value);
      return found === undefined ? celString(value) : found.expression;
    }
    case 'boolean':
      return String(value);
    case 'number':
      return celDouble(value);
    default:
      break;
  }
  if (Array.isArray(value)) return `[${value.map((item) => `dyn(${literal(item, dynamic)})`).join(', ')}]`;
  const entries = Object.entries(value).map(([key, item]) => {
    const found = typeof item === 'string' ? dynamic(item) : undefined;
    if (found?.optional === true) return `?${celString(key)}: ${found.expression}`;
    return `${celString(key)}: dyn(${literal(item, dynamic)})`;
  });
  return `{${entries.join(', ')}}`;
}

/** The CEL value of a placeholder: an expression, or (`optional`) an optional whose absence drops the map entry. */
export interface DynamicValue {
  readonly expression: string;
  readonly optional?: boolean;
}

/** A fresh-name source for `cel.bind` and comprehension variables. */
export class Names {
  #next = 0;

  fresh(prefix: string): string {
    return `${prefix}${this.#next++}`;
  }
}

/** The value of key `key` of `map` (a repeatable map expression), or null when absent. */
export function fieldOrNull(map: string, key: string): string {
  return `${map}[?${celString(key)}].orValue(null)`;
}

export { celDouble, celString };
