interface PemBlock {
    type: string;
    bytes: Uint8Array;
}
/** Go `pem.Decode`: the first PEM block of `input`, or null. */
export declare function decodePem(input: Uint8Array): PemBlock | null;
export {};
