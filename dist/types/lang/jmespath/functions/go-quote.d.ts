/**
 * @file Go's `strconv.Quote` (`%q`), used in error texts: printable characters are kept, the
 * others escaped as Go does (`\n`, `\x01`, `\u00ad`, `\U0001f000`).
 */
/** Go `strconv.Quote(s)`. */
export declare function goQuote(s: string): string;
