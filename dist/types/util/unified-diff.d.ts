export interface UnifiedDiffOptions {
    /** Label of the old text (`--- <from>`). */
    from: string;
    /** Label of the new text (`+++ <to>`). */
    to: string;
    /** Unchanged lines shown around each change (3, as `diff -u`). */
    context?: number;
    /** Colour removed lines red and added lines green (ANSI), for a terminal. */
    color?: boolean;
}
/** The unified diff from `before` to `after`; `''` when the texts are equal. */
export declare function unifiedDiff(before: string, after: string, options: UnifiedDiffOptions): string;
