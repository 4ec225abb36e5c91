/**
 * @file Go's `encoding/pem` `Decode` (pem.go): the first PEM block of a text and the rest after it. A block has a
 * type, optional `Key: value` headers, and standard base64 data (padding required; spaces, tabs, CR and LF
 * ignored). Malformed candidates are skipped, as Go skips them.
 */

/** A PEM block (`pem.Block`). */
export interface PemBlock {
  readonly type: string;
  readonly headers: ReadonlyMap<string, string>;
  readonly bytes: Uint8Array;
}

const PEM_START = '\n-----BEGIN ';
const PEM_END = '\n-----END ';
const PEM_END_OF_LINE = '-----';

/** Go `getLine`: the first line without trailing spaces, tabs and CR, and the text after its LF. */
function getLine(data: string): [string, string] {
  const i = data.indexOf('\n');
  const line = i < 0 ? data : data.slice(0, i);
  const rest = i < 0 ? '' : data.slice(i + 1);
  return [line.replace(/[ \t\r]+$/, ''), rest];
}

/** Go `base64.StdEncoding.Decode` (CR and LF ignored), or null for invalid input. */
function decodeStdBase64(text: string): Uint8Array | null {
  const data = text.replace(/[\r\n]/g, '');
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(data)) return null;
  return new Uint8Array(Buffer.from(data, 'base64'));
}

/** Go `pem.Decode`: the first block of `data` and the text after it, or `null` and `data`. */
export function decodePem(data: string): [PemBlock | null, string] {
  let rest = data;
  for (;;) {
    if (rest.startsWith(PEM_START.slice(1))) {
      rest = rest.slice(PEM_START.length - 1);
    } else {
      const at = rest.indexOf(PEM_START);
      if (at < 0) return [null, data];
      rest = rest.slice(at + PEM_START.length);
    }
    let typeLine: string;
    [typeLine, rest] = getLine(rest);
    if (!typeLine.endsWith(PEM_END_OF_LINE)) continue;
    typeLine = typeLine.slice(0, typeLine.length - PEM_END_OF_LINE.length);

    const headers = new Map<string, string>();
    let truncated = false;
    for (;;) {
      if (rest.length === 0) {
        truncated = true;
        break;
      }
      const [line, next] = getLine(rest);
      const colon = line.indexOf(':');
      if (colon < 0) break;
      headers.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      rest = next;
    }
    if (truncated) return [null, data];

    let endIndex: number;
    let endTrailerIndex: number;
    if (headers.size === 0 && rest.startsWith(PEM_END.slice(1))) {
      endIndex = 0;
      endTrailerIndex = PEM_END.length - 1;
    } else {
      endIndex = rest.indexOf(PEM_END);
      endTrailerIndex = endIndex + PEM_END.length;
    }
    if (endIndex < 0) continue;

    let endTrailer = rest.slice(endTrailerIndex);
    const endTrailerLength = typeLine.length + PEM_END_OF_LINE.length;
    if (endTrailer.length < endTrailerLength) continue;
    const restOfEndLine = endTrailer.slice(endTrailerLength);
    endTrailer = endTrailer.slice(0, endTrailerLength);
    if (!endTrailer.startsWith(typeLine) || !endTrailer.endsWith(PEM_END_OF_LINE)) continue;
    if (getLine(restOfEndLine)[0].length !== 0) continue;

    const bytes = decodeStdBase64(rest.slice(0, endIndex).replace(/[ \t]/g, ''));
    if (bytes === null) continue;
    const after = getLine(rest.slice(endIndex + PEM_END.length - 1))[1];
    return [{ type: typeLine, headers, bytes }, after];
  }
}

/** Every block of `data`, in order (Go's loop `for { block, rest = pem.Decode(rest); if block == nil { break } }`). */
export function decodePemBlocks(data: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  let rest = data;
  for (;;) {
    const [block, next] = decodePem(rest);
    if (block === null) return blocks;
    blocks.push(block);
    rest = next;
  }
}
