/**
 * @file A Test's `apiCallResponses` and how the Kyverno CLI resolves `apiCall` context entries from
 * them (`cmd/cli/kubectl-kyverno/store/contextloader.go`): when a Test has mocks, every `apiCall` entry
 * of a context is substituted first, before any other entry of that context is registered; one a mock
 * answers (by `METHOD:url`, then by `url`) is stored at once (merged, `jmesPath` applied, `default`
 * unused), a non-2xx mock fails the whole context; the others go the normal way.
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { ApiCallResponses } from './types.js';
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { compileJmesPath } from '../../../../../lang/jmespath/index.js';
import { substituteAll } from '../../variables/index.js';
import type { JsonContext } from '../json-context.js';
import { isObject } from '../../../../../util/json-value.js';

/** One `apiCallResponses` entry. */
export interface ApiCallMock {
  /** `url` (an http(s) URL, for `service.url`) or `urlPath` (for `urlPath`). */
  url: string;
  /** `GET` or `POST`; empty matches any method. */
  method?: string;
  /** Default 200. */
  statusCode?: number;
  body: JsonValue;
}

interface MockResponse {
  statusCode: number;
  body: JsonValue;
}

/** The mocks of one Test, indexed as Kyverno indexes them (a later entry with the same key wins). */
export class ApiCallMocks {
  readonly #index = new Map<string, MockResponse>();

  constructor(mocks: readonly ApiCallMock[]) {
    for (const mock of mocks) {
      const url = mock.url.trim();
      const method = (mock.method ?? '').trim().toUpperCase();
      const statusCode = mock.statusCode === undefined || mock.statusCode === 0 ? 200 : mock.statusCode;
      this.#index.set(method === '' ? url : `${method}:${url}`, { statusCode, body: mock.body });
    }
  }

  get size(): number {
    return this.#index.size;
  }

  /** The mock answering `method url`: by `METHOD:url` first, then by `url`. */
  lookup(method: string, url: string): MockResponse | undefined {
    if (method !== '') {
      const exact = this.#index.get(`${method}:${url}`);
      if (exact !== undefined) return exact;
    }
    return this.#index.get(url);
  }
}

/** The URL an `apiCall` addresses: `service.url` when a service is given, else `urlPath`. */
function apiCallUrl(apiCall: JsonObject): string {
  if (isObject(apiCall.service)) return typeof apiCall.service.url === 'string' ? apiCall.service.url : '';
  return typeof apiCall.urlPath === 'string' ? apiCall.urlPath : '';
}

/** Go `%q` of a string (the mock errors quote names and expressions so). */
function quote(text: string): string {
  return JSON.stringify(text);
}

/**
 * Resolves the `apiCall` entries of `entries` that a mock answers, storing their data in `context`,
 * and returns the entries left to register normally (in order). Throws the error Kyverno fails the
 * context with: a substitution failure in any `apiCall` entry, a non-2xx mock, a failed `jmesPath`.
 */
export function resolveMockedApiCalls(
  entries: readonly ContextEntry[],
  context: JsonContext,
  mocks: ApiCallResponses,
  operation: string,
): ContextEntry[] {
  if (mocks.size === 0) return [...entries];
  const remaining: ContextEntry[] = [];
  for (const entry of entries) {
    const apiCall = entry.apiCall;
    if (apiCall === undefined || apiCall === null) {
      remaining.push(entry);
      continue;
    }
    let substituted: JsonValue;
    try {
      substituted = substituteAll(apiCall, context, { operation });
    } catch (err) {
      throw new Error(`failed to substitute variables in apiCall context entry ${quote(entry.name)}: ${(err as Error).message}`);
    }
    const call = isObject(substituted) ? substituted : {};
    const url = apiCallUrl(call);
    const method = typeof call.method === 'string' && call.method !== '' ? call.method : 'GET';
    const mock = url === '' ? undefined : mocks.lookup(method, url);
    if (mock === undefined) {
      remaining.push(entry);
      continue;
    }
    if (mock.statusCode < 200 || mock.statusCode >= 300) {
      throw new Error(`HTTP ${mock.statusCode} from apiCall mock for context entry ${quote(entry.name)} (v1 apiCall treats non-2xx as failure)`);
    }
    let data: unknown = mock.body;
    const jmesPath = typeof call.jmesPath === 'string' ? call.jmesPath : '';
    if (jmesPath !== '') {
      try {
        data = compileJmesPath(jmesPath).search(mock.body);
      } catch (err) {
        throw new Error(`failed to apply JMESPath ${quote(jmesPath)} for context entry ${quote(entry.name)}: ${(err as Error).message}`);
      }
    }
    context.addContextEntry(entry.name, data);
  }
  return remaining;
}
