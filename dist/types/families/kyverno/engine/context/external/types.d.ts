/**
 * @file What the engine is given to resolve `configMap`, `apiCall` and `globalReference` context
 * entries offline, as the Kyverno CLI provides them (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/store/contextloader.go, `ContextLoaderFactory`, `wrapper.Load`): a cluster to
 * read (the fake API server of `kyverno apply`, or of `kyverno test` with `clusterResources`), the
 * `apiCallResponses` mocks of a Test and its `globalContextEntries`.
 */
import type { JsonObject } from '../../../../../types.js';
import type { ApiCallMocks } from './api-call-mocks.js';
import type { GlobalContextStore } from './global-context.js';
/** The answer of a cluster to one API request. */
interface ClusterResponse {
    statusCode: number;
    body: JsonObject;
}
/** A cluster answering API requests by URL path (the mocked cluster implements it). */
export interface ClusterReader {
    request(method: string, urlPath: string): ClusterResponse;
}
/** The data of context entries that come from outside the policy. */
export interface ExternalData {
    /**
     * The cluster that `configMap` entries and `apiCall` entries read. Without it both kinds of entry
     * are left out, as the Kyverno CLI leaves them out without a ConfigMap resolver and API client
     * (`kyverno test` without `clusterResources`).
     */
    cluster?: ClusterReader;
    /** A Test's `apiCallResponses`: `apiCall` entries they answer are resolved from them first. */
    apiCallMocks?: ApiCallMocks;
    /** A Test's `globalContextEntries`: without them `globalReference` entries are left out. */
    globalContext?: GlobalContextStore;
}
export {};
