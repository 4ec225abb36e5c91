import type { Finding, Suppression } from '../report/types.js';
import { type SourceText } from './workspace.js';
type DirectiveKind = 'disable' | 'disable-next-line';
/** What a directive comment says. */
interface DirectiveText {
    kind: DirectiveKind;
    /** Rule ids or patterns; empty for every rule. */
    ids: string[];
    /** The text after ` -- `, if any. */
    justification?: string;
}
/**
 * Reads the text of a comment (without `#`): a directive, `'invalid'` for a malformed `kyverno-lint-…`
 * comment, `null` for any other comment.
 */
export declare function parseDirective(comment: string): DirectiveText | 'invalid' | null;
/** The directives of a scan: which findings they suppress, and the findings about the directives themselves. */
export declare class Suppressions {
    private readonly byFile;
    private readonly problems;
    /**
     * `knownRuleIds` are the rule ids of the loaded policies (autogen rules included) and the tool's own
     * `kyverno-lint/<code>` ids: a directive id that matches none of them is reported.
     */
    constructor(files: Iterable<SourceText>, knownRuleIds: readonly string[]);
    /** The suppressions of `finding` (`null` when no directive covers it); the directives are marked used. */
    suppress(finding: Finding): Suppression[] | null;
    /** Findings about the directives: malformed ones, unknown ids, and (after every `suppress`) unused ones. */
    directiveFindings(): Finding[];
}
export {};
