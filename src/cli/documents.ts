/**
 * @file Reading YAML/JSON input files for the CLI: the file's text and documents (via source/), every
 * problem reported as a diagnostic, and positions of paths inside a document for messages.
 */
import { locate, parseDocuments, readSourceFile, stripByteOrderMark, type LoadProblem, type SourceDocument } from '../source/index.js';
import type { SourceLocation } from '../types.js';
import type { DiagnosticLog, Severity } from './diagnostics.js';

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

/** Reads and parses `file`; a missing or unreadable file is reported and gives `null`. */
export function readFile(file: string, log: DiagnosticLog): LoadedFile | null {
  const read = readSourceFile(file);
  reportProblems(log, read.problems);
  if (read.file === null) return null;
  return parseFile(file, read.file.text, log);
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
