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
import { type Event } from 'js-yaml';
import type { SourceLocation } from '../types.js';
import { type Segment } from './path-segments.js';
import type { DocumentChunk } from './split.js';
import type { SourceDocument } from './types.js';
/**
 * Records the ranges of `document`, parsed from `body`, the text of `chunk` as
 * `chunkSource` gives it; does nothing for documents whose ranges could differ from `locate()`'s.
 */
export declare function recordRanges(document: SourceDocument, chunk: DocumentChunk, body: string, events: readonly Event[]): void;
/** Shares the table of a `kind: List` document with the items `expandLists` makes of it. */
export declare function shareRanges(from: SourceDocument, to: SourceDocument): void;
/**
 * What `locate(source.file, source.text, document.index, path)` gives, for a document returned by
 * `parseDocuments(source.file, source.text)` (or made of one by `expandLists`), read from the
 * ranges recorded while parsing it when it has them. `path` is counted from the document
 * `parseDocuments` returned: for an item of an expanded `kind: List`, it starts with
 * `['items', listItem]`, as for `locate()`.
 */
export declare function locateInDocument(source: {
    file: string;
    text: string;
}, document: SourceDocument, path: string | readonly Segment[]): SourceLocation;
/** Whether `document` has recorded ranges (otherwise {@link locateInDocument} calls `locate()`). */
export declare function hasRanges(document: SourceDocument): boolean;
