/**
 * @file The error that ends the CLI's generation for a (policy, trigger) pair: Kyverno's
 * `ApplyGeneratePolicy` returns it, and the CLI logs it and keeps the rule responses without generated
 * resources. Its message is Kyverno's.
 */
export class GenerationError extends Error {
  override readonly name = 'GenerationError';
}
