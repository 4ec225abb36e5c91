/**
 * @file Go `crypto/x509`'s algorithm enums as they appear in a decoded certificate:
 * `SignatureAlgorithm` from the AlgorithmIdentifier (RSA-PSS classified by its parameters) and
 * `PublicKeyAlgorithm` from the key's OID, plus the RSA public key checks (`N`, `E`).
 */
import { DerReader, TAG, contextTag, oidEquals, oidText } from '../../../util/der.js';

/** A parsed AlgorithmIdentifier: its OID and the full DER of its parameters (empty when absent). */
interface AlgorithmIdentifier {
  oid: number[];
  parameters: Uint8Array;
}

/** Go `parseAI`; throws `x509: malformed OID` / `x509: malformed parameters`. */
export function parseAlgorithmIdentifier(content: Uint8Array): AlgorithmIdentifier {
  const r = new DerReader(content);
  const oid = r.readObjectIdentifier();
  if (oid === null) throw new Error('x509: malformed OID');
  if (r.empty()) return { oid, parameters: new Uint8Array(0) };
  const params = r.readAny();
  if (params === null) throw new Error('x509: malformed parameters');
  return { oid, parameters: params.full };
}

const SIGNATURE_ALGORITHMS: ReadonlyMap<string, number> = new Map([
  ['1.2.840.113549.1.1.2', 1], // MD2WithRSA
  ['1.2.840.113549.1.1.4', 2], // MD5WithRSA
  ['1.2.840.113549.1.1.5', 3], // SHA1WithRSA
  ['1.3.14.3.2.29', 3], // SHA1WithRSA (ISO OID)
  ['1.2.840.113549.1.1.11', 4], // SHA256WithRSA
  ['1.2.840.113549.1.1.12', 5], // SHA384WithRSA
  ['1.2.840.113549.1.1.13', 6], // SHA512WithRSA
  ['1.2.840.10040.4.3', 7], // DSAWithSHA1
  ['2.16.840.1.101.3.4.3.2', 8], // DSAWithSHA256
  ['1.2.840.10045.4.1', 9], // ECDSAWithSHA1
  ['1.2.840.10045.4.3.2', 10], // ECDSAWithSHA256
  ['1.2.840.10045.4.3.3', 11], // ECDSAWithSHA384
  ['1.2.840.10045.4.3.4', 12], // ECDSAWithSHA512
  ['1.3.101.112', 16], // PureEd25519
]);

const OID_RSA_PSS = [1, 2, 840, 113549, 1, 1, 10];
const OID_MGF1 = [1, 2, 840, 113549, 1, 1, 8];
const PSS_HASHES: readonly [number[], number, number][] = [
  [[2, 16, 840, 1, 101, 3, 4, 2, 1], 32, 13], // SHA256WithRSAPSS
  [[2, 16, 840, 1, 101, 3, 4, 2, 2], 48, 14], // SHA384WithRSAPSS
  [[2, 16, 840, 1, 101, 3, 4, 2, 3], 64, 15], // SHA512WithRSAPSS
];

const isAbsentOrNull = (params: Uint8Array): boolean =>
  params.length === 0 || (params.length === 2 && params[0] === 0x05 && params[1] === 0x00);

/** The RSA-PSS parameters' algorithm, or 0 when Go would not classify them. */
function pssAlgorithm(parameters: Uint8Array): number {
  const seq = new DerReader(parameters).read(TAG.SEQUENCE);
  if (seq === null) return 0;
  const r = new DerReader(seq.content);
  const explicit = (n: number): Uint8Array | null => {
    const e = r.read(contextTag(n, true));
    return e === null ? null : e.content;
  };
  const hashDer = explicit(0);
  const mgfDer = explicit(1);
  const saltDer = explicit(2);
  if (hashDer === null || mgfDer === null || saltDer === null) return 0;
  const trailerDer = r.peekTag(contextTag(3, true)) ? explicit(3) : undefined;
  try {
    const hash = parseAlgorithmIdentifier(new DerReader(hashDer).read(TAG.SEQUENCE)!.content);
    const mgf = parseAlgorithmIdentifier(new DerReader(mgfDer).read(TAG.SEQUENCE)!.content);
    const mgfHash = parseAlgorithmIdentifier(new DerReader(mgf.parameters).read(TAG.SEQUENCE)!.content);
    const salt = new DerReader(saltDer).readBigInt();
    // The trailer field defaults to 1.
    const trailer = trailerDer === undefined ? 1n : trailerDer === null ? null : new DerReader(trailerDer).readBigInt();
    if (salt === null || trailer !== 1n) return 0;
    if (!isAbsentOrNull(hash.parameters) || !oidEquals(mgf.oid, OID_MGF1) || !oidEquals(mgfHash.oid, hash.oid)) return 0;
    if (!isAbsentOrNull(mgfHash.parameters)) return 0;
    for (const [oid, saltLength, algorithm] of PSS_HASHES) {
      if (oidEquals(hash.oid, oid) && salt === BigInt(saltLength)) return algorithm;
    }
    return 0;
  } catch {
    return 0;
  }
}

/** Go `getSignatureAlgorithmFromAI` (0 = UnknownSignatureAlgorithm). */
export function signatureAlgorithm(ai: AlgorithmIdentifier): number {
  if (oidEquals(ai.oid, OID_RSA_PSS)) return pssAlgorithm(ai.parameters);
  const algorithm = SIGNATURE_ALGORITHMS.get(oidText(ai.oid)) ?? 0;
  // Ed25519 requires absent parameters.
  return algorithm === 16 && ai.parameters.length !== 0 ? 0 : algorithm;
}

const PUBLIC_KEY_ALGORITHMS: ReadonlyMap<string, number> = new Map([
  ['1.2.840.113549.1.1.1', 1], // RSA
  ['1.2.840.10040.4.1', 2], // DSA
  ['1.2.840.10045.2.1', 3], // ECDSA
  ['1.3.101.112', 4], // Ed25519
]);

export const RSA = 1;

/** Go `getPublicKeyAlgorithmFromOID` (0 = UnknownPublicKeyAlgorithm). */
export function publicKeyAlgorithm(oid: number[]): number {
  return PUBLIC_KEY_ALGORITHMS.get(oidText(oid)) ?? 0;
}

export interface RsaPublicKey {
  n: bigint;
  e: bigint;
}

/**
 * Go's RSA branch of `parsePublicKey` on the key's BIT STRING contents; throws its `x509:`
 * errors. The result still has to pass Kyverno's own re-parse (`isKyvernoRsaKey`).
 */
export function parseRsaPublicKey(ai: AlgorithmIdentifier, key: Uint8Array): RsaPublicKey {
  if (!(ai.parameters.length === 2 && ai.parameters[0] === 0x05 && ai.parameters[1] === 0x00)) {
    throw new Error('x509: RSA key missing NULL parameters');
  }
  const seq = new DerReader(key).read(TAG.SEQUENCE);
  if (seq === null) throw new Error('x509: invalid RSA public key');
  const r = new DerReader(seq.content);
  const n = r.readBigInt();
  if (n === null) throw new Error('x509: invalid RSA modulus');
  const e = r.readBigInt();
  if (e === null || e >= 1n << 63n || e < -(1n << 63n)) throw new Error('x509: invalid RSA public exponent');
  if (n <= 0n) throw new Error('x509: RSA modulus is not a positive number');
  if (e <= 0n) throw new Error('x509: RSA public exponent is not a positive number');
  return { n, e };
}

/**
 * Kyverno re-reads the key with `x509.ParsePKCS1PublicKey`, which also rejects trailing data
 * and exponents of 2^31 and above.
 */
export function isKyvernoRsaKey(key: Uint8Array, parsed: RsaPublicKey): boolean {
  const r = new DerReader(key);
  return r.read(TAG.SEQUENCE) !== null && r.empty() && parsed.e < 1n << 31n;
}
