/**
 * @file A DER reader with the checks of golang.org/x/crypto `cryptobyte` (`String.ReadASN1`, `ReadASN1Element`,
 * `ReadAnyASN1Element`, `ReadASN1Integer`, `ReadASN1ObjectIdentifier`, `ReadASN1Boolean`, `ReadASN1BitString`),
 * which Go's crypto/x509 parser uses: single-byte tags, definite minimal lengths, minimal integers, base-128 OID
 * arcs below 2³¹, canonical BOOLEAN and BIT STRING encodings. Each read returns null where cryptobyte returns
 * false. Two views over the same checks: `Der`, an immutable position (each read returns the rest), and
 * `DerReader`, a cursor.
 */

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8String: 0x0c,
  SEQUENCE: 0x30,
  SET: 0x31,
  NumericString: 0x12,
  PrintableString: 0x13,
  T61String: 0x14,
  IA5String: 0x16,
  UTCTime: 0x17,
  GeneralizedTime: 0x18,
  BMPString: 0x1e,
} as const;

/** A context-specific tag (`cryptobyte_asn1.Tag(n).ContextSpecific()`, optionally `.Constructed()`). */
export function contextTag(n: number, constructed = false): number {
  return 0x80 | (constructed ? 0x20 : 0) | n;
}

/** A parsed BIT STRING (`asn1.BitString`). */
export interface BitString {
  readonly bytes: Uint8Array;
  readonly bitLength: number;
}

/** Go `BitString.At(i)`: bit i (0 = most significant bit of the first byte), 0 out of range. */
export function bitAt(bits: BitString, i: number): number {
  if (i < 0 || i >= bits.bitLength) return 0;
  return (bits.bytes[i >> 3]! >> (7 - (i & 7))) & 1;
}

/** Go `BitString.RightAlign()`. */
export function rightAlign(bits: BitString): Uint8Array {
  const shift = 8 - (bits.bitLength % 8);
  if (shift === 8 || bits.bytes.length === 0) return bits.bytes;
  const out = new Uint8Array(bits.bytes.length);
  out[0] = bits.bytes[0]! >> shift;
  for (let i = 1; i < bits.bytes.length; i++) {
    out[i] = ((bits.bytes[i - 1]! << (8 - shift)) & 0xff) | (bits.bytes[i]! >> shift);
  }
  return out;
}

/** An element at `start` of `bytes`: its tag and where its content and the element end, or null if malformed. */
function elementAt(bytes: Uint8Array, start: number): { tag: number; contentStart: number; end: number } | null {
  if (bytes.length - start < 2) return null;
  const tag = bytes[start]!;
  // cryptobyte does not support high-tag-number form.
  if ((tag & 0x1f) === 0x1f) return null;
  const lenByte = bytes[start + 1]!;
  let header = 2;
  let length = lenByte;
  if ((lenByte & 0x80) !== 0) {
    const lenLen = lenByte & 0x7f;
    // Indefinite lengths and lengths over 4 bytes are invalid.
    if (lenLen === 0 || lenLen > 4 || bytes.length - start < 2 + lenLen) return null;
    length = 0;
    for (let i = 0; i < lenLen; i++) length = length * 256 + bytes[start + 2 + i]!;
    // Minimal encoding: no leading zero byte, no long form under 128.
    if (bytes[start + 2] === 0 || length < 128) return null;
    header += lenLen;
  }
  if (bytes.length - start - header < length) return null;
  return { tag, contentStart: start + header, end: start + header + length };
}

/** A position in DER bytes (a `cryptobyte.String`). */
export class Der {
  constructor(readonly bytes: Uint8Array) {}

  get empty(): boolean {
    return this.bytes.length === 0;
  }

  /** `PeekASN1Tag`. */
  peekTag(tag: number): boolean {
    return this.bytes.length > 0 && this.bytes[0] === tag;
  }

  /** `ReadAnyASN1Element`: the whole element (header included), its tag, and the rest; null if malformed. */
  readAnyElement(): { element: Uint8Array; content: Uint8Array; tag: number; rest: Der } | null {
    const e = elementAt(this.bytes, 0);
    if (e === null) return null;
    return {
      element: this.bytes.subarray(0, e.end),
      content: this.bytes.subarray(e.contentStart, e.end),
      tag: e.tag,
      rest: new Der(this.bytes.subarray(e.end)),
    };
  }

  /** `ReadASN1`: the content of an element with `tag`, and the rest. */
  read(tag: number): { content: Der; rest: Der } | null {
    const e = this.readAnyElement();
    if (e === null || e.tag !== tag) return null;
    return { content: new Der(e.content), rest: e.rest };
  }

  /** `ReadASN1Element`: an element with `tag`, header included. */
  readElement(tag: number): { element: Uint8Array; rest: Der } | null {
    const e = this.readAnyElement();
    if (e === null || e.tag !== tag) return null;
    return { element: e.element, rest: e.rest };
  }

  /** `ReadOptionalASN1`: the content when the next element has `tag`. */
  readOptional(tag: number): { content: Der | null; rest: Der } | null {
    if (!this.peekTag(tag)) return { content: null, rest: this };
    const r = this.read(tag);
    return r === null ? null : { content: r.content, rest: r.rest };
  }
}

/** An element read by a `DerReader`. */
export interface DerElement {
  tag: number;
  /** The whole element, header included. */
  full: Uint8Array;
  /** The contents. */
  content: Uint8Array;
}

/** A cursor over DER bytes: each read moves past the element it returns. */
export class DerReader {
  private pos = 0;

  constructor(private readonly data: Uint8Array) {}

  empty(): boolean {
    return this.pos >= this.data.length;
  }

  peekTag(tag: number): boolean {
    return this.pos < this.data.length && this.data[this.pos] === tag;
  }

  /** cryptobyte `ReadAnyASN1Element`. */
  readAny(): DerElement | null {
    const start = this.pos;
    const e = elementAt(this.data, start);
    if (e === null) return null;
    this.pos = e.end;
    return { tag: e.tag, full: this.data.subarray(start, e.end), content: this.data.subarray(e.contentStart, e.end) };
  }

  /** cryptobyte `ReadASN1` / `ReadASN1Element` with an expected tag. */
  read(tag: number): DerElement | null {
    if (!this.peekTag(tag)) return null;
    return this.readAny();
  }

  /** The contents of the next element if it has `tag`, else `absent`; null when malformed. */
  readOptional(tag: number): DerElement | 'absent' | null {
    if (!this.peekTag(tag)) return 'absent';
    return this.readAny();
  }

  /** cryptobyte `ReadASN1Integer` into a big integer. */
  readBigInt(tag: number = TAG.INTEGER): bigint | null {
    const e = this.read(tag);
    return e === null ? null : decodeInteger(e.content);
  }

  readObjectIdentifier(): number[] | null {
    const e = this.read(TAG.OID);
    return e === null ? null : decodeObjectIdentifier(e.content);
  }

  readBoolean(): boolean | null {
    const e = this.read(TAG.BOOLEAN);
    return e === null ? null : decodeBoolean(e.content);
  }

  readBitString(): BitString | null {
    const e = this.read(TAG.BIT_STRING);
    return e === null ? null : decodeBitString(e.content);
  }
}

/** Two's complement big-endian bytes as a bigint (no minimality check). */
export function integerValue(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  if (bytes.length > 0 && (bytes[0]! & 0x80) !== 0) value -= 1n << BigInt(bytes.length * 8);
  return value;
}

/** A minimal two's-complement INTEGER (cryptobyte `checkASN1Integer`), or null. */
export function decodeInteger(bytes: Uint8Array): bigint | null {
  if (bytes.length === 0) return null;
  if (bytes.length > 1 && ((bytes[0] === 0 && (bytes[1]! & 0x80) === 0) || (bytes[0] === 0xff && (bytes[1]! & 0x80) === 0x80))) {
    return null;
  }
  return integerValue(bytes);
}

/** A DER BOOLEAN (0x00 or 0xff), or null. */
export function decodeBoolean(bytes: Uint8Array): boolean | null {
  if (bytes.length !== 1) return null;
  if (bytes[0] === 0) return false;
  return bytes[0] === 0xff ? true : null;
}

/** The arcs of OID content bytes (cryptobyte `ReadASN1ObjectIdentifier`: arcs below 2³¹, minimal), or null. */
export function decodeObjectIdentifier(bytes: Uint8Array): number[] | null {
  if (bytes.length === 0) return null;
  const arcs: number[] = [];
  let i = 0;
  const readArc = (): number | null => {
    let value = 0;
    for (let n = 0; i < bytes.length; n++) {
      if (n === 5) return null;
      // The first byte of an arc cannot be 0x80 (non-minimal).
      if (n === 0 && bytes[i] === 0x80) return null;
      const b = bytes[i++]!;
      if (value >= 1 << (31 - 7)) return null;
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return value;
    }
    return null;
  };
  const first = readArc();
  if (first === null) return null;
  if (first < 80) arcs.push(Math.floor(first / 40), first % 40);
  else arcs.push(2, first - 80);
  while (i < bytes.length) {
    const arc = readArc();
    if (arc === null) return null;
    arcs.push(arc);
  }
  return arcs;
}

/** BIT STRING content bytes (the padding count first) as a bit string, or null (`ReadASN1BitString`'s checks). */
export function decodeBitString(bytes: Uint8Array): BitString | null {
  if (bytes.length === 0) return null;
  const padding = bytes[0]!;
  if (padding > 7 || (bytes.length === 1 && padding > 0) || (bytes[bytes.length - 1]! & ((1 << padding) - 1)) !== 0) {
    return null;
  }
  return { bytes: bytes.subarray(1), bitLength: (bytes.length - 1) * 8 - padding };
}

/** `ReadASN1Integer` (into a big.Int) from a `Der` position. */
export function readInteger(der: Der, tag: number = TAG.INTEGER): { value: bigint; rest: Der } | null {
  const r = der.read(tag);
  const value = r === null ? null : decodeInteger(r.content.bytes);
  return value === null ? null : { value, rest: r!.rest };
}

/** `ReadASN1Boolean` from a `Der` position. */
export function readBoolean(der: Der): { value: boolean; rest: Der } | null {
  const r = der.read(TAG.BOOLEAN);
  const value = r === null ? null : decodeBoolean(r.content.bytes);
  return value === null ? null : { value, rest: r!.rest };
}

/** `ReadASN1BitString` from a `Der` position. */
export function readBitString(der: Der): { value: BitString; rest: Der } | null {
  const r = der.read(TAG.BIT_STRING);
  const value = r === null ? null : decodeBitString(r.content.bytes);
  return value === null ? null : { value, rest: r!.rest };
}

/** `ReadASN1ObjectIdentifier` from a `Der` position. */
export function readOid(der: Der): { value: number[]; rest: Der } | null {
  const r = der.read(TAG.OID);
  const value = r === null ? null : decodeObjectIdentifier(r.content.bytes);
  return value === null ? null : { value, rest: r!.rest };
}

export function oidEquals(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The dotted text of an OID (Go `asn1.ObjectIdentifier.String`). */
export const oidText = (oid: readonly number[]): string => oid.join('.');
