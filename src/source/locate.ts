/**
 * @file Maps a resource path (Kyverno style `/spec/containers/0/image/`, or segments) to a
 * source range. The file is split exactly as `parseDocuments` splits it, and only the document
 * asked for is parsed, lazily, with the `yaml` package (source ranges kept); a small LRU cache
 * keeps recently located files so many findings in one file parse it once.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair } from 'yaml';
import type { SourceLocation } from '../types.js';
import { stripByteOrderMark } from './byte-order-mark.js';
import { segmentsOf, type Segment } from './path-segments.js';
import { splitDocuments, type DocumentChunk } from './split.js';
import { YamlValueError, objectKey, resolveScalar, shortTag } from './yaml11.js';
import { lineIndexAt, lineStarts } from './lines.js';

interface LocatedFile {
  text: string;
  source: string;
  chunks: DocumentChunk[];
  lineStarts: number[] | null;
  documents: Map<number, Document | null>;
  /** Characters of the documents parsed so far (their trees cost far more than their text). */
  parsedChars: number;
}

/** At most this many files are kept, and their parsed documents at most this many characters. */
const CACHE_FILES = 16;
const CACHE_PARSED_CHARS = 4_000_000;
/** Merge keys nested deeper than this are not followed (guards against alias cycles). */
const MAX_MERGE_DEPTH = 32;
const INDEX = /^(?:0|[1-9][0-9]*)$/;
const cache = new Map<string, LocatedFile>();

function locatedFile(file: string, text: string): LocatedFile {
  const cached = cache.get(file);
  if (cached !== undefined && cached.text === text) {
    cache.delete(file);
    cache.set(file, cached);
    return cached;
  }
  const source = stripByteOrderMark(text);
  const entry: LocatedFile = {
    text,
    source,
    chunks: splitDocuments(source).chunks,
    lineStarts: null,
    documents: new Map(),
    parsedChars: 0,
  };
  cache.delete(file);
  cache.set(file, entry);
  evict(entry);
  return entry;
}

/** Drops the least recently used files beyond the cache limits (never the one in use). */
function evict(current: LocatedFile): void {
  let parsedChars = 0;
  for (const entry of cache.values()) parsedChars += entry.parsedChars;
  for (const [file, entry] of cache) {
    if (entry === current || (cache.size <= CACHE_FILES && parsedChars <= CACHE_PARSED_CHARS)) break;
    cache.delete(file);
    parsedChars -= entry.parsedChars;
  }
}

function parsedChunk(entry: LocatedFile, index: number, chunk: DocumentChunk): Document | null {
  let document = entry.documents.get(index);
  if (document === undefined) {
    try {
      document = parseDocument(entry.source.slice(chunk.start, chunk.end), {
        schema: 'failsafe',
        uniqueKeys: false,
        strict: false,
      });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      document = null;
    }
    entry.documents.set(index, document);
    entry.parsedChars += chunk.end - chunk.start;
    evict(entry);
  }
  return document;
}

function position(entry: LocatedFile, offset: number): { line: number; column: number } {
  const starts = (entry.lineStarts ??= lineStarts(entry.source));
  const index = lineIndexAt(starts, offset);
  return { line: index + 1, column: offset - starts[index]! + 1 };
}

/** The JSON object key parseDocuments gives a key node, or `null` for keys that have none. */
export function keyOf(document: Document, node: unknown): string | null {
  const target = isAlias(node) ? node.resolve(document) : node;
  if (!isScalar(target) || typeof target.value !== 'string') return null;
  const tag = target.tag === undefined ? '' : shortTag(target.tag);
  if (tag === '' && target.type !== 'PLAIN') return target.value;
  try {
    return objectKey(resolveScalar(tag, target.value));
  } catch (error) {
    if (error instanceof YamlValueError) return null;
    throw error;
  }
}

function isMergeKey(node: unknown): boolean {
  if (!isScalar(node) || node.value !== '<<') return false;
  return node.tag === undefined ? node.type === 'PLAIN' : ['!', 'tag:yaml.org,2002:merge'].includes(node.tag);
}

/**
 * The pair that gives `key` its value, with go-yaml v2 merge semantics: a later pair or merge
 * overrides earlier ones; within a merge list the first source holding the key wins.
 */
function findPair(document: Document, map: unknown, key: string, depth: number): Pair | null {
  const node = isAlias(map) ? map.resolve(document) : map;
  if (!isMap(node) || depth > MAX_MERGE_DEPTH) return null;
  let found: Pair | null = null;
  for (const pair of node.items) {
    if (isMergeKey(pair.key)) {
      const value = isAlias(pair.value) ? pair.value.resolve(document) : pair.value;
      const sources = isSeq(value) ? value.items : [value];
      for (const source of sources) {
        const merged = findPair(document, source, key, depth + 1);
        if (merged !== null) {
          found = merged;
          break;
        }
      }
    } else if (keyOf(document, pair.key) === key) {
      found = pair as Pair;
    }
  }
  return found;
}

interface Step {
  node: unknown;
  start: number;
  end: number;
  consumed: number;
}

/** One step down the path from `node`: a map key may span several `/`-separated segments. */
function step(document: Document, current: unknown, segments: Segment[], at: number): Step | null {
  const node = isAlias(current) ? current.resolve(document) : current;
  if (isMap(node)) {
    let key = '';
    for (let end = at; end < segments.length; end++) {
      key = end === at ? String(segments[at]) : `${key}/${String(segments[end])}`;
      const pair = findPair(document, node, key, 0);
      if (pair !== null) {
        const keyRange = (pair.key as Node).range;
        const valueRange = (pair.value as Node | null)?.range ?? keyRange;
        if (!keyRange || !valueRange) return null;
        return { node: pair.value, start: keyRange[0], end: valueRange[1], consumed: end - at + 1 };
      }
      if (typeof segments[end] === 'number') break;
    }
    return null;
  }
  if (isSeq(node)) {
    const segment = segments[at];
    const index = typeof segment === 'number' ? segment : INDEX.test(segment) ? Number(segment) : -1;
    const item = node.items[index] as Node | undefined;
    if (item?.range == null) return null;
    return { node: item, start: item.range[0], end: item.range[1], consumed: 1 };
  }
  return null;
}

/** The deepest node along a path: the node, its range (a map entry spans its key and value), how many segments it took. */
interface Walked {
  node: unknown;
  /** The collection holding `node` (null for the document's root). */
  parent: unknown;
  range: [number, number] | null;
  consumed: number;
}

function walkPath(document: Document, segments: Segment[]): Walked {
  let node: unknown = document.contents;
  let parent: unknown = null;
  let range: [number, number] | null = null;
  let at = 0;
  while (at < segments.length) {
    const next = step(document, node, segments, at);
    if (next === null) break;
    parent = isAlias(node) ? node.resolve(document) : node;
    node = next.node;
    range = [next.start, next.end];
    at += next.consumed;
  }
  return { node, parent, range, consumed: at };
}

/**
 * The source range of the deepest node that exists along `path` in document `documentIndex`
 * (numbered as by `parseDocuments`) of `file`, whose content is `text`. A map entry spans its key
 * and value; with no matching node the location is the document's first content line.
 * Lines and columns are 1-based; `endColumn` is the column just after the last character.
 */
export function locate(
  file: string,
  text: string,
  documentIndex: number,
  path: string | readonly Segment[],
): SourceLocation {
  const entry = locatedFile(file, text);
  const chunk = entry.chunks[documentIndex];
  if (chunk === undefined) return { file, line: 1, column: 1 };
  const documentStart: SourceLocation = { file, line: chunk.contentLine, column: 1 };
  const segments = segmentsOf(path);
  // The document itself is located without parsing it.
  if (segments.length === 0) return documentStart;
  const document = parsedChunk(entry, documentIndex, chunk);
  if (document === null) return documentStart;
  const { range } = walkPath(document, segments);
  if (range === null) return documentStart;
  const startOffset = chunk.start + range[0];
  let endOffset = chunk.start + range[1];
  while (endOffset > startOffset + 1 && /\s/.test(entry.source[endOffset - 1])) endOffset--;
  const start = position(entry, startOffset);
  const end = position(entry, endOffset);
  return { file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** A node found by {@link nodeAt}, with what is needed to read its source. */
export interface LocatedNode {
  /** The `yaml` node (parsed with the failsafe schema). */
  node: unknown;
  /** The text the node's ranges count in (the file without its byte order mark), and where its document starts. */
  source: string;
  documentStart: number;
  /**
   * The indentation of the block collection holding the node (the column, from 0, of its first key or `-`), -1
   * at the document's root: what a block scalar's indentation indicator is added to (go-yaml `parser.indent`).
   */
  parentIndent: number;
  /** 1-based line and column of an offset of `source`. */
  position(offset: number): { line: number; column: number };
}

/**
 * The node at `path` in document `documentIndex` of `file` (whose content is `text`), from the same cached parse
 * as {@link locate}; null when the path does not lead to a node, including an alias (its target is elsewhere).
 */
export function nodeAt(file: string, text: string, documentIndex: number, path: readonly Segment[]): LocatedNode | null {
  const entry = locatedFile(file, text);
  const chunk = entry.chunks[documentIndex];
  if (chunk === undefined) return null;
  const document = parsedChunk(entry, documentIndex, chunk);
  if (document === null) return null;
  const walked = walkPath(document, [...path]);
  if (walked.consumed !== path.length || walked.node === null || isAlias(walked.node)) return null;
  const parentStart = (walked.parent as Node | null)?.range?.[0];
  let parentIndent = -1;
  if (parentStart !== undefined) {
    const at = chunk.start + parentStart;
    parentIndent = at - (entry.source.lastIndexOf('\n', at - 1) + 1);
  }
  return {
    node: walked.node,
    source: entry.source,
    documentStart: chunk.start,
    parentIndent,
    position: (offset) => position(entry, offset),
  };
}
