/**
 * @file Go string primitives the Pod Security port relies on: Go's string ordering (bytes of UTF-8,
 * i.e. code points), `sets.NewString(...).List()` and `fmt`'s `%q`.
 */

/** Go string ordering (UTF-8 bytes, i.e. code points). */
export function compareGoStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    // A surrogate starts a code point above U+FFFF, greater than any other UTF-16 unit.
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** `sets.NewString(items...).List()`: distinct and sorted. */
export function sortedSet(items: Iterable<string>): string[] {
  return [...new Set(items)].sort(compareGoStrings);
}

const QUOTE_ESCAPES: Readonly<Record<number, string>> = {
  0x07: '\\a',
  0x08: '\\b',
  0x0c: '\\f',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x0b: '\\v',
  0x22: '\\"',
  0x5c: '\\\\',
};

/** Go's `%q` / `strconv.Quote` for the strings the checks quote (control characters escaped). */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    const escape = QUOTE_ESCAPES[code];
    if (escape !== undefined) out += escape;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0x80 && code < 0xa0) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}
