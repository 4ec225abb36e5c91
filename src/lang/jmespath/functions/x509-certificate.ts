/**
 * @file Go `x509.ParseCertificate` (crypto/x509/parser.go), producing the certificate as
 * Kyverno's `x509_decode` returns it: the `x509.Certificate` struct JSON-encoded with Go field
 * names, with `PublicKey` replaced by `{N: <decimal string>, E}`. Only RSA keys are decoded
 * (Kyverno rejects the others with `certificate should use rsa algorithm`).
 */
import { DerReader, TAG, contextTag, decodeInteger, rightAlign } from '../../../util/der.js';
import {
  RSA,
  type RsaPublicKey,
  isKyvernoRsaKey,
  parseAlgorithmIdentifier,
  parseRsaPublicKey,
  publicKeyAlgorithm,
  signatureAlgorithm,
} from './x509-algorithms.js';
import { type CertificateFields, type Extension, extensionJson, parseExtension, processExtensions } from './x509-extensions.js';
import { type Json, asn1Time, base64, parseName } from './x509-values.js';

/** A certificate or request whose key is not RSA (Kyverno's check after parsing). */
const NOT_RSA = 'certificate should use rsa algorithm';
/** Kyverno's re-parse of the RSA key failed. */
const BAD_KEY = 'failed to parse subject public key info';

function fail(message: string): never {
  throw new Error(message);
}

function readTime(r: DerReader): string {
  const tag = r.peekTag(TAG.UTCTime) ? TAG.UTCTime : r.peekTag(TAG.GeneralizedTime) ? TAG.GeneralizedTime : 0;
  if (tag === 0) fail('x509: unsupported time format');
  const e = r.read(tag);
  const text = e === null ? null : asn1Time(tag, e.content);
  if (text === null) fail(tag === TAG.UTCTime ? 'x509: malformed UTCTime' : 'x509: malformed GeneralizedTime');
  return text;
}

/** The Kyverno form of an RSA public key. */
function publicKeyJson(key: RsaPublicKey): Json {
  return { N: key.n.toString(), E: Number(key.e) };
}

interface PublicKeyInfo {
  algorithm: number;
  /** The RSA key Go parsed (null for other algorithms). */
  key: RsaPublicKey | null;
  /** Whether Kyverno's own re-parse of the RSA key accepts it. */
  kyvernoAccepts: boolean;
}

/** The key of a SubjectPublicKeyInfo: algorithm enum and, for RSA, the checked key. */
export function readPublicKey(spki: Uint8Array): PublicKeyInfo {
  const seq = new DerReader(spki).read(TAG.SEQUENCE);
  if (seq === null) fail('x509: malformed spki');
  const r = new DerReader(seq.content);
  const ai = r.read(TAG.SEQUENCE);
  if (ai === null) fail('x509: malformed public key algorithm identifier');
  const algorithmId = parseAlgorithmIdentifier(ai.content);
  const algorithm = publicKeyAlgorithm(algorithmId.oid);
  const bits = r.readBitString();
  if (bits === null) fail('x509: malformed subjectPublicKey');
  if (algorithm !== RSA) return { algorithm, key: null, kyvernoAccepts: false };
  const key = parseRsaPublicKey(algorithmId, rightAlign(bits));
  return { algorithm, key, kyvernoAccepts: isKyvernoRsaKey(bits.bytes, key) };
}

/** Kyverno's checks after a successful parse: an RSA key that its own re-parse accepts. */
export function kyvernoPublicKey(info: PublicKeyInfo): Json {
  if (info.algorithm !== RSA || info.key === null) fail(NOT_RSA);
  if (!info.kyvernoAccepts) fail(BAD_KEY);
  return publicKeyJson(info.key);
}

/** Go `x509.ParseCertificate` + Kyverno's RSA check; throws Go's or Kyverno's error text. */
export function decodeCertificate(der: Uint8Array): Json {
  const input = new DerReader(der);
  const certificate = input.read(TAG.SEQUENCE);
  if (certificate === null) fail('x509: malformed certificate');
  const outer = new DerReader(certificate.content);
  const tbsElement = outer.read(TAG.SEQUENCE);
  if (tbsElement === null) fail('x509: malformed tbs certificate');
  const tbs = new DerReader(tbsElement.content);

  let version = 0;
  const explicitVersion = tbs.readOptional(contextTag(0, true));
  if (explicitVersion === null) fail('x509: malformed version');
  if (explicitVersion !== 'absent') {
    const v = decodeVersion(explicitVersion.content);
    if (v === null || v < 0 || v > 3) fail('x509: malformed version');
    version = v;
  }
  version++;
  if (version > 3) fail('x509: invalid version');

  const serial = tbs.readBigInt();
  if (serial === null) fail('x509: malformed serial number');
  if (serial < 0n) fail('x509: negative serial number');

  const sigAI = tbs.read(TAG.SEQUENCE);
  if (sigAI === null) fail('x509: malformed signature algorithm identifier');
  const outerSigAI = outer.read(TAG.SEQUENCE);
  if (outerSigAI === null) fail('x509: malformed algorithm identifier');
  if (!Buffer.from(outerSigAI.content).equals(Buffer.from(sigAI.content))) {
    fail("x509: inner and outer signature algorithm identifiers don't match");
  }
  const sigAlgorithm = signatureAlgorithm(parseAlgorithmIdentifier(sigAI.content));

  const issuer = tbs.read(TAG.SEQUENCE);
  if (issuer === null) fail('x509: malformed issuer');
  const issuerName = parseName(issuer.full, 'x509');

  const validity = tbs.read(TAG.SEQUENCE);
  if (validity === null) fail('x509: malformed validity');
  const v = new DerReader(validity.content);
  const notBefore = readTime(v);
  const notAfter = readTime(v);

  const subject = tbs.read(TAG.SEQUENCE);
  if (subject === null) fail('x509: malformed issuer');
  const subjectName = parseName(subject.full, 'x509');

  const spki = tbs.read(TAG.SEQUENCE);
  if (spki === null) fail('x509: malformed spki');
  const keyInfo = readPublicKey(spki.full);

  const fields: CertificateFields = {};
  const extensions: Extension[] = [];
  if (version > 1) {
    for (const [n, what] of [
      [1, 'issuerUniqueID'],
      [2, 'subjectUniqueID'],
    ] as const) {
      if (tbs.readOptional(contextTag(n)) === null) fail(`x509: malformed ${what}`);
    }
    if (version === 3) {
      const present = tbs.readOptional(contextTag(3, true));
      if (present === null) fail('x509: malformed extensions');
      if (present !== 'absent') {
        const list = new DerReader(present.content).read(TAG.SEQUENCE);
        if (list === null) fail('x509: malformed extensions');
        const r = new DerReader(list.content);
        const seen = new Set<string>();
        while (!r.empty()) {
          const e = r.read(TAG.SEQUENCE);
          if (e === null) fail('x509: malformed extension');
          const extension = parseExtension(e.content);
          const oid = extension.id.join('.');
          if (seen.has(oid)) fail(`x509: certificate contains duplicate extension with OID "${oid}"`);
          seen.add(oid);
          extensions.push(extension);
        }
        processExtensions(fields, extensions);
      }
    }
  }

  const signature = outer.readBitString();
  if (signature === null) fail('x509: malformed signature');
  if (!input.empty()) fail('x509: trailing data');
  const publicKey = kyvernoPublicKey(keyInfo);

  return {
    Raw: base64(certificate.full),
    RawTBSCertificate: base64(tbsElement.full),
    RawSubjectPublicKeyInfo: base64(spki.full),
    RawSubject: base64(subject.full),
    RawIssuer: base64(issuer.full),
    Signature: base64(rightAlign(signature)),
    SignatureAlgorithm: sigAlgorithm,
    PublicKeyAlgorithm: keyInfo.algorithm,
    PublicKey: publicKey,
    Version: version,
    SerialNumber: Number(serial),
    Issuer: issuerName,
    Subject: subjectName,
    NotBefore: notBefore,
    NotAfter: notAfter,
    KeyUsage: 0,
    Extensions: extensions.length > 0 ? extensions.map(extensionJson) : null,
    ExtraExtensions: null,
    UnhandledCriticalExtensions: null,
    ExtKeyUsage: null,
    UnknownExtKeyUsage: null,
    BasicConstraintsValid: false,
    IsCA: false,
    MaxPathLen: 0,
    MaxPathLenZero: false,
    SubjectKeyId: null,
    AuthorityKeyId: null,
    OCSPServer: null,
    IssuingCertificateURL: null,
    DNSNames: null,
    EmailAddresses: null,
    IPAddresses: null,
    URIs: null,
    PermittedDNSDomainsCritical: false,
    PermittedDNSDomains: null,
    ExcludedDNSDomains: null,
    PermittedIPRanges: null,
    ExcludedIPRanges: null,
    PermittedEmailAddresses: null,
    ExcludedEmailAddresses: null,
    PermittedURIDomains: null,
    Policies: null,
    ExcludedURIDomains: null,
    CRLDistributionPoints: null,
    PolicyIdentifiers: null,
    InhibitAnyPolicy: 0,
    InhibitAnyPolicyZero: false,
    InhibitPolicyMapping: 0,
    InhibitPolicyMappingZero: false,
    PolicyMappings: null,
    RequireExplicitPolicy: 0,
    RequireExplicitPolicyZero: false,
    ...fields,
  };
}

/** The INTEGER inside the explicit `[0]` version (cryptobyte `ReadOptionalASN1Integer`). */
function decodeVersion(content: Uint8Array): number | null {
  const r = new DerReader(content);
  const e = r.read(TAG.INTEGER);
  if (e === null || !r.empty()) return null;
  const v = decodeInteger(e.content);
  return v === null || v < -(1n << 31n) || v >= 1n << 31n ? null : Number(v);
}
