/**
 * @file Go `base64.StdEncoding.DecodeString`: the standard alphabet with padding required;
 * `\r` and `\n` are skipped anywhere; anything else is `illegal base64 data at input byte <n>`
 * with Go's offsets (counted in bytes of the input, line breaks included).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

const PAD = 0x3d;
const CR = 0x0d;
const LF = 0x0a;

function corrupt(offset: number): Error {
  return new Error(`illegal base64 data at input byte ${offset}`);
}

/** Decodes `src`; throws Go's `CorruptInputError` text. */
export function goBase64Decode(src: Uint8Array): Uint8Array {
  const out: number[] = [];
  let si = 0;
  while (si < src.length) {
    // Go decodeQuantum.
    const quantum = [0, 0, 0, 0];
    let dlen = 4;
    let trailing = -1;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        throw corrupt(si - j);
      }
      const c = src[si]!;
      si++;
      const v = DECODE[c]!;
      if (v >= 0) {
        quantum[j] = v;
        continue;
      }
      if (c === LF || c === CR) {
        j--;
        continue;
      }
      if (c !== PAD) throw corrupt(si - 1);
      if (j < 2) throw corrupt(si - 1);
      if (j === 2) {
        while (si < src.length && (src[si] === LF || src[si] === CR)) si++;
        if (si === src.length) throw corrupt(src.length);
        if (src[si] !== PAD) throw corrupt(si - 1);
        si++;
      }
      while (si < src.length && (src[si] === LF || src[si] === CR)) si++;
      if (si < src.length) trailing = si;
      dlen = j;
      break;
    }
    const val = (quantum[0]! << 18) | (quantum[1]! << 12) | (quantum[2]! << 6) | quantum[3]!;
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
    for (let k = 0; k < dlen - 1; k++) out.push(bytes[k]!);
    if (trailing >= 0) throw corrupt(trailing);
  }
  return Uint8Array.from(out);
}
