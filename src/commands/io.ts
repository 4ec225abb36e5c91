/**
 * @file The CLI's view of its environment: output writers, working directory, terminal detection and
 * standard input. Commands receive it as a parameter so that they run in-process (tests, conformance).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { TooLarge } from '../source/index.js';

export interface CliIo {
  /** Machine- or human-readable results, in the chosen format only. */
  stdout(text: string): void;
  /** Progress lines, warnings and input problems. */
  stderr(text: string): void;
  /** Directory relative paths are resolved against. */
  cwd: string;
  /** Whether stdout is a terminal (enables colours in the table format). */
  stdoutIsTTY?: boolean;
  /** The terminal's width in columns when stdout is a terminal (`process.stdout.columns`; 80 when unknown). */
  stdoutColumns?: number;
  /** Whether stderr is a terminal (enables progress output). */
  stderrIsTTY?: boolean;
  /** Reads all of standard input (for `-` paths), or stops once more than `maxBytes` came. */
  readStdin?: (maxBytes: number) => Promise<string | TooLarge>;
  /** Whether standard input is a terminal (`jp` then prompts for the input on stderr). */
  stdinIsTTY?: boolean;
}

/** An absolute path for a command-line argument; URLs are kept as given. */
export function resolveArg(io: Pick<CliIo, 'cwd'>, arg: string): string {
  return /^https?:\/\//.test(arg) ? arg : path.resolve(io.cwd, arg);
}

/** A path as shown to the user: relative to the working directory when inside it; URLs as given. */
export function displayPath(io: Pick<CliIo, 'cwd'>, file: string): string {
  if (file === '-' || /^https?:\/\//.test(file)) return file;
  const relative = path.relative(io.cwd, file);
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** Writes `blocks` one after another into `file` (created or truncated), each as it comes. */
export function writeBlocks(file: string, blocks: Iterable<string>): void {
  const fd = openSync(file, 'w');
  try {
    for (const block of blocks) {
      const bytes = Buffer.from(block);
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    }
  } finally {
    closeSync(fd);
  }
}
