/**
 * @file The error that ends the CLI's generation for a (policy, trigger) pair: Kyverno's
 * `ApplyGeneratePolicy` returns it, and the CLI logs it and keeps the rule responses without generated
 * resources. Its message is Kyverno's.
 */
export declare class GenerationError extends Error {
    readonly name = "GenerationError";
}
