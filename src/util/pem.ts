/**
 * @file Go `encoding/pem.Decode` (pem.go): the first well-formed `-----BEGIN <type>-----` block of the
 * input (optional `Key: value` headers, base64 body with spaces and tabs removed and decoded by
 * `base64.StdEncoding`, matching END line) and the input after it; malformed candidate blocks are skipped.
 */
import { goBase64Decode } from './go-base64.js';

/** A PEM block (`pem.Block`); the type is read byte for byte. */
export interface PemBlock {
  readonly type: string;
  readonly headers: ReadonlyMap<string, string>;
  readonly bytes: Uint8Array;
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

/** Go `pem.Decode`: the first PEM block of `input` and the bytes after it, or null and `input`. */
export function decodePem(input: Uint8Array): [PemBlock | null, Uint8Array] {
  let rest: Buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  for (;;) {
    if (startsWith(rest, BEGIN.subarray(1))) {
      rest = rest.subarray(BEGIN.length - 1);
    } else {
      const at = rest.indexOf(BEGIN);
      if (at < 0) return [null, input];
      rest = rest.subarray(at + BEGIN.length);
    }
    let typeLine: Buffer;
    [typeLine, rest] = getLine(rest);
    if (!endsWith(typeLine, DASHES)) continue;
    typeLine = typeLine.subarray(0, typeLine.length - DASHES.length);

    const headers = new Map<string, string>();
    let truncated = false;
    for (;;) {
      if (rest.length === 0) {
        truncated = true;
        break;
      }
      const [line, next] = getLine(rest);
      const colon = line.indexOf(0x3a);
      if (colon < 0) break;
      headers.set(line.subarray(0, colon).toString().trim(), line.subarray(colon + 1).toString().trim());
      rest = next;
    }
    if (truncated) return [null, input];

    let endIndex: number;
    let endTrailerIndex: number;
    if (headers.size === 0 && startsWith(rest, END.subarray(1))) {
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
    let bytes: Uint8Array;
    try {
      bytes = goBase64Decode(base64);
    } catch {
      continue;
    }
    const after = getLine(rest.subarray(endIndex + END.length - 1))[1];
    return [{ type: typeLine.toString('latin1'), headers, bytes }, after];
  }
}

/** Every block of `input`, in order (Go's loop `for { block, rest = pem.Decode(rest); if block == nil { break } }`). */
export function decodePemBlocks(input: Uint8Array): PemBlock[] {
  const blocks: PemBlock[] = [];
  let rest = input;
  for (;;) {
    const [block, next] = decodePem(rest);
    if (block === null) return blocks;
    blocks.push(block);
    rest = next;
  }
}
