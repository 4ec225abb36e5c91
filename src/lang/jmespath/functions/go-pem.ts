/**
 * @file Go `encoding/pem.Decode`: the first well-formed `-----BEGIN <type>-----` block (optional
 * `Key: value` headers, base64 body with spaces and tabs ignored, matching END line); malformed
 * candidate blocks are skipped.
 */
import { goBase64Decode } from './go-base64.js';

interface PemBlock {
  type: string;
  bytes: Uint8Array;
}

const BEGIN = Buffer.from('\n-----BEGIN ');
const END = Buffer.from('\n-----END ');
const DASHES = Buffer.from('-----');

/** Go `getLine`: the line (trailing spaces and tabs removed, `\r\n` handled) and the rest. */
function getLine(data: Buffer): [Buffer, Buffer] {
  let i = data.indexOf(0x0a);
  let j: number;
  if (i < 0) {
    i = data.length;
    j = i;
  } else {
    j = i + 1;
    if (i > 0 && data[i - 1] === 0x0d) i--;
  }
  let end = i;
  while (end > 0 && (data[end - 1] === 0x20 || data[end - 1] === 0x09)) end--;
  return [data.subarray(0, end), data.subarray(j)];
}

const startsWith = (data: Buffer, prefix: Buffer): boolean =>
  data.length >= prefix.length && data.subarray(0, prefix.length).equals(prefix);
const endsWith = (data: Buffer, suffix: Buffer): boolean =>
  data.length >= suffix.length && data.subarray(data.length - suffix.length).equals(suffix);

/** Go `pem.Decode`: the first PEM block of `input`, or null. */
export function decodePem(input: Uint8Array): PemBlock | null {
  let rest: Buffer = Buffer.from(input);
  for (;;) {
    if (startsWith(rest, BEGIN.subarray(1))) {
      rest = rest.subarray(BEGIN.length - 1);
    } else {
      const at = rest.indexOf(BEGIN);
      if (at < 0) return null;
      rest = rest.subarray(at + BEGIN.length);
    }
    let typeLine: Buffer;
    [typeLine, rest] = getLine(rest);
    if (!endsWith(typeLine, DASHES)) continue;
    typeLine = typeLine.subarray(0, typeLine.length - DASHES.length);

    let headers = 0;
    let truncated = false;
    for (;;) {
      if (rest.length === 0) {
        truncated = true;
        break;
      }
      const [line, next] = getLine(rest);
      if (line.indexOf(0x3a) < 0) break;
      headers++;
      rest = next;
    }
    if (truncated) return null;

    let endIndex: number;
    let endTrailerIndex: number;
    if (headers === 0 && startsWith(rest, END.subarray(1))) {
      endIndex = 0;
      endTrailerIndex = END.length - 1;
    } else {
      endIndex = rest.indexOf(END);
      endTrailerIndex = endIndex + END.length;
    }
    if (endIndex < 0) continue;

    let endTrailer = rest.subarray(endTrailerIndex);
    const trailerLength = typeLine.length + DASHES.length;
    if (endTrailer.length < trailerLength) continue;
    const restOfEndLine = endTrailer.subarray(trailerLength);
    endTrailer = endTrailer.subarray(0, trailerLength);
    if (!startsWith(endTrailer, typeLine) || !endsWith(endTrailer, DASHES)) continue;
    if (getLine(restOfEndLine)[0].length !== 0) continue;

    const base64 = Buffer.from(rest.subarray(0, endIndex).filter((b) => b !== 0x20 && b !== 0x09));
    try {
      return { type: typeLine.toString('latin1'), bytes: goBase64Decode(base64) };
    } catch {
      continue;
    }
  }
}
