/**
 * @file Go string primitives: `unicode.IsSpace`, `strings.TrimSpace`, `strings.Trim(s, " ")` and
 * `strconv.Quote` (`%q`).
 */

/** Go `unicode.IsSpace` of a UTF-16 code unit (every white space character is in the BMP). */
export function isGoSpace(c: number): boolean {
  if (c <= 0xff) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0;
  return (
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Go `strings.TrimSpace` (unlike `String.prototype.trim`, it keeps U+FEFF and removes U+0085). */
export function goTrimSpace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isGoSpace(s.charCodeAt(start))) start++;
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Go `strings.Trim(s, " ")`: removes leading and trailing ASCII spaces only. */
export function trimSpaces(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) === 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) === 0x20) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * Go `strconv.IsPrint` (strconv/isprint.go): letters, marks, numbers, punctuation, symbols and the
 * ASCII space; every other space, control, format, private-use, unassigned or surrogate code point
 * is not printable.
 */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** `appendEscapedRune`'s short escapes (strconv/quote.go), with the quote and the backslash. */
const SHORT_ESCAPES: Readonly<Record<number, string>> = {
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

const HEX = '0123456789abcdef';

/**
 * Go `strconv.Quote(s)` (strconv/quote.go, `appendQuotedWith` / `appendEscapedRune`): printable
 * runes (`strconv.IsPrint`) kept, `\a \b \f \n \r \t \v \" \\` short, other runes below U+0020 and
 * U+007F as `\xhh`, others below U+10000 as `\uhhhh`, the rest as `\Uhhhhhhhh`.
 *
 * A lone surrogate cannot be in a Go string that Kyverno sees: Go's `encoding/json` decodes an
 * unpaired `\ud800` escape to U+FFFD (encoding/json/decode.go, `unquoteBytes`), and go-yaml
 * rejects it. It is quoted as that U+FFFD, which is printable.
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (cp >= 0x20 && cp < 0x7f) {
      out += cp === 0x22 || cp === 0x5c ? SHORT_ESCAPES[cp]! : c;
      continue;
    }
    const short = SHORT_ESCAPES[cp];
    if (short !== undefined) out += short;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\ufffd';
    else if (PRINTABLE.test(c)) out += c;
    else if (cp < 0x80) out += '\\x' + HEX[cp >> 4]! + HEX[cp & 15]!;
    else if (cp < 0x10000) out += '\\u' + cp.toString(16).padStart(4, '0');
    else out += '\\U' + cp.toString(16).padStart(8, '0');
  }
  return out + '"';
}
