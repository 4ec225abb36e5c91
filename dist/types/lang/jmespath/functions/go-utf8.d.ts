/**
 * @file Go strings are byte sequences; JavaScript strings are UTF-16. Converts bytes to a string
 * the way Go's `range`/`utf8.DecodeRune` reads them (each byte of an invalid sequence becomes one
 * U+FFFD), which is also what Go's JSON encoder emits for them.
 */
/** The UTF-8 bytes of a string. */
export declare function utf8Bytes(s: string): Uint8Array;
/** Go `utf8.Valid`. */
export declare function isValidUtf8(b: Uint8Array): boolean;
/** A Go string of arbitrary bytes as JavaScript text (invalid bytes → U+FFFD each). */
export declare function goBytesToString(b: Uint8Array): string;
