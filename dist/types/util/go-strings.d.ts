/**
 * @file Go string primitives: `unicode.IsSpace`, `strings.TrimSpace`, `strings.Trim(s, " ")` and
 * `strconv.Quote` (`%q`).
 */
/** Go `unicode.IsSpace` of a UTF-16 code unit (every white space character is in the BMP). */
export declare function isGoSpace(c: number): boolean;
/** Go `strings.TrimSpace` (unlike `String.prototype.trim`, it keeps U+FEFF and removes U+0085). */
export declare function goTrimSpace(s: string): string;
/** Go `strings.Trim(s, " ")`: removes leading and trailing ASCII spaces only. */
export declare function trimSpaces(s: string): string;
/**
 * Go `strconv.Quote(s)` (strconv/quote.go, `appendQuotedWith` / `appendEscapedRune`): printable
 * runes (`strconv.IsPrint`) kept, `\a \b \f \n \r \t \v \" \\` short, other runes below U+0020 and
 * U+007F as `\xhh`, others below U+10000 as `\uhhhh`, the rest as `\Uhhhhhhhh`.
 *
 * A lone surrogate cannot be in a Go string that Kyverno sees: Go's `encoding/json` decodes an
 * unpaired `\ud800` escape to U+FFFD (encoding/json/decode.go, `unquoteBytes`), and go-yaml
 * rejects it. It is quoted as that U+FFFD, which is printable.
 */
export declare function goQuote(s: string): string;
