/**
 * @file The error texts of Kyverno's custom functions (`pkg/engine/jmespath/error.go`): every
 * message starts with `JMESPath function '<name>': `. Handlers throw plain `Error`s; the function
 * registry turns them into runtime JMESPath errors with the same text.
 */

/** `JMESPath function '<name>': <message>` (Kyverno's `genericError`). */
export function functionError(name: string, message: string): Error {
  return new Error(`JMESPath function '${name}': ${message}`);
}

/** `JMESPath function '<name>': argument #<n> is not of type <type>` (`invalidArgumentTypeError`). */
export function argumentTypeError(name: string, position: number, type: string): Error {
  return functionError(name, `argument #${position} is not of type ${type}`);
}

/** `JMESPath function '<name>': Zero divisor passed`. */
export function zeroDivisorError(name: string): Error {
  return functionError(name, 'Zero divisor passed');
}

/** `JMESPath function '<name>': Types mismatch`. */
export function typeMismatchError(name: string): Error {
  return functionError(name, 'Types mismatch');
}

/** `JMESPath function 'modulo': Non-integer argument(s) passed for modulo`. */
export function nonIntegerModuloError(name: string): Error {
  return functionError(name, 'Non-integer argument(s) passed for modulo');
}
