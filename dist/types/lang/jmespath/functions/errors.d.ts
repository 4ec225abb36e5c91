/**
 * @file The error texts of Kyverno's custom functions (`pkg/engine/jmespath/error.go`): every
 * message starts with `JMESPath function '<name>': `. Handlers throw plain `Error`s; the function
 * registry turns them into runtime JMESPath errors with the same text.
 */
/** `JMESPath function '<name>': <message>` (Kyverno's `genericError`). */
export declare function functionError(name: string, message: string): Error;
/** `JMESPath function '<name>': argument #<n> is not of type <type>` (`invalidArgumentTypeError`). */
export declare function argumentTypeError(name: string, position: number, type: string): Error;
/** `JMESPath function '<name>': Zero divisor passed`. */
export declare function zeroDivisorError(name: string): Error;
/** `JMESPath function '<name>': Types mismatch`. */
export declare function typeMismatchError(name: string): Error;
/** `JMESPath function 'modulo': Non-integer argument(s) passed for modulo`. */
export declare function nonIntegerModuloError(name: string): Error;
