/**
 * @file The error raised while evaluating conditions: unknown operators, failed variable
 * substitution in a condition's key or value, and the inputs on which Kyverno's `In`/`NotIn`
 * handlers panic. Callers turn it into an `error` rule result.
 */
/** A condition could not be evaluated; `message` is Kyverno's error text. */
export declare class ConditionError extends Error {
    constructor(message: string, options?: {
        cause?: unknown;
    });
}
