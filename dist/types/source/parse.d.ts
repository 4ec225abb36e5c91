import type { LoadProblem, SourceDocument } from './types.js';
interface ParsedFile {
    documents: SourceDocument[];
    problems: LoadProblem[];
}
/** Parses every document of `text`; `file` names the file in documents and problems. */
export declare function parseDocuments(file: string, text: string): ParsedFile;
/**
 * Replaces every `apiVersion: v1`, `kind: List` document by its `items`, as Kyverno's policy
 * loader does (resources are not expanded). Items keep the list's index and line and record
 * their position in `listItem`.
 */
export declare function expandLists(documents: readonly SourceDocument[]): SourceDocument[];
export {};
