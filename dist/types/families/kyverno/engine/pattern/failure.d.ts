/**
 * @file The errors Kyverno's pattern validation produces (`pkg/engine/anchor/error.go`,
 * `pkg/engine/validate/validate.go`), with their texts and the class that decides how callers treat
 * them: conditional and global anchor errors ("raw" skips), packaged skips (an array or map whose
 * elements all skipped), negation anchor errors, and plain failures.
 */
/**
 * - `conditional` / `global`: a conditional or global anchor condition was not met (raw skip);
 * - `skip`: skips packaged by an enclosing array or map;
 * - `negation`: a negation anchor key was present;
 * - `plain`: any other failure.
 */
type FailureKind = 'conditional' | 'global' | 'skip' | 'negation' | 'plain';
export interface Failure {
    readonly kind: FailureKind;
    /** The Go error text. */
    readonly message: string;
    /** The path returned with the error; empty for failures without a usable path. */
    readonly path: string;
}
/** Conditional/global anchor errors and packaged skips: "this does not apply". */
export declare function isSkip(failure: Failure): boolean;
/** A skip produced directly by an anchor handler, not yet packaged by an array or map. */
export declare function isRawSkip(failure: Failure): boolean;
export declare function plainFailure(message: string, path: string): Failure;
export declare function conditionalFailure(message: string, path: string): Failure;
export declare function globalFailure(message: string, path: string): Failure;
export declare function negationFailure(path: string): Failure;
/** Packages skips (`multierr.Combine`: a single error as is, several joined with `; `). */
export declare function packagedSkip(skips: readonly Failure[], path: string): Failure;
export {};
