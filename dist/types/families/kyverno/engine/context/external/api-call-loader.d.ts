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
import type { JsonObject } from '../../../../../types.js';
import type { ContextLoader } from '../deferred.js';
import { type JsonContext } from '../json-context.js';
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
export declare class ApiCallLoader implements ContextLoader {
    #private;
    private readonly entry;
    private readonly context;
    private readonly options;
    constructor(entry: ContextEntry & {
        apiCall: JsonObject;
    }, context: JsonContext, options: ApiCallLoaderOptions);
    hasLoaded(): boolean;
    loadData(): void;
}
export {};
