/** One function as `kyverno jp function` prints it. */
interface KyvernoFunctionDescription {
    readonly name: string;
    /** `name(argtypes) returntypes`, e.g. `truncate(string, number) string`. */
    readonly signature: string;
    readonly returnType: string;
    readonly note: string;
}
/**
 * Every Kyverno function, sorted as `kyverno jp function` sorts them (by the text of
 * `FunctionEntry.String()`, which is the signature followed by ` (<note>)`).
 */
export declare const KYVERNO_FUNCTIONS: readonly KyvernoFunctionDescription[];
/** Registers Kyverno's functions in the JMESPath function table (once; later calls do nothing). */
export declare function registerKyvernoFunctions(): void;
export {};
