/**
 * @file The fixed patterns that find `{{ }}` variables (Kyverno `RegexVariables`,
 * `regexVariableInit`) and the Go byte-slicing quirk shared with `$( )` references.
 */
/** Kyverno `RegexVariables`: an optional non-backslash prefix character, then `{{...}}`. */
export declare const VARIABLES: RegExp;
/** Kyverno `regexVariableInit`: a variable at the start of the text. */
export declare const VARIABLE_AT_START: RegExp;
/** One match of a global pattern, with its position in the searched text. */
interface Match {
    text: string;
    index: number;
}
/** Go `FindAllString` for a global pattern. */
export declare function findAll(pattern: RegExp, text: string): Match[];
/**
 * Go's `v[1:]` on a match that starts with a prefix character: it drops one byte, so a non-ASCII
 * prefix leaves its continuation bytes in front, which Go decodes as U+FFFD each. Kyverno then
 * fails to resolve such a variable or reference, and so does this port.
 */
export declare function dropPrefix(match: Match, source: string): string;
export {};
