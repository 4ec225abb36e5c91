/**
 * @file Rendered Helm output read from standard input (`helm template … | kyverno-lint -`): Helm starts
 * every document with a `# Source: <chart>/templates/<file>` comment. Findings in a rendered document are
 * reported in that template file, at the line counted from the comment (the first line after it is
 * line 1), which is the template's line wherever the template renders line for line.
 */
/** A `# Source:` comment: the template and the line of the comment in the rendered text. */
export interface HelmSource {
    line: number;
    template: string;
}
/** Every `# Source:` comment of a rendered text, in order. */
export declare function helmSources(text: string): HelmSource[];
/** The template and template line of a rendered `line`, when a `# Source:` comment precedes it. */
export declare function templateLine(sources: readonly HelmSource[], line: number): {
    template: string;
    line: number;
} | null;
