/**
 * @file Rule and foreach `context` entries (Kyverno `pkg/engine/factories/contextloaderfactory.go`,
 * `pkg/engine/context/loaders/variable.go`), registered as deferred loaders in declaration order.
 *
 * `variable` entries are evaluated here. `configMap`, `apiCall`, `globalReference` and
 * `imageRegistry` entries need data from outside the policy: the Kyverno CLI leaves them out unless
 * it has that data, and so does this module unless `ContextEntryOptions.externalLoaders` provides a
 * factory for the entry's type that gives a loader (see `./external/` for the offline ones).
 * `ContextEntryOptions.resolveEagerly` resolves entries before any is registered, as the Kyverno CLI
 * does with the `apiCallResponses` mocks of a Test.
 */
import type { ContextEntry } from '../../policy/types.js';
import type { ContextLoader } from './deferred.js';
import { type JsonContext } from './json-context.js';
/** Entry types whose data comes from outside the policy. */
type ExternalEntryType = 'configMap' | 'apiCall' | 'globalReference' | 'imageRegistry';
/**
 * Builds the loader of one external entry (it stores the entry's data with `addContextEntry`), or
 * gives `undefined` to leave the entry out: it is then not registered, as in Kyverno.
 */
type ExternalLoaderFactory = (entry: ContextEntry, context: JsonContext) => ContextLoader | undefined;
interface ContextEntryOptions {
    /** `request.operation`, forwarded to variable substitution. */
    operation?: string;
    /** Loaders for external entry types; an entry of a type without a factory is not registered. */
    externalLoaders?: Partial<Record<ExternalEntryType, ExternalLoaderFactory>>;
    /**
     * Stores the data of the entries it can resolve at once, before any entry is registered, and
     * returns the entries left to register (in order); throws to fail the whole context.
     */
    resolveEagerly?: (entries: readonly ContextEntry[], context: JsonContext) => readonly ContextEntry[];
}
/**
 * Registers the loaders of `entries` on `context`, in order (Kyverno `contextLoader.Load` with
 * deferred loading). Throws `failed to create deferred loader for context entry <name>` for an
 * entry of no known type or whose name is not a valid matcher; callers report it as
 * `failed to load context: ...`.
 */
export declare function registerContextEntries(context: JsonContext, entries: readonly ContextEntry[], options?: ContextEntryOptions): void;
export {};
