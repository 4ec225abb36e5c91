/**
 * @file Errors of Kyverno's JMESPath dialect, with go-jmespath's message texts.
 */
/**
 * - `syntax`: the expression does not compile (`SyntaxError: ...`, or a Go JSON error for a bad literal);
 * - `notFound`: the fork's `NotFoundError` (`Unknown key "<key>" in path`) reached the top of the query;
 * - `runtime`: any other evaluation error (function argument checks, function errors, Go panics).
 */
export type JmesPathErrorKind = 'syntax' | 'notFound' | 'runtime';
/** An error of compilation or evaluation; `message` is the text go-jmespath (or Kyverno) gives. */
export declare class JmesPathError extends Error {
    readonly kind: JmesPathErrorKind;
    readonly name = "JmesPathError";
    constructor(kind: JmesPathErrorKind, message: string);
}
/** The fork's NotFound error for a missing object key. */
export declare function notFoundError(key: string): JmesPathError;
/** The text of the fork's NotFound error. */
export declare function notFoundMessage(key: string): string;
/** A go-jmespath `SyntaxError`; its text is prefixed with `SyntaxError: `. */
export declare function syntaxError(message: string): JmesPathError;
/** An evaluation error other than NotFound. */
export declare function runtimeError(message: string): JmesPathError;
/**
 * The deepest nesting an expression may have: parentheses, function calls, sub-expressions (`a.b.c…`),
 * projections, JSON literals. go-jmespath has no limit (its recursion runs on Go's growable stack, 1 GB at
 * most); the parser and the evaluator here recurse on the JavaScript stack (about 10,000 frames), a few
 * frames per level. Real expressions nest a few dozen levels at most; a thousand leaves room under any
 * caller's stack.
 */
export declare const MAX_NESTING = 1000;
/** The error of an expression nested deeper than `MAX_NESTING`. */
export declare function nestingError(): JmesPathError;
