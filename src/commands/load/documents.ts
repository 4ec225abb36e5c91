/**
 * @file Reading YAML/JSON input files for the CLI: the file's text and documents (via source/), every
 * problem reported as a diagnostic, and positions of paths inside a document for messages.
 */
import { isTooLarge, locate, parseDocuments, readSourceFile, stripByteOrderMark, tooLargeMessage, type LoadProblem, type SourceDocument } from '../../source/index.js';
import type { SourceLocation } from '../../types.js';
import type { FlagSpec } from '../args.js';
import type { DiagnosticLog, Severity } from './diagnostics.js';
import type { CliIo } from '../io.js';

/** `--max-file-size`, shared by the commands that read YAML files. */
export const MAX_FILE_SIZE_FLAG: FlagSpec = {
  name: 'max-file-size',
  type: 'size',
  valueName: 'size',
  defaultText: '64MiB',
  description: 'input files larger than this are reported, not read (bytes, or with a unit: 512KiB, 64MiB, 10MB)',
};

/** A parsed input file. */
export interface LoadedFile {
  /** Absolute path, or `-` for standard input. */
  path: string;
  text: string;
  documents: SourceDocument[];
}

export function reportProblems(log: DiagnosticLog, problems: readonly LoadProblem[]): void {
  for (const problem of problems) log.report(problem);
}

/** Parses `text` as the content of `file`, reporting YAML problems. */
export function parseFile(file: string, text: string, log: DiagnosticLog): LoadedFile {
  const source = stripByteOrderMark(text);
  const parsed = parseDocuments(file, source);
  reportProblems(log, parsed.problems);
  return { path: file, text: source, documents: parsed.documents };
}

/** Reads and parses `file`; a missing, unreadable or too large file is reported and gives `null`. */
export function readFile(file: string, log: DiagnosticLog): LoadedFile | null {
  const read = readSourceFile(file, log.maxFileSize);
  reportProblems(log, read.problems);
  if (read.file === null) return null;
  return parseFile(file, read.file.text, log);
}

/** All of standard input; over the log's size limit it is reported (as file `-`) and reads as empty. */
export async function readStdinText(io: CliIo, log: DiagnosticLog): Promise<string> {
  if (!io.readStdin) return '';
  const read = await io.readStdin(log.maxFileSize);
  if (!isTooLarge(read)) return read;
  log.fileError('-', tooLargeMessage('standard input', read));
  return '';
}

/** The source path of `path` inside a document, accounting for documents expanded from a `kind: List`. */
function documentPath(document: SourceDocument, path: readonly (string | number)[]): (string | number)[] {
  return document.listItem === undefined ? [...path] : ['items', document.listItem, ...path];
}

/** Where `path` (segments or a Kyverno `/a/0/b/` path) is in a document of a loaded file. */
export function locateIn(file: LoadedFile, document: SourceDocument, path: string | readonly (string | number)[]): SourceLocation {
  const segments = typeof path === 'string' ? path.split('/').filter((segment) => segment !== '') : path;
  return locate(file.path, file.text, document.index, documentPath(document, segments));
}

/** Reports `message` at `path` inside a document. */
export function reportAt(
  log: DiagnosticLog,
  file: LoadedFile,
  document: SourceDocument,
  path: readonly (string | number)[],
  message: string,
  severity: Severity = 'error',
): void {
  const location = locateIn(file, document, path);
  log.report({ file: file.path, line: location.line, column: location.column, message, severity });
}
