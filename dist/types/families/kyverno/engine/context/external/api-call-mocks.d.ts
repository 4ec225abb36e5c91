/**
 * @file A Test's `apiCallResponses` and how the Kyverno CLI resolves `apiCall` context entries from
 * them (`cmd/cli/kubectl-kyverno/store/contextloader.go`): when a Test has mocks, every `apiCall` entry
 * of a context is substituted first, before any other entry of that context is registered; one a mock
 * answers (by `METHOD:url`, then by `url`) is stored at once (merged, `jmesPath` applied, `default`
 * unused), a non-2xx mock fails the whole context; the others go the normal way.
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { ApiCallResponses } from './types.js';
import type { JsonValue } from '../../../../../types.js';
import type { JsonContext } from '../json-context.js';
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
export declare class ApiCallMocks {
    #private;
    constructor(mocks: readonly ApiCallMock[]);
    get size(): number;
    /** The mock answering `method url`: by `METHOD:url` first, then by `url`. */
    lookup(method: string, url: string): MockResponse | undefined;
}
/**
 * Resolves the `apiCall` entries of `entries` that a mock answers, storing their data in `context`,
 * and returns the entries left to register normally (in order). Throws the error Kyverno fails the
 * context with: a substitution failure in any `apiCall` entry, a non-2xx mock, a failed `jmesPath`.
 */
export declare function resolveMockedApiCalls(entries: readonly ContextEntry[], context: JsonContext, mocks: ApiCallResponses, operation: string): ContextEntry[];
export {};
