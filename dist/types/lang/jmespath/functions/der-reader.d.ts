/**
 * @file A DER reader with the strictness of `golang.org/x/crypto/cryptobyte` (what Go's x509
 * parser uses): single-byte tags only, minimal definite lengths, minimal integers, base-128 OID
 * components below 2^31, canonical BOOLEAN and BIT STRING encodings. Readers return null where
 * cryptobyte returns false.
 */
export declare const TAG: {
    readonly BOOLEAN: 1;
    readonly INTEGER: 2;
    readonly BIT_STRING: 3;
    readonly OCTET_STRING: 4;
    readonly NULL: 5;
    readonly OBJECT_IDENTIFIER: 6;
    readonly UTF8String: 12;
    readonly SEQUENCE: 48;
    readonly SET: 49;
    readonly NumericString: 18;
    readonly PrintableString: 19;
    readonly T61String: 20;
    readonly IA5String: 22;
    readonly UTCTime: 23;
    readonly GeneralizedTime: 24;
    readonly BMPString: 30;
};
/** `[n]` context-specific tags, primitive and constructed. */
export declare const contextTag: (n: number, constructed?: boolean) => number;
export interface DerElement {
    tag: number;
    /** The whole element, header included. */
    full: Uint8Array;
    /** The contents. */
    content: Uint8Array;
}
interface BitString {
    bytes: Uint8Array;
    bitLength: number;
}
export declare class DerReader {
    private readonly data;
    private pos;
    constructor(data: Uint8Array);
    empty(): boolean;
    peekTag(tag: number): boolean;
    /** cryptobyte `ReadAnyASN1Element`. */
    readAny(): DerElement | null;
    /** cryptobyte `ReadASN1` / `ReadASN1Element` with an expected tag. */
    read(tag: number): DerElement | null;
    /** The contents of the next element if it has `tag`, else `absent`; null when malformed. */
    readOptional(tag: number): DerElement | 'absent' | null;
    /** cryptobyte `ReadASN1Integer` into a big integer. */
    readBigInt(tag?: number): bigint | null;
    readObjectIdentifier(): number[] | null;
    readBoolean(): boolean | null;
    readBitString(): BitString | null;
}
/** A minimal two's-complement INTEGER, or null. */
export declare function decodeInteger(bytes: Uint8Array): bigint | null;
/** An OBJECT IDENTIFIER's components, or null. */
export declare function decodeObjectIdentifier(bytes: Uint8Array): number[] | null;
export declare function decodeBitString(bytes: Uint8Array): BitString | null;
/** Go `BitString.RightAlign`. */
export declare function rightAlign(bits: BitString): Uint8Array;
/** Go `BitString.At(i)`: bit i (0 = most significant bit of the first byte), 0 out of range. */
export declare function bitAt(bits: BitString, i: number): number;
export declare function oidEquals(a: readonly number[], b: readonly number[]): boolean;
export declare const oidText: (oid: readonly number[]) => string;
export {};
