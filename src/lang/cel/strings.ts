/**
 * @file The functions of cel-go's ext.Strings (version 2) that @marcbachmann/cel-js lacks — `charAt`, `replace`,
 * `strings.quote` — and the Kubernetes list functions `indexOf`/`lastIndexOf`. Semantics follow cel-go
 * `ext/strings.go` (`charAt`, `replace`, `replaceN`, `quote`, `sanitize`) and Kubernetes
 * `k8s.io/apiserver/pkg/cel/library/lists.go` (`indexOf`, `lastIndexOf`).
 */
import { EvaluationError, type Environment } from '@marcbachmann/cel-js';
import { registerNamespace } from './namespace.js';

function rangeError(index: bigint | number): EvaluationError {
  return new EvaluationError(`index out of range: ${index}`);
}

/** cel-go `ext/strings.go` `charAt`: the code point at `index`; `''` at the end; an error beyond. */
export function charAt(str: string, index: bigint): string {
  const runes = Array.from(str);
  if (index < 0n || index > BigInt(runes.length)) throw rangeError(index);
  return index === BigInt(runes.length) ? '' : runes[Number(index)]!;
}

/** Go `strings.Replace(s, old, new, n)`: at most `n` replacements (all when `n < 0`). */
export function replaceN(str: string, oldValue: string, newValue: string, n: bigint): string {
  if (n === 0n || oldValue === newValue) return str;
  const limit = n < 0n ? Infinity : Number(n);
  let out = '';
  let count = 0;
  if (oldValue === '') {
    // Go inserts `new` before every rune and at the end.
    const runes = Array.from(str);
    let i = 0;
    for (; i < runes.length && count < limit; i++, count++) out += newValue + runes[i]!;
    if (i === runes.length && count < limit) return out + newValue;
    return out + runes.slice(i).join('');
  }
  let from = 0;
  while (count < limit) {
    const at = str.indexOf(oldValue, from);
    if (at < 0) break;
    out += str.slice(from, at) + newValue;
    from = at + oldValue.length;
    count++;
  }
  return out + str.slice(from);
}

/** cel-go `ext/strings.go` `quote`: double quotes, CEL escapes for control characters, `\` and `"`. */
export function quote(str: string): string {
  let out = '"';
  for (const c of str) {
    switch (c) {
      case '\x07': out += '\\a'; break;
      case '\b': out += '\\b'; break;
      case '\f': out += '\\f'; break;
      case '\n': out += '\\n'; break;
      case '\r': out += '\\r'; break;
      case '\t': out += '\\t'; break;
      case '\v': out += '\\v'; break;
      case '\\': out += '\\\\'; break;
      case '"': out += '\\"'; break;
      default: {
        // Lone surrogates are invalid runes; Go's `sanitize` turns them into U+FFFD.
        const code = c.codePointAt(0)!;
        out += code >= 0xd800 && code <= 0xdfff ? '\ufffd' : c;
      }
    }
  }
  return out + '"';
}

/** CEL equality of two runtime values. */
export type CelEquals = (a: unknown, b: unknown) => boolean;

/** The part of the cel-js evaluator (the `this` of a function handler) used for equality. */
export interface EqualityEvaluator {
  debugType(value: unknown): unknown;
  registry: { findBinaryOverload(op: string, left: unknown, right: unknown): { handler(a: unknown, b: unknown, ast: unknown, ev: unknown): unknown } | null };
}

/**
 * CEL runtime equality as cel-js's `==` does it (`isEqual` in cel-js `lib/overloads.js`): numbers of different
 * types compare by value, values of different types are unequal, aggregates use the registered `==` overload.
 */
export function equalsIn(ev: EqualityEvaluator): CelEquals {
  return (a, b) => {
    if (a === b) return true;
    if (typeof a === 'bigint' || typeof a === 'number') return (typeof b === 'bigint' || typeof b === 'number') && a == b;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    const left = ev.debugType(a);
    if (left !== ev.debugType(b)) return false;
    const overload = ev.registry.findBinaryOverload('==', left, left);
    return overload !== null && overload.handler(a, b, undefined, ev) === true;
  };
}

/** Kubernetes `lists.go` `indexOf`: the first index of an element equal to `value`, or -1. */
export function listIndexOf(list: readonly unknown[], value: unknown, equals: CelEquals): bigint {
  for (let i = 0; i < list.length; i++) if (equals(list[i], value)) return BigInt(i);
  return -1n;
}

/** Kubernetes `lists.go` `lastIndexOf`: the last index of an element equal to `value`, or -1. */
export function listLastIndexOf(list: readonly unknown[], value: unknown, equals: CelEquals): bigint {
  for (let i = list.length - 1; i >= 0; i--) if (equals(list[i], value)) return BigInt(i);
  return -1n;
}

/** Registers the string and list functions of this file on `env`. */
export function registerStringFunctions(env: Environment): void {
  env.registerFunction('string.charAt(int): string', (s: string, i: bigint) => charAt(s, i));
  env.registerFunction('string.replace(string, string): string', (s: string, o: string, n: string) => replaceN(s, o, n, -1n));
  env.registerFunction('string.replace(string, string, int): string', (s: string, o: string, n: string, c: bigint) =>
    replaceN(s, o, n, c),
  );
  // cel-js resolves namespaced functions as methods on a constant (namespace.ts).
  const strings = registerNamespace(env, 'strings');
  env.registerFunction(`${strings}.quote(string): string`, (_ns: unknown, s: string) => quote(s));
  // cel-js calls handlers with its evaluator as `this`.
  env.registerFunction('list<A>.indexOf(A): int', function (this: EqualityEvaluator, l: unknown[], v: unknown) {
    return listIndexOf(l, v, equalsIn(this));
  });
  env.registerFunction('list<A>.lastIndexOf(A): int', function (this: EqualityEvaluator, l: unknown[], v: unknown) {
    return listLastIndexOf(l, v, equalsIn(this));
  });
}

/**
 * cel-go `ext/strings.go` `indexOf` / `indexOfOffset`, on code points (cel-js counts UTF-16 units, which differs
 * for characters outside the Basic Multilingual Plane).
 */
export function stringIndexOf(str: string, sub: string, offset = 0n): bigint {
  if (sub === '') return offset;
  const runes = Array.from(str);
  const subRunes = Array.from(sub);
  const off = Number(offset);
  if (offset < 0n || off >= runes.length) throw rangeError(offset);
  for (let i = off; i < runes.length - (subRunes.length - 1); i++) {
    let found = true;
    for (let j = 0; j < subRunes.length; j++) {
      if (runes[i + j] !== subRunes[j]) {
        found = false;
        break;
      }
    }
    if (found) return BigInt(i);
  }
  return -1n;
}

/** cel-go `ext/strings.go` `lastIndexOf` / `lastIndexOfOffset`, on code points. */
export function stringLastIndexOf(str: string, sub: string, offset?: bigint): bigint {
  const runes = Array.from(str);
  if (offset === undefined) {
    if (sub === '') return BigInt(runes.length);
    offset = BigInt(runes.length - 1);
  }
  if (sub === '') return offset;
  const subRunes = Array.from(sub);
  let off = Number(offset);
  if (offset < 0n || off >= runes.length) throw rangeError(offset);
  if (off > runes.length - subRunes.length) off = runes.length - subRunes.length;
  for (let i = off; i >= 0; i--) {
    let found = true;
    for (let j = 0; j < subRunes.length; j++) {
      if (runes[i + j] !== subRunes[j]) {
        found = false;
        break;
      }
    }
    if (found) return BigInt(i);
  }
  return -1n;
}

/** cel-go `ext/strings.go` `substr` / `substrRange`, on code points. */
export function substring(str: string, start: bigint, end?: bigint): string {
  const runes = Array.from(str);
  const length = BigInt(runes.length);
  if (end === undefined) {
    if (start < 0n || start > length) throw rangeError(start);
    return runes.slice(Number(start)).join('');
  }
  if (start > end) throw new EvaluationError(`invalid substring range. start: ${start}, end: ${end}`);
  if (start < 0n || start > length) throw rangeError(start);
  if (end < 0n || end > length) throw rangeError(end);
  return runes.slice(Number(start), Number(end)).join('');
}
