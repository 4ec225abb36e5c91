/**
 * @file The value a source document should hold so that, loaded again, it gives a mutated resource.
 *
 * The CLI's loader normalises resources before the engine sees them (namespace `default`, `null`
 * label-like maps made `{}`; `../resource.ts`), and the engine's patched resource carries those
 * normalisations. Writing the patched resource back as is would add `namespace: default` and turn
 * `labels: null` into `labels: {}` in the user's file. {@link sourceValueFor} keeps the document's own
 * value wherever the mutation did not change what the loader produced, and takes the patched value
 * where it did: a three-way merge of (document, loaded, patched).
 */
import type { JsonValue } from '../../types.js';
/**
 * The value for a source document that read as `raw`, was loaded as `loaded` (normalised) and
 * mutated into `patched`: `raw` where the mutation left the loaded value alone, `patched` elsewhere.
 */
export declare function sourceValueFor(raw: JsonValue, loaded: JsonValue, patched: JsonValue): JsonValue;
