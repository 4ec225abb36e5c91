import { type GoUrl } from './go-url.js';
import { type Json } from './x509-values.js';
export interface Extension {
    id: number[];
    critical: boolean;
    value: Uint8Array;
}
/** Go `parseExtension`. */
export declare function parseExtension(content: Uint8Array): Extension;
export declare const extensionJson: (e: Extension) => Json;
interface SubjectAltNames {
    dnsNames: string[] | null;
    emailAddresses: string[] | null;
    ipAddresses: string[] | null;
    uris: GoUrl[] | null;
}
/** Go `parseSANExtension`. */
export declare function parseSubjectAltNames(value: Uint8Array): SubjectAltNames;
/** The extension-derived fields of a certificate, keyed by their Go names. */
export type CertificateFields = Record<string, Json>;
/** Go `processExtensions`: fills `out` (fields keyed by their Go names). */
export declare function processExtensions(out: CertificateFields, extensions: readonly Extension[]): void;
export {};
