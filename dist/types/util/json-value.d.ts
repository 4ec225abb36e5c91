/**
 * @file Deep copy and deep equality of decoded JSON values, on the hot path of mutation (every patch
 * works on a copy of the resource and is compared with it). Faster than `structuredClone` and than
 * comparing encodings; own `__proto__` keys stay own properties. Integers beyond 2^53 are exact
 * `bigint`s (see `source/yaml11.ts`): rounding them to float64 and writing them as JSON are here too.
 */
import type { JsonValue } from '../types.js';
/** A deep copy of a JSON value. */
export declare function cloneJson<T extends JsonValue>(value: T): T;
/**
 * Whether two JSON values are equal as Go compares their `json.Marshal` encodings: the same keys with
 * equal values (key order ignored), lists element by element, numbers by value.
 */
export declare function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean;
/**
 * `value` with every integer held as a `bigint` turned into a float64 number (rounded), as Go
 * decodes JSON into `interface{}` with `encoding/json` and as `kyverno test` converts resource
 * numbers (`convertNumericValuesToFloat64`, cmd/cli/kubectl-kyverno/commands/test/test.go).
 * Returns `value` itself when it holds no `bigint`.
 */
export declare function toFloat64Numbers<T extends JsonValue>(value: T): T;
/**
 * `JSON.stringify(value, null, indent)` that writes `bigint`s as plain JSON integers (their exact
 * digits, as Go's `encoding/json` writes an int64) instead of throwing.
 */
export declare function stringifyJson(value: unknown, indent?: number): string;
