/**
 * @file `apiCall` context entries resolved against a cluster (Kyverno `pkg/engine/context/loaders/apicall.go`,
 * `pkg/engine/apicall`): the whole `apiCall` substituted; `urlPath` answered by the cluster (a namespaced
 * Policy may only read its own namespace), a failed call replaced by `default` when given (stored as is,
 * `jmesPath` not applied); `responseType: Text` stores the body as a string; `jmesPath` (substituted)
 * applied to the response; the result merged into the context. `service` calls are HTTP requests to
 * other services: they are not made offline (a Test's `apiCallResponses` answers them instead).
 * Answers are read-only and shared (the cluster keeps them): results of deterministic `jmesPath`
 * expressions are kept per answer, and the encoded (stored) form of what is stored per value.
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { isObject, stringifyJson } from '../../../../../util/json-value.js';
import { compileJmesPath, type CompiledJmesPath } from '../../../../../lang/jmespath/index.js';
import { substituteAll } from '../../variables/index.js';
import type { ContextLoader } from '../deferred.js';
import { encodeSharedEntry, type JsonContext } from '../json-context.js';
import type { ClusterReader } from './types.js';

interface ApiCallLoaderOptions {
  cluster: ClusterReader;
  operation: string;
  /** The namespace of a namespaced Policy (undefined for a ClusterPolicy). */
  policyNamespace: string | undefined;
  /** Called when data was stored. */
  onLoaded?: () => void;
  /** Called with the error when loading failed. */
  onFailed?: (message: string) => void;
}

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

/**
 * `jmesPath` results by answer (the cluster keeps one answer object per request) and expression
 * text: many evaluations search the same answer with the same expression (a list of every Pod, say).
 * Only deterministic expressions are kept, and only results (a failed search is searched again). The
 * results are read-only: the context stores a decoded copy of them.
 */
const searchResults = new WeakMap<JsonObject, Map<string, unknown>>();
/** The most results kept per answer; past it they start over (expressions may embed resource data). */
const MAX_SEARCHES_PER_ANSWER = 256;

/** What an `apiCall` searches: the answer's body, or its JSON text with `responseType: Text`. */
export function answerData(body: JsonObject, text: boolean): JsonValue {
  return text ? stringifyJson(body) : body;
}

/** `compiled.search(data)`, kept per answer object for deterministic expressions. */
export function searchAnswer(compiled: CompiledJmesPath, data: JsonValue): unknown {
  if (!isObject(data) || !compiled.deterministic) return compiled.search(data);
  let results = searchResults.get(data);
  if (results === undefined) {
    results = new Map();
    searchResults.set(data, results);
  }
  if (results.has(compiled.expression)) return results.get(compiled.expression);
  const result = compiled.search(data);
  if (results.size >= MAX_SEARCHES_PER_ANSWER) results.clear();
  results.set(compiled.expression, result);
  return result;
}

export class ApiCallLoader implements ContextLoader {
  /** The fetched response; stays undefined when `default` replaced a failed call. */
  #fetched: JsonValue | undefined;
  /** The request that answered, as the cluster was asked (told how its answer is used). */
  #request: { method: string; urlPath: string; text: boolean } | undefined;

  constructor(
    private readonly entry: ContextEntry & { apiCall: JsonObject },
    private readonly context: JsonContext,
    private readonly options: ApiCallLoaderOptions,
  ) {}

  hasLoaded(): boolean {
    return this.#fetched !== undefined;
  }

  loadData(): void {
    try {
      let data = this.#fetched;
      if (data === undefined) {
        try {
          data = this.#fetch();
          this.#fetched = data;
        } catch (err) {
          const fallback = this.entry.apiCall.default;
          if (fallback === undefined || fallback === null) throw new Error(`failed to fetch data for APICall: ${(err as Error).message}`);
          this.#add(fallback, 'failed to add resource data to context entry');
          this.options.onLoaded?.();
          return;
        }
      }
      this.#store(data);
    } catch (err) {
      this.options.onFailed?.((err as Error).message);
      throw err;
    }
    this.options.onLoaded?.();
  }

  #add(value: unknown, failure: string): void {
    try {
      this.context.addEncodedEntry(this.entry.name, encodeSharedEntry(value));
    } catch (err) {
      throw new Error(`${failure} ${this.entry.name}: ${(err as Error).message}`);
    }
  }

  #fetch(): JsonValue {
    const { name, apiCall } = this.entry;
    let substituted: JsonValue;
    try {
      substituted = substituteAll(apiCall, this.context, { operation: this.options.operation });
    } catch (err) {
      throw new Error(`failed to substitute variables in context entry ${name} ${text(apiCall.urlPath)}: ${(err as Error).message}`);
    }
    const call = isObject(substituted) ? substituted : {};
    const urlPath = text(call.urlPath);
    const method = text(call.method);
    if (urlPath === '') {
      if (!isObject(call.service)) throw new Error(`missing service for APICall ${name}`);
      throw new Error(
        `failed to execute HTTP request for APICall ${name}: ${method || 'GET'} ${text(call.service.url)} is not requested offline`,
      );
    }
    const policyNamespace = this.options.policyNamespace;
    if (policyNamespace !== undefined && !urlPath.includes(`/namespaces/${policyNamespace}/`)) {
      throw new Error(`path ${urlPath} is outside the namespace ${policyNamespace} of the policy`);
    }
    // Every use of the answer is told to the cluster reader (`used`).
    const response = this.options.cluster.request(method || 'GET', urlPath, { reportsUse: true });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const message = typeof response.body.message === 'string' ? response.body.message : `HTTP ${response.statusCode}`;
      throw new Error(`failed to ${method} resource with raw url: ${urlPath}: ${message}`);
    }
    const asText = text(call.responseType) === 'Text';
    this.#request = { method: method || 'GET', urlPath, text: asText };
    return answerData(response.body, asText);
  }

  #store(data: JsonValue): void {
    const { name, apiCall } = this.entry;
    const jmesPath = text(apiCall.jmesPath);
    const request = this.#request;
    if (jmesPath === '') {
      if (request !== undefined) this.options.cluster.used?.(request.method, request.urlPath, null);
      this.#add(data, 'failed to add resource data to context entry');
      return;
    }
    let path: JsonValue;
    try {
      path = substituteAll(jmesPath, this.context, { operation: this.options.operation });
    } catch (err) {
      throw new Error(`failed to substitute variables in context entry ${name} JMESPath ${jmesPath}: ${(err as Error).message}`);
    }
    const expression = text(path);
    let result: unknown;
    try {
      result = searchAnswer(compileJmesPath(expression), data);
    } catch (err) {
      if (request !== undefined) this.options.cluster.used?.(request.method, request.urlPath, { expression, text: request.text, error: (err as Error).message });
      throw new Error(`failed to apply JMESPath ${expression} for context entry ${name}: ${(err as Error).message}`);
    }
    if (request !== undefined) this.options.cluster.used?.(request.method, request.urlPath, { expression, text: request.text, result });
    this.#add(result, 'failed to add APICall results for context entry');
  }
}
