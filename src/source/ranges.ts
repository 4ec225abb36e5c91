/**
 * @file Source ranges of the nodes of parsed documents, recorded from the js-yaml events
 * `parseDocuments` already reads, so that findings are located without parsing the document
 * again. Only documents whose ranges are known to match `locate()` exactly get a table (no anchors,
 * aliases, tags, merge keys, lone CRs, implicit flow pairs, empty sequence items, comments in flow
 * collections or comment lines after a block scalar, a flow collection or an empty value that ends a
 * collection); {@link locateInDocument} falls back to `locate()` for the others.
 *
 * Comments follow the `yaml` package's parser, which `locate()` uses: a map entry or list item ends
 * where its value ends, and a block collection's value ends where the node of its last value ends. A
 * scalar's node takes in the comment after it on its line and the comment lines right after it that
 * are indented deeper than its collection. Comment lines after the last value of a block collection
 * stay in the collection's node when one of them is indented at least as deep as the collection (not
 * at column 0); otherwise they move up to its parent, which applies the same rule.
 */
import { EVENT_ID, SCALAR_STYLE, getScalarValue, type Event } from 'js-yaml';
import type { SourceLocation } from '../types.js';
import { locate } from './locate.js';
import { segmentsOf, type Segment } from './path-segments.js';
import type { DocumentChunk } from './split.js';
import type { SourceDocument } from './types.js';
import { YamlValueError, objectKey, resolveScalar } from './yaml11.js';
import { lineIndexAt, lineStarts } from './lines.js';

/** A map entry (key start to value end) or a sequence item, and the collection it holds. */
interface Entry {
  start: number;
  end: number;
  node: Collection | null;
}

type Collection = Map<string, Entry> | Entry[];

/** The ranges of one document, offsets counted in its chunk (CRLF read as LF). */
interface DocumentRanges {
  body: string;
  startLine: number;
  root: Collection | null;
  lineStarts: number[] | null;
}

/** What the last value of a collection is, for the comments after it. */
type Last = 'none' | 'scalar' | 'block' | 'other';

interface Frame {
  collection: Collection;
  flow: boolean;
  start: number;
  /** Where the node of the last value (or key) ends. */
  lastEnd: number;
  last: Last;
  key: string | null;
  keyStart: number;
  keyEnd: number;
}

const INDEX = /^(?:0|[1-9][0-9]*)$/;
const tables = new WeakMap<SourceDocument, DocumentRanges>();

class Unsupported extends Error {}

/**
 * Records the ranges of `document`, parsed from `body`, the text of `chunk` as
 * `chunkSource` gives it; does nothing for documents whose ranges could differ from `locate()`'s.
 */
export function recordRanges(
  document: SourceDocument,
  chunk: DocumentChunk,
  body: string,
  events: readonly Event[],
): void {
  // Lone CRs stay in the body (only CRLF is read as LF).
  if (body.includes('\r')) return;
  const { startLine } = chunk;
  let root: Collection | null;
  try {
    root = buildRanges(body, events);
  } catch (error) {
    if (error instanceof Unsupported || error instanceof YamlValueError) return;
    throw error;
  }
  tables.set(document, { body, startLine, root, lineStarts: null });
}

/** Shares the table of a `kind: List` document with the items `expandLists` makes of it. */
export function shareRanges(from: SourceDocument, to: SourceDocument): void {
  const table = tables.get(from);
  if (table !== undefined) tables.set(to, table);
}

function buildRanges(body: string, events: readonly Event[]): Collection | null {
  const frames: Frame[] = [];
  let root: Collection | null = null;
  /** Adds a value whose range ends at `end` and whose node ends at `nodeEnd`. */
  const add = (start: number, end: number, nodeEnd: number, node: Collection | null, last: Last): void => {
    const frame = frames[frames.length - 1];
    if (frame === undefined) {
      root = node;
      return;
    }
    frame.lastEnd = nodeEnd;
    frame.last = last;
    if (Array.isArray(frame.collection)) {
      frame.collection.push({ start, end, node });
    } else {
      frame.collection.set(frame.key as string, { start: frame.keyStart, end, node });
      frame.key = null;
    }
  };
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        if (index > 0) return root;
        break;
      case EVENT_ID.SCALAR: {
        if (event.tagStart !== -1 || event.anchorStart !== -1) throw new Unsupported();
        const frame = frames[frames.length - 1];
        const isKey = frame !== undefined && !Array.isArray(frame.collection) && frame.key === null;
        let start = event.valueStart;
        let end = event.valueEnd;
        let last: Last = 'scalar';
        if (start === -1) {
          last = 'other';
          // An empty value: its range ends just after the colon of its key.
          if (frame === undefined || isKey || Array.isArray(frame.collection)) throw new Unsupported();
          let colon = frame.keyEnd;
          while (body[colon] === ' ' || body[colon] === '\t') colon++;
          if (body[colon] !== ':') throw new Unsupported();
          start = end = colon + 1;
        } else if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED) {
          start--;
          end++;
        } else if (event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK) {
          const from = frame === undefined ? 0 : frame.key === null ? frame.lastEnd : frame.keyEnd;
          start = indicator(body, from, event.valueStart);
          last = 'other';
        }
        if (isKey) {
          const text = getScalarValue(body, event);
          const plain = event.style === SCALAR_STYLE.PLAIN;
          if (plain && text === '<<') throw new Unsupported();
          frame.key = plain ? objectKey(resolveScalar('', text)) : text;
          frame.keyStart = start;
          frame.keyEnd = end;
          frame.lastEnd = end;
        } else {
          add(start, end, end, null, last);
        }
        break;
      }
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        if (event.tagStart !== -1 || event.anchorStart !== -1) throw new Unsupported();
        const parent = frames[frames.length - 1];
        if (parent !== undefined && !Array.isArray(parent.collection) && parent.key === null) throw new Unsupported();
        const isMap = event.type === EVENT_ID.MAPPING;
        const flow = event.style !== 1;
        if (flow && body[event.start] !== (isMap ? '{' : '[')) throw new Unsupported();
        frames.push({
          collection: isMap ? new Map() : [],
          flow,
          start: event.start,
          lastEnd: event.start + 1,
          last: 'none',
          key: null,
          keyStart: -1,
          keyEnd: -1,
        });
        break;
      }
      case EVENT_ID.ALIAS:
        throw new Unsupported();
      case EVENT_ID.POP: {
        const frame = frames.pop();
        if (frame === undefined) return root;
        if (frame.flow) {
          let end = frame.lastEnd;
          while (end < body.length && (body[end] === ',' || /\s/.test(body[end]))) end++;
          if (body[end] !== (Array.isArray(frame.collection) ? ']' : '}')) throw new Unsupported();
          end++;
          add(frame.start, end, end, frame.collection, 'other');
        } else {
          const { end, nodeEnd } = blockEnds(body, frame);
          add(frame.start, end, nodeEnd, frame.collection, 'block');
        }
        break;
      }
    }
  }
  return root;
}

/** Where a block collection's value (`end`) and node (`nodeEnd`) end; see the file comment. */
function blockEnds(body: string, frame: Frame): { end: number; nodeEnd: number } {
  const indent = frame.start - lineStart(body, frame.start);
  let end = frame.lastEnd;
  if (frame.last === 'scalar') {
    end = afterComment(body, end);
    for (let line = commentLine(body, nextLine(body, end)); line !== null && line.indent > indent; line = commentLine(body, line.end + 1)) {
      end = line.end;
    }
  } else if (frame.last !== 'block') {
    end = afterComment(body, end);
  }
  let nodeEnd = end;
  let deepest = -1;
  for (let line = commentLine(body, nextLine(body, end)); line !== null; line = commentLine(body, line.end + 1)) {
    if (frame.last !== 'scalar' && frame.last !== 'block') throw new Unsupported();
    deepest = Math.max(deepest, line.indent);
    nodeEnd = line.end;
  }
  return { end, nodeEnd: indent !== 0 && deepest >= indent ? nodeEnd : end };
}

/**
 * The next comment line from `from` (a line start), blank lines skipped: its indentation (spaces) and
 * where its text ends; null at a content line or the end of the document.
 */
function commentLine(body: string, from: number): { indent: number; end: number } | null {
  for (let start = from; start < body.length; ) {
    const end = lineEnd(body, start);
    let at = start;
    while (at < end && body[at] === ' ') at++;
    if (body[at] === '\t') throw new Unsupported();
    if (at < end) return body[at] === '#' ? { indent: at - start, end } : null;
    start = end + 1;
  }
  return null;
}

/** The value's node takes in a comment after it on its line (a block scalar ends at a line start). */
function afterComment(body: string, end: number): number {
  if (end > 0 && body[end - 1] === '\n') return end;
  let at = end;
  while (body[at] === ' ' || body[at] === '\t') at++;
  return body[at] === '#' ? lineEnd(body, at) : end;
}

/** The start of the line after the one `end` ends on (`end` itself at a line start). */
function nextLine(body: string, end: number): number {
  return end > 0 && body[end - 1] === '\n' ? end : lineEnd(body, end) + 1;
}

function lineEnd(body: string, at: number): number {
  const end = body.indexOf('\n', at);
  return end === -1 ? body.length : end;
}

function lineStart(body: string, at: number): number {
  return body.lastIndexOf('\n', at - 1) + 1;
}

/** The `|` or `>` that starts a block scalar whose content starts at `content`. */
function indicator(body: string, from: number, content: number): number {
  for (let i = from; i < content; i++) {
    const c = body[i];
    if (c === '|' || c === '>') return i;
  }
  throw new Unsupported();
}

function step(node: Collection | null, segments: Segment[], at: number): { entry: Entry; consumed: number } | null {
  if (node === null) return null;
  if (Array.isArray(node)) {
    const segment = segments[at];
    const index = typeof segment === 'number' ? segment : INDEX.test(segment) ? Number(segment) : -1;
    const entry = node[index];
    return entry === undefined ? null : { entry, consumed: 1 };
  }
  let key = '';
  for (let end = at; end < segments.length; end++) {
    key = end === at ? String(segments[at]) : `${key}/${String(segments[end])}`;
    const entry = node.get(key);
    if (entry !== undefined) return { entry, consumed: end - at + 1 };
    if (typeof segments[end] === 'number') break;
  }
  return null;
}

function position(table: DocumentRanges, offset: number): { line: number; column: number } {
  const starts = (table.lineStarts ??= lineStarts(table.body));
  const index = lineIndexAt(starts, offset);
  return { line: table.startLine + index, column: offset - starts[index]! + 1 };
}

/**
 * What `locate(source.file, source.text, document.index, path)` gives, for a document returned by
 * `parseDocuments(source.file, source.text)` (or made of one by `expandLists`), read from the
 * ranges recorded while parsing it when it has them. `path` is counted from the document
 * `parseDocuments` returned: for an item of an expanded `kind: List`, it starts with
 * `['items', listItem]`, as for `locate()`.
 */
export function locateInDocument(
  source: { file: string; text: string },
  document: SourceDocument,
  path: string | readonly Segment[],
): SourceLocation {
  const table = tables.get(document);
  if (table === undefined) return locate(source.file, source.text, document.index, path);
  const { file } = source;
  const segments = segmentsOf(path);
  let node = table.root;
  let found: Entry | null = null;
  for (let at = 0; at < segments.length; ) {
    const next = step(node, segments, at);
    if (next === null) break;
    found = next.entry;
    node = found.node;
    at += next.consumed;
  }
  if (found === null) return { file, line: document.line, column: 1 };
  const { body } = table;
  const startOffset = found.start;
  let endOffset = found.end;
  while (endOffset > startOffset + 1 && /\s/.test(body[endOffset - 1])) endOffset--;
  const start = position(table, startOffset);
  const end = position(table, endOffset);
  return { file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** Whether `document` has recorded ranges (otherwise {@link locateInDocument} calls `locate()`). */
export function hasRanges(document: SourceDocument): boolean {
  return tables.has(document);
}
