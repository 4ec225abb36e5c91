/** `text` as a whole number of bytes of at least 1, or null when it is not one. */
export declare function parseByteSize(text: string): number | null;
/** `bytes` in the largest binary unit it reaches, with one decimal when not whole (`64 MiB`, `2.5 GiB`, `100 bytes`). */
export declare function formatByteSize(bytes: number): string;
