/**
 * @file Go's `strconv.Quote` (`%q`), used in error texts: printable characters are kept, the
 * others escaped as Go does (`\n`, `\x01`, `\u00ad`, `\U0001f000`).
 */

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

/** Go `strconv.Quote(s)`. */
export function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) {
      out += simple;
    } else if (PRINTABLE.test(c)) {
      out += c;
    } else {
      const cp = c.codePointAt(0)!;
      if (cp < 0x80) out += `\\x${cp.toString(16).padStart(2, '0')}`;
      else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
      else out += `\\U${cp.toString(16).padStart(8, '0')}`;
    }
  }
  return out + '"';
}
