import { type RsaPublicKey } from './x509-algorithms.js';
import { type Json } from './x509-values.js';
interface PublicKeyInfo {
    algorithm: number;
    /** The RSA key Go parsed (null for other algorithms). */
    key: RsaPublicKey | null;
    /** Whether Kyverno's own re-parse of the RSA key accepts it. */
    kyvernoAccepts: boolean;
}
/** The key of a SubjectPublicKeyInfo: algorithm enum and, for RSA, the checked key. */
export declare function readPublicKey(spki: Uint8Array): PublicKeyInfo;
/** Kyverno's checks after a successful parse: an RSA key that its own re-parse accepts. */
export declare function kyvernoPublicKey(info: PublicKeyInfo): Json;
/** Go `x509.ParseCertificate` + Kyverno's RSA check; throws Go's or Kyverno's error text. */
export declare function decodeCertificate(der: Uint8Array): Json;
export {};
