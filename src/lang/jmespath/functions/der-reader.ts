/**
 * @file A DER reader with the strictness of `golang.org/x/crypto/cryptobyte` (what Go's x509
 * parser uses): single-byte tags only, minimal definite lengths, minimal integers, base-128 OID
 * components below 2^31, canonical BOOLEAN and BIT STRING encodings. Readers return null where
 * cryptobyte returns false.
 */

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OBJECT_IDENTIFIER: 0x06,
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

/** `[n]` context-specific tags, primitive and constructed. */
export const contextTag = (n: number, constructed = false): number => 0x80 | (constructed ? 0x20 : 0) | n;

export interface DerElement {
  tag: number;
  /** The whole element, header included. */
  full: Uint8Array;
  /** The contents. */
  content: Uint8Array;
}

interface BitString {
  bytes: Uint8Array;
  bitLength: number;
}

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
    const d = this.data;
    const start = this.pos;
    if (d.length - start < 2) return null;
    const tag = d[start]!;
    const lenByte = d[start + 1]!;
    if ((tag & 0x1f) === 0x1f) return null;
    let header = 2;
    let length: number;
    if ((lenByte & 0x80) === 0) {
      length = lenByte;
    } else {
      const lenLen = lenByte & 0x7f;
      if (lenLen === 0 || lenLen > 4 || d.length - start < 2 + lenLen) return null;
      length = 0;
      for (let i = 0; i < lenLen; i++) length = length * 256 + d[start + 2 + i]!;
      if (length < 128 || d[start + 2] === 0) return null;
      header += lenLen;
    }
    if (d.length - start - header < length) return null;
    this.pos = start + header + length;
    return { tag, full: d.subarray(start, this.pos), content: d.subarray(start + header, this.pos) };
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
    const e = this.read(TAG.OBJECT_IDENTIFIER);
    return e === null ? null : decodeObjectIdentifier(e.content);
  }

  readBoolean(): boolean | null {
    const e = this.read(TAG.BOOLEAN);
    if (e === null || e.content.length !== 1) return null;
    if (e.content[0] === 0) return false;
    return e.content[0] === 0xff ? true : null;
  }

  readBitString(): BitString | null {
    const e = this.read(TAG.BIT_STRING);
    return e === null ? null : decodeBitString(e.content);
  }
}

/** A minimal two's-complement INTEGER, or null. */
export function decodeInteger(bytes: Uint8Array): bigint | null {
  if (bytes.length === 0) return null;
  if (bytes.length > 1 && ((bytes[0] === 0 && (bytes[1]! & 0x80) === 0) || (bytes[0] === 0xff && (bytes[1]! & 0x80) === 0x80))) {
    return null;
  }
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  if ((bytes[0]! & 0x80) !== 0) v -= 1n << BigInt(8 * bytes.length);
  return v;
}

/** An OBJECT IDENTIFIER's components, or null. */
export function decodeObjectIdentifier(bytes: Uint8Array): number[] | null {
  if (bytes.length === 0) return null;
  const components: number[] = [];
  let i = 0;
  const readBase128 = (): number | null => {
    let v = 0;
    for (let n = 0; i < bytes.length; n++) {
      if (n === 5) return null;
      if (v >= 1 << (31 - 7)) return null;
      const b = bytes[i++]!;
      if (n === 0 && b === 0x80) return null;
      v = v * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return v;
    }
    return null;
  };
  const first = readBase128();
  if (first === null) return null;
  if (first < 80) components.push(Math.floor(first / 40), first % 40);
  else components.push(2, first - 80);
  while (i < bytes.length) {
    const c = readBase128();
    if (c === null) return null;
    components.push(c);
  }
  return components;
}

export function decodeBitString(bytes: Uint8Array): BitString | null {
  if (bytes.length === 0) return null;
  const padding = bytes[0]!;
  if (padding > 7 || (bytes.length === 1 && padding > 0) || (bytes[bytes.length - 1]! & ((1 << padding) - 1)) !== 0) {
    return null;
  }
  return { bytes: bytes.subarray(1), bitLength: (bytes.length - 1) * 8 - padding };
}

/** Go `BitString.RightAlign`. */
export function rightAlign(bits: BitString): Uint8Array {
  const shift = 8 - (bits.bitLength % 8);
  if (shift === 8 || bits.bytes.length === 0) return bits.bytes;
  const out = new Uint8Array(bits.bytes.length);
  out[0] = bits.bytes[0]! >> shift;
  for (let i = 1; i < bits.bytes.length; i++) {
    out[i] = ((bits.bytes[i - 1]! << (8 - shift)) | (bits.bytes[i]! >> shift)) & 0xff;
  }
  return out;
}

/** Go `BitString.At(i)`: bit i (0 = most significant bit of the first byte), 0 out of range. */
export function bitAt(bits: BitString, i: number): number {
  if (i < 0 || i >= bits.bitLength) return 0;
  return (bits.bytes[i >> 3]! >> (7 - (i & 7))) & 1;
}

export function oidEquals(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export const oidText = (oid: readonly number[]): string => oid.join('.');
