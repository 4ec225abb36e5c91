/**
 * @file Go `x509.ParseCertificateRequest` (decoded with `encoding/asn1` into Go's structs),
 * producing the `x509.CertificateRequest` as Kyverno's `x509_decode` returns it. `encoding/asn1`
 * errors are reported in a shortened form (`asn1: structure error: tags don't match`,
 * `asn1: syntax error: data truncated`); Go adds the Go types involved to the first one.
 */
import { type DerElement, DerReader, TAG, contextTag, decodeInteger, oidEquals, rightAlign } from '../../../util/der.js';
import { parseAlgorithmIdentifier, signatureAlgorithm } from './x509-algorithms.js';
import { kyvernoPublicKey, readPublicKey } from './x509-certificate.js';
import { type Extension, extensionJson, parseSubjectAltNames } from './x509-extensions.js';
import { type Json, attributeValue, base64, parseName } from './x509-values.js';

const OID_EXTENSION_REQUEST = [1, 2, 840, 113549, 1, 9, 14];
const OID_SUBJECT_ALT_NAME = [2, 5, 29, 17];

/** `encoding/asn1`'s reading of the next element with `tag`; throws its (shortened) error. */
function expect(r: DerReader, tag: number): DerElement {
  if (r.empty()) throw new Error('asn1: syntax error: sequence truncated');
  const e = r.readAny();
  if (e === null) throw new Error('asn1: syntax error: data truncated');
  if (e.tag !== tag) throw new Error("asn1: structure error: tags don't match");
  return e;
}

/** `asn1.Unmarshal` into `[]pkix.Extension`. */
function parseExtensions(der: Uint8Array): Extension[] {
  const list = expect(new DerReader(der), TAG.SEQUENCE);
  const r = new DerReader(list.content);
  const out: Extension[] = [];
  while (!r.empty()) {
    const e = new DerReader(expect(r, TAG.SEQUENCE).content);
    const idElement = expect(e, TAG.OID);
    const id = new DerReader(idElement.full).readObjectIdentifier();
    if (id === null) throw new Error('asn1: syntax error: invalid object identifier');
    let critical = false;
    if (e.peekTag(TAG.BOOLEAN)) {
      const b = e.readBoolean();
      if (b === null) throw new Error('asn1: syntax error: invalid boolean');
      critical = b;
    }
    out.push({ id, critical, value: expect(e, TAG.OCTET_STRING).content });
  }
  return out;
}

/** One `pkix.AttributeTypeAndValueSET`, or null when Go's decoding fails (the attribute is skipped). */
function parseAttribute(der: Uint8Array): Json {
  try {
    const attr = new DerReader(expect(new DerReader(der), TAG.SEQUENCE).content);
    const type = new DerReader(expect(attr, TAG.OID).full).readObjectIdentifier();
    const set = new DerReader(expect(attr, TAG.SET).content);
    if (type === null) return null;
    const values: Json[] = [];
    while (!set.empty()) {
      const seq = new DerReader(expect(set, TAG.SEQUENCE).content);
      const atvs: Json[] = [];
      while (!seq.empty()) {
        const atv = new DerReader(expect(seq, TAG.SEQUENCE).content);
        const atvType = new DerReader(expect(atv, TAG.OID).full).readObjectIdentifier();
        const value = atv.readAny();
        if (atvType === null || value === null) return null;
        atvs.push({ Type: atvType, Value: attributeValue(value, 'asn1') });
      }
      values.push(atvs);
    }
    return { Type: type, Value: values };
  } catch {
    return null;
  }
}

/** Go `parseCSRExtensions`: the extensions of the extensionRequest attributes. */
function requestedExtensions(attributes: readonly DerElement[]): Extension[] {
  const out: Extension[] = [];
  const seen = new Set<string>();
  for (const raw of attributes) {
    let id: number[] | null;
    let firstValue: DerElement | null;
    try {
      const attr = new DerReader(expect(new DerReader(raw.full), TAG.SEQUENCE).content);
      id = new DerReader(expect(attr, TAG.OID).full).readObjectIdentifier();
      firstValue = new DerReader(expect(attr, TAG.SET).content).readAny();
    } catch {
      continue;
    }
    if (id === null || firstValue === null || !oidEquals(id, OID_EXTENSION_REQUEST)) continue;
    for (const extension of parseExtensions(firstValue.full)) {
      const key = extension.id.join('.');
      if (seen.has(key)) throw new Error('x509: certificate request contains duplicate requested extensions');
      seen.add(key);
      out.push(extension);
    }
  }
  return out;
}

/** Go `x509.ParseCertificateRequest` + Kyverno's RSA checks; throws Go's or Kyverno's error text. */
export function decodeCertificateRequest(der: Uint8Array): Json {
  const input = new DerReader(der);
  const csr = expect(input, TAG.SEQUENCE);
  if (!input.empty()) throw new Error('asn1: syntax error: trailing data');
  const outer = new DerReader(csr.content);
  const tbsElement = expect(outer, TAG.SEQUENCE);
  const tbs = new DerReader(tbsElement.content);
  const version = decodeInteger(expect(tbs, TAG.INTEGER).content);
  if (version === null) throw new Error('asn1: structure error: integer not minimally-encoded');
  if (version < -(1n << 63n) || version >= 1n << 63n) throw new Error('asn1: structure error: integer too large');
  if (tbs.empty()) throw new Error('asn1: syntax error: sequence truncated');
  const subject = tbs.readAny();
  if (subject === null) throw new Error('asn1: syntax error: data truncated');
  const spki = expect(tbs, TAG.SEQUENCE);
  const spkiParts = new DerReader(spki.content);
  parseAlgorithmIdentifier(expect(spkiParts, TAG.SEQUENCE).content);
  expect(spkiParts, TAG.BIT_STRING);
  const attributesElement = expect(tbs, contextTag(0, true));
  const attributes: DerElement[] = [];
  const attributeReader = new DerReader(attributesElement.content);
  while (!attributeReader.empty()) {
    const a = attributeReader.readAny();
    if (a === null) throw new Error('asn1: syntax error: data truncated');
    attributes.push(a);
  }
  const sigAI = expect(outer, TAG.SEQUENCE);
  const signatureElement = expect(outer, TAG.BIT_STRING);
  const signature = new DerReader(signatureElement.full).readBitString();
  if (signature === null) throw new Error('asn1: structure error: invalid bit string');

  const keyInfo = readPublicKey(spki.full);
  const subjectName = parseName(subject.full, 'asn1');
  const extensions = requestedExtensions(attributes);
  let san = { dnsNames: null, emailAddresses: null, ipAddresses: null, uris: null } as ReturnType<typeof parseSubjectAltNames>;
  for (const extension of extensions) {
    if (oidEquals(extension.id, OID_SUBJECT_ALT_NAME)) san = parseSubjectAltNames(extension.value);
  }
  const publicKey = kyvernoPublicKey(keyInfo);
  const parsedAttributes = attributes.map((a) => parseAttribute(a.full)).filter((a) => a !== null);

  return {
    Raw: base64(csr.full),
    RawTBSCertificateRequest: base64(tbsElement.full),
    RawSubjectPublicKeyInfo: base64(spki.full),
    RawSubject: base64(subject.full),
    Version: Number(version),
    Signature: base64(rightAlign(signature)),
    SignatureAlgorithm: signatureAlgorithm(parseAlgorithmIdentifier(sigAI.content)),
    PublicKeyAlgorithm: keyInfo.algorithm,
    PublicKey: publicKey,
    Subject: subjectName,
    Attributes: parsedAttributes.length > 0 ? parsedAttributes : null,
    Extensions: extensions.length > 0 ? extensions.map(extensionJson) : null,
    ExtraExtensions: null,
    DNSNames: san.dnsNames,
    EmailAddresses: san.emailAddresses,
    IPAddresses: san.ipAddresses,
    URIs: san.uris as unknown as Json,
  };
}
