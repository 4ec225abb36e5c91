/**
 * @file Values inside X.509 structures as Go decodes them, rendered the way `encoding/json`
 * marshals the Go types (`[]byte` as base64, OIDs as integer arrays, `time.Time` as RFC 3339
 * with nanoseconds, `asn1.BitString` as `{Bytes, BitLength}`): ASN.1 strings, times, the
 * `AttributeTypeAndValue` values of names, and `pkix.Name`.
 */
import { type DerElement } from './der-reader.js';
export type Json = null | boolean | number | string | Json[] | {
    [key: string]: Json;
};
export declare const base64: (bytes: Uint8Array) => string;
/** Which Go decoder reads the value: `crypto/x509`'s own parser, or `encoding/asn1` (CSRs). */
type DecoderFlavour = 'x509' | 'asn1';
/** Whether every byte is ASCII (Go `isIA5String`). */
export declare const isIA5: (bytes: Uint8Array) => boolean;
/**
 * cryptobyte `ReadASN1UTCTime` / `ReadASN1GeneralizedTime`: Go parses with a layout and then
 * requires that formatting the result gives back exactly the input, so only canonical texts
 * pass. Returns the RFC 3339 (nanoseconds) text, or null.
 */
export declare function asn1Time(tag: number, content: Uint8Array): string | null;
/**
 * An `AttributeTypeAndValue` value: x509's `readASN1Any` or encoding/asn1's `interface{}`
 * decoding (which leaves unknown types, BOOLEAN and NULL as nil). Throws when invalid.
 */
export declare function attributeValue(element: DerElement, flavour: DecoderFlavour): Json;
/**
 * A DER `Name` (RDNSequence) as Go's `pkix.Name` after `FillFromRDNSequence`. Throws Go's
 * `x509: invalid RDNSequence...` errors.
 */
export declare function parseName(der: Uint8Array, flavour: DecoderFlavour): Json;
export {};
