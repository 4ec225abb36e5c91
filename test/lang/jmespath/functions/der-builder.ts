/**
 * @file Test helper: a small DER encoder and an X.509 certificate builder signed with Node's
 * crypto, to produce certificates with chosen fields for `x509_decode`.
 */
import { type KeyObject, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';

type Bytes = Uint8Array;

function length(n: number): number[] {
  if (n < 128) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

export function tlv(tag: number, ...content: Bytes[]): Bytes {
  const body = Buffer.concat(content);
  return Buffer.concat([Uint8Array.of(tag, ...length(body.length)), body]);
}

export const seq = (...c: Bytes[]): Bytes => tlv(0x30, ...c);
export const set = (...c: Bytes[]): Bytes => tlv(0x31, ...c);
export const ctx = (n: number, constructed: boolean, ...c: Bytes[]): Bytes => tlv(0x80 | (constructed ? 0x20 : 0) | n, ...c);
export const octets = (b: Bytes): Bytes => tlv(0x04, b);
export const bits = (b: Bytes, unused = 0): Bytes => tlv(0x03, Uint8Array.of(unused), b);
export const utf8 = (s: string): Bytes => tlv(0x0c, Buffer.from(s, 'utf8'));
export const printable = (s: string): Bytes => tlv(0x13, Buffer.from(s, 'latin1'));
export const ia5 = (s: string): Bytes => tlv(0x16, Buffer.from(s, 'latin1'));
export const utcTime = (s: string): Bytes => tlv(0x17, Buffer.from(s, 'latin1'));
export const bool = (v: boolean): Bytes => tlv(0x01, Uint8Array.of(v ? 0xff : 0));
export const nul = (): Bytes => Uint8Array.of(0x05, 0x00);

export function integer(n: bigint): Bytes {
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  let bytes = Buffer.from(hex, 'hex');
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Uint8Array.of(0), bytes]);
  return tlv(0x02, bytes);
}

export function oid(text: string): Bytes {
  const parts = text.split('.').map(Number);
  const out = [parts[0]! * 40 + parts[1]!];
  for (const p of parts.slice(2)) {
    const chunk = [p & 0x7f];
    for (let v = p >>> 7; v > 0; v >>>= 7) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(out));
}

/** A Name with one attribute per RDN: `[oid, value]` pairs. */
export const name = (...attributes: [string, Bytes][]): Bytes =>
  seq(...attributes.map(([type, value]) => set(seq(oid(type), value))));

export const extension = (id: string, critical: boolean, value: Bytes): Bytes =>
  critical ? seq(oid(id), bool(true), octets(value)) : seq(oid(id), octets(value));

export interface CertificateSpec {
  serial: bigint;
  issuer: Bytes;
  subject: Bytes;
  notBefore: string;
  notAfter: string;
  extensions: Bytes[];
  keyType?: 'rsa' | 'ec';
}

export interface BuiltCertificate {
  pem: string;
  publicKey: KeyObject;
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';

/** A self-signed certificate with the given fields, as PEM. */
export function buildCertificate(spec: CertificateSpec): BuiltCertificate {
  const { publicKey, privateKey } =
    spec.keyType === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 1024 });
  const algorithm = spec.keyType === 'ec' ? seq(oid(ECDSA_WITH_SHA256)) : seq(oid(SHA256_WITH_RSA), nul());
  const tbs = seq(
    ctx(0, true, integer(2n)),
    integer(spec.serial),
    algorithm,
    spec.issuer,
    seq(utcTime(spec.notBefore), utcTime(spec.notAfter)),
    spec.subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    ...(spec.extensions.length > 0 ? [ctx(3, true, seq(...spec.extensions))] : []),
  );
  const signature = sign('sha256', tbs, createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })));
  const der = seq(tbs, algorithm, bits(signature));
  const body = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n');
  return { pem: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`, publicKey };
}
