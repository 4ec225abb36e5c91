import type { JsonValue } from '../../types.js';
/** A replacement of the characters `[from, to)` by `text`. */
export interface CharEdit {
    from: number;
    to: number;
    text: string;
}
/**
 * A replacement of the lines `startLine..endLine` (1-based, inclusive) of the original text.
 * `replacement` is the new text of those lines including their line breaks: `''` removes the
 * lines, and it ends without a line break only where the last original line had none.
 */
export interface LineEdit {
    startLine: number;
    endLine: number;
    replacement: string;
}
export declare function eolOf(text: string): string;
/** How the document being edited lays out block collections, so that new lines look like the others. */
export interface BlockStyle {
    /** Spaces per nesting level of mappings. */
    indent: number;
    /** Whether a sequence under a key is indented (`key:\n  - a`) rather than not (`key:\n- a`). */
    indentSeq: boolean;
}
export declare const DEFAULT_STYLE: BlockStyle;
/**
 * The text of `value` for a slot: `pair` is what follows a key's `:`, `item` what follows a
 * dash (continuation lines indented from `column`); `block` is entries (mapping keys or sequence
 * items) at `column`; `root` a whole document. No trailing line break.
 */
export declare function renderEntry(kind: 'pair' | 'item' | 'block' | 'root', value: JsonValue, column: number, eol: string, style?: BlockStyle): string;
/**
 * A single-line rendering of a scalar in the quoting style of the scalar it replaces
 * (`PLAIN` scalars get whatever style reads back right), or `null` when none fits on one line.
 */
export declare function renderInlineString(type: string | undefined, value: JsonValue): string | null;
/** Groups non-overlapping character edits of `text` into edits of whole lines. */
export declare function toLineEdits(text: string, edits: CharEdit[]): LineEdit[];
/** Applies line edits (as {@link toLineEdits} makes them: disjoint) to `text`. */
export declare function applyEdits(text: string, edits: LineEdit[]): string;
