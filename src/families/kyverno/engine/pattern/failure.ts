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
export function isSkip(failure: Failure): boolean {
  return failure.kind === 'conditional' || failure.kind === 'global' || failure.kind === 'skip';
}

/** A skip produced directly by an anchor handler, not yet packaged by an array or map. */
export function isRawSkip(failure: Failure): boolean {
  return failure.kind === 'conditional' || failure.kind === 'global';
}

export function plainFailure(message: string, path: string): Failure {
  return { kind: 'plain', message, path };
}

export function conditionalFailure(message: string, path: string): Failure {
  return { kind: 'conditional', message: `conditional anchor mismatch: ${message}`, path };
}

export function globalFailure(message: string, path: string): Failure {
  return { kind: 'global', message: `global anchor mismatch: ${message}`, path };
}

export function negationFailure(path: string): Failure {
  return { kind: 'negation', message: `negation anchor matched in resource: ${path} is not allowed`, path };
}

/** Packages skips (`multierr.Combine`: a single error as is, several joined with `; `). */
export function packagedSkip(skips: readonly Failure[], path: string): Failure {
  const message = skips.length === 1 ? skips[0]!.message : skips.map((s) => s.message).join('; ');
  return { kind: 'skip', message, path };
}
