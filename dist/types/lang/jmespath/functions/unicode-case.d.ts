/** Go `strings.ToUpper`. */
export declare function goToUpper(s: string): string;
/** Go `strings.ToLower`. */
export declare function goToLower(s: string): string;
/** Go `strings.EqualFold`: equal under simple Unicode case folding, code point by code point. */
export declare function goEqualFold(a: string, b: string): boolean;
