/**
 * @file Go `strconv.ParseFloat(s, 64)` acceptance and value, as `to_number` relies on it:
 * no surrounding spaces, `+5`, `.5`, `5.`, `1e3`, underscores between digits (`1_000`), hex only
 * with a `p` exponent (`0x1p-2`), `inf`/`infinity`/`nan` in any case; overflow is an error.
 */
/**
 * Go `strconv.ParseFloat(s, 64)`: the number, or `null` when Go returns an error (bad syntax or
 * out of range).
 */
export declare function parseGoFloat(s: string): number | null;
