/**
 * @file Reads the documents of a YAML or JSON file as Kyverno does (`sigs.k8s.io/yaml` on
 * go-yaml v2, one `---` section at a time), keeping each document's position. Problems are
 * returned, never thrown: a malformed document is reported with its line and column and the
 * other documents of the file are still read.
 */
import { YAMLException, parseEvents } from 'js-yaml';
import { DocumentError, MAX_DEPTH, buildDocument } from './construct.js';
import { stripByteOrderMark } from './byte-order-mark.js';
import { recordRanges, shareRanges } from './ranges.js';
import { chunkSource, lineColumn, splitDocuments, type DocumentChunk } from './split.js';
import type { LoadProblem, SourceDocument } from './types.js';
import { isObject } from '../util/json-value.js';

interface ParsedFile {
  documents: SourceDocument[];
  problems: LoadProblem[];
}

/** js-yaml counts scalars as a nesting level too; the builder enforces {@link MAX_DEPTH} exactly. */
const PARSER_MAX_DEPTH = MAX_DEPTH + 2;
const NESTING_MESSAGE = `document nesting exceeds ${MAX_DEPTH} levels`;

/** Parses every document of `text`; `file` names the file in documents and problems. */
export function parseDocuments(file: string, text: string): ParsedFile {
  const source = stripByteOrderMark(text);
  const { chunks, separatorErrors } = splitDocuments(source);
  const problems: LoadProblem[] = separatorErrors.map((error) => ({ file, ...error, severity: 'error' }));
  const documents: SourceDocument[] = [];
  chunks.forEach((chunk, index) => {
    const body = chunkSource(source, chunk);
    try {
      const events = parseEvents(body, { maxDepth: PARSER_MAX_DEPTH });
      const built = buildDocument(body, events);
      const document: SourceDocument = { file, index, value: built.value, line: chunk.contentLine };
      recordRanges(document, chunk, body, events);
      documents.push(document);
      if (built.hasTrailingDocuments) {
        problems.push({
          file,
          line: chunk.contentLine,
          column: 1,
          message:
            "content after the document end marker '...' is ignored (Kyverno reads one document per '---' section)",
          severity: 'warning',
        });
      }
    } catch (error) {
      problems.push(documentProblem(file, chunk, body, error));
    }
  });
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { documents, problems };
}

function documentProblem(file: string, chunk: DocumentChunk, body: string, error: unknown): LoadProblem {
  let offset: number;
  let message: string;
  if (error instanceof DocumentError) {
    offset = error.offset;
    message = error.message;
  } else if (error instanceof YAMLException) {
    offset = error.mark?.position ?? 0;
    message = error.reason.startsWith('nesting exceeded maxDepth') ? NESTING_MESSAGE : error.reason;
  } else if (error instanceof RangeError) {
    offset = 0;
    message = NESTING_MESSAGE;
  } else {
    throw error;
  }
  // A problem found at the very end (an unclosed collection) is reported on the last line.
  const position = lineColumn(body, Math.min(offset, body.length - 1));
  return { file, line: chunk.startLine + position.line - 1, column: position.column, message, severity: 'error' };
}

/**
 * Replaces every `apiVersion: v1`, `kind: List` document by its `items`, as Kyverno's policy
 * loader does (resources are not expanded). Items keep the list's index and line and record
 * their position in `listItem`.
 */
export function expandLists(documents: readonly SourceDocument[]): SourceDocument[] {
  const expanded: SourceDocument[] = [];
  for (const document of documents) {
    const { value } = document;
    if (!isObject(value) || value.apiVersion !== 'v1' || value.kind !== 'List') {
      expanded.push(document);
      continue;
    }
    const items = Array.isArray(value.items) ? value.items : [];
    items.forEach((item, listItem) => {
      const itemDocument: SourceDocument = { ...document, value: item, listItem };
      shareRanges(document, itemDocument);
      expanded.push(itemDocument);
    });
  }
  return expanded;
}
