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

/**
 * The deepest nesting an expression may have: parentheses, function calls, sub-expressions (`a.b.c…`),
 * projections, JSON literals. go-jmespath has no limit (its recursion runs on Go's growable stack, 1 GB at
 * most); the parser and the evaluator here recurse on the JavaScript stack (about 10,000 frames), a few
 * frames per level. Real expressions nest a few dozen levels at most; a thousand leaves room under any
 * caller's stack.
 */
export const MAX_NESTING = 1000;

/** The error of an expression nested deeper than `MAX_NESTING`. */
export function nestingError(): JmesPathError {
  return new JmesPathError('syntax', `expression nested too deeply: more than ${MAX_NESTING} levels`);
}
