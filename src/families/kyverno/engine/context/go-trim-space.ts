/**
 * @file Go `strings.TrimSpace`: trims Unicode White_Space (incl. U+0085, U+00A0), unlike
 * JavaScript's `trim`, which also trims U+FEFF but not U+0085.
 */

const GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

/** Go `strings.TrimSpace`. */
export function goTrimSpace(s: string): string {
  if (s === '' || (isPlainCode(s.charCodeAt(0)) && isPlainCode(s.charCodeAt(s.length - 1)))) return s;
  return s.replace(GO_SPACE, '');
}

/** A code unit that is certainly not white space (printable ASCII). */
function isPlainCode(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}
