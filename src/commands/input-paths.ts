/**
 * @file Paths given on the command line must exist: a missing one is a usage error (exit 2) naming the
 * path as typed, checked before anything is read, in every command. `-` (standard input) and http(s) URLs
 * are not paths of this machine and are left to the loaders.
 */
import { statSync } from 'node:fs';
import { UsageError, type ParsedArgs } from './args.js';
import { resolveArg, type CliIo } from './io.js';

/** Which arguments of a command name input files: the positionals and/or flags (by canonical name). */
interface InputPathArguments {
  positionals: boolean;
  flags: readonly string[];
}

function exists(io: CliIo, given: string): boolean {
  try {
    statSync(resolveArg(io, given));
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Other failures (permissions, …) are the loaders' to report, with their reason.
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

/** The values of a string or list flag. */
function flagValues(args: ParsedArgs, name: string): string[] {
  const single = args.string(name);
  return single !== undefined ? [single] : args.list(name);
}

/** Throws a {@link UsageError} with one line per missing input path (`no such file or directory: x.yaml (--resource)`). */
export function requireInputPaths(io: CliIo, args: ParsedArgs, inputs: InputPathArguments): void {
  const given = [
    ...(inputs.positionals ? args.positionals.map((value) => ({ value, flag: '' })) : []),
    ...inputs.flags.flatMap((flag) => flagValues(args, flag).map((value) => ({ value, flag: ` (--${flag})` }))),
  ];
  const missing = given.filter(({ value }) => value !== '' && value !== '-' && !/^https?:\/\//.test(value) && !exists(io, value));
  if (missing.length > 0) throw new UsageError(missing.map(({ value, flag }) => `no such file or directory: ${value}${flag}`).join('\n'));
}
