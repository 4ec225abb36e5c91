/**
 * @file YAML 1.1 scalars as Kyverno reads them: the tag resolution of go-yaml v2 (`resolve.go`,
 * used through `sigs.k8s.io/yaml`) and the conversion of mapping keys to JSON object keys done by
 * `sigs.k8s.io/yaml` `YAMLToJSON` (`convertToJSONableObject`).
 *
 * Only plain (unquoted) untagged scalars are resolved implicitly; quoted and block scalars are
 * strings. Timestamps stay strings (go-yaml v2 hands them to `interface{}` values as text).
 */
import type { JsonPrimitive } from '../types.js';
/** A scalar that go-yaml v2 cannot decode or that has no JSON object key form. */
export declare class YamlValueError extends Error {
}
/** A resolved scalar: its short tag (`!!int`, ...) and JSON value. */
interface ResolvedScalar {
    tag: string;
    /**
     * The JSON value; `!!float` may be non-finite (which JSON encoding then rejects). `!!int` beyond
     * 2^53 that fits int64 is a `bigint` (see {@link parseGoInteger}).
     */
    value: JsonPrimitive;
    /** `!!int` only: the exact decimal digits (ints beyond 2^53 lose precision as numbers). */
    intText?: string;
    /** `!!int` only: go-yaml decoded it as `uint64` (above the int64 range). */
    unsigned?: boolean;
}
/** `tag:yaml.org,2002:int` → `!!int`; other tags unchanged. */
export declare function shortTag(tag: string): string;
/**
 * The value of a plain untagged scalar (the hot path: most scalars are plain strings whose first
 * character rules out any other type).
 */
export declare function plainScalarValue(text: string): JsonPrimitive;
/**
 * go-yaml v2 `resolve(tag, in)` followed by the decoder's handling of the result: `tag` is the
 * short tag of the node (`''` for a plain untagged scalar). Throws {@link YamlValueError} when
 * the scalar does not fit an explicit tag.
 */
export declare function resolveScalar(tag: string, text: string): ResolvedScalar;
/**
 * The JSON object key `sigs.k8s.io/yaml` makes of a resolved mapping key: strings as they are,
 * ints in decimal, floats with Go `FormatFloat(f, 'g', -1, 32)`, booleans as `true`/`false`;
 * `null` and uint64 keys are errors.
 */
export declare function objectKey(resolved: ResolvedScalar): string;
/** Go `strconv.FormatFloat(f, 'g', -1, 32)` with `.inf`/`-.inf`/`.nan` for the special values. */
export declare function formatFloat32Key(value: number): string;
export {};
