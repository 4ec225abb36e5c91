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
export class JmesPathError extends Error {
  override readonly name = 'JmesPathError';

  constructor(
    readonly kind: JmesPathErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The fork's NotFound error for a missing object key. */
export function notFoundError(key: string): JmesPathError {
  return new JmesPathError('notFound', notFoundMessage(key));
}

/** The text of the fork's NotFound error. */
export function notFoundMessage(key: string): string {
  return `Unknown key "${key}" in path`;
}

/** A go-jmespath `SyntaxError`; its text is prefixed with `SyntaxError: `. */
export function syntaxError(message: string): JmesPathError {
  return new JmesPathError('syntax', `SyntaxError: ${message}`);
}

/** An evaluation error other than NotFound. */
export function runtimeError(message: string): JmesPathError {
  return new JmesPathError('runtime', message);
}
