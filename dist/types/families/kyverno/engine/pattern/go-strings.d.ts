/**
 * @file Go string primitives the pattern engine relies on: byte-wise ordering of UTF-8 strings
 * (`sort.Strings`) and `strings.TrimSpace`'s notion of white space.
 */
/** Compares two strings as Go compares them (UTF-8 byte order, i.e. code point order). */
export declare function compareGoStrings(a: string, b: string): number;
/** Go `strings.TrimSpace` (unlike `String.prototype.trim`, it keeps U+FEFF and removes U+0085). */
export declare function goTrimSpace(s: string): string;
/** Go `strings.Trim(s, " ")`: removes leading and trailing ASCII spaces only. */
export declare function trimSpaces(s: string): string;
