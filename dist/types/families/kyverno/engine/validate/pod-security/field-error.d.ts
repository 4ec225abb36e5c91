/**
 * @file Field paths and field errors of the Pod Security Admission checks, as Kubernetes'
 * `k8s.io/apimachinery/pkg/util/validation/field` builds and prints them (`Path.String()`,
 * `Error.Error()`), plus the `%+v` rendering of bad values that Kyverno's failure message uses.
 */
/** One segment of a field path: a field name, a list index or a map key. */
type PathSegment = {
    readonly name: string;
} | {
    readonly index: number;
} | {
    readonly key: string;
};
/**
 * An immutable field path (`field.Path`). `text` is Go's `String()` form, e.g.
 * `spec.containers[0].securityContext.privileged` or `metadata.annotations[some/key]`.
 */
export declare class FieldPath {
    readonly segments: readonly PathSegment[];
    readonly text: string;
    private constructor();
    /** `field.NewPath(name, moreNames...)`. */
    static of(name: string, ...more: string[]): FieldPath;
    /** `Path.Child(name, moreNames...)`. */
    child(name: string, ...more: string[]): FieldPath;
    /** `Path.Index(i)`. */
    index(index: number): FieldPath;
    /** `Path.Key(key)`. */
    key(key: string): FieldPath;
}
/** The bad values the checks record: Go `string`, `bool`, `int` and `[]string`. */
export type BadValue = string | boolean | number | readonly string[];
/** A `field.Error` of type Forbidden or Required (the only two the checks produce). */
export interface FieldError {
    readonly type: 'Forbidden' | 'Required';
    readonly path: FieldPath;
    /** `""` when no bad value was attached (`field.Forbidden(path, "")` / `field.Required(path, "")`). */
    readonly badValue: BadValue;
}
/** `field.Forbidden(path, "")`, optionally with `withBadValue`. */
export declare function forbidden(path: FieldPath, badValue?: BadValue): FieldError;
/** `field.Required(path, "")`. */
export declare function required(path: FieldPath): FieldError;
/** `Error.Error()` with an empty detail: `<field>: Forbidden` / `<field>: Required value`. */
export declare function fieldErrorText(field: string, type: FieldError['type']): string;
/** Go's `fmt.Sprintf("%+v", v)` for the bad value types the checks use. */
export declare function formatBadValue(value: BadValue): string;
/** Whether Kyverno's message treats the error as carrying a bad value (only `""` does not). */
export declare function hasBadValue(value: BadValue): boolean;
export {};
