/** `GetOperatorFromStringPattern(pattern) == InRange`. */
export declare function isRangePattern(pattern: string): boolean;
/** pattern.Validate(value, pattern) for a string value and a string pattern. */
export declare function matchStringPattern(value: string, pattern: string): boolean;
