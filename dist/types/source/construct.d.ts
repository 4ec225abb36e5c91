/**
 * @file Builds the JSON value of one YAML document from js-yaml parser events, the way Kyverno
 * gets it from `sigs.k8s.io/yaml` (go-yaml v2 decoding into `interface{}`, then JSON):
 * YAML 1.1 scalars, go-yaml v2 merge keys (`<<` overrides keys set before it; earlier sources of
 * a merge list win), aliases expanded into independent copies, go-yaml v2's "excessive aliasing"
 * limit computed from memoised node counts (an alias bomb is rejected before anything is copied),
 * non-scalar keys and non-finite numbers rejected as JSON conversion does, and nesting (aliases
 * expanded) limited to {@link MAX_DEPTH} levels. Iterative over the input; only copies of aliased
 * values recurse, at most {@link MAX_DEPTH} levels deep.
 */
import { type Event } from 'js-yaml';
import type { JsonValue } from '../types.js';
/** Deepest nesting of collections accepted in a document, alias expansion included. */
export declare const MAX_DEPTH = 512;
/** A document that cannot be converted; `offset` is where, in the parsed text. */
export declare class DocumentError extends Error {
    readonly offset: number;
    constructor(message: string, offset: number);
}
/** The value of the first document of an event stream. */
interface BuiltDocument {
    value: JsonValue;
    /** The stream holds further documents (after `...`), which go-yaml's `Unmarshal` ignores. */
    hasTrailingDocuments: boolean;
}
/**
 * Builds the first document of `events` (parsed from `source`). Throws {@link DocumentError}.
 */
export declare function buildDocument(source: string, events: readonly Event[]): BuiltDocument;
export {};
