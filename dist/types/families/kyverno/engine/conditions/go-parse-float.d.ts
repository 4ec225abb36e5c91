/**
 * @file Go `strconv.ParseFloat(s, 64)` for condition operands: decimal and hexadecimal
 * floating-point literals, `_` digit separators where Go allows them, `Inf`/`Infinity`/`NaN`
 * (case-insensitive), the whole string consumed. Out-of-range values are errors in Go
 * (`ErrRange`), so they fail here too.
 */
/** The float64 Go's ParseFloat returns for `s`, or null where it returns an error. */
export declare function parseGoFloat(s: string): number | null;
