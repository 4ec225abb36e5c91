/**
 * @file Go strings are byte sequences; JavaScript strings are UTF-16. Converts bytes to a string
 * the way Go's `range`/`utf8.DecodeRune` reads them (each byte of an invalid sequence becomes one
 * U+FFFD), which is also what Go's JSON encoder emits for them.
 */

/** The UTF-8 bytes of a string. */
export function utf8Bytes(s: string): Uint8Array {
  return Buffer.from(s, 'utf8');
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 (Go `utf8.DecodeRune` rules). */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Go `utf8.Valid`. */
export function isValidUtf8(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; ) {
    const n = sequenceLength(b, i);
    if (n === 0) return false;
    i += n;
  }
  return true;
}

/** A Go string of arbitrary bytes as JavaScript text (invalid bytes → U+FFFD each). */
export function goBytesToString(b: Uint8Array): string {
  if (isValidUtf8(b)) return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');
  let out = '';
  let start = 0;
  for (let i = 0; i < b.length; ) {
    const n = sequenceLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += Buffer.from(b.subarray(start, i)).toString('utf8') + '\ufffd';
    i++;
    start = i;
  }
  return out + Buffer.from(b.subarray(start)).toString('utf8');
}
