/**
 * @file The JSON context of one (policy, resource) evaluation, with Kyverno's semantics
 * (`pkg/engine/context/context.go`, `evaluate.go`): queries in Kyverno's JMESPath dialect with
 * its error wrapping, map merges (`addJSON`), context entries with the 2 MiB size limit,
 * foreach elements, a checkpoint stack, and deferred loaders.
 *
 * The stored data is never mutated in place: every write copies the objects along its path, so a
 * checkpoint is just the current root and objects handed in by callers are never altered. Query
 * results share structure with the context: treat them as read-only.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { goJsonStringify, setOwnProperty } from '../../util/go-json.js';
import { JmesPathError, type JmesPathErrorKind, compileJmesPath, toPlainJson } from '../jmespath/index.js';
import { type ContextLoader, DeferredLoaders, loaderMatcher } from './deferred.js';
import { splitDottedKey } from './dotted-key.js';
import { goTrimSpace } from './go-trim-space.js';

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

/** Kyverno's `ContextSizeLimitExceededError`. */
export class ContextSizeLimitError extends Error {
  override readonly name = 'ContextSizeLimitError';
}

type Node = Record<string, unknown>;

const isMap = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Kyverno's `mergeMaps(src, dest, overwriteMaps)`, without mutating `dest`. */
function mergeMaps(src: Node, dest: Node, overwriteMaps: boolean): Node {
  const out: Node = { ...dest };
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

export class JsonContext {
  #data: Node;
  readonly #checkpoints: Node[] = [];
  readonly #deferred = new DeferredLoaders();
  #size = 0;

  /** `initial` is adopted as the context object (it is never mutated). */
  constructor(initial: JsonObject = {}) {
    this.#data = initial;
  }

  /**
   * Evaluates a JMESPath query against the context (Kyverno `Query`): deferred loaders the query
   * mentions run first; the result is decoded JSON (Go integers become numbers). Throws
   * `ContextQueryError`.
   */
  query(expression: string): JsonValue {
    return toPlainJson(this.search(expression)) as JsonValue;
  }

  /**
   * As `query`, but returns the raw JMESPath value, Go integers (`bigint`) and typed slices
   * included, as variable substitution needs it.
   */
  search(expression: string): unknown {
    this.#deferred.loadMatching(expression, this.#checkpoints.length);
    const query = goTrimSpace(expression);
    if (query === '') throw new ContextQueryError('syntax', 'invalid query (nil)');
    let compiled;
    try {
      compiled = compileJmesPath(query);
    } catch (err) {
      if (err instanceof JmesPathError) throw new ContextQueryError('syntax', `incorrect query ${query}: ${err.message}`);
      throw err;
    }
    try {
      return compiled.search(this.#data);
    } catch (err) {
      if (err instanceof JmesPathError) throw new ContextQueryError(err.kind, `JMESPath query failed: ${err.message}`);
      throw err;
    }
  }

  /** Merges `data` into the context root (Kyverno `addJSON`); `overwriteMaps` replaces nested maps. */
  merge(data: Node, overwriteMaps = false): void {
    this.#data = mergeMaps(data, this.#data, overwriteMaps);
  }

  /**
   * Kyverno `AddVariable`: the key is split on `.` (CSV quoting: `"a.b".c`) and the value merged
   * in at that path. Throws Go's csv error for a malformed key.
   */
  addAtPath(dottedKey: string, value: unknown): void {
    this.merge(push(value, splitDottedKey(dottedKey)));
  }

  /** Kyverno `AddContextEntry`: stores the JSON form of `value` under `name`, merging maps. */
  addContextEntry(name: string, value: unknown): void {
    const decoded = this.#countEntry(value);
    this.merge(push(decoded, [name]));
  }

  /** Kyverno `ReplaceContextEntry`: stores the JSON form of `value` under `name`, replacing it. */
  replaceContextEntry(name: string, value: unknown): void {
    const decoded = this.#countEntry(value);
    this.merge(push(null, [name]));
    this.merge(push(decoded, [name]));
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

  /** Kyverno `AddResource`: `request.object` is replaced by `resource`. */
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
    this.#deferred.add(loaderMatcher(name), loader, this.#checkpoints.length);
  }

  /** Pushes the current state on the checkpoint stack. */
  checkpoint(): void {
    this.#checkpoints.push(this.#data);
  }

  /** Returns to the last checkpoint and removes it (no-op without checkpoint). */
  restore(): void {
    const top = this.#checkpoints.pop();
    if (top === undefined) return;
    this.#data = top;
    this.#deferred.reset(true, this.#checkpoints.length);
  }

  /** Returns to the last checkpoint and keeps it (no-op without checkpoint). */
  reset(): void {
    const top = this.#checkpoints[this.#checkpoints.length - 1];
    if (top === undefined) return;
    this.#data = top;
    this.#deferred.reset(false, this.#checkpoints.length);
  }

  /** Encodes an entry as Go JSON, enforces the cumulative size limit, returns the decoded form. */
  #countEntry(value: unknown): unknown {
    const json = goJsonStringify(value);
    const size = this.#size + Buffer.byteLength(json, 'utf8');
    if (size > MAX_CONTEXT_SIZE) {
      throw new ContextSizeLimitError(
        `context size limit exceeded: ${size} bytes exceeds limit of ${MAX_CONTEXT_SIZE} bytes`,
      );
    }
    this.#size = size;
    return JSON.parse(json) as unknown;
  }

  /** Kyverno's `clearLeafValue` followed by a merge at `tags`: the leaf is replaced. */
  #replaceAt(tags: readonly string[], value: unknown): void {
    const replace = (node: Node, depth: number): Node => {
      const out: Node = { ...node };
      const key = tags[depth]!;
      if (depth === tags.length - 1) {
        setOwnProperty(out, key, value);
      } else {
        const child = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
        setOwnProperty(out, key, isMap(child) ? replace(child, depth + 1) : push(value, tags.slice(depth + 1)));
      }
      return out;
    };
    this.#data = replace(this.#data, 0);
  }
}
