/**
 * @file Applying source fixes for the commands: written in place (`--fix`) or shown as unified diffs
 * (`--fix-dry-run`). A file is written only if it still holds the text the fixes were computed on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { FileFix } from '../lint/fixes.js';
import { stripByteOrderMark } from '../source/index.js';
import { unifiedDiff } from '../util/unified-diff.js';
import { displayPath, type CliIo } from './io.js';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `--fix-dry-run`: the unified diff of every file the fixes change (`a/<path>`, `b/<path>` labels). */
export function formatFixDiffs(io: Pick<CliIo, 'cwd'>, fixes: readonly FileFix[], color: boolean): string {
  return fixes
    .map((fix) => {
      const shown = displayPath(io, fix.file);
      const relative = !shown.startsWith('/') && shown !== '-';
      return unifiedDiff(fix.before, fix.after, { from: relative ? `a/${shown}` : shown, to: relative ? `b/${shown}` : shown, color });
    })
    .join('');
}

/** The outcome of writing one fix. */
interface WrittenFix {
  file: string;
  /** `null` when written. */
  error: string | null;
}

/**
 * `--fix`: writes each fixed file in place (a byte order mark is kept). A file read from standard input,
 * changed on disk since it was read, or that cannot be written gets an error and is left alone.
 */
export function writeFixes(fixes: readonly FileFix[]): WrittenFix[] {
  return fixes.map((fix) => {
    if (fix.file === '-') return { file: fix.file, error: 'standard input cannot be fixed in place' };
    let current: string;
    try {
      current = readFileSync(fix.file, 'utf8');
    } catch (error) {
      return { file: fix.file, error: `cannot read the file again to fix it (${errorMessage(error)})` };
    }
    const body = stripByteOrderMark(current);
    if (body !== fix.before) return { file: fix.file, error: 'the file changed while it was being checked; not fixed' };
    try {
      writeFileSync(fix.file, current.slice(0, current.length - body.length) + fix.after);
    } catch (error) {
      // Node's message ends with the system call and the path, which the diagnostic already names.
      return { file: fix.file, error: `cannot write the fixed file (${errorMessage(error).replace(/, \w+ '.*'$/, '')})` };
    }
    return { file: fix.file, error: null };
  });
}
