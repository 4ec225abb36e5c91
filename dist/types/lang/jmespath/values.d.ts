/** A function argument `&expr`: evaluates the referenced expression against a value. */
export declare class ExpRef {
    #private;
    constructor(evaluate: (value: unknown) => unknown);
    /**
     * Evaluates the expression against `value`. A NotFound inside becomes `null` (go-jmespath's
     * expref evaluation in `map`, `sort_by`, `max_by`, `min_by`); other errors are thrown.
     */
    evaluate(value: unknown): unknown;
}
/** Marks an array as a Go typed slice (e.g. `[]map[string]interface{}`) and returns it. */
export declare function markGoTypedSlice<T extends unknown[]>(array: T): T;
/** A JSON object (Go `map[string]interface{}`). */
export declare function isJsonObject(value: unknown): value is Record<string, unknown>;
/** A JSON array (Go `[]interface{}`), not a typed slice. */
export declare function isJsonArray(value: unknown): value is unknown[];
/** go-jmespath `isFalse`: false, null, "", empty array, empty object; numbers (even 0) are true. */
export declare function isFalse(value: unknown): boolean;
/** Go `reflect.DeepEqual` on two runtime values (`==` / `!=` in expressions). */
export declare function deepEqual(a: unknown, b: unknown): boolean;
/** The Go dynamic type name of a runtime value, as Go prints it in panics. */
export declare function goTypeName(value: unknown): string;
/**
 * Go `==` between two `interface{}` values (used by `contains`): values of different dynamic
 * types are unequal; comparing two slices or two maps panics, reported as a runtime error.
 */
export declare function goInterfaceEquals(a: unknown, b: unknown): boolean;
/**
 * The decoded-JSON form of a runtime value, as Go's JSON round trip gives it: Go integers become
 * numbers, typed slices plain arrays, exprefs `{}`. Returns the value itself when nothing changes.
 * With `exactIntegers`, for data that is not round-tripped, Go integers beyond 2^53 stay `bigint`s.
 */
export declare function toPlainJson(value: unknown, exactIntegers?: boolean): unknown;
