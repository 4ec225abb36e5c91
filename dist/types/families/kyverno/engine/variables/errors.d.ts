/**
 * @file The error of variable and reference substitution; its message is Kyverno's text, e.g.
 * `failed to resolve request.object.metadata.name1 at path /spec/containers/0/name: JMESPath query
 * failed: Unknown key "name1" in path`.
 */
export declare class SubstitutionError extends Error {
    readonly name = "SubstitutionError";
}
/**
 * A failed substitution returned as a value (the hot path recovers from unresolved variables often,
 * and a thrown error costs far more than the evaluation); `message` is the `SubstitutionError` text.
 */
export declare class SubstitutionFailure {
    readonly message: string;
    constructor(message: string);
}
