/**
 * @file Values inside X.509 structures as Go decodes them, rendered the way `encoding/json`
 * marshals the Go types (`[]byte` as base64, OIDs as integer arrays, `time.Time` as RFC 3339
 * with nanoseconds, `asn1.BitString` as `{Bytes, BitLength}`): ASN.1 strings, times, the
 * `AttributeTypeAndValue` values of names, and `pkix.Name`.
 */
import { type DerElement, DerReader, TAG, decodeBitString, decodeInteger, decodeObjectIdentifier } from '../../../util/der.js';
import { formatRFC3339Nano, makeTime } from './go-time.js';
import { goBytesToString, isValidUtf8 } from './go-utf8.js';
import { isPrintable } from '../../../util/x509.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Which Go decoder reads the value: `crypto/x509`'s own parser, or `encoding/asn1` (CSRs). */
type DecoderFlavour = 'x509' | 'asn1';

/** Whether every byte is ASCII (Go `isIA5String`). */
export const isIA5 = (bytes: Uint8Array): boolean => bytes.every((b) => b < 0x80);

/** The ASN.1 string types; null when `tag` is not one, throws for invalid contents. */
function asn1String(tag: number, value: Uint8Array, flavour: DecoderFlavour): string | null {
  switch (tag) {
    case TAG.T61String:
      // x509 reads T.61 as Latin-1; encoding/asn1 keeps the bytes.
      return flavour === 'x509' ? Buffer.from(value).toString('latin1') : goBytesToString(value);
    case TAG.PrintableString:
      if (!value.every(isPrintable)) throw new Error('invalid PrintableString');
      return Buffer.from(value).toString('latin1');
    case TAG.UTF8String:
      if (!isValidUtf8(value)) throw new Error('invalid UTF-8 string');
      return goBytesToString(value);
    case TAG.BMPString: {
      if (value.length % 2 !== 0) throw new Error('invalid BMPString');
      let v = value;
      if (v.length >= 2 && v[v.length - 1] === 0 && v[v.length - 2] === 0) v = v.subarray(0, v.length - 2);
      const units: number[] = [];
      for (let i = 0; i < v.length; i += 2) {
        const u = (v[i]! << 8) | v[i + 1]!;
        if (flavour === 'x509' && (u === 0xfffe || u === 0xffff || (u >= 0xfdd0 && u <= 0xfdef) || (u >= 0xd800 && u <= 0xdfff))) {
          throw new Error('invalid BMPString');
        }
        units.push(u);
      }
      return String.fromCharCode(...units);
    }
    case TAG.IA5String:
      if (!isIA5(value)) throw new Error('invalid IA5String');
      return Buffer.from(value).toString('latin1');
    case TAG.NumericString:
      if (!value.every((b) => (b >= 0x30 && b <= 0x39) || b === 0x20)) throw new Error('invalid NumericString');
      return Buffer.from(value).toString('latin1');
    default:
      return null;
  }
}

const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{4})$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d{0,8}[1-9]))?(Z|[+-]\d{4})$/;

/**
 * cryptobyte `ReadASN1UTCTime` / `ReadASN1GeneralizedTime`: Go parses with a layout and then
 * requires that formatting the result gives back exactly the input, so only canonical texts
 * pass. Returns the RFC 3339 (nanoseconds) text, or null.
 */
export function asn1Time(tag: number, content: Uint8Array): string | null {
  const text = Buffer.from(content).toString('latin1');
  const m = (tag === TAG.UTCTime ? UTC_TIME : GENERALIZED_TIME).exec(text);
  if (m === null) return null;
  const zone = m[m.length - 1]!;
  let offset = 0;
  if (zone !== 'Z') {
    const hh = Number(zone.slice(1, 3));
    const mm = Number(zone.slice(3, 5));
    // Go would re-format other offsets differently (`+0000` as `Z`, minutes >= 60 carried).
    if (hh > 24 || mm >= 60 || (hh === 0 && mm === 0)) return null;
    offset = (zone[0] === '-' ? -1 : 1) * (hh * 3600 + mm * 60);
  }
  let year = Number(m[1]);
  if (tag === TAG.UTCTime) year += year >= 50 ? 1900 : 2000;
  const [month, day, hour, minute] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const daysInMonth = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth[month - 1]! || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const fraction = tag === TAG.GeneralizedTime && m[7] !== undefined ? Number(m[7].padEnd(9, '0')) : 0;
  return formatRFC3339Nano(makeTime(year, month, day, hour, minute, second, fraction, offset));
}

/**
 * An `AttributeTypeAndValue` value: x509's `readASN1Any` or encoding/asn1's `interface{}`
 * decoding (which leaves unknown types, BOOLEAN and NULL as nil). Throws when invalid.
 */
export function attributeValue(element: DerElement, flavour: DecoderFlavour): Json {
  const { tag, content } = element;
  const text = asn1String(tag, content, flavour);
  if (text !== null) return text;
  switch (tag) {
    case TAG.INTEGER: {
      const v = decodeInteger(content);
      if (v === null || v < -(1n << 63n) || v >= 1n << 63n) throw new Error('invalid ASN.1 integer');
      return Number(v);
    }
    case TAG.BIT_STRING: {
      const bits = decodeBitString(content);
      if (bits === null) throw new Error('invalid ASN.1 BIT STRING');
      return { Bytes: base64(bits.bytes), BitLength: bits.bitLength };
    }
    case TAG.OCTET_STRING:
      return base64(content);
    case TAG.OID: {
      const oid = decodeObjectIdentifier(content);
      if (oid === null) throw new Error('invalid ASN.1 OBJECT IDENTIFIER');
      return oid;
    }
    case TAG.UTCTime:
    case TAG.GeneralizedTime: {
      const time = asn1Time(tag, content);
      if (time === null) throw new Error('invalid ASN.1 time');
      return time;
    }
  }
  if (flavour === 'asn1') return null;
  switch (tag) {
    case TAG.BOOLEAN:
      if (content.length !== 1 || (content[0] !== 0 && content[0] !== 0xff)) throw new Error('invalid ASN.1 BOOLEAN');
      return content[0] === 0xff;
    case TAG.NULL:
      return null;
    default:
      return {
        Class: tag >> 6,
        Tag: tag & 0x1f,
        IsCompound: (tag & 0x20) === 0x20,
        Bytes: base64(content),
        FullBytes: base64(element.full),
      };
  }
}

const NAME_FIELDS: Readonly<Record<number, string>> = {
  6: 'Country',
  7: 'Locality',
  8: 'Province',
  9: 'StreetAddress',
  10: 'Organization',
  11: 'OrganizationalUnit',
  17: 'PostalCode',
};

/**
 * A DER `Name` (RDNSequence) as Go's `pkix.Name` after `FillFromRDNSequence`. Throws Go's
 * `x509: invalid RDNSequence...` errors.
 */
export function parseName(der: Uint8Array, flavour: DecoderFlavour): Json {
  const outer = new DerReader(der).read(TAG.SEQUENCE);
  if (outer === null) throw new Error('x509: invalid RDNSequence');
  const name: Record<string, Json> = {
    Country: null,
    Organization: null,
    OrganizationalUnit: null,
    Locality: null,
    Province: null,
    StreetAddress: null,
    PostalCode: null,
    SerialNumber: '',
    CommonName: '',
    Names: null,
    ExtraNames: null,
  };
  const names: Json[] = [];
  const rdns = new DerReader(outer.content);
  while (!rdns.empty()) {
    const set = rdns.read(TAG.SET);
    if (set === null) throw new Error('x509: invalid RDNSequence');
    const atavs = new DerReader(set.content);
    while (!atavs.empty()) {
      const atav = atavs.read(TAG.SEQUENCE);
      if (atav === null) throw new Error('x509: invalid RDNSequence: invalid attribute');
      const fields = new DerReader(atav.content);
      const type = fields.readObjectIdentifier();
      if (type === null) throw new Error('x509: invalid RDNSequence: invalid attribute type');
      const element = fields.readAny();
      let value: Json;
      try {
        if (element === null) throw new Error('invalid ASN.1 element');
        value = attributeValue(element, flavour);
      } catch (err) {
        throw new Error(`x509: invalid RDNSequence: invalid attribute value: ${(err as Error).message}`);
      }
      names.push({ Type: type, Value: value });
      if (typeof value !== 'string' || type.length !== 4 || type[0] !== 2 || type[1] !== 5 || type[2] !== 4) continue;
      if (type[3] === 3) name.CommonName = value;
      else if (type[3] === 5) name.SerialNumber = value;
      else {
        const field = NAME_FIELDS[type[3]!];
        if (field !== undefined) name[field] = [...((name[field] as string[] | null) ?? []), value];
      }
    }
  }
  if (names.length > 0) name.Names = names;
  return name;
}
