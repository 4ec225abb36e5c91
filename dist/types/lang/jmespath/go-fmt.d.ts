/** Go `%v` of a float64: shortest digits, `%e` form when the exponent is < -4 or >= 6 (`1e+06`). */
export declare function formatGoFloat(value: number): string;
/** Go `%v` of a runtime value: `<nil>`, `[1 a]`, `map[a:1 b:x]` (keys sorted), strings unquoted. */
export declare function formatGoValue(value: unknown): string;
/** Go `%#v` of a `[]jmespath.JpType`: `[]jmespath.JpType{"string", "array"}`. */
export declare function formatJpTypes(types: readonly string[]): string;
