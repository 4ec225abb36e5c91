/**
 * @file Finds and reads input files the way the Kyverno CLI does. Policy paths
 * (`cli/policy/load.go`): directories are walked recursively in name order, names starting with
 * `.` are skipped (files and directories, the given paths included), only `.yaml`/`.yml` files
 * are read. Resource paths (`GetResourceAccordingToResourcePath`): when the first path is a
 * directory only its top-level `.yaml`/`.yml` files are read and the other paths are ignored;
 * otherwise every path is read as a file whatever its extension. Problems are returned, never
 * thrown.
 */
import { readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { stripByteOrderMark } from './parse.js';
import type { LoadProblem } from './types.js';

/** A file read as text (UTF-8, byte order mark removed). */
export interface SourceFile {
  path: string;
  text: string;
}

/** Files found for a list of paths, in the order the CLI reads them. */
export interface FileList {
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

/** Reads a file as UTF-8 text without its byte order mark; unreadable or non-UTF-8 files are problems. */
export function readSourceFile(file: string): { file: SourceFile | null; problems: LoadProblem[] } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
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
