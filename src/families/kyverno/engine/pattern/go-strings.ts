/**
 * @file Go string primitives the pattern engine relies on: byte-wise ordering of UTF-8 strings
 * (`sort.Strings`) and `strings.TrimSpace`'s notion of white space.
 */

/** Maps a UTF-16 code unit >= 0xD800 so that code-unit order matches code-point (UTF-8 byte) order. */
function fixupHigh(c: number): number {
  return c >= 0xe000 ? c - 0x800 : c + 0x2000;
}

/** Compares two strings as Go compares them (UTF-8 byte order, i.e. code point order). */
export function compareGoStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        x = fixupHigh(x);
        y = fixupHigh(y);
      }
      return x < y ? -1 : 1;
    }
  }
  return a.length - b.length;
}

/** Go `unicode.IsSpace`. */
function isGoSpace(c: number): boolean {
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
