/**
 * @file Maps a resource path (Kyverno style `/spec/containers/0/image/`, or segments) to a
 * source range. The file is split exactly as `parseDocuments` splits it, and only the document
 * asked for is parsed, lazily, with the `yaml` package (source ranges kept); a small LRU cache
 * keeps recently located files so many findings in one file parse it once.
 */
import { type Document } from 'yaml';
import type { SourceLocation } from '../types.js';
import { type Segment } from './path-segments.js';
/** The JSON object key parseDocuments gives a key node, or `null` for keys that have none. */
export declare function keyOf(document: Document, node: unknown): string | null;
/**
 * The source range of the deepest node that exists along `path` in document `documentIndex`
 * (numbered as by `parseDocuments`) of `file`, whose content is `text`. A map entry spans its key
 * and value; with no matching node the location is the document's first content line.
 * Lines and columns are 1-based; `endColumn` is the column just after the last character.
 */
export declare function locate(file: string, text: string, documentIndex: number, path: string | readonly Segment[]): SourceLocation;
