import type { ContextEntry } from '../../../policy/types.js';
import type { ContextLoader } from '../deferred.js';
import { type JsonContext } from '../json-context.js';
import type { ClusterReader } from './types.js';
interface ConfigMapLoaderOptions {
    cluster: ClusterReader;
    operation: string;
    /** The namespace of a namespaced Policy (undefined for a ClusterPolicy). */
    policyNamespace: string | undefined;
    /** Called when the data was stored. */
    onLoaded?: () => void;
    /** Called with the error when loading failed. */
    onFailed?: (message: string) => void;
}
export declare class ConfigMapLoader implements ContextLoader {
    #private;
    private readonly entry;
    private readonly context;
    private readonly options;
    constructor(entry: ContextEntry & {
        configMap: NonNullable<ContextEntry['configMap']>;
    }, context: JsonContext, options: ConfigMapLoaderOptions);
    hasLoaded(): boolean;
    loadData(): void;
}
export {};
