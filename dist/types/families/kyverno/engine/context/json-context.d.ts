/**
 * @file The JSON context of one (policy, resource) evaluation, with Kyverno's semantics
 * (`pkg/engine/context/context.go`, `evaluate.go`): queries in Kyverno's JMESPath dialect with
 * its error wrapping, map merges (`addJSON`), context entries with the 2 MiB size limit,
 * foreach elements, a checkpoint stack, and deferred loaders.
 *
 * The stored data is never mutated in place: every write copies the objects along its path, so a
 * checkpoint is just the current root and objects handed in by callers are never altered. Query
 * results share structure with the context, and the decoded form of an entry encoded once may be stored
 * by many contexts (`encodeSharedEntry`): treat them as read-only.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { type JmesPathErrorKind } from '../../../../lang/jmespath/index.js';
import { type ContextLoader } from './deferred.js';
/** Kyverno's `DefaultMaxContextSize`: cumulative raw size of context entries, in bytes. */
export declare const MAX_CONTEXT_SIZE: number;
/**
 * A failed context query, with Kyverno's text: `JMESPath query failed: <err>` for evaluation
 * errors, `incorrect query <q>: <err>` for compile errors. `kind` tells a NotFound apart.
 */
export declare class ContextQueryError extends Error {
    readonly kind: JmesPathErrorKind;
    readonly name = "ContextQueryError";
    constructor(kind: JmesPathErrorKind, message: string);
}
/** A failed query as `JsonContext.trySearch` reports it: what `ContextQueryError` would carry. */
export declare class QueryFailure {
    readonly kind: JmesPathErrorKind;
    readonly message: string;
    constructor(kind: JmesPathErrorKind, message: string);
}
/** Kyverno's `ContextSizeLimitExceededError`. */
export declare class ContextSizeLimitError extends Error {
    readonly name = "ContextSizeLimitError";
}
type Node = Record<string, unknown>;
/**
 * A context entry's value as the context stores it: its Go JSON encoding, the encoding's size in bytes
 * (what counts against `MAX_CONTEXT_SIZE`) and the decoded form. The decoded form is stored as is:
 * an encoding made once for a value that does not change can serve any number of contexts.
 */
export interface EncodedEntry {
    readonly json: string;
    readonly bytes: number;
    readonly decoded: unknown;
}
/**
 * `encodeContextEntry(value)`, made once per object: for values that are never mutated, which many
 * evaluations store (answers of the mocked cluster, values of policies, parts of resources).
 */
export declare function encodeSharedEntry(value: unknown): EncodedEntry;
export declare class JsonContext {
    #private;
    /** `initial` is adopted as the context object (it is never mutated). */
    constructor(initial?: JsonObject);
    /**
     * Evaluates a JMESPath query against the context (Kyverno `Query`): deferred loaders the query
     * mentions run first; the result is decoded JSON (Go integers become numbers, exact `bigint`s
     * beyond 2^53). Throws `ContextQueryError`.
     */
    query(expression: string): JsonValue;
    /**
     * As `query`, but returns the raw JMESPath value, Go integers (`bigint`) and typed slices
     * included, as variable substitution needs it.
     */
    search(expression: string): unknown;
    /**
     * As `search`, but a failed query comes back as a `QueryFailure` (with the message `search` would
     * throw) instead of an error, for callers that only wrap it into their own.
     */
    trySearch(expression: string): unknown;
    /** Merges `data` into the context root (Kyverno `addJSON`); `overwriteMaps` replaces nested maps. */
    merge(data: Node, overwriteMaps?: boolean): void;
    /**
     * Kyverno `AddVariable`: the key is split on `.` (CSV quoting: `"a.b".c`) and the value merged
     * in at that path (JSON-decoded values: integers beyond 2^53 are rounded to float64). Throws Go's
     * csv error for a malformed key.
     */
    addAtPath(dottedKey: string, value: unknown): void;
    /** Kyverno `AddContextEntry`: stores the JSON form of `value` under `name`, merging maps. */
    addContextEntry(name: string, value: unknown): void;
    /** As `addContextEntry`, with the value encoded already (`encodeContextEntry`). */
    addEncodedEntry(name: string, entry: EncodedEntry): void;
    /**
     * Kyverno `ReplaceContextEntry`: stores the JSON form of `value` under `name`, replacing it.
     * `json` is `goJsonStringify(value)`, when the caller has it already.
     */
    replaceContextEntry(name: string, value: unknown, json?: string): void;
    /** As `replaceContextEntry`, with the value encoded already (`encodeContextEntry`). */
    replaceEncodedEntry(name: string, entry: EncodedEntry): void;
    /**
     * Kyverno `AddElement`: `element`, `element<N>`, `elementIndex`, `elementIndex<N>` (Go integers)
     * at the root, replacing previous elements.
     */
    addElement(element: JsonValue, index: number, nesting: number): void;
    /**
     * Kyverno `AddResource`: `request.object` is replaced by `resource`, as it is (integers beyond 2^53
     * stay Go int64 values, `bigint`s, as in the map the CLI hands to `AddResource`).
     */
    setResource(resource: JsonObject): void;
    /** Kyverno `AddOldResource`: `request.oldObject` is replaced by `resource`. */
    setOldResource(resource: JsonObject): void;
    /** Kyverno `SetTargetResource`: `target` is replaced by `resource`. */
    setTargetResource(resource: JsonObject): void;
    /**
     * Registers a deferred loader at the current checkpoint level: it runs when a query mentions
     * `name` as a top-level identifier. Throws when `name` does not make a valid matcher pattern.
     */
    registerDeferred(name: string, loader: ContextLoader): void;
    /** The current data: shared, never mutated by the context; treat it as read-only. */
    snapshot(): JsonObject;
    /** Pushes the current state on the checkpoint stack. */
    checkpoint(): void;
    /** Returns to the last checkpoint and removes it (no-op without checkpoint). */
    restore(): void;
    /** Returns to the last checkpoint and keeps it (no-op without checkpoint). */
    reset(): void;
}
export {};
