/** go-jmespath argument types (`jmespath.JpType`). */
export type JpType = 'number' | 'string' | 'array' | 'object' | 'array[number]' | 'array[string]' | 'expref' | 'any';
interface ArgSpec {
    readonly types: readonly JpType[];
    /** Only the last argument may be variadic; variadic arguments are counted, not type-checked. */
    readonly variadic?: boolean;
}
/**
 * A function implementation. `args` are the evaluated arguments after the signature check:
 * decoded JSON values, Go integers (`bigint`), or `ExpRef`s for `expref` parameters. Throwing
 * any `Error` makes the query fail with a `runtime` JmesPathError carrying the same message.
 */
type FunctionHandler = (args: unknown[]) => unknown;
export interface FunctionDefinition {
    readonly name: string;
    /** An empty list accepts any number of arguments of any type (e.g. Kyverno's `time_now`). */
    readonly args: readonly ArgSpec[];
    readonly handler: FunctionHandler;
}
/** Adds a function to the table, replacing any function of the same name. */
export declare function registerFunction(definition: FunctionDefinition): void;
/** The function currently registered under `name`, if any. */
export declare function lookupFunction(name: string): FunctionDefinition | undefined;
/** Calls a function by name with evaluated arguments, as go-jmespath's function caller does. */
export declare function callFunction(name: string, args: unknown[]): unknown;
export {};
