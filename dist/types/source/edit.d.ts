import type { JsonValue } from '../types.js';
import type { LineEdit } from './edit/text.js';
export type { LineEdit } from './edit/text.js';
export { applyEdits } from './edit/text.js';
export { sourceValueFor } from './edit/restore.js';
/**
 * The line edits that turn document `documentIndex` of `text` (numbered as by `parseDocuments`)
 * into `after`. Throws when the document does not exist or does not parse.
 */
export declare function computeEdits(text: string, documentIndex: number, after: JsonValue, loaded?: JsonValue): LineEdit[];
