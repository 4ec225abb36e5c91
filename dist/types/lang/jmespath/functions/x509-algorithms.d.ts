/** A parsed AlgorithmIdentifier: its OID and the full DER of its parameters (empty when absent). */
interface AlgorithmIdentifier {
    oid: number[];
    parameters: Uint8Array;
}
/** Go `parseAI`; throws `x509: malformed OID` / `x509: malformed parameters`. */
export declare function parseAlgorithmIdentifier(content: Uint8Array): AlgorithmIdentifier;
/** Go `getSignatureAlgorithmFromAI` (0 = UnknownSignatureAlgorithm). */
export declare function signatureAlgorithm(ai: AlgorithmIdentifier): number;
export declare const RSA = 1;
/** Go `getPublicKeyAlgorithmFromOID` (0 = UnknownPublicKeyAlgorithm). */
export declare function publicKeyAlgorithm(oid: number[]): number;
export interface RsaPublicKey {
    n: bigint;
    e: bigint;
}
/**
 * Go's RSA branch of `parsePublicKey` on the key's BIT STRING contents; throws its `x509:`
 * errors. The result still has to pass Kyverno's own re-parse (`isKyvernoRsaKey`).
 */
export declare function parseRsaPublicKey(ai: AlgorithmIdentifier, key: Uint8Array): RsaPublicKey;
/**
 * Kyverno re-reads the key with `x509.ParsePKCS1PublicKey`, which also rejects trailing data
 * and exponents of 2^31 and above.
 */
export declare function isKyvernoRsaKey(key: Uint8Array, parsed: RsaPublicKey): boolean;
export {};
