/**
 * @file Go `crypto/x509`'s `processExtensions`: the certificate fields filled from extensions
 * (key usage, basic constraints, subject alternative names, name constraints, CRL distribution
 * points, key identifiers, policies, policy mappings and constraints, inhibitAnyPolicy, authority
 * information access, extended key usage), with Go's `x509:` errors. Also used for the
 * subject alternative names of certificate requests.
 */
import { DerReader, TAG, bitAt, contextTag, oidEquals, oidText } from '../../../util/der.js';
import { goQuote } from '../../../util/go-strings.js';
import { ipString, isIPv4Mapped, isValidIpMask, oidFromDer } from '../../../util/x509.js';
import { type GoUrl, parseGoUrl } from './go-url.js';
import { type Json, base64, isIA5 } from './x509-values.js';

export interface Extension {
  id: number[];
  critical: boolean;
  value: Uint8Array;
}

/** Go `parseExtension`. */
export function parseExtension(content: Uint8Array): Extension {
  const r = new DerReader(content);
  const id = r.readObjectIdentifier();
  if (id === null) throw new Error('x509: malformed extension OID field');
  let critical = false;
  if (r.peekTag(TAG.BOOLEAN)) {
    const b = r.readBoolean();
    if (b === null) throw new Error('x509: malformed extension critical field');
    critical = b;
  }
  const value = r.read(TAG.OCTET_STRING);
  if (value === null) throw new Error('x509: malformed extension value field');
  return { id, critical, value: value.content };
}

export const extensionJson = (e: Extension): Json => ({ Id: e.id, Critical: e.critical, Value: base64(e.value) });

const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

/** Go `domainNameValid`. */
function domainNameValid(s: string, constraint: boolean): boolean {
  if (s.length === 0) return true;
  if (s.endsWith('.')) return false;
  const name = constraint && s[0] === '.' ? s.slice(1) : s;
  let lastDot = -1;
  for (let i = 0; i <= name.length; i++) {
    if (i < name.length && (name.charCodeAt(i) < 33 || name.charCodeAt(i) > 126)) return false;
    if (i === name.length || name[i] === '.') {
      if (i - (lastDot + 1) === 0) return false;
      lastDot = i;
    }
  }
  return true;
}

interface SubjectAltNames {
  dnsNames: string[] | null;
  emailAddresses: string[] | null;
  ipAddresses: string[] | null;
  uris: GoUrl[] | null;
}

/** Go `parseSANExtension`. */
export function parseSubjectAltNames(value: Uint8Array): SubjectAltNames {
  const san: SubjectAltNames = { dnsNames: null, emailAddresses: null, ipAddresses: null, uris: null };
  const seq = new DerReader(value).read(TAG.SEQUENCE);
  if (seq === null) throw new Error('x509: invalid subject alternative names');
  const r = new DerReader(seq.content);
  while (!r.empty()) {
    const name = r.readAny();
    if (name === null) throw new Error('x509: invalid subject alternative name');
    const data = name.content;
    switch (name.tag ^ 0x80) {
      case 1:
        if (!isIA5(data)) throw new Error('x509: SAN rfc822Name is malformed');
        (san.emailAddresses ??= []).push(latin1(data));
        break;
      case 2:
        if (!isIA5(data)) throw new Error('x509: SAN dNSName is malformed');
        (san.dnsNames ??= []).push(latin1(data));
        break;
      case 6: {
        const text = latin1(data);
        if (!isIA5(data)) throw new Error('x509: SAN uniformResourceIdentifier is malformed');
        let uri: GoUrl;
        try {
          uri = parseGoUrl(text);
        } catch (err) {
          throw new Error(`x509: cannot parse URI ${goQuote(text)}: ${(err as Error).message}`);
        }
        if (uri.Host.length > 0 && !domainNameValid(uri.Host, false)) {
          throw new Error(`x509: cannot parse URI ${goQuote(text)}: invalid domain`);
        }
        (san.uris ??= []).push(uri);
        break;
      }
      case 7:
        if (data.length === 16) {
          if (isIPv4Mapped(data)) throw new Error('x509: SAN iPAddress contains IPv4-mapped IPv6 address');
        } else if (data.length !== 4) {
          throw new Error(`x509: cannot parse IP address of length ${data.length}`);
        }
        (san.ipAddresses ??= []).push(ipString(data));
        break;
    }
  }
  return san;
}

const EXT_KEY_USAGES: ReadonlyMap<string, number> = new Map([
  ['2.5.29.37.0', 0],
  ['1.3.6.1.5.5.7.3.1', 1],
  ['1.3.6.1.5.5.7.3.2', 2],
  ['1.3.6.1.5.5.7.3.3', 3],
  ['1.3.6.1.5.5.7.3.4', 4],
  ['1.3.6.1.5.5.7.3.5', 5],
  ['1.3.6.1.5.5.7.3.6', 6],
  ['1.3.6.1.5.5.7.3.7', 7],
  ['1.3.6.1.5.5.7.3.8', 8],
  ['1.3.6.1.5.5.7.3.9', 9],
  ['1.3.6.1.4.1.311.10.3.3', 10],
  ['2.16.840.1.113730.4.1', 11],
  ['1.3.6.1.4.1.311.2.1.22', 12],
  ['1.3.6.1.4.1.311.61.1.1', 13],
]);

const OID_AUTHORITY_INFO_ACCESS = [1, 3, 6, 1, 5, 5, 7, 1, 1];
const OID_OCSP = [1, 3, 6, 1, 5, 5, 7, 48, 1];
const OID_CA_ISSUERS = [1, 3, 6, 1, 5, 5, 7, 48, 2];

/** The extension-derived fields of a certificate, keyed by their Go names. */
export type CertificateFields = Record<string, Json>;

function sequenceContent(value: Uint8Array, error: string): DerReader {
  const seq = new DerReader(value).read(TAG.SEQUENCE);
  if (seq === null) throw new Error(error);
  return new DerReader(seq.content);
}

function append(out: CertificateFields, key: string, value: Json): void {
  out[key] = [...((out[key] as Json[] | null) ?? []), value];
}

/** Go `parseNameConstraintsExtension`; returns whether part of it was not understood. */
function parseNameConstraints(out: CertificateFields, e: Extension): boolean {
  const invalid = 'x509: invalid NameConstraints extension';
  const outer = new DerReader(e.value);
  const top = outer.read(TAG.SEQUENCE);
  if (top === null || !outer.empty()) throw new Error(invalid);
  const r = new DerReader(top.content);
  const permitted = r.readOptional(contextTag(0, true));
  const excluded = r.readOptional(contextTag(1, true));
  if (permitted === null || excluded === null || !r.empty()) throw new Error(invalid);
  if (permitted === 'absent' && excluded === 'absent') throw new Error('x509: empty name constraints extension');
  if ((permitted !== 'absent' && permitted.content.length === 0) || (excluded !== 'absent' && excluded.content.length === 0)) {
    throw new Error('x509: empty name constraints subtree sequence');
  }
  let unhandled = false;
  const values = (subtrees: Uint8Array, prefix: 'Permitted' | 'Excluded'): void => {
    const s = new DerReader(subtrees);
    while (!s.empty()) {
      const seq = s.read(TAG.SEQUENCE);
      const value = seq === null ? null : new DerReader(seq.content).readAny();
      if (value === null) throw new Error(invalid);
      const data = value.content;
      const text = latin1(data);
      switch (value.tag) {
        case contextTag(2):
          if (!isIA5(data)) throw new Error('x509: invalid constraint value: IA5String contains invalid character');
          if (!domainNameValid(text, true)) throw new Error(`x509: failed to parse dnsName constraint ${goQuote(text)}`);
          append(out, `${prefix}DNSDomains`, text);
          break;
        case contextTag(7): {
          if (data.length !== 8 && data.length !== 32) {
            throw new Error(`x509: IP constraint contained value of length ${data.length}`);
          }
          const ip = data.subarray(0, data.length / 2);
          const mask = data.subarray(data.length / 2);
          if (!isValidIpMask(mask)) throw new Error(`x509: IP constraint contained invalid mask ${Buffer.from(mask).toString('hex')}`);
          if (isIPv4Mapped(ip)) {
            throw new Error('x509: IP constraint contained IPv4-mapped IPv6 address');
          }
          append(out, `${prefix}IPRanges`, { IP: ipString(ip), Mask: base64(mask) });
          break;
        }
        case contextTag(1):
          if (!isIA5(data)) throw new Error('x509: invalid constraint value: IA5String contains invalid character');
          if (!text.includes('@') && !domainNameValid(text, true)) {
            throw new Error(`x509: failed to parse rfc822Name constraint ${goQuote(text)}`);
          }
          append(out, `${prefix}EmailAddresses`, text);
          break;
        case contextTag(6):
          if (!isIA5(data)) throw new Error('x509: invalid constraint value: IA5String contains invalid character');
          if (!domainNameValid(text, true)) throw new Error(`x509: failed to parse URI constraint ${goQuote(text)}`);
          append(out, `${prefix}URIDomains`, text);
          break;
        default:
          unhandled = true;
      }
    }
  };
  if (permitted !== 'absent') values(permitted.content, 'Permitted');
  if (excluded !== 'absent') values(excluded.content, 'Excluded');
  out.PermittedDNSDomainsCritical = e.critical;
  return unhandled;
}

function keyUsage(value: Uint8Array): number {
  const bits = new DerReader(value).readBitString();
  if (bits === null) throw new Error('x509: invalid key usage');
  let usage = 0;
  for (let i = 0; i < 9; i++) if (bitAt(bits, i) !== 0) usage |= 1 << i;
  return usage;
}

function basicConstraints(out: CertificateFields, value: Uint8Array): void {
  const invalid = 'x509: invalid basic constraints';
  const r = sequenceContent(value, invalid);
  let isCA = false;
  if (r.peekTag(TAG.BOOLEAN)) {
    const b = r.readBoolean();
    if (b === null) throw new Error(invalid);
    isCA = b;
  }
  let maxPathLen = -1;
  if (r.peekTag(TAG.INTEGER)) {
    const n = r.readBigInt();
    if (n === null || n < 0n || n >= 1n << 63n) throw new Error(invalid);
    maxPathLen = Number(n);
  }
  out.IsCA = isCA;
  out.MaxPathLen = maxPathLen;
  out.BasicConstraintsValid = true;
  out.MaxPathLenZero = maxPathLen === 0;
}

function crlDistributionPoints(out: CertificateFields, value: Uint8Array): void {
  const r = sequenceContent(value, 'x509: invalid CRL distribution points');
  const invalid = 'x509: invalid CRL distribution point';
  while (!r.empty()) {
    const dp = r.read(TAG.SEQUENCE);
    if (dp === null) throw new Error(invalid);
    const name = new DerReader(dp.content).readOptional(contextTag(0, true));
    if (name === null) throw new Error(invalid);
    if (name === 'absent') continue;
    const fullName = new DerReader(name.content).read(contextTag(0, true));
    if (fullName === null) throw new Error(invalid);
    const names = new DerReader(fullName.content);
    while (!names.empty() && names.peekTag(contextTag(6))) {
      const uri = names.read(contextTag(6));
      if (uri === null) throw new Error(invalid);
      append(out, 'CRLDistributionPoints', latin1(uri.content));
    }
  }
}

function authorityKeyId(e: Extension): Json {
  if (e.critical) throw new Error('x509: authority key identifier incorrectly marked critical');
  const akid = sequenceContent(e.value, 'x509: invalid authority key identifier');
  if (!akid.peekTag(contextTag(0))) return null;
  const id = akid.read(contextTag(0));
  if (id === null) throw new Error('x509: invalid authority key identifier');
  return base64(id.content);
}

function policyConstraints(out: CertificateFields, value: Uint8Array): void {
  const invalid = 'x509: invalid policy constraints extension';
  const r = sequenceContent(value, invalid);
  for (const [tag, field] of [
    [0, 'RequireExplicitPolicy'],
    [1, 'InhibitPolicyMapping'],
  ] as const) {
    if (!r.peekTag(contextTag(tag))) continue;
    const v = r.readBigInt(contextTag(tag));
    if (v === null || v < -(1n << 63n) || v >= 1n << 63n) throw new Error(invalid);
    out[field] = Number(v);
    out[`${field}Zero`] = v === 0n;
  }
}

function certificatePolicies(out: CertificateFields, value: Uint8Array): void {
  const invalid = 'x509: invalid certificate policies';
  const r = sequenceContent(value, invalid);
  const seen = new Set<string>();
  const policies: Json[] = [];
  const identifiers: Json[] = [];
  while (!r.empty()) {
    const policy = r.read(TAG.SEQUENCE);
    const oid = policy === null ? null : new DerReader(policy.content).read(TAG.OID);
    if (oid === null) throw new Error(invalid);
    const key = Buffer.from(oid.content).toString('hex');
    if (seen.has(key)) throw new Error(invalid);
    seen.add(key);
    const components = oidComponents(oid.content);
    if (components === null) throw new Error(invalid);
    policies.push(components.text);
    if (components.asn1 !== null) identifiers.push(components.asn1);
  }
  out.Policies = policies.length > 0 ? policies : null;
  out.PolicyIdentifiers = identifiers;
}

/**
 * An OID of any size (Go's `x509.OID`): its dotted text, and its `asn1.ObjectIdentifier`
 * form when every component fits Go's int (null otherwise).
 */
function oidComponents(bytes: Uint8Array): { text: string; asn1: number[] | null } | null {
  const components = oidFromDer(bytes);
  if (components === null) return null;
  const fits = components.every((c) => c < 1n << 63n);
  return { text: components.join('.'), asn1: fits ? components.map(Number) : null };
}

function policyMappings(out: CertificateFields, value: Uint8Array): void {
  const invalid = 'x509: invalid policy mappings extension';
  const r = sequenceContent(value, invalid);
  while (!r.empty()) {
    const mapping = r.read(TAG.SEQUENCE);
    const m = mapping === null ? null : new DerReader(mapping.content);
    const issuer = m?.read(TAG.OID) ?? null;
    const subject = m?.read(TAG.OID) ?? null;
    const issuerOid = issuer === null ? null : oidComponents(issuer.content);
    const subjectOid = subject === null ? null : oidComponents(subject.content);
    if (issuerOid === null || subjectOid === null) throw new Error(invalid);
    append(out, 'PolicyMappings', { IssuerDomainPolicy: issuerOid.text, SubjectDomainPolicy: subjectOid.text });
  }
}

function inhibitAnyPolicy(out: CertificateFields, value: Uint8Array): void {
  const v = new DerReader(value).readBigInt();
  if (v === null || v < -(1n << 63n) || v >= 1n << 63n) throw new Error('x509: invalid inhibit any policy extension');
  out.InhibitAnyPolicy = Number(v);
  out.InhibitAnyPolicyZero = v === 0n;
}

function extendedKeyUsage(out: CertificateFields, value: Uint8Array): void {
  const invalid = 'x509: invalid extended key usages';
  const r = sequenceContent(value, invalid);
  while (!r.empty()) {
    const oid = r.readObjectIdentifier();
    if (oid === null) throw new Error(invalid);
    const known = EXT_KEY_USAGES.get(oidText(oid));
    if (known !== undefined) append(out, 'ExtKeyUsage', known);
    else append(out, 'UnknownExtKeyUsage', oid);
  }
}

function authorityInfoAccess(out: CertificateFields, e: Extension): void {
  if (e.critical) throw new Error('x509: authority info access incorrectly marked critical');
  const invalid = 'x509: invalid authority info access';
  const r = sequenceContent(e.value, invalid);
  while (!r.empty()) {
    const aia = r.read(TAG.SEQUENCE);
    if (aia === null) throw new Error(invalid);
    const a = new DerReader(aia.content);
    const method = a.readObjectIdentifier();
    if (method === null) throw new Error(invalid);
    if (!a.peekTag(contextTag(6))) continue;
    const location = a.read(contextTag(6));
    if (location === null) throw new Error(invalid);
    if (oidEquals(method, OID_OCSP)) append(out, 'OCSPServer', latin1(location.content));
    else if (oidEquals(method, OID_CA_ISSUERS)) append(out, 'IssuingCertificateURL', latin1(location.content));
  }
}

/** Go `processExtensions`: fills `out` (fields keyed by their Go names). */
export function processExtensions(out: CertificateFields, extensions: readonly Extension[]): void {
  for (const e of extensions) {
    let unhandled = false;
    const id = e.id;
    if (id.length === 4 && id[0] === 2 && id[1] === 5 && id[2] === 29) {
      switch (id[3]) {
        case 15:
          out.KeyUsage = keyUsage(e.value);
          break;
        case 19:
          basicConstraints(out, e.value);
          break;
        case 17: {
          const san = parseSubjectAltNames(e.value);
          out.DNSNames = san.dnsNames;
          out.EmailAddresses = san.emailAddresses;
          out.IPAddresses = san.ipAddresses;
          out.URIs = san.uris as unknown as Json;
          unhandled = san.dnsNames === null && san.emailAddresses === null && san.ipAddresses === null && san.uris === null;
          break;
        }
        case 30:
          unhandled = parseNameConstraints(out, e);
          break;
        case 31:
          crlDistributionPoints(out, e.value);
          break;
        case 35:
          out.AuthorityKeyId = authorityKeyId(e);
          break;
        case 36:
          policyConstraints(out, e.value);
          break;
        case 37:
          extendedKeyUsage(out, e.value);
          break;
        case 14: {
          if (e.critical) throw new Error('x509: subject key identifier incorrectly marked critical');
          const skid = new DerReader(e.value).read(TAG.OCTET_STRING);
          if (skid === null) throw new Error('x509: invalid subject key identifier');
          out.SubjectKeyId = base64(skid.content);
          break;
        }
        case 32:
          certificatePolicies(out, e.value);
          break;
        case 33:
          policyMappings(out, e.value);
          break;
        case 54:
          inhibitAnyPolicy(out, e.value);
          break;
        default:
          unhandled = true;
      }
    } else if (oidEquals(id, OID_AUTHORITY_INFO_ACCESS)) {
      authorityInfoAccess(out, e);
    } else {
      unhandled = true;
    }
    if (e.critical && unhandled) append(out, 'UnhandledCriticalExtensions', e.id);
  }
}

