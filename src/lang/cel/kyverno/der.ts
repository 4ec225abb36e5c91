/**
 * @file A DER reader with the checks of golang.org/x/crypto `cryptobyte` (`String.ReadASN1`, `ReadASN1Element`,
 * `ReadAnyASN1`, `ReadASN1Integer`, `ReadASN1ObjectIdentifier`, `ReadASN1Boolean`, `ReadASN1BitString`,
 * `ReadASN1UTCTime`, `ReadASN1GeneralizedTime`), which Go's crypto/x509 parser uses: definite minimal lengths,
 * single-byte tags, minimal integers and OID arcs. Each read returns null where cryptobyte returns false.
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
  PrintableString: 0x13,
  T61String: 0x14,
  IA5String: 0x16,
  UTCTime: 0x17,
  GeneralizedTime: 0x18,
  NumericString: 0x12,
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

/** `BitString.At(i)`. */
export function bitAt(bits: BitString, i: number): number {
  if (i < 0 || i >= bits.bitLength) return 0;
  return (bits.bytes[i >> 3]! >> (7 - (i & 7))) & 1;
}

/** `BitString.RightAlign()`. */
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

/** A position in DER bytes (a `cryptobyte.String`). */
export class Der {
  constructor(readonly bytes: Uint8Array) {}

  get empty(): boolean {
    return this.bytes.length === 0;
  }

  /** The tag, the header length and the content length of the first element, or null. */
  private header(): { tag: number; headerLength: number; length: number } | null {
    const b = this.bytes;
    if (b.length < 2) return null;
    const tag = b[0]!;
    // cryptobyte does not support high-tag-number form.
    if ((tag & 0x1f) === 0x1f) return null;
    const lenByte = b[1]!;
    if ((lenByte & 0x80) === 0) return { tag, headerLength: 2, length: lenByte };
    const lenLen = lenByte & 0x7f;
    // Indefinite lengths and lengths over 4 bytes are invalid.
    if (lenLen === 0 || lenLen > 4 || b.length < 2 + lenLen) return null;
    let length = 0;
    for (let i = 0; i < lenLen; i++) length = length * 256 + b[2 + i]!;
    // Minimal encoding: no leading zero byte, no long form under 128.
    if (b[2] === 0 || length < 128) return null;
    return { tag, headerLength: 2 + lenLen, length };
  }

  /** `PeekASN1Tag`. */
  peekTag(tag: number): boolean {
    return this.bytes.length > 0 && this.bytes[0] === tag;
  }

  /** `ReadAnyASN1Element`: the whole element (header included), its tag, and the rest; null if malformed. */
  readAnyElement(): { element: Uint8Array; content: Uint8Array; tag: number; rest: Der } | null {
    const h = this.header();
    if (h === null || this.bytes.length < h.headerLength + h.length) return null;
    const end = h.headerLength + h.length;
    return {
      element: this.bytes.subarray(0, end),
      content: this.bytes.subarray(h.headerLength, end),
      tag: h.tag,
      rest: new Der(this.bytes.subarray(end)),
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

/** cryptobyte `checkASN1Integer`: non-empty and minimally encoded. */
function validInteger(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  if (bytes.length === 1) return true;
  if ((bytes[0] === 0 && (bytes[1]! & 0x80) === 0) || (bytes[0] === 0xff && (bytes[1]! & 0x80) === 0x80)) return false;
  return true;
}

/** Two's complement big-endian bytes as a bigint. */
export function integerValue(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  if (bytes.length > 0 && (bytes[0]! & 0x80) !== 0) value -= 1n << BigInt(bytes.length * 8);
  return value;
}

/** `ReadASN1Integer` (into a big.Int). */
export function readInteger(der: Der, tag: number = TAG.INTEGER): { value: bigint; rest: Der } | null {
  const r = der.read(tag);
  if (r === null || !validInteger(r.content.bytes)) return null;
  return { value: integerValue(r.content.bytes), rest: r.rest };
}

/** `ReadASN1Boolean`: DER booleans are 0x00 or 0xff. */
export function readBoolean(der: Der): { value: boolean; rest: Der } | null {
  const r = der.read(TAG.BOOLEAN);
  if (r === null || r.content.bytes.length !== 1) return null;
  const b = r.content.bytes[0];
  if (b !== 0 && b !== 0xff) return null;
  return { value: b === 0xff, rest: r.rest };
}

/** `ReadASN1BitString`. */
export function readBitString(der: Der): { value: BitString; rest: Der } | null {
  const r = der.read(TAG.BIT_STRING);
  const value = r === null ? null : bitStringOf(r.content.bytes);
  return value === null ? null : { value, rest: r!.rest };
}

/** The arcs of OID content bytes (cryptobyte `ReadASN1ObjectIdentifier`: arcs below 2³¹, minimal), or null. */
export function oidArcs(bytes: Uint8Array): number[] | null {
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

/** `ReadASN1ObjectIdentifier`. */
export function readOid(der: Der): { value: number[]; rest: Der } | null {
  const r = der.read(TAG.OID);
  if (r === null) return null;
  const arcs = oidArcs(r.content.bytes);
  return arcs === null ? null : { value: arcs, rest: r.rest };
}

/** A time with the UTC offset it was written with, in minutes (`time.Time` with a fixed zone). */
export interface ZonedTime {
  /** Milliseconds since the Unix epoch. */
  readonly epochMs: number;
  readonly offsetMinutes: number;
}

function parseZone(zone: string): number | null {
  if (zone === 'Z') return 0;
  const m = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  if (m === null) return null;
  const offset = Number(m[2]) * 60 + Number(m[3]);
  // Go's Z0700 layout writes a zero offset as `Z`: `+0000` does not serialize back and is rejected.
  if (offset === 0 || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  return m[1] === '-' ? -offset : offset;
}

function validDate(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function zonedTime(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number, offset: number): ZonedTime {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  date.setUTCFullYear(year);
  return { epochMs: date.getTime() - offset * 60_000, offsetMinutes: offset };
}

/** The text of a UTCTime, `YYMMDDhhmm[ss]Z` or with a `±hhmm` offset (years 50–99 are 19xx), or null. */
export function parseUtcTimeText(text: string): ZonedTime | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{4})$/.exec(text);
  if (m === null) return null;
  const offset = parseZone(m[7]!);
  if (offset === null) return null;
  const yy = Number(m[1]);
  const year = yy >= 50 ? 1900 + yy : 2000 + yy;
  const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number];
  if (!validDate(year, month, day, hour, minute, second)) return null;
  return zonedTime(year, month, day, hour, minute, second, 0, offset);
}

/** The text of a GeneralizedTime, `YYYYMMDDhhmmss[.fraction]Z` or with a `±hhmm` offset (no trailing zeros). */
export function parseGeneralizedTimeText(text: string): ZonedTime | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d*[1-9]))?(Z|[+-]\d{4})$/.exec(text);
  if (m === null) return null;
  const offset = parseZone(m[8]!);
  if (offset === null) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (!validDate(year, month, day, hour, minute, second)) return null;
  const ms = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  return zonedTime(year, month, day, hour, minute, second, ms, offset);
}

/** `ReadASN1UTCTime`. */
export function readUtcTime(der: Der): { value: ZonedTime; rest: Der } | null {
  const r = der.read(TAG.UTCTime);
  const value = r === null ? null : parseUtcTimeText(new TextDecoder().decode(r.content.bytes));
  return value === null ? null : { value, rest: r!.rest };
}

/** `ReadASN1GeneralizedTime`. */
export function readGeneralizedTime(der: Der): { value: ZonedTime; rest: Der } | null {
  const r = der.read(TAG.GeneralizedTime);
  const value = r === null ? null : parseGeneralizedTimeText(new TextDecoder().decode(r.content.bytes));
  return value === null ? null : { value, rest: r!.rest };
}

/** BIT STRING content bytes (the padding count first) as a bit string, or null (`ReadASN1BitString`'s checks). */
export function bitStringOf(b: Uint8Array): BitString | null {
  if (b.length === 0) return null;
  const padding = b[0]!;
  if (padding > 7 || (b.length === 1 && padding > 0) || (b[b.length - 1]! & ((1 << padding) - 1)) !== 0) return null;
  return { bytes: b.subarray(1), bitLength: (b.length - 1) * 8 - padding };
}

/** Go `time.Time.Format(time.RFC3339)` of a zoned time (seconds precision). */
export function formatRfc3339(t: ZonedTime): string {
  const local = new Date(t.epochMs + t.offsetMinutes * 60_000);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const year = local.getUTCFullYear();
  const base = `${pad(year, 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  if (t.offsetMinutes === 0) return `${base}Z`;
  const abs = Math.abs(t.offsetMinutes);
  return `${base}${t.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Go `time.Time.Format(time.RFC3339Nano)` (`MarshalJSON`) of a zoned time (millisecond precision here). */
export function formatRfc3339Nano(t: ZonedTime): string {
  const ms = ((t.epochMs % 1000) + 1000) % 1000;
  const base = formatRfc3339(t);
  if (ms === 0) return base;
  const fraction = `.${String(ms).padStart(3, '0')}`.replace(/0+$/, '');
  const at = base.length - (t.offsetMinutes === 0 ? 1 : 6);
  return base.slice(0, at) + fraction + base.slice(at);
}
