import { type Json } from './x509-values.js';
/** Go `x509.ParseCertificateRequest` + Kyverno's RSA checks; throws Go's or Kyverno's error text. */
export declare function decodeCertificateRequest(der: Uint8Array): Json;
