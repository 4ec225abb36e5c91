/**
 * @file Go `encoding/json` for decoded JSON values: `goJsonStringify` (Marshal: sorted keys, HTML
 * escaping, Go float formatting) and `goJsonParse` (Unmarshal into `interface{}` with Go's exact
 * error texts, e.g. `invalid character 'o' in literal false (expecting 'a')`).
 *
 * Go integer values (JS `bigint`, see engine/jmespath) are encoded as plain integers; objects that are
 * not arrays are encoded from their own enumerable keys.
 */
import type { JsonValue } from '../types.js';
/** An error raised by Go's JSON encoder or decoder; `message` is Go's error text. */
export declare class GoJsonError extends Error {
    readonly name = "GoJsonError";
}
/**
 * Compares two strings in UTF-8 byte order (= code point order), as Go's `<` on strings does.
 * JavaScript's `<` compares UTF-16 code units, which orders U+E000–U+FFFF after astral characters.
 */
export declare function compareGoStrings(a: string, b: string): number;
/**
 * Go `json.Marshal` of a decoded JSON value (compact, keys sorted by bytes, `<`, `>`, `&`,
 * U+2028, U+2029 escaped as `\u003c`...). Throws `GoJsonError` (`json: unsupported value: NaN`)
 * for non-finite numbers.
 */
export declare function goJsonStringify(value: unknown): string;
/**
 * Go `json.MarshalIndent(value, "", indent)`: the {@link goJsonStringify} text laid out one element
 * per line, `"key": value`, empty arrays and objects kept as `[]` and `{}`.
 */
export declare function goJsonStringifyIndent(value: unknown, indent: string): string;
/** Defines an own data property, also for the key `__proto__`. */
export declare function setOwnProperty(obj: Record<string, unknown>, key: string, value: unknown): void;
/**
 * Go `json.Unmarshal` into `interface{}`: numbers are float64, duplicate keys keep the last value,
 * trailing data is an error. Throws `GoJsonError` with Go's message
 * (`unexpected end of JSON input`, `invalid character '}' looking for beginning of value`...).
 */
export declare function goJsonParse(text: string): JsonValue;
