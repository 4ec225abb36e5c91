/**
 * @file Unified diffs of two texts (`--- a` / `+++ b` / `@@` hunks), computed with jsdiff. Used to show a
 * mismatching patched or generated resource in `test`, and the source edits of `--fix-dry-run`.
 */
import { structuredPatch } from 'diff';

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

const RED = '\u001b[31m';
const GREEN = '\u001b[32m';
const CYAN = '\u001b[36m';
const RESET = '\u001b[0m';

/** The unified diff from `before` to `after`; `''` when the texts are equal. */
export function unifiedDiff(before: string, after: string, options: UnifiedDiffOptions): string {
  if (before === after) return '';
  const patch = structuredPatch(options.from, options.to, before, after, undefined, undefined, { context: options.context ?? 3 });
  const paint = (code: string, line: string): string => (options.color ? `${code}${line}${RESET}` : line);
  let out = `--- ${options.from}\n+++ ${options.to}\n`;
  for (const hunk of patch.hunks) {
    out += paint(CYAN, `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`) + '\n';
    for (const line of hunk.lines) {
      if (line.startsWith('\\')) out += `${line}\n`;
      else if (line.startsWith('-')) out += paint(RED, line) + '\n';
      else if (line.startsWith('+')) out += paint(GREEN, line) + '\n';
      else out += `${line}\n`;
    }
  }
  return out;
}

/** `start,count` as `diff -u` prints it: `start` alone for one line, the line before the gap for none. */
function range(start: number, count: number): string {
  if (count === 1) return `${start}`;
  return `${count === 0 ? start - 1 : start},${count}`;
}
