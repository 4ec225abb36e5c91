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
/** Whether the line starting at `lineStart` is a document separator for Kyverno (it starts with `---`). */
export declare function isDocumentSeparator(text: string, lineStart: number): boolean;
/** Splits `text` (without a byte order mark) into its non-empty documents. */
export declare function splitDocuments(text: string): SplitStream;
/**
 * The text Kyverno's YAML parser receives for a chunk: lines end with `\n` (`\r\n` is read as a
 * line break; the last line gets one even at the end of the file).
 */
export declare function chunkSource(text: string, chunk: DocumentChunk): string;
/** 1-based line and column of `offset` in `source` (lines split on `\n`). */
export declare function lineColumn(source: string, offset: number): {
    line: number;
    column: number;
};
export {};
