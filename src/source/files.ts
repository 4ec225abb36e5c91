/**
 * @file Finds and reads input files the way the Kyverno CLI does. Policy paths
 * (`cli/policy/load.go`): directories are walked recursively in name order, names starting with
 * `.` are skipped (files and directories, the given paths included), only `.yaml`/`.yml` files
 * are read. Resource paths (`GetResourceAccordingToResourcePath`): when the first path is a
 * directory only its top-level `.yaml`/`.yml` files are read and the other paths are ignored;
 * otherwise every path is read as a file whatever its extension. Problems are returned, never
 * thrown. No input is read beyond a size limit ({@link DEFAULT_MAX_FILE_SIZE}): a regular file over it is
 * refused by its size without being read, a stream (standard input, a pipe) once that many bytes came.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { formatByteSize } from '../util/byte-size.js';
import { stripByteOrderMark } from './byte-order-mark.js';
import type { LoadProblem } from './types.js';

/** A file read as text (UTF-8, byte order mark removed). */
interface SourceFile {
  path: string;
  text: string;
}

/** Files found for a list of paths, in the order the CLI reads them. */
interface FileList {
  files: string[];
  problems: LoadProblem[];
}

const YAML_EXTENSIONS = new Set(['.yaml', '.yml']);
const REMOTE = /^https?:\/\//;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function problem(file: string, message: string, severity: LoadProblem['severity'] = 'error'): LoadProblem {
  return { file, line: 1, column: 1, message, severity };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function statOrProblem(file: string, problems: LoadProblem[]): Stats | null {
  try {
    return statSync(file);
  } catch (error) {
    problems.push(problem(file, errorMessage(error)));
    return null;
  }
}

/** Whether the CLI reads a file of that name as YAML (`.yaml`/`.yml`, case-sensitive). */
export function isYamlFileName(name: string): boolean {
  return YAML_EXTENSIONS.has(path.extname(name));
}

function remoteProblem(source: string): LoadProblem {
  return problem(source, 'remote (http/https) sources are not read: kyverno-lint works offline');
}

/** The policy files under `paths`, recursively, in the order the CLI loads them. */
export function listPolicyFiles(paths: readonly string[]): FileList {
  const files: string[] = [];
  const problems: LoadProblem[] = [];
  const visited = new Set<string>();
  const walk = (file: string): void => {
    if (path.basename(path.resolve(file)).startsWith('.')) return;
    const stats = statOrProblem(file, problems);
    if (stats === null) return;
    if (stats.isDirectory()) {
      const real = realpathSync(file);
      if (visited.has(real)) return;
      visited.add(real);
      let names: string[];
      try {
        names = readdirSync(file).sort();
      } catch (error) {
        problems.push(problem(file, errorMessage(error)));
        return;
      }
      for (const name of names) walk(path.join(file, name));
    } else if (stats.isFile() && isYamlFileName(file)) {
      files.push(file);
    }
  };
  for (const given of paths) {
    if (REMOTE.test(given)) problems.push(remoteProblem(given));
    else walk(given);
  }
  return { files, problems };
}

/** The resource files for `paths`, as the CLI resolves them. */
export function listResourceFiles(paths: readonly string[]): FileList {
  const problems: LoadProblem[] = [];
  if (paths.length === 0) return { files: [], problems };
  const [first, ...others] = paths;
  if (!REMOTE.test(first)) {
    const stats = statOrProblem(first, problems);
    if (stats === null) return { files: [], problems };
    if (stats.isDirectory()) {
      let names: string[] = [];
      try {
        names = readdirSync(first).sort();
      } catch (error) {
        problems.push(problem(first, errorMessage(error)));
      }
      for (const ignored of others) {
        problems.push(problem(ignored, `ignored: the first resource path ${first} is a directory`, 'warning'));
      }
      return { files: names.filter(isYamlFileName).map((name) => path.join(first, name)), problems };
    }
  }
  const files: string[] = [];
  for (const given of paths) {
    if (REMOTE.test(given)) problems.push(remoteProblem(given));
    else files.push(given);
  }
  return { files, problems };
}

/** The largest input read by default, in bytes (64 MiB): a YAML file over it is not a hand-written manifest. */
export const DEFAULT_MAX_FILE_SIZE = 64 * 1024 * 1024;

/** An input refused by the size limit: its size when known (a regular file), null for a stream cut off at the limit. */
export interface TooLarge {
  tooLarge: true;
  size: number | null;
  limit: number;
}

export function isTooLarge(value: unknown): value is TooLarge {
  return typeof value === 'object' && value !== null && (value as Partial<TooLarge>).tooLarge === true;
}

/** Why `what` (a file name, or "standard input") is not read, for messages. */
export function tooLargeMessage(what: string, refused: TooLarge): string {
  const shown = refused.size === null ? '' : formatByteSize(refused.size);
  const size = refused.size === null ? '' : ` ${shown}${shown === `${refused.size} bytes` ? '' : ` (${refused.size} bytes)`},`;
  return `${what} is not read: it is${size} over the ${formatByteSize(refused.limit)} file size limit (--max-file-size, maxFileSize in the configuration)`;
}

const CHUNK_SIZE = 1024 * 1024;

/**
 * The bytes of `file`, at most `maxBytes` of them: a regular file larger than that is refused by its size
 * (a 3 GB sparse file costs nothing), anything else (a pipe, a device) once more bytes than that were read.
 * Open and read errors are thrown (Node's errors, with their `code`).
 */
export function readFileBounded(file: string, maxBytes: number): Buffer | TooLarge {
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    if (stats.isFile() && stats.size > maxBytes) return { tooLarge: true, size: stats.size, limit: maxBytes };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_SIZE, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) return { tooLarge: true, size: null, limit: maxBytes };
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** The first `bytes` bytes of `file` as UTF-8 text (less for a shorter file); open and read errors are thrown. */
export function readFileHead(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.allocUnsafe(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** All of a stream (standard input) as UTF-8 text, or {@link TooLarge} as soon as more than `maxBytes` came (the rest is not read). */
export async function readStreamBounded(stream: AsyncIterable<Buffer | string>, maxBytes: number): Promise<string | TooLarge> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const item of stream) {
    const chunk = typeof item === 'string' ? Buffer.from(item) : item;
    total += chunk.length;
    // Leaving the loop destroys the stream: nothing more is buffered.
    if (total > maxBytes) return { tooLarge: true, size: null, limit: maxBytes };
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * Reads a file as UTF-8 text without its byte order mark; unreadable, too large (over `maxBytes`) or
 * non-UTF-8 files are problems.
 */
export function readSourceFile(file: string, maxBytes = DEFAULT_MAX_FILE_SIZE): { file: SourceFile | null; problems: LoadProblem[] } {
  let bytes: Buffer;
  try {
    const read = readFileBounded(file, maxBytes);
    if (isTooLarge(read)) return { file: null, problems: [problem(file, tooLargeMessage('the file', read))] };
    bytes = read;
  } catch (error) {
    return { file: null, problems: [problem(file, errorMessage(error))] };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { file: null, problems: [problem(file, 'the file is not valid UTF-8 text')] };
  }
  return { file: { path: file, text: stripByteOrderMark(text) }, problems: [] };
}
