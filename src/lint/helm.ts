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

const SOURCE_COMMENT = /^# Source: (.+?)\s*$/;

/** Every `# Source:` comment of a rendered text, in order. */
export function helmSources(text: string): HelmSource[] {
  const sources: HelmSource[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = SOURCE_COMMENT.exec(lines[i]!.replace(/\r$/, ''));
    if (match) sources.push({ line: i + 1, template: match[1]! });
  }
  return sources;
}

/** The template and template line of a rendered `line`, when a `# Source:` comment precedes it. */
export function templateLine(sources: readonly HelmSource[], line: number): { template: string; line: number } | null {
  let found: HelmSource | null = null;
  for (const source of sources) {
    if (source.line >= line) break;
    found = source;
  }
  return found === null ? null : { template: found.template, line: line - found.line };
}
