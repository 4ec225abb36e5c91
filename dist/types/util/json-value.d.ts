/**
 * @file Deep copy and deep equality of decoded JSON values, on the hot path of mutation (every patch
 * works on a copy of the resource and is compared with it). Faster than `structuredClone` and than
 * comparing encodings; own `__proto__` keys stay own properties. Integers beyond 2^53 are exact
 * `bigint`s (see `source/yaml11.ts`): rounding them to float64 and writing them as JSON are here too.
 */
import type { JsonObject, JsonValue } from '../types.js';
/** Whether `value` is a JSON object: not `null`, not a list. */
export declare function isObject(value: unknown): value is JsonObject;
/** A deep copy of a JSON value. */
export declare function cloneJson<T extends JsonValue>(value: T): T;
/**
 * How {@link jsonEqual} compares an integer held as a `bigint` with a number:
 * - `'value'`: equal when they are the same integer, as Go compares the `json.Marshal` encodings of
 *   two values (both are written as the same digits);
 * - `'type'`: never equal, as Go's `reflect.DeepEqual` (reflect/deepequal.go, `deepValueEqual`)
 *   compares an `int64` with a `float64`: values of different types are unequal. Kyverno's
 *   `Equals`/`NotEquals` operators (pkg/engine/variables/operator/equal.go,
 *   `EqualHandler.validateValueWithMapPattern` / `validateValueWithSlicePattern`) compare with
 *   `reflect.DeepEqual`; the generate targets, the processor's comparison of mutated resources, the
 *   YAML edits and the `kyverno test` comparisons also keep a `bigint` apart from a number.
 * Other numbers compare by float64 `==` in both (`-0` equals `0`, `NaN` equals nothing).
 */
type IntegerComparison = 'value' | 'type';
/**
 * Whether two JSON values are equal: the same keys with equal values (key order ignored), lists
 * element by element, scalars by `===`; `bigint`s against numbers as `integers` says.
 */
export declare function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined, integers?: IntegerComparison): boolean;
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
export {};
