/**
 * @file Kyverno's `x509` library (kyverno/sdk `extensions/cel/libs/x509/{lib,impl}.go`): `x509.decode(pem) dyn`.
 * The first PEM block is a `CERTIFICATE` (Go `x509.ParseCertificate`, then the fields of kyverno/sdk
 * `CertificateOutput`) or a `CERTIFICATE REQUEST` (Go `x509.ParseCertificateRequest`, all fields of
 * `x509.CertificateRequest`); RSA keys only. The result is what the Go values give through `encoding/json` and back
 * (`json.Unmarshal` into a map): byte slices as base64, OIDs as lists of numbers, every number a double, nil
 * slices as `null`.
 *
 * The certificate parse follows Go's crypto/x509 `parser.go` (`parseCertificate`, `processExtensions`,
 * `parseName`, `parseSANExtension`, `parseNameConstraintsExtension`, …) with cryptobyte's DER checks (util/der.ts),
 * and the request parse `x509.go` (`parseCertificateRequest`, `parseRawAttributes`, `parseCSRExtensions`); URIs
 * of subject alternative names go through Go's `url.Parse` (kubernetes/go-url.ts). Not reproduced: Go's
 * validation of non-RSA public keys (a malformed ECDSA key gives the RSA error here, Go's parse error there).
 */
import type { Environment } from '@marcbachmann/cel-js';
import { isIPv6 } from 'node:net';
import type { CelLibrary } from '../environment.js';
import { celError, celNamespace } from './common.js';
import {
  bitAt,
  type BitString,
  contextTag,
  Der,
  decodeBitString,
  integerValue,
  oidText,
  readBitString,
  readBoolean,
  readInteger,
  readOid,
  rightAlign,
  TAG,
} from '../../../util/der.js';
import {
  formatRfc3339,
  formatRfc3339Nano,
  parseGeneralizedTimeText,
  parseUtcTimeText,
  readGeneralizedTime,
  readUtcTime,
  type ZonedTime,
} from './der.js';
import { decodePem } from '../../../util/pem.js';
import { fromBytes, type GoURL, parseURL } from '../kubernetes/go-url.js';
import { ipString, isPrintable, isValidIpMask, oidFromDer } from '../../../util/x509.js';

class X509Error extends Error {}

const fail = (message: string): never => {
  throw new X509Error(message);
};

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/**
 * A Go string of raw bytes as `encoding/json` writes it: valid UTF-8 kept, each byte of an invalid sequence
 * replaced by U+FFFD.
 */
function goString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    let cp = need === 0 ? b : need === 1 ? b & 0x1f : need === 2 ? b & 0x0f : b & 0x07;
    let ok = need >= 0 && i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    // No overlong forms, surrogates or code points past U+10FFFF.
    if (ok && ((need === 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (need === 3 && (cp < 0x10000 || cp > 0x10ffff)))) ok = false;
    if (!ok) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

/** Go's `%q` of a string of raw bytes (`strconv.Quote`: `\xNN` for invalid bytes and control characters). */
function goQuoteBytes(bytes: Uint8Array): string {
  let out = '"';
  const text = goString(bytes);
  let byteIndex = 0;
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    if (cp === 0xfffd && !(bytes[byteIndex] === 0xef && bytes[byteIndex + 1] === 0xbf && bytes[byteIndex + 2] === 0xbd)) {
      out += `\\x${bytes[byteIndex]!.toString(16).padStart(2, '0')}`;
      byteIndex++;
      continue;
    }
    byteIndex += Buffer.byteLength(c);
    if (c === '"' || c === '\\') out += `\\${c}`;
    else if (cp === 7) out += '\\a';
    else if (cp === 8) out += '\\b';
    else if (cp === 12) out += '\\f';
    else if (cp === 10) out += '\\n';
    else if (cp === 13) out += '\\r';
    else if (cp === 9) out += '\\t';
    else if (cp === 11) out += '\\v';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

// ---------------------------------------------------------------------------------------------
// Names

/** Go `parseASN1String`. */
function parseAsn1String(tag: number, value: Uint8Array): string {
  switch (tag) {
    case TAG.T61String:
      return latin1(value);
    case TAG.PrintableString:
      if (!value.every(isPrintable)) throw new Error('invalid PrintableString');
      return latin1(value);
    case TAG.UTF8String:
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(value);
      } catch {
        throw new Error('invalid UTF-8 string');
      }
    case TAG.BMPString: {
      if (value.length % 2 !== 0) throw new Error('invalid BMPString');
      let v = value;
      if (v.length >= 2 && v[v.length - 1] === 0 && v[v.length - 2] === 0) v = v.subarray(0, v.length - 2);
      let out = '';
      for (let i = 0; i < v.length; i += 2) {
        const point = (v[i]! << 8) | v[i + 1]!;
        if (point === 0xfffe || point === 0xffff || (point >= 0xfdd0 && point <= 0xfdef) || (point >= 0xd800 && point <= 0xdfff)) {
          throw new Error('invalid BMPString');
        }
        out += String.fromCharCode(point);
      }
      return out;
    }
    case TAG.IA5String:
      if (value.some((b) => b >= 0x80)) throw new Error('invalid IA5String');
      return latin1(value);
    case TAG.NumericString:
      if (!value.every((b) => (b >= 0x30 && b <= 0x39) || b === 0x20)) throw new Error('invalid NumericString');
      return latin1(value);
    default:
      throw new Error(`unsupported string type: ${tag}`);
  }
}

interface Attribute {
  Type: number[];
  Value: unknown;
}

/** Go `parseName` (an RDNSequence). */
function parseName(raw: Uint8Array): Attribute[][] {
  const seq = new Der(raw).read(TAG.SEQUENCE) ?? fail('x509: invalid RDNSequence');
  let rest = seq.content;
  const rdns: Attribute[][] = [];
  while (!rest.empty) {
    const set = rest.read(TAG.SET) ?? fail('x509: invalid RDNSequence');
    rest = set.rest;
    let inner = set.content;
    const rdn: Attribute[] = [];
    while (!inner.empty) {
      const atv = inner.read(TAG.SEQUENCE) ?? fail('x509: invalid RDNSequence: invalid attribute');
      inner = atv.rest;
      const type = readOid(atv.content) ?? fail('x509: invalid RDNSequence: invalid attribute type');
      const value = type.rest.readAnyElement() ?? fail('x509: invalid RDNSequence: invalid attribute value');
      try {
        rdn.push({ Type: type.value, Value: parseAsn1String(value.tag, value.content) });
      } catch (err) {
        fail(`x509: invalid RDNSequence: invalid attribute value: ${(err as Error).message}`);
      }
    }
    rdns.push(rdn);
  }
  return rdns;
}

/** Go `pkix.Name.FillFromRDNSequence`, as JSON. */
function nameJson(rdns: readonly Attribute[][]): Record<string, unknown> {
  const lists: Record<number, string[] | null> = { 6: null, 10: null, 11: null, 7: null, 8: null, 9: null, 17: null };
  let serialNumber = '';
  let commonName = '';
  const names: Attribute[] = [];
  for (const rdn of rdns) {
    for (const atv of rdn) {
      names.push(atv);
      if (typeof atv.Value !== 'string') continue;
      const t = atv.Type;
      if (t.length === 4 && t[0] === 2 && t[1] === 5 && t[2] === 4) {
        if (t[3] === 3) commonName = atv.Value;
        else if (t[3] === 5) serialNumber = atv.Value;
        else if (t[3]! in lists) (lists[t[3]!] ??= []).push(atv.Value);
      }
    }
  }
  return {
    Country: lists[6],
    Organization: lists[10],
    OrganizationalUnit: lists[11],
    Locality: lists[7],
    Province: lists[8],
    StreetAddress: lists[9],
    PostalCode: lists[17],
    SerialNumber: serialNumber,
    CommonName: commonName,
    Names: names.length > 0 ? names : null,
    ExtraNames: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Algorithms and keys

interface AlgorithmIdentifier {
  oid: number[];
  /** The parameters element, header included (`Parameters.FullBytes`). */
  params: Uint8Array;
}

/** Go `parseAI`. */
function parseAI(der: Der): AlgorithmIdentifier {
  const oid = readOid(der) ?? fail('x509: malformed OID');
  if (oid.rest.empty) return { oid: oid.value, params: new Uint8Array() };
  const params = oid.rest.readAnyElement() ?? fail('x509: malformed parameters');
  return { oid: oid.value, params: params.element };
}

const PUBLIC_KEY_ALGORITHMS: Readonly<Record<string, number>> = {
  '1.2.840.113549.1.1.1': 1,
  '1.2.840.10040.4.1': 2,
  '1.2.840.10045.2.1': 3,
  '1.3.101.112': 4,
};

const RSA = 1;

/** Go `getPublicKeyAlgorithmFromOID`. */
function publicKeyAlgorithm(oid: readonly number[]): number {
  return PUBLIC_KEY_ALGORITHMS[oidText(oid)] ?? 0;
}

const NULL_BYTES = [0x05, 0x00];

/** Go `parsePublicKey` for RSA: the modulus and exponent. */
function parseRsaPublicKey(ai: AlgorithmIdentifier, key: BitString): { N: bigint; E: bigint } {
  if (ai.params.length !== 2 || ai.params[0] !== NULL_BYTES[0] || ai.params[1] !== NULL_BYTES[1]) {
    fail('x509: RSA key missing NULL parameters');
  }
  const seq = new Der(rightAlign(key)).read(TAG.SEQUENCE) ?? fail('x509: invalid RSA public key');
  const n = readInteger(seq.content) ?? fail('x509: invalid RSA modulus');
  const e = readInteger(n.rest) ?? fail('x509: invalid RSA public exponent');
  // cryptobyte reads the exponent into an int.
  if (e.value >= 1n << 63n || e.value < -(1n << 63n)) fail('x509: invalid RSA public exponent');
  if (n.value <= 0n) fail('x509: RSA modulus is not a positive number');
  if (e.value <= 0n) fail('x509: RSA public exponent is not a positive number');
  return { N: n.value, E: e.value };
}

/** kyverno/sdk `parseSubjectPublicKeyInfo` (then Go `x509.ParsePKCS1PublicKey`) on an RSA key Go already parsed. */
function sdkPublicKey(key: { N: bigint; E: bigint }): { N: string; E: number } {
  if (key.E > 2n ** 31n - 1n) throw celError('failed to parse subject public key info');
  return { N: key.N.toString(), E: Number(key.E) };
}

const SIGNATURE_ALGORITHMS: Readonly<Record<string, number>> = {
  '1.2.840.113549.1.1.2': 1,
  '1.2.840.113549.1.1.4': 2,
  '1.2.840.113549.1.1.5': 3,
  '1.3.14.3.2.29': 3,
  '1.2.840.113549.1.1.11': 4,
  '1.2.840.113549.1.1.12': 5,
  '1.2.840.113549.1.1.13': 6,
  '1.2.840.10040.4.3': 7,
  '2.16.840.1.101.3.4.3.2': 8,
  '1.2.840.10045.4.1': 9,
  '1.2.840.10045.4.3.2': 10,
  '1.2.840.10045.4.3.3': 11,
  '1.2.840.10045.4.3.4': 12,
  '1.3.101.112': 16,
};
const RSA_PSS = '1.2.840.113549.1.1.10';
const PSS_HASHES: Readonly<Record<string, [number, number]>> = {
  '2.16.840.1.101.3.4.2.1': [32, 13],
  '2.16.840.1.101.3.4.2.2': [48, 14],
  '2.16.840.1.101.3.4.2.3': [64, 15],
};

/**
 * An explicitly tagged field as encoding/asn1 reads it: the wrapper's header, then the inner element, whose end
 * ends the field (the wrapper's own length is not checked).
 */
function explicit(der: Der, n: number): { content: Der; rest: Der } | null {
  const b = der.bytes;
  if (b.length < 2 || b[0] !== contextTag(n, true)) return null;
  const lenByte = b[1]!;
  const header = (lenByte & 0x80) === 0 ? 2 : 2 + (lenByte & 0x7f);
  const inner = new Der(b.subarray(header)).readAnyElement();
  if (inner === null) return null;
  return { content: new Der(inner.element), rest: inner.rest };
}

/** Go `getSignatureAlgorithmFromAI`. */
function signatureAlgorithm(ai: AlgorithmIdentifier): number {
  const oid = oidText(ai.oid);
  if (oid === '1.3.101.112' && ai.params.length !== 0) return 0;
  if (oid !== RSA_PSS) return SIGNATURE_ALGORITHMS[oid] ?? 0;
  // pssParameters: [0] hash, [1] MGF (mgf1 with the same hash), [2] salt length, [3] trailer field (default 1).
  const nullOrAbsent = (params: Uint8Array): boolean => params.length === 0 || (params.length === 2 && params[0] === 5 && params[1] === 0);
  try {
    const seq = new Der(ai.params).read(TAG.SEQUENCE);
    if (seq === null) return 0;
    const hashPart = explicit(seq.content, 0);
    const mgfPart = hashPart && explicit(hashPart.rest, 1);
    const saltPart = mgfPart && explicit(mgfPart.rest, 2);
    if (!hashPart || !mgfPart || !saltPart) return 0;
    const hash = parseAI(hashPart.content.read(TAG.SEQUENCE)?.content ?? fail(''));
    const mgf = parseAI(mgfPart.content.read(TAG.SEQUENCE)?.content ?? fail(''));
    const mgfHash = parseAI(new Der(mgf.params).read(TAG.SEQUENCE)?.content ?? fail(''));
    const salt = readInteger(saltPart.content)?.value ?? fail('');
    let trailer = 1n;
    if (!saltPart.rest.empty) trailer = readInteger(explicit(saltPart.rest, 3)?.content ?? fail(''))?.value ?? fail('');
    if (!nullOrAbsent(hash.params) || oidText(mgf.oid) !== '1.2.840.113549.1.1.8' || oidText(mgfHash.oid) !== oidText(hash.oid)) return 0;
    if (!nullOrAbsent(mgfHash.params) || trailer !== 1n) return 0;
    const expected = PSS_HASHES[oidText(hash.oid)];
    return expected !== undefined && salt === BigInt(expected[0]) ? expected[1] : 0;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Extensions

interface Extension {
  Id: number[];
  Critical: boolean;
  Value: Uint8Array;
}

const extensionJson = (e: Extension): Record<string, unknown> => ({ Id: e.Id, Critical: e.Critical, Value: b64(e.Value) });

/** Go `parseExtension`. */
function parseExtension(der: Der): Extension {
  const id = readOid(der) ?? fail('x509: malformed extension OID field');
  let rest = id.rest;
  let critical = false;
  if (rest.peekTag(TAG.BOOLEAN)) {
    const b = readBoolean(rest) ?? fail('x509: malformed extension critical field');
    critical = b.value;
    rest = b.rest;
  }
  const value = rest.read(TAG.OCTET_STRING) ?? fail('x509: malformed extension value field');
  return { Id: id.value, Critical: critical, Value: value.content.bytes };
}

/** Go `domainToReverseLabels` (only whether the domain is valid). */
function validDomain(domain: string): boolean {
  if (domain === '') return true;
  const labels = domain.split('.');
  if (labels[labels.length - 1] === '') return false;
  return labels.every((label) => label.length > 0 && [...label].every((c) => c.charCodeAt(0) >= 33 && c.charCodeAt(0) <= 126));
}

/** Go `url.URL` as `encoding/json` writes it (the user info's fields are unexported: `{}`). */
function urlJson(url: GoURL): Record<string, unknown> {
  return {
    Scheme: fromBytes(url.scheme),
    Opaque: fromBytes(url.opaque),
    User: url.user === null ? null : {},
    Host: fromBytes(url.host),
    Path: fromBytes(url.path),
    RawPath: fromBytes(url.rawPath),
    OmitHost: url.omitHost,
    ForceQuery: url.forceQuery,
    RawQuery: fromBytes(url.rawQuery),
    Fragment: fromBytes(url.fragment),
    RawFragment: fromBytes(url.rawFragment),
  };
}

interface SubjectAltNames {
  dnsNames: string[] | null;
  emails: string[] | null;
  ips: string[] | null;
  uris: Record<string, unknown>[] | null;
}

/** Go `parseSANExtension`. */
function parseSan(value: Uint8Array): SubjectAltNames {
  const seq = new Der(value).read(TAG.SEQUENCE) ?? fail('x509: invalid subject alternative names');
  const out: SubjectAltNames = { dnsNames: null, emails: null, ips: null, uris: null };
  let rest = seq.content;
  while (!rest.empty) {
    const e = rest.readAnyElement() ?? fail('x509: invalid subject alternative name');
    rest = e.rest;
    const data = e.content;
    const ia5 = (): string | null => (data.some((b) => b >= 0x80) ? null : latin1(data));
    switch (e.tag ^ 0x80) {
      case 1:
        (out.emails ??= []).push(ia5() ?? fail('x509: SAN rfc822Name is malformed'));
        break;
      case 2:
        (out.dnsNames ??= []).push(ia5() ?? fail('x509: SAN dNSName is malformed'));
        break;
      case 6: {
        const text = ia5() ?? fail('x509: SAN uniformResourceIdentifier is malformed');
        let url: GoURL;
        const quoted = goQuoteBytes(data);
        try {
          url = parseURL(text);
        } catch (err) {
          // url.Error: `parse "<url>": <reason>`.
          return fail(`x509: cannot parse URI ${quoted}: ${(err as Error).message}`);
        }
        if (url.host.length > 0 && !validDomain(fromBytes(url.host))) fail(`x509: cannot parse URI ${quoted}: invalid domain`);
        (out.uris ??= []).push(urlJson(url));
        break;
      }
      case 7:
        if (data.length !== 4 && data.length !== 16) fail(`x509: cannot parse IP address of length ${data.length}`);
        (out.ips ??= []).push(ipString(data));
        break;
      default:
        break;
    }
  }
  return out;
}

const EXT_KEY_USAGES: Readonly<Record<string, number>> = {
  '2.5.29.37.0': 0,
  '1.3.6.1.5.5.7.3.1': 1,
  '1.3.6.1.5.5.7.3.2': 2,
  '1.3.6.1.5.5.7.3.3': 3,
  '1.3.6.1.5.5.7.3.4': 4,
  '1.3.6.1.5.5.7.3.5': 5,
  '1.3.6.1.5.5.7.3.6': 6,
  '1.3.6.1.5.5.7.3.7': 7,
  '1.3.6.1.5.5.7.3.8': 8,
  '1.3.6.1.5.5.7.3.9': 9,
  '1.3.6.1.4.1.311.10.3.3': 10,
  '2.16.840.1.113730.4.1': 11,
  '1.3.6.1.4.1.311.2.1.22': 12,
  '1.3.6.1.4.1.311.61.1.1': 13,
};

/** The certificate fields kyverno/sdk `CertificateOutput` reads from the extensions (Go `processExtensions`). */
interface ExtensionFields {
  KeyUsage: number;
  ExtKeyUsage: number[] | null;
  BasicConstraintsValid: boolean;
  IsCA: boolean;
  MaxPathLen: number;
  MaxPathLenZero: boolean;
  AuthorityKeyId: string | null;
  OCSPServer: string[] | null;
  IssuingCertificateURL: string[] | null;
  DNSNames: string[] | null;
  EmailAddresses: string[] | null;
  IPAddresses: string[] | null;
  PermittedDNSDomainsCritical: boolean;
  PermittedDNSDomains: string[] | null;
  ExcludedDNSDomains: string[] | null;
  PermittedIPRanges: Record<string, string>[] | null;
  ExcludedIPRanges: Record<string, string>[] | null;
  PermittedEmailAddresses: string[] | null;
  ExcludedEmailAddresses: string[] | null;
  PermittedURIDomains: string[] | null;
  ExcludedURIDomains: string[] | null;
  CRLDistributionPoints: string[] | null;
  PolicyIdentifiers: number[][] | null;
}

/** Go `parseNameConstraintsExtension`. */
function parseNameConstraints(out: ExtensionFields, e: Extension): void {
  const outer = new Der(e.Value);
  const top = outer.read(TAG.SEQUENCE);
  const invalid = 'x509: invalid NameConstraints extension';
  if (top === null || !top.rest.empty) fail(invalid);
  const permitted = top!.content.readOptional(contextTag(0, true)) ?? fail(invalid);
  const excluded = permitted.rest.readOptional(contextTag(1, true)) ?? fail(invalid);
  if (!excluded.rest.empty) fail(invalid);
  if ((permitted.content === null && excluded.content === null) || ((permitted.content?.empty ?? true) && (excluded.content?.empty ?? true))) {
    fail('x509: empty name constraints extension');
  }
  const values = (subtrees: Der | null) => {
    let dns: string[] | null = null;
    let ips: Record<string, string>[] | null = null;
    let emails: string[] | null = null;
    let uris: string[] | null = null;
    let rest = subtrees ?? new Der(new Uint8Array());
    while (!rest.empty) {
      const seq = rest.read(TAG.SEQUENCE) ?? fail(invalid);
      rest = seq.rest;
      const v = seq.content.readAnyElement() ?? fail(invalid);
      const text = latin1(v.content);
      const ia5 = (): void => {
        if (v.content.some((b) => b >= 0x80)) fail(`x509: invalid constraint value: x509: ${goQuoteBytes(v.content)} cannot be encoded as an IA5String`);
      };
      switch (v.tag) {
        case contextTag(2):
          ia5();
          if (!validDomain(text.startsWith('.') ? text.slice(1) : text)) fail(`x509: failed to parse dnsName constraint ${goQuoteBytes(v.content)}`);
          (dns ??= []).push(text);
          break;
        case contextTag(7): {
          const l = v.content.length;
          if (l !== 8 && l !== 32) fail(`x509: IP constraint contained value of length ${l}`);
          const ip = v.content.subarray(0, l / 2);
          const mask = v.content.subarray(l / 2);
          if (!isValidIpMask(mask)) fail(`x509: IP constraint contained invalid mask ${Buffer.from(mask).toString('hex')}`);
          (ips ??= []).push({ IP: ipString(ip), Mask: b64(mask) });
          break;
        }
        case contextTag(1): {
          ia5();
          const at = text.indexOf('@');
          const domain = at >= 0 ? text.slice(at + 1) : text.startsWith('.') ? text.slice(1) : text;
          if ((at === 0 || !validDomain(domain)) && at >= 0) fail(`x509: failed to parse rfc822Name constraint ${goQuoteBytes(v.content)}`);
          if (at < 0 && !validDomain(domain)) fail(`x509: failed to parse rfc822Name constraint ${goQuoteBytes(v.content)}`);
          (emails ??= []).push(text);
          break;
        }
        case contextTag(6):
          ia5();
          if (/^[0-9.]+$/.test(text) || isIPv6(text)) fail(`x509: failed to parse URI constraint ${goQuoteBytes(v.content)}: cannot be IP address`);
          if (!validDomain(text.startsWith('.') ? text.slice(1) : text)) fail(`x509: failed to parse URI constraint ${goQuoteBytes(v.content)}`);
          (uris ??= []).push(text);
          break;
        default:
          break;
      }
    }
    return { dns, ips, emails, uris };
  };
  const p = values(permitted.content);
  const x = values(excluded.content);
  out.PermittedDNSDomains = p.dns;
  out.PermittedIPRanges = p.ips;
  out.PermittedEmailAddresses = p.emails;
  out.PermittedURIDomains = p.uris;
  out.ExcludedDNSDomains = x.dns;
  out.ExcludedIPRanges = x.ips;
  out.ExcludedEmailAddresses = x.emails;
  out.ExcludedURIDomains = x.uris;
  out.PermittedDNSDomainsCritical = e.Critical;
}

/** Go `processExtensions`, for the fields of `CertificateOutput`. */
function processExtensions(extensions: readonly Extension[]): ExtensionFields {
  const out: ExtensionFields = {
    KeyUsage: 0,
    ExtKeyUsage: null,
    BasicConstraintsValid: false,
    IsCA: false,
    MaxPathLen: 0,
    MaxPathLenZero: false,
    AuthorityKeyId: null,
    OCSPServer: null,
    IssuingCertificateURL: null,
    DNSNames: null,
    EmailAddresses: null,
    IPAddresses: null,
    PermittedDNSDomainsCritical: false,
    PermittedDNSDomains: null,
    ExcludedDNSDomains: null,
    PermittedIPRanges: null,
    ExcludedIPRanges: null,
    PermittedEmailAddresses: null,
    ExcludedEmailAddresses: null,
    PermittedURIDomains: null,
    ExcludedURIDomains: null,
    CRLDistributionPoints: null,
    PolicyIdentifiers: null,
  };
  for (const e of extensions) {
    const id = e.Id;
    const value = new Der(e.Value);
    if (id.length === 4 && id[0] === 2 && id[1] === 5 && id[2] === 29) {
      switch (id[3]) {
        case 15: {
          const bits = readBitString(value) ?? fail('x509: invalid key usage');
          let usage = 0;
          for (let i = 0; i < 9; i++) if (bitAt(bits.value, i) !== 0) usage |= 1 << i;
          out.KeyUsage = usage;
          break;
        }
        case 19: {
          const seq = value.read(TAG.SEQUENCE) ?? fail('x509: invalid basic constraints');
          let rest = seq.content;
          let isCA = false;
          if (rest.peekTag(TAG.BOOLEAN)) {
            const b = readBoolean(rest) ?? fail('x509: invalid basic constraints');
            isCA = b.value;
            rest = b.rest;
          }
          let maxPathLen = -1;
          if (rest.peekTag(TAG.INTEGER)) {
            const n = readInteger(rest) ?? fail('x509: invalid basic constraints');
            if (n.value < 0n || n.value >= 1n << 63n) fail('x509: invalid basic constraints');
            maxPathLen = Number(n.value);
          }
          out.IsCA = isCA;
          out.MaxPathLen = maxPathLen;
          out.BasicConstraintsValid = true;
          out.MaxPathLenZero = maxPathLen === 0;
          break;
        }
        case 17: {
          const san = parseSan(e.Value);
          out.DNSNames = san.dnsNames;
          out.EmailAddresses = san.emails;
          out.IPAddresses = san.ips;
          break;
        }
        case 30:
          parseNameConstraints(out, e);
          break;
        case 31: {
          const seq = value.read(TAG.SEQUENCE) ?? fail('x509: invalid CRL distribution points');
          let rest = seq.content;
          while (!rest.empty) {
            const dp = rest.read(TAG.SEQUENCE) ?? fail('x509: invalid CRL distribution point');
            rest = dp.rest;
            const name = dp.content.readOptional(contextTag(0, true)) ?? fail('x509: invalid CRL distribution point');
            if (name.content === null) continue;
            const full = name.content.read(contextTag(0, true)) ?? fail('x509: invalid CRL distribution point');
            let names = full.content;
            while (!names.empty && names.peekTag(contextTag(6))) {
              const uri = names.read(contextTag(6)) ?? fail('x509: invalid CRL distribution point');
              names = uri.rest;
              (out.CRLDistributionPoints ??= []).push(goString(uri.content.bytes));
            }
          }
          break;
        }
        case 35: {
          if (e.Critical) fail('x509: authority key identifier incorrectly marked critical');
          const akid = value.read(TAG.SEQUENCE) ?? fail('x509: invalid authority key identifier');
          if (akid.content.peekTag(contextTag(0))) {
            const keyId = akid.content.read(contextTag(0)) ?? fail('x509: invalid authority key identifier');
            out.AuthorityKeyId = b64(keyId.content.bytes);
          }
          break;
        }
        case 36: {
          const seq = value.read(TAG.SEQUENCE) ?? fail('x509: invalid policy constraints extension');
          let rest = seq.content;
          for (const n of [0, 1]) {
            if (!rest.peekTag(contextTag(n))) continue;
            const v = readInteger(rest, contextTag(n));
            if (v === null || v.value >= 1n << 63n) fail('x509: invalid policy constraints extension');
            rest = v!.rest;
          }
          break;
        }
        case 37: {
          const seq = value.read(TAG.SEQUENCE) ?? fail('x509: invalid extended key usages');
          let rest = seq.content;
          while (!rest.empty) {
            const oid = readOid(rest) ?? fail('x509: invalid extended key usages');
            rest = oid.rest;
            const usage = EXT_KEY_USAGES[oidText(oid.value)];
            if (usage !== undefined) (out.ExtKeyUsage ??= []).push(usage);
          }
          break;
        }
        case 14:
          if (e.Critical) fail('x509: subject key identifier incorrectly marked critical');
          if (value.read(TAG.OCTET_STRING) === null) fail('x509: invalid subject key identifier');
          break;
        case 32: {
          const invalid = 'x509: invalid certificate policies';
          const seq = value.read(TAG.SEQUENCE) ?? fail(invalid);
          let rest = seq.content;
          const seen = new Set<string>();
          const identifiers: number[][] = [];
          while (!rest.empty) {
            const cp = rest.read(TAG.SEQUENCE) ?? fail(invalid);
            rest = cp.rest;
            const oid = cp.content.read(TAG.OID) ?? fail(invalid);
            const key = Buffer.from(oid.content.bytes).toString('hex');
            if (seen.has(key)) fail(invalid);
            seen.add(key);
            const arcs = oidFromDer(oid.content.bytes) ?? fail(invalid);
            // OID.toASN1OID: only OIDs whose arcs fit an int.
            if (arcs.every((arc) => arc < 1n << 63n)) identifiers.push(arcs.map(Number));
          }
          out.PolicyIdentifiers = identifiers;
          break;
        }
        case 33: {
          const invalid = 'x509: invalid policy mappings extension';
          const seq = value.read(TAG.SEQUENCE) ?? fail(invalid);
          let rest = seq.content;
          while (!rest.empty) {
            const s = rest.read(TAG.SEQUENCE) ?? fail(invalid);
            rest = s.rest;
            const issuer = s.content.read(TAG.OID) ?? fail(invalid);
            if (issuer.rest.read(TAG.OID) === null) fail(invalid);
          }
          break;
        }
        case 54:
          if (readInteger(value) === null) fail('x509: invalid inhibit any policy extension');
          break;
        default:
          break;
      }
    } else if (oidText(id) === '1.3.6.1.5.5.7.1.1') {
      if (e.Critical) fail('x509: authority info access incorrectly marked critical');
      const seq = value.read(TAG.SEQUENCE) ?? fail('x509: invalid authority info access');
      let rest = seq.content;
      while (!rest.empty) {
        const aia = rest.read(TAG.SEQUENCE) ?? fail('x509: invalid authority info access');
        rest = aia.rest;
        const method = readOid(aia.content) ?? fail('x509: invalid authority info access');
        if (!method.rest.peekTag(contextTag(6))) continue;
        const location = method.rest.read(contextTag(6)) ?? fail('x509: invalid authority info access');
        const url = goString(location.content.bytes);
        const m = oidText(method.value);
        if (m === '1.3.6.1.5.5.7.48.1') (out.OCSPServer ??= []).push(url);
        else if (m === '1.3.6.1.5.5.7.48.2') (out.IssuingCertificateURL ??= []).push(url);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Certificates

function readTime(der: Der): { value: ZonedTime; rest: Der } {
  if (der.peekTag(TAG.UTCTime)) return readUtcTime(der) ?? fail('x509: malformed UTCTime');
  if (der.peekTag(TAG.GeneralizedTime)) return readGeneralizedTime(der) ?? fail('x509: malformed GeneralizedTime');
  return fail('x509: unsupported time format');
}

/** Go `x509.ParseCertificate`, then kyverno/sdk `encodeCertificate`. */
function decodeCertificate(der: Uint8Array): Record<string, unknown> {
  const whole = new Der(der).readElement(TAG.SEQUENCE) ?? fail('x509: malformed certificate');
  const raw = whole.element;
  const cert = new Der(raw).read(TAG.SEQUENCE) ?? fail('x509: malformed certificate');
  const tbsElement = cert.content.readElement(TAG.SEQUENCE) ?? fail('x509: malformed tbs certificate');
  let tbs = (new Der(tbsElement.element).read(TAG.SEQUENCE) ?? fail('x509: malformed tbs certificate')).content;

  let version = 0n;
  if (tbs.peekTag(contextTag(0, true))) {
    const wrapped = tbs.read(contextTag(0, true)) ?? fail('x509: malformed version');
    const v = readInteger(wrapped.content) ?? fail('x509: malformed version');
    if (!v.rest.empty) fail('x509: malformed version');
    version = v.value;
    tbs = wrapped.rest;
  }
  if (version < 0n) fail('x509: malformed version');
  version++;
  if (version > 3n) fail('x509: invalid version');

  const serial = readInteger(tbs) ?? fail('x509: malformed serial number');
  if (serial.value < 0n) fail('x509: negative serial number');
  tbs = serial.rest;

  const sigAI = tbs.read(TAG.SEQUENCE) ?? fail('x509: malformed signature algorithm identifier');
  tbs = sigAI.rest;
  const outerSigAI = tbsElement.rest.read(TAG.SEQUENCE) ?? fail('x509: malformed algorithm identifier');
  if (Buffer.compare(Buffer.from(outerSigAI.content.bytes), Buffer.from(sigAI.content.bytes)) !== 0) {
    fail("x509: inner and outer signature algorithm identifiers don't match");
  }
  parseAI(sigAI.content);

  const issuer = tbs.readElement(TAG.SEQUENCE) ?? fail('x509: malformed issuer');
  tbs = issuer.rest;
  const issuerName = nameJson(parseName(issuer.element));

  const validity = tbs.read(TAG.SEQUENCE) ?? fail('x509: malformed validity');
  tbs = validity.rest;
  const notBefore = readTime(validity.content);
  const notAfter = readTime(notBefore.rest);

  const subject = tbs.readElement(TAG.SEQUENCE) ?? fail('x509: malformed issuer');
  tbs = subject.rest;
  parseName(subject.element);

  const spkiElement = tbs.readElement(TAG.SEQUENCE) ?? fail('x509: malformed spki');
  tbs = spkiElement.rest;
  const spki = new Der(spkiElement.element).read(TAG.SEQUENCE) ?? fail('x509: malformed spki');
  const pkAISeq = spki.content.read(TAG.SEQUENCE) ?? fail('x509: malformed public key algorithm identifier');
  const pkAI = parseAI(pkAISeq.content);
  const algorithm = publicKeyAlgorithm(pkAI.oid);
  const spk = readBitString(pkAISeq.rest) ?? fail('x509: malformed subjectPublicKey');
  const rsaKey = algorithm === RSA ? parseRsaPublicKey(pkAI, spk.value) : null;

  let extensions: Extension[] | null = null;
  if (version > 1n) {
    for (const n of [1, 2]) {
      if (tbs.peekTag(contextTag(n))) tbs = (tbs.read(contextTag(n)) ?? fail(`x509: malformed ${n === 1 ? 'issuer' : 'subject'}UniqueID`)).rest;
    }
    if (version === 3n && tbs.peekTag(contextTag(3, true))) {
      const wrapped = tbs.read(contextTag(3, true)) ?? fail('x509: malformed extensions');
      const seq = wrapped.content.read(TAG.SEQUENCE) ?? fail('x509: malformed extensions');
      let rest = seq.content;
      const seen = new Set<string>();
      extensions = [];
      while (!rest.empty) {
        const e = rest.read(TAG.SEQUENCE) ?? fail('x509: malformed extension');
        rest = e.rest;
        const ext = parseExtension(e.content);
        const key = oidText(ext.Id);
        if (seen.has(key)) fail(`x509: certificate contains duplicate extension with OID ${JSON.stringify(key)}`);
        seen.add(key);
        extensions.push(ext);
      }
    }
  }
  const fields = processExtensions(extensions ?? []);

  const signature = readBitString(outerSigAI.rest) ?? fail('x509: malformed signature');
  if (der.length !== raw.length) fail('x509: trailing data');

  if (algorithm !== RSA) throw celError('certificate should use rsa algorithm');
  const key = sdkPublicKey(rsaKey!);
  return {
    Raw: b64(raw),
    RawTBSCertificate: b64(tbsElement.element),
    RawSubjectPublicKeyInfo: b64(spkiElement.element),
    RawSubject: b64(subject.element),
    RawIssuer: b64(issuer.element),
    Signature: b64(rightAlign(signature.value)),
    PublicKeyAlgorithm: algorithm,
    PublicKey: key,
    // big.Int.Int64(): the low 64 bits as a signed integer.
    SerialNumber: Number(BigInt.asIntN(64, serial.value)),
    Issuer: issuerName,
    NotBefore: formatRfc3339(notBefore.value),
    NotAfter: formatRfc3339(notAfter.value),
    KeyUsage: fields.KeyUsage,
    Extensions: extensions === null || extensions.length === 0 ? null : extensions.map(extensionJson),
    ExtraExtensions: null,
    ExtKeyUsage: fields.ExtKeyUsage,
    BasicConstraintsValid: fields.BasicConstraintsValid,
    IsCA: fields.IsCA,
    MaxPathLen: fields.MaxPathLen,
    MaxPathLenZero: fields.MaxPathLenZero,
    AuthorityKeyId: fields.AuthorityKeyId,
    OCSPServer: fields.OCSPServer,
    IssuingCertificateURL: fields.IssuingCertificateURL,
    DNSNames: fields.DNSNames,
    EmailAddresses: fields.EmailAddresses,
    IPAddresses: fields.IPAddresses,
    PermittedDNSDomainsCritical: fields.PermittedDNSDomainsCritical,
    PermittedDNSDomains: fields.PermittedDNSDomains,
    ExcludedDNSDomains: fields.ExcludedDNSDomains,
    PermittedIPRanges: fields.PermittedIPRanges,
    ExcludedIPRanges: fields.ExcludedIPRanges,
    PermittedEmailAddresses: fields.PermittedEmailAddresses,
    ExcludedEmailAddresses: fields.ExcludedEmailAddresses,
    PermittedURIDomains: fields.PermittedURIDomains,
    ExcludedURIDomains: fields.ExcludedURIDomains,
    CRLDistributionPoints: fields.CRLDistributionPoints,
    PolicyIdentifiers: fields.PolicyIdentifiers,
  };
}

// ---------------------------------------------------------------------------------------------
// Certificate requests

const asn1Syntax = (message: string): never => fail(`asn1: syntax error: ${message}`);
const asn1Structure = (message: string): never => fail(`asn1: structure error: ${message}`);

/** encoding/asn1's string types for an `interface{}` value (`parsePrintableString`, `parseIA5String`, …). */
function asn1String(tag: number, content: Uint8Array): string {
  switch (tag) {
    case TAG.PrintableString:
      if (!content.every(isPrintable)) asn1Syntax('PrintableString contains invalid character');
      return latin1(content);
    case TAG.NumericString:
      if (!content.every((b) => (b >= 0x30 && b <= 0x39) || b === 0x20)) asn1Syntax('NumericString contains invalid character');
      return latin1(content);
    case TAG.IA5String:
      if (content.some((b) => b >= 0x80)) asn1Syntax('IA5String contains invalid character');
      return latin1(content);
    case TAG.T61String:
      // encoding/asn1 keeps the bytes (`string(bytes)`).
      return goString(content);
    case TAG.UTF8String:
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(content);
      } catch {
        return fail('asn1: invalid UTF-8 string');
      }
    default: {
      if (content.length % 2 !== 0) fail('pkcs12: odd-length BMP string');
      let v = content;
      if (v.length >= 2 && v[v.length - 1] === 0 && v[v.length - 2] === 0) v = v.subarray(0, v.length - 2);
      const units: number[] = [];
      for (let i = 0; i < v.length; i += 2) units.push((v[i]! << 8) | v[i + 1]!);
      // utf16.Decode: unpaired surrogates become U+FFFD.
      return String.fromCharCode(...units).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
    }
  }
}

/** encoding/asn1 `parseObjectIdentifier`. */
function asn1Oid(content: Uint8Array): number[] {
  if (content.length === 0) asn1Syntax('zero length OBJECT IDENTIFIER');
  const arcs: number[] = [];
  let i = 0;
  while (i < content.length) {
    let value = 0;
    for (let n = 0; ; n++) {
      if (i >= content.length) asn1Syntax('truncated base 128 integer');
      const b = content[i++]!;
      if (n === 0 && b === 0x80) asn1Syntax('integer is not minimally encoded');
      if (n === 5) asn1Structure('base 128 integer too large');
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) break;
    }
    if (arcs.length === 0) {
      if (value < 80) arcs.push(Math.floor(value / 40), value % 40);
      else arcs.push(2, value - 80);
    } else {
      arcs.push(value);
    }
  }
  return arcs;
}

/**
 * The value encoding/asn1 gives an `interface{}` field (`parseField`, "the ANY type"): strings, int64, bit
 * strings, OIDs, times and octet strings; anything else (BOOLEAN, compound or tagged values) is nil.
 */
function anyValue(tag: number, content: Uint8Array): unknown {
  switch (tag) {
    case TAG.PrintableString:
    case TAG.NumericString:
    case TAG.IA5String:
    case TAG.T61String:
    case TAG.UTF8String:
    case TAG.BMPString:
      return asn1String(tag, content);
    case TAG.INTEGER: {
      if (content.length === 0) asn1Syntax('empty integer');
      if (content.length > 1 && ((content[0] === 0 && (content[1]! & 0x80) === 0) || (content[0] === 0xff && (content[1]! & 0x80) === 0x80))) {
        asn1Structure('integer not minimally-encoded');
      }
      if (content.length > 8) asn1Structure('integer too large');
      return Number(integerValue(content));
    }
    case TAG.BIT_STRING: {
      const bits = decodeBitString(content);
      if (bits === null) return asn1Syntax('invalid padding bits in BIT STRING');
      return { Bytes: b64(bits.bytes), BitLength: bits.bitLength };
    }
    case TAG.OID:
      return asn1Oid(content);
    case TAG.UTCTime:
    case TAG.GeneralizedTime: {
      const text = latin1(content);
      const time = tag === TAG.UTCTime ? parseUtcTimeText(text) : parseGeneralizedTimeText(text);
      if (time === null) throw new Error('asn1: time did not serialize back to the original value and may be invalid');
      return formatRfc3339Nano(time);
    }
    case TAG.OCTET_STRING:
      return b64(content);
    default:
      return null;
  }
}

/** An element as encoding/asn1 reads it (`parseTagAndLength`), with its errors. */
function asn1Element(der: Der): { tag: number; content: Uint8Array; element: Uint8Array; rest: Der } {
  const b = der.bytes;
  if (b.length === 0) asn1Syntax('sequence truncated');
  if ((b[0]! & 0x1f) === 0x1f) asn1Syntax('non-minimal tag');
  if (b.length < 2) asn1Syntax('truncated tag or length');
  let length = b[1]!;
  let header = 2;
  if ((length & 0x80) !== 0) {
    const n = length & 0x7f;
    if (n === 0) asn1Syntax('indefinite length found (not DER)');
    length = 0;
    for (let i = 0; i < n; i++) {
      if (2 + i >= b.length) asn1Syntax('truncated tag or length');
      if (length >= 1 << 23) asn1Structure('length too large');
      length = length * 256 + b[2 + i]!;
      if (length === 0) asn1Structure('superfluous leading zeros in length');
    }
    if (length < 0x80) asn1Structure('non-minimal length');
    header = 2 + n;
  }
  if (header + length > b.length) asn1Syntax('data truncated');
  return { tag: b[0]!, content: b.subarray(header, header + length), element: b.subarray(0, header + length), rest: new Der(b.subarray(header + length)) };
}

/** encoding/asn1 into a `pkix.RDNSequence` (a certificate request's subject). */
function parseNameAsn1(raw: Uint8Array): Attribute[][] {
  const outer = asn1Element(new Der(raw));
  if (outer.tag !== TAG.SEQUENCE) asn1Structure("tags don't match");
  let rest = new Der(outer.content);
  const rdns: Attribute[][] = [];
  while (!rest.empty) {
    const set = asn1Element(rest);
    rest = set.rest;
    if (set.tag !== TAG.SET) asn1Structure('sequence tag mismatch');
    let inner = new Der(set.content);
    const rdn: Attribute[] = [];
    while (!inner.empty) {
      const atv = asn1Element(inner);
      inner = atv.rest;
      if (atv.tag !== TAG.SEQUENCE) asn1Structure('sequence tag mismatch');
      const type = asn1Element(new Der(atv.content));
      if (type.tag !== TAG.OID) asn1Structure("tags don't match");
      const oid = asn1Oid(type.content);
      const value = asn1Element(type.rest);
      const universal = (value.tag & 0xc0) === 0 && (value.tag & 0x20) === 0;
      rdn.push({ Type: oid, Value: universal ? anyValue(value.tag, value.content) : null });
    }
    rdns.push(rdn);
  }
  return rdns;
}

/**
 * Go `parseRawAttributes`: the attributes that decode as `pkix.AttributeTypeAndValueSET` (a type and a SET of
 * SEQUENCEs of type-and-value pairs, like the extension request); the others (`challengePassword`, …) are skipped.
 */
function parseAttributes(raw: readonly Uint8Array[]): unknown[] | null {
  const attributes: unknown[] = [];
  for (const element of raw) {
    try {
      const seq = new Der(element).read(TAG.SEQUENCE);
      if (seq === null || !seq.rest.empty) continue;
      const type = readOid(seq.content);
      if (type === null) continue;
      const set = type.rest.read(TAG.SET);
      if (set === null) continue;
      const values: unknown[][] = [];
      let rest = set.content;
      while (!rest.empty) {
        const inner = rest.read(TAG.SEQUENCE) ?? fail('');
        rest = inner.rest;
        const atvs: unknown[] = [];
        let items = inner.content;
        while (!items.empty) {
          const atv = items.read(TAG.SEQUENCE) ?? fail('');
          items = atv.rest;
          const atvType = readOid(atv.content) ?? fail('');
          const value = atvType.rest.readAnyElement() ?? fail('');
          const constructed = (value.tag & 0x20) !== 0;
          const universal = (value.tag & 0xc0) === 0;
          atvs.push({ Type: atvType.value, Value: !constructed && universal ? anyValue(value.tag, value.content) : null });
        }
        values.push(atvs);
      }
      attributes.push({ Type: type.value, Value: values });
    } catch {
      // Go ignores attributes that do not parse.
    }
  }
  return attributes.length > 0 ? attributes : null;
}

/**
 * encoding/asn1's errors for the request structure: a missing element is `sequence truncated`, another element
 * `tags don't match` (Go adds the tags and the field path, not reproduced).
 */
function asn1Read(der: Der, tag: number): { content: Der; rest: Der; element: Uint8Array } {
  const e = asn1Element(der);
  if (e.tag !== tag) asn1Structure("tags don't match");
  return { content: new Der(e.content), rest: e.rest, element: e.element };
}

/** encoding/asn1 into a `pkix.AlgorithmIdentifier`. */
function parseAIAsn1(der: Der): AlgorithmIdentifier {
  const oid = asn1Element(der);
  if (oid.tag !== TAG.OID) asn1Structure("tags don't match");
  const arcs = asn1Oid(oid.content);
  if (oid.rest.empty) return { oid: arcs, params: new Uint8Array() };
  return { oid: arcs, params: asn1Element(oid.rest).element };
}

/** encoding/asn1 into a `pkix.Extension` (`Critical` optional). */
function parseExtensionAsn1(der: Der): Extension {
  const id = asn1Element(der);
  if (id.tag !== TAG.OID) asn1Structure("tags don't match");
  const arcs = asn1Oid(id.content);
  let rest = id.rest;
  let critical = false;
  if (rest.peekTag(TAG.BOOLEAN)) {
    const b = asn1Element(rest);
    if (b.content.length !== 1 || (b.content[0] !== 0 && b.content[0] !== 0xff)) asn1Syntax('invalid boolean');
    critical = b.content[0] === 0xff;
    rest = b.rest;
  }
  const value = asn1Element(rest);
  if (value.tag !== TAG.OCTET_STRING) asn1Structure("tags don't match");
  return { Id: arcs, Critical: critical, Value: value.content };
}

/** Go `x509.ParseCertificateRequest`, then kyverno/sdk `encode` of the request. */
function decodeCertificateRequest(der: Uint8Array): Record<string, unknown> {
  const whole = asn1Read(new Der(der), TAG.SEQUENCE);
  if (!whole.rest.empty) fail('asn1: syntax error: trailing data');
  const csr = whole.content;
  const tbsElement = asn1Read(csr, TAG.SEQUENCE);
  let tbs = tbsElement.content;
  if (tbs.empty) fail('asn1: syntax error: sequence truncated');
  const version = readInteger(tbs) ?? fail("asn1: structure error: tags don't match");
  tbs = version.rest;
  if (tbs.empty) fail('asn1: syntax error: sequence truncated');
  const subject = tbs.readAnyElement() ?? fail('asn1: syntax error: data truncated');
  tbs = subject.rest;
  const spkiElement = asn1Read(tbs, TAG.SEQUENCE);
  tbs = spkiElement.rest;
  const pkAISeq = asn1Read(spkiElement.content, TAG.SEQUENCE);
  const pkAI = parseAIAsn1(pkAISeq.content);
  if (pkAISeq.rest.empty) fail('asn1: syntax error: sequence truncated');
  const spk = readBitString(pkAISeq.rest) ?? fail("asn1: structure error: tags don't match");
  const rawAttributes: Uint8Array[] = [];
  const attrs = asn1Read(tbs, contextTag(0, true));
  let attrRest = attrs.content;
  while (!attrRest.empty) {
    const e = attrRest.readAnyElement() ?? fail('asn1: syntax error: data truncated');
    rawAttributes.push(e.element);
    attrRest = e.rest;
  }
  const sigAISeq = asn1Read(tbsElement.rest, TAG.SEQUENCE);
  const sigAI = parseAIAsn1(sigAISeq.content);
  if (sigAISeq.rest.empty) fail('asn1: syntax error: sequence truncated');
  const signature = readBitString(sigAISeq.rest) ?? fail("asn1: structure error: tags don't match");

  const algorithm = publicKeyAlgorithm(pkAI.oid);
  const rsaKey = algorithm === RSA ? parseRsaPublicKey(pkAI, spk.value) : null;
  const subjectName = nameJson(parseNameAsn1(subject.element));

  // parseCSRExtensions: the extensions of the extensionRequest attributes. An attribute that does not decode as a
  // pkcs10Attribute (a type and a SET of values) is skipped; the extension list of one that does must decode.
  let extensions: Extension[] | null = null;
  const seen = new Set<string>();
  for (const element of rawAttributes) {
    let id: number[];
    const values: Uint8Array[] = [];
    try {
      const seq = asn1Element(new Der(element));
      if (seq.tag !== TAG.SEQUENCE || !seq.rest.empty) continue;
      const idElement = asn1Element(new Der(seq.content));
      if (idElement.tag !== TAG.OID) continue;
      id = asn1Oid(idElement.content);
      const set = asn1Element(idElement.rest);
      if (set.tag !== TAG.SET) continue;
      for (let rest = new Der(set.content); !rest.empty; ) {
        const value = asn1Element(rest);
        values.push(value.element);
        rest = value.rest;
      }
    } catch {
      continue;
    }
    if (values.length === 0 || oidText(id) !== '1.2.840.113549.1.9.14') continue;
    const list = asn1Read(new Der(values[0]!), TAG.SEQUENCE);
    for (let rest = list.content; !rest.empty; ) {
      const e = asn1Element(rest);
      if (e.tag !== TAG.SEQUENCE) asn1Structure('sequence tag mismatch');
      rest = e.rest;
      const ext = parseExtensionAsn1(new Der(e.content));
      const key = oidText(ext.Id);
      if (seen.has(key)) fail('x509: certificate request contains duplicate requested extensions');
      seen.add(key);
      (extensions ??= []).push(ext);
    }
  }
  let san: SubjectAltNames = { dnsNames: null, emails: null, ips: null, uris: null };
  for (const ext of extensions ?? []) if (oidText(ext.Id) === '2.5.29.17') san = parseSan(ext.Value);

  if (algorithm !== RSA) throw celError('certificate should use rsa algorithm');
  return {
    Raw: b64(whole.element),
    RawTBSCertificateRequest: b64(tbsElement.element),
    RawSubjectPublicKeyInfo: b64(spkiElement.element),
    RawSubject: b64(subject.element),
    Version: Number(version.value),
    Signature: b64(rightAlign(signature.value)),
    SignatureAlgorithm: signatureAlgorithm(sigAI),
    PublicKeyAlgorithm: algorithm,
    PublicKey: sdkPublicKey(rsaKey!),
    Subject: subjectName,
    Attributes: parseAttributes(rawAttributes),
    Extensions: extensions === null ? null : extensions.map(extensionJson),
    ExtraExtensions: null,
    DNSNames: san.dnsNames,
    EmailAddresses: san.emails,
    IPAddresses: san.ips,
    URIs: san.uris,
  };
}

/** `x509.decode(pem)`. */
export function decodePemCertificate(input: string): Record<string, unknown> {
  const [block] = decodePem(Buffer.from(input));
  if (block === null) throw celError('failed to decode PEM block');
  try {
    if (block.type === 'CERTIFICATE') return decodeCertificate(block.bytes);
    if (block.type === 'CERTIFICATE REQUEST') return decodeCertificateRequest(block.bytes);
  } catch (err) {
    if (err instanceof X509Error) throw celError(err.message);
    throw err;
  }
  throw celError('PEM block neither contains a CERTIFICATE or CERTIFICATE REQUEST');
}

/** The `x509` library. */
export function x509Library(): CelLibrary {
  return (env: Environment) => {
    const x509 = celNamespace(env, 'x509');
    env.registerFunction(`${x509}.decode(string): dyn`, (_: unknown, pem: string) => decodePemCertificate(pem));
  };
}
