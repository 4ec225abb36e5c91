/**
 * @file `globalReference` context entries (Kyverno `pkg/engine/context/loaders/globalcontext.go`): the
 * reference substituted, its name split on `.` into the global context entry and an optional
 * projection, the value read from the store, `jmesPath` applied when given, the result merged into the
 * context. As in Kyverno, the loader never reports itself loaded, so it reloads after a context reset.
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { JsonObject } from '../../../../../types.js';
import type { ContextLoader } from '../deferred.js';
import type { JsonContext } from '../json-context.js';
import type { GlobalContextReader } from './types.js';
interface GlobalReferenceLoaderOptions {
    store: GlobalContextReader;
    operation: string;
    /** Called when the data was stored. */
    onLoaded?: () => void;
    /** Called with the error when loading failed. */
    onFailed?: (message: string) => void;
}
export declare class GlobalReferenceLoader implements ContextLoader {
    #private;
    private readonly entry;
    private readonly context;
    private readonly options;
    constructor(entry: ContextEntry & {
        globalReference: JsonObject;
    }, context: JsonContext, options: GlobalReferenceLoaderOptions);
    hasLoaded(): boolean;
    loadData(): void;
}
export {};
