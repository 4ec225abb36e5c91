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
import { goJsonStringify, setOwnProperty } from '../../../../util/go-json.js';
import { extensibleCopy, toFloat64Numbers } from '../../../../util/json-value.js';
import {
  type CompiledJmesPath,
  JmesPathError,
  type JmesPathErrorKind,
  NotFound,
  compileJmesPath,
  notFoundMessage,
  toPlainJson,
} from '../../../../lang/jmespath/index.js';
import { referenceEvaluation } from '../evaluation-mode.js';
import { type ContextLoader, DeferredLoaders, loaderMatcher } from './deferred.js';
import { splitDottedKey } from './dotted-key.js';
import { goTrimSpace } from '../../../../util/go-strings.js';

/** Kyverno's `DefaultMaxContextSize`: cumulative raw size of context entries, in bytes. */
export const MAX_CONTEXT_SIZE = 2 * 1024 * 1024;

/**
 * A failed context query, with Kyverno's text: `JMESPath query failed: <err>` for evaluation
 * errors, `incorrect query <q>: <err>` for compile errors. `kind` tells a NotFound apart.
 */
export class ContextQueryError extends Error {
  override readonly name = 'ContextQueryError';

  constructor(
    readonly kind: JmesPathErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** A failed query as `JsonContext.trySearch` reports it: what `ContextQueryError` would carry. */
export class QueryFailure {
  constructor(
    readonly kind: JmesPathErrorKind,
    readonly message: string,
  ) {}
}

/**
 * A query prepared once for any number of contexts (`prepareQuery`): its text as written (deferred
 * loaders match on it), and the compiled query or the failure compiling it gave.
 */
export class PreparedQuery {
  constructor(
    readonly expression: string,
    readonly compiled: CompiledJmesPath | QueryFailure,
  ) {}
}

/** `JsonContext.trySearch(expression)`'s compilation step, done once: callers hold the result. */
export function prepareQuery(expression: string): PreparedQuery {
  const query = goTrimSpace(expression);
  if (query === '') return new PreparedQuery(expression, new QueryFailure('syntax', 'invalid query (nil)'));
  try {
    return new PreparedQuery(expression, compileJmesPath(query));
  } catch (err) {
    if (err instanceof JmesPathError) return new PreparedQuery(expression, new QueryFailure('syntax', `incorrect query ${query}: ${err.message}`));
    throw err;
  }
}

/** The failure of a query that ended in a NotFound, made once per NotFound marker of compiled queries. */
const notFoundFailures = new WeakMap<NotFound, QueryFailure>();

function notFoundFailure(result: NotFound): QueryFailure {
  let failure = notFoundFailures.get(result);
  if (failure === undefined) {
    failure = new QueryFailure('notFound', `JMESPath query failed: ${notFoundMessage(result.key)}`);
    notFoundFailures.set(result, failure);
  }
  return failure;
}

/** Kyverno's `ContextSizeLimitExceededError`. */
export class ContextSizeLimitError extends Error {
  override readonly name = 'ContextSizeLimitError';
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

/** Encodes a context entry's value (`json`: `goJsonStringify(value)`, when the caller has it). Throws `GoJsonError`. */
function encodeContextEntry(value: unknown, json = goJsonStringify(value)): EncodedEntry {
  return { json, bytes: Buffer.byteLength(json, 'utf8'), decoded: decodesToItself(value) ? value : (JSON.parse(json) as unknown) };
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Whether the decoded Go JSON encoding of `value` is `value` itself: null, booleans, (finite) numbers,
 * which Go writes with round-trip digits, and strings without UTF-16 surrogates (a lone one becomes
 * U+FFFD).
 */
function decodesToItself(value: unknown): boolean {
  switch (typeof value) {
    case 'number':
    case 'boolean':
      return true;
    case 'string':
      return !SURROGATE.test(value);
    default:
      return value === null;
  }
}

/** Encodings of values that never change, by value. */
const sharedEncodings = new WeakMap<object, EncodedEntry>();

/**
 * `encodeContextEntry(value)`, made once per object: for values that are never mutated, which many
 * evaluations store (answers of the mocked cluster, values of policies, parts of resources).
 */
export function encodeSharedEntry(value: unknown): EncodedEntry {
  if (typeof value !== 'object' || value === null) return encodeContextEntry(value);
  let encoded = sharedEncodings.get(value);
  if (encoded === undefined) {
    encoded = encodeContextEntry(value);
    sharedEncodings.set(value, encoded);
  }
  return encoded;
}

const isMap = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Kyverno's `mergeMaps(src, dest, overwriteMaps)`, without mutating `dest`. */
function mergeMaps(src: Node, dest: Node, overwriteMaps: boolean): Node {
  const out: Node = extensibleCopy(dest);
  for (const key of Object.keys(src)) {
    const value = src[key];
    if (!overwriteMaps && isMap(value)) {
      const existing = Object.prototype.hasOwnProperty.call(out, key) ? out[key] : undefined;
      setOwnProperty(out, key, isMap(existing) ? mergeMaps(value, existing, false) : value);
    } else {
      setOwnProperty(out, key, value);
    }
  }
  return out;
}

/** Kyverno's `push`: wraps `value` into nested single-key objects along `tags`. */
function push(value: unknown, tags: readonly string[]): Node {
  let data = value;
  for (let i = tags.length - 1; i >= 0; i--) {
    const wrapper: Node = {};
    setOwnProperty(wrapper, tags[i]!, data);
    data = wrapper;
  }
  return data as Node;
}

/** A copy of `node` with the value at `tags[depth..]` replaced by `value` (maps created as needed). */
function replaceIn(node: Node, tags: readonly string[], depth: number, value: unknown): Node {
  const out: Node = extensibleCopy(node);
  const key = tags[depth]!;
  if (depth === tags.length - 1) {
    setOwnProperty(out, key, value);
  } else {
    const child = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    setOwnProperty(out, key, isMap(child) ? replaceIn(child, tags, depth + 1, value) : push(value, tags.slice(depth + 1)));
  }
  return out;
}

interface Checkpoint {
  readonly data: Node;
  readonly below: Checkpoint | null;
}

export class JsonContext {
  #data: Node;
  /** The checkpoint stack, as a list from its top (contexts are many and their stacks shallow). */
  #checkpoints: Checkpoint | null = null;
  #depth = 0;
  readonly #deferred = new DeferredLoaders();
  #size = 0;

  /** `initial` is adopted as the context object (it is never mutated). */
  constructor(initial: JsonObject = {}) {
    this.#data = initial;
  }

  /**
   * Evaluates a JMESPath query against the context (Kyverno `Query`): deferred loaders the query
   * mentions run first; the result is decoded JSON (Go integers become numbers, exact `bigint`s
   * beyond 2^53). Throws `ContextQueryError`.
   */
  query(expression: string): JsonValue {
    return toPlainJson(this.search(expression), true) as JsonValue;
  }

  /**
   * As `query`, but returns the raw JMESPath value, Go integers (`bigint`) and typed slices
   * included, as variable substitution needs it.
   */
  search(expression: string): unknown {
    const result = this.trySearch(expression);
    if (result instanceof QueryFailure) throw new ContextQueryError(result.kind, result.message);
    return result;
  }

  /**
   * As `search`, but a failed query comes back as a `QueryFailure` (with the message `search` would
   * throw) instead of an error, for callers that only wrap it into their own.
   */
  trySearch(expression: string): unknown {
    this.#deferred.loadMatching(expression, this.#depth);
    const query = goTrimSpace(expression);
    if (query === '') return new QueryFailure('syntax', 'invalid query (nil)');
    let compiled;
    try {
      compiled = compileJmesPath(query);
    } catch (err) {
      if (err instanceof JmesPathError) return new QueryFailure('syntax', `incorrect query ${query}: ${err.message}`);
      throw err;
    }
    let result: unknown;
    try {
      result = referenceEvaluation() ? compiled.interpret(this.#data) : compiled.evaluate(this.#data);
    } catch (err) {
      if (err instanceof JmesPathError) return new QueryFailure(err.kind, `JMESPath query failed: ${err.message}`);
      throw err;
    }
    if (result instanceof NotFound) return new QueryFailure('notFound', `JMESPath query failed: ${notFoundMessage(result.key)}`);
    return result;
  }

  /**
   * As `trySearch(query.expression)`, with the query compiled already (`prepareQuery`): the compiled
   * evaluation, which the reference interpreter stands in for when in force.
   */
  trySearchPrepared(query: PreparedQuery): unknown {
    if (referenceEvaluation()) return this.trySearch(query.expression);
    this.#deferred.loadMatching(query.expression, this.#depth);
    const compiled = query.compiled;
    if (compiled instanceof QueryFailure) return compiled;
    let result: unknown;
    try {
      result = compiled.evaluate(this.#data);
    } catch (err) {
      if (err instanceof JmesPathError) return new QueryFailure(err.kind, `JMESPath query failed: ${err.message}`);
      throw err;
    }
    return result instanceof NotFound ? notFoundFailure(result) : result;
  }

  /** Merges `data` into the context root (Kyverno `addJSON`); `overwriteMaps` replaces nested maps. */
  merge(data: Node, overwriteMaps = false): void {
    this.#data = mergeMaps(data, this.#data, overwriteMaps);
  }

  /**
   * Kyverno `AddVariable`: the key is split on `.` (CSV quoting: `"a.b".c`) and the value merged
   * in at that path (JSON-decoded values: integers beyond 2^53 are rounded to float64). Throws Go's
   * csv error for a malformed key.
   */
  addAtPath(dottedKey: string, value: unknown): void {
    this.merge(push(toFloat64Numbers(value as JsonValue), splitDottedKey(dottedKey)));
  }

  /** Kyverno `AddContextEntry`: stores the JSON form of `value` under `name`, merging maps. */
  addContextEntry(name: string, value: unknown): void {
    this.addEncodedEntry(name, encodeContextEntry(value));
  }

  /** As `addContextEntry`, with the value encoded already (`encodeContextEntry`). */
  addEncodedEntry(name: string, entry: EncodedEntry): void {
    this.#count(entry);
    this.merge(push(entry.decoded, [name]));
  }

  /**
   * Kyverno `ReplaceContextEntry`: stores the JSON form of `value` under `name`, replacing it.
   * `json` is `goJsonStringify(value)`, when the caller has it already.
   */
  replaceContextEntry(name: string, value: unknown, json?: string): void {
    this.replaceEncodedEntry(name, encodeContextEntry(value, json));
  }

  /** As `replaceContextEntry`, with the value encoded already (`encodeContextEntry`). */
  replaceEncodedEntry(name: string, entry: EncodedEntry): void {
    this.#count(entry);
    // Kyverno merges `null` at `name`, then the value: in one copy, the entry is simply replaced.
    const out: Node = extensibleCopy(this.#data);
    setOwnProperty(out, name, entry.decoded);
    this.#data = out;
  }

  /**
   * Kyverno `AddElement`: `element`, `element<N>`, `elementIndex`, `elementIndex<N>` (Go integers)
   * at the root, replacing previous elements.
   */
  addElement(element: JsonValue, index: number, nesting: number): void {
    const data: Node = {};
    setOwnProperty(data, 'element', element);
    setOwnProperty(data, `element${nesting}`, element);
    setOwnProperty(data, 'elementIndex', BigInt(index));
    setOwnProperty(data, `elementIndex${nesting}`, BigInt(index));
    this.merge(data, true);
  }

  /**
   * Kyverno `AddResource`: `request.object` is replaced by `resource`, as it is (integers beyond 2^53
   * stay Go int64 values, `bigint`s, as in the map the CLI hands to `AddResource`).
   */
  setResource(resource: JsonObject): void {
    this.#replaceAt(['request', 'object'], resource);
  }

  /** Kyverno `AddOldResource`: `request.oldObject` is replaced by `resource`. */
  setOldResource(resource: JsonObject): void {
    this.#replaceAt(['request', 'oldObject'], resource);
  }

  /** Kyverno `SetTargetResource`: `target` is replaced by `resource`. */
  setTargetResource(resource: JsonObject): void {
    this.#replaceAt(['target'], resource);
  }

  /**
   * Registers a deferred loader at the current checkpoint level: it runs when a query mentions
   * `name` as a top-level identifier. Throws when `name` does not make a valid matcher pattern.
   */
  registerDeferred(name: string, loader: ContextLoader): void {
    this.#deferred.add(loaderMatcher(name), loader, this.#depth);
  }

  /** The current data: shared, never mutated by the context; treat it as read-only. */
  snapshot(): JsonObject {
    return this.#data as JsonObject;
  }

  /** Pushes the current state on the checkpoint stack. */
  checkpoint(): void {
    this.#checkpoints = { data: this.#data, below: this.#checkpoints };
    this.#depth++;
  }

  /** Returns to the last checkpoint and removes it (no-op without checkpoint). */
  restore(): void {
    const top = this.#checkpoints;
    if (top === null) return;
    this.#checkpoints = top.below;
    this.#depth--;
    this.#data = top.data;
    this.#deferred.reset(true, this.#depth);
  }

  /** Returns to the last checkpoint and keeps it (no-op without checkpoint). */
  reset(): void {
    const top = this.#checkpoints;
    if (top === null) return;
    this.#data = top.data;
    this.#deferred.reset(false, this.#depth);
  }

  /** Enforces the cumulative size limit of context entries with one more entry. */
  #count(entry: EncodedEntry): void {
    const size = this.#size + entry.bytes;
    if (size > MAX_CONTEXT_SIZE) {
      throw new ContextSizeLimitError(
        `context size limit exceeded: ${size} bytes exceeds limit of ${MAX_CONTEXT_SIZE} bytes`,
      );
    }
    this.#size = size;
  }

  /** Kyverno's `clearLeafValue` followed by a merge at `tags`: the leaf is replaced. */
  #replaceAt(tags: readonly string[], value: unknown): void {
    this.#data = replaceIn(this.#data, tags, 0, value);
  }
}
