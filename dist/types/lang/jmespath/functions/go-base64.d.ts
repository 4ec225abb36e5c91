/**
 * @file Go `base64.StdEncoding.DecodeString`: the standard alphabet with padding required;
 * `\r` and `\n` are skipped anywhere; anything else is `illegal base64 data at input byte <n>`
 * with Go's offsets (counted in bytes of the input, line breaks included).
 */
/** Decodes `src`; throws Go's `CorruptInputError` text. */
export declare function goBase64Decode(src: Uint8Array): Uint8Array;
