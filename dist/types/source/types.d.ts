/**
 * @file Data types of the source loader: documents read from YAML/JSON files and the problems
 * found while reading them.
 */
import type { JsonValue } from '../types.js';
/** One YAML document of a file, converted to JSON as Kyverno sees it (`sigs.k8s.io/yaml`). */
export interface SourceDocument {
    file: string;
    /**
     * Position of the document in the file, counting the documents Kyverno reads (the non-empty
     * `---`-separated chunks, malformed ones included); `locate()` takes the same index.
     */
    index: number;
    value: JsonValue;
    /** 1-based line of the document's first content line (not blank, not a comment). */
    line: number;
    /**
     * Set on documents produced by `expandLists`: the document is `items[listItem]` of the
     * `kind: List` document `index`; source paths inside it start with `['items', listItem]`.
     */
    listItem?: number;
}
/** Something wrong with an input file, named by its 1-based line and column. */
export interface LoadProblem {
    file: string;
    line: number;
    column: number;
    message: string;
    severity: 'error' | 'warning';
}
