/**
 * @file Evaluation without stack traces. Errors are values in evaluation (a NotFound drives `||`
 * defaults, a failed rule becomes a response), and capturing a stack trace for each would cost more
 * than the evaluation itself.
 */
/**
 * `fn(a, b, c, d)` with `Error.stackTraceLimit` at 0, restored afterwards; called directly when it
 * is 0 already (nested evaluations). The arguments are passed along rather than captured in a
 * closure, so that a call allocates nothing.
 */
export declare function withoutStackTraces<R>(fn: () => R): R;
export declare function withoutStackTraces<A, R>(fn: (a: A) => R, a: A): R;
export declare function withoutStackTraces<A, B, R>(fn: (a: A, b: B) => R, a: A, b: B): R;
export declare function withoutStackTraces<A, B, C, R>(fn: (a: A, b: B, c: C) => R, a: A, b: B, c: C): R;
export declare function withoutStackTraces<A, B, C, D, R>(fn: (a: A, b: B, c: C, d: D) => R, a: A, b: B, c: C, d: D): R;
