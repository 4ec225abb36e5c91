/**
 * @file Go `strings.TrimSpace`: trims Unicode White_Space (incl. U+0085, U+00A0), unlike
 * JavaScript's `trim`, which also trims U+FEFF but not U+0085.
 */
/** Go `strings.TrimSpace`. */
export declare function goTrimSpace(s: string): string;
