/** Token type names, as Go's stringer prints them in syntax errors. */
export type TokType = 'tUnknown' | 'tStar' | 'tDot' | 'tFilter' | 'tFlatten' | 'tLparen' | 'tRparen' | 'tLbracket' | 'tRbracket' | 'tLbrace' | 'tRbrace' | 'tOr' | 'tPipe' | 'tNumber' | 'tUnquotedIdentifier' | 'tQuotedIdentifier' | 'tComma' | 'tColon' | 'tLT' | 'tLTE' | 'tGT' | 'tGTE' | 'tEQ' | 'tNE' | 'tJSONLiteral' | 'tStringLiteral' | 'tCurrent' | 'tExpref' | 'tAnd' | 'tNot' | 'tEOF';
export interface Token {
    type: TokType;
    /** Raw text for most tokens; the decoded name for quoted identifiers; JSON text for literals. */
    value: string;
}
/** Tokenizes an expression; the last token is always `tEOF`. Throws `JmesPathError` (`syntax`). */
export declare function tokenize(expression: string): Token[];
