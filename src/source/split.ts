/**
 * @file Splits a YAML stream into documents the way Kyverno does before parsing
 * (`ext/yaml.SplitDocuments` over `k8s.io/apimachinery` `YAMLReader`): line-based, a line starting
 * with `---` ends the current document (only blanks or a comment may follow the marker on that
 * line), and documents made only of blank and comment lines are dropped (`IsEmptyDocument`).
 * Each document is then parsed on its own, so a malformed one does not affect the others.
 */
import { isGoSpace } from '../util/go-strings.js';

/** A non-empty document of the stream: a range of whole lines. */
export interface DocumentChunk {
  /** Offset of the document's first line. */
  start: number;
  /** Offset just past its last line (line break included). */
  end: number;
  /** 1-based line of the first line of the chunk. */
  startLine: number;
  /** 1-based line of the first line that is neither blank nor a comment. */
  contentLine: number;
}

/** A `---` line followed by something other than a comment (Kyverno refuses the file). */
interface SeparatorError {
  line: number;
  column: number;
  message: string;
}

interface SplitStream {
  chunks: DocumentChunk[];
  separatorErrors: SeparatorError[];
}

const NEWLINE = 10;
const DASH = 45;
const HASH = 35;
const CRLF = /\r\n/g;

function firstNonSpace(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && isGoSpace(text.charCodeAt(i))) i++;
  return i;
}

function lastNonSpace(text: string, from: number, to: number): number {
  let i = to;
  while (i > from && isGoSpace(text.charCodeAt(i - 1))) i--;
  return i;
}

/** Whether the line starting at `lineStart` is a document separator for Kyverno (it starts with `---`). */
export function isDocumentSeparator(text: string, lineStart: number): boolean {
  return text.charCodeAt(lineStart) === DASH && text.charCodeAt(lineStart + 1) === DASH && text.charCodeAt(lineStart + 2) === DASH;
}

/** Splits `text` (without a byte order mark) into its non-empty documents. */
export function splitDocuments(text: string): SplitStream {
  const chunks: DocumentChunk[] = [];
  const separatorErrors: SeparatorError[] = [];
  let chunkStart = -1;
  let chunkLine = 0;
  let contentLine = 0;
  const close = (end: number): void => {
    if (chunkStart !== -1 && contentLine !== 0) {
      chunks.push({ start: chunkStart, end, startLine: chunkLine, contentLine });
    }
    chunkStart = -1;
  };
  let pos = 0;
  let line = 1;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    const lineEnd = newline === -1 ? text.length : newline;
    const next = newline === -1 ? text.length : newline + 1;
    if (isDocumentSeparator(text, pos)) {
      const restStart = firstNonSpace(text, pos + 3, lineEnd);
      if (restStart < lineEnd && text.charCodeAt(restStart) !== HASH) {
        const rest = text.slice(restStart, lastNonSpace(text, restStart, lineEnd));
        separatorErrors.push({
          line,
          column: restStart - pos + 1,
          message: `invalid Yaml document separator: ${rest}`,
        });
      }
      close(pos);
    } else {
      if (chunkStart === -1) {
        chunkStart = pos;
        chunkLine = line;
        contentLine = 0;
      }
      if (contentLine === 0) {
        const first = firstNonSpace(text, pos, lineEnd);
        if (first < lineEnd && text.charCodeAt(first) !== HASH) contentLine = line;
      }
    }
    pos = next;
    line++;
  }
  close(text.length);
  return { chunks, separatorErrors };
}

/**
 * The text Kyverno's YAML parser receives for a chunk: lines end with `\n` (`\r\n` is read as a
 * line break; the last line gets one even at the end of the file).
 */
export function chunkSource(text: string, chunk: DocumentChunk): string {
  let source = text.slice(chunk.start, chunk.end);
  if (source.includes('\r')) source = source.replace(CRLF, '\n');
  return source.charCodeAt(source.length - 1) === NEWLINE ? source : `${source}\n`;
}

/** 1-based line and column of `offset` in `source` (lines split on `\n`). */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
