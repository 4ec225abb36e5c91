export { BUILTIN_FUNCTIONS } from './builtins.js';
export { JmesPathError, type JmesPathErrorKind, notFoundMessage } from './errors.js';
export { NotFound } from './interpreter.js';
export { formatGoFloat, formatGoValue } from './go-fmt.js';
export { parseGoFloat } from './go-strconv.js';
export { type FunctionDefinition, lookupFunction, registerFunction } from './registry.js';
export { ExpRef, goTypeName, markGoTypedSlice, toPlainJson } from './values.js';
export { KYVERNO_FUNCTIONS } from './functions/index.js';
/** A compiled expression. */
export interface CompiledJmesPath {
    readonly expression: string;
    /**
     * Evaluates the expression against `data`. Throws `JmesPathError` with kind `notFound`
     * (`Unknown key "k" in path`) or `runtime`.
     */
    search(data: unknown): unknown;
    /**
     * As `search`, but a NotFound comes back as a `NotFound` marker (naming the missing key) instead of
     * being thrown, for callers that recover from it often.
     */
    evaluate(data: unknown): unknown;
    /**
     * Whether the result depends on the searched data alone: the expression calls no function that
     * reads the clock or draws random values (`time_now`, `time_now_utc`, `time_since`, `random`).
     */
    readonly deterministic: boolean;
}
/**
 * Compiles an expression (cached by its text). Throws `JmesPathError` with kind `syntax` and
 * go-jmespath's message, e.g. `SyntaxError: Unknown char: '$'` or, for a non-JSON backtick
 * literal, `invalid character 'o' in literal false (expecting 'a')`.
 */
export declare function compileJmesPath(expression: string): CompiledJmesPath;
