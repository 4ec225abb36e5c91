/**
 * @file Input of the `jp` commands, read as `kyverno jp` reads it: whole files whose open and read
 * errors carry Go's texts (`failed open file q.jp: open q.jp: no such file or directory`), and
 * standard input, with Kyverno's prompts shown on stderr when standard input is a terminal.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_MAX_FILE_SIZE, isTooLarge, tooLargeMessage } from '../../source/index.js';
import { goCleanPath } from '../../util/go-path.js';
import { resolveArg, type CliIo } from '../io.js';

/** A file that could not be read; `message` is the complete error text. */
export class JpInputError extends Error {
  override readonly name = 'JpInputError';
}

const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  ENOTDIR: 'not a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
};

/**
 * Reads `file` (as given on the command line) as `kyverno jp` does: `os.Open` then `io.ReadAll`.
 * `readVerb` is the wording of the read failure, which differs between Kyverno's commands
 * (`failed to read file` in `query`, `failed read file` in `parse`).
 */
export function readJpFile(io: CliIo, file: string, readVerb: string): string {
  try {
    return readFileSync(resolveArg(io, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const cleaned = goCleanPath(file);
    // Go opens a directory without error; reading it fails.
    if (code === 'EISDIR') throw new JpInputError(`${readVerb} ${file}: read ${cleaned}: is a directory`);
    const reason = ERRNO_TEXT[code] ?? (error as Error).message;
    throw new JpInputError(`failed open file ${file}: open ${cleaned}: ${reason}`);
  }
}

/**
 * Reads all of standard input after Kyverno's two prompt lines (`Reading from terminal input.`,
 * then `what`). Kyverno prints them on stdout unconditionally; here they go to stderr, and only
 * when standard input is a terminal, so that stdout holds the results alone.
 */
export async function readJpStdin(io: CliIo, what: string): Promise<string> {
  if (io.stdinIsTTY === true) io.stderr(`Reading from terminal input.\n${what}\n`);
  if (!io.readStdin) return '';
  const read = await io.readStdin(DEFAULT_MAX_FILE_SIZE);
  if (isTooLarge(read)) throw new JpInputError(tooLargeMessage('standard input', read));
  return read;
}
