/**
 * @file Line starts of a text, for turning offsets into lines and columns: computed once per text by
 * their callers, then searched by bisection.
 */
/** The offsets at which the lines of `text` start (the first is 0; only `\n` ends a line). */
export declare function lineStarts(text: string): number[];
/** The 0-based index of the line holding `offset`, given the text's `lineStarts`. */
export declare function lineIndexAt(starts: readonly number[], offset: number): number;
