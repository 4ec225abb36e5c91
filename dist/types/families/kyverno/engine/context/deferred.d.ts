/** Produces the data of one context entry and stores it in the context. */
export interface ContextLoader {
    /** Loads (or reloads) the data into the context; throws on failure. */
    loadData(): void;
    /** Whether a previous `loadData` stored data. */
    hasLoaded(): boolean;
}
/** Tells whether a query mentions a loader's name. */
interface NameMatcher {
    test(query: string): boolean;
}
/**
 * Kyverno's name matcher `(?:\A|\z|\s|[^.0-9A-Za-z])<name>\b` (Go RE2; the name is inserted
 * unescaped, exactly as Kyverno does). Throws when the resulting pattern does not compile.
 */
export declare function loaderMatcher(name: string): NameMatcher;
/** The loaders registered on one JSON context, with their checkpoint levels. */
export declare class DeferredLoaders {
    private level;
    private index;
    private loaders;
    add(matcher: NameMatcher, loader: ContextLoader, level: number): void;
    /** Runs every not yet loaded loader that `query` mentions, in declaration order. */
    loadMatching(query: string, level: number): void;
    /**
     * After the context went back to a checkpoint (`restore`: popped; otherwise reset in place) at
     * `level`: drops loaders declared above it, reloads loaded ones still relevant, drops the ones
     * declared at the level itself.
     */
    reset(restore: boolean, level: number): void;
    private match;
    /** Runs one loader with the level/index restriction in force; false when it failed. */
    private loadData;
}
export {};
