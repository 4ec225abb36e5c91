/**
 * @file The loaders of `configMap`, `apiCall`, `globalReference` and `imageRegistry` context entries,
 * decided as the Kyverno CLI decides them (kyverno/kyverno cmd/cli/kubectl-kyverno/store/contextloader.go,
 * `ContextLoaderFactory` and `wrapper.Load`; pkg/engine/factories/contextloaderfactory.go,
 * `contextLoader.newLoader`, which leaves out an entry it has no client or store for): `configMap` and
 * `apiCall` entries need the cluster (a `service` call then fails offline unless a mock answered it),
 * `globalReference` entries need the Test's global context entries, `imageRegistry` entries are always
 * left out (Kyverno without `--registry`). An entry left out is not registered; it, and an entry whose
 * loader fails, is recorded as unresolved.
 *
 * The factories are shared by every evaluation: what they work with (the data, the operation, the
 * policy namespace, where to record unresolved entries) is the scope entered with `enterOfflineScope`
 * around the registration of a context's entries (registration is synchronous; the loaders keep what
 * they need).
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { ContextLoader } from '../deferred.js';
import type { JsonContext } from '../json-context.js';
import type { ExternalData } from './types.js';
import type { ExternalEntryKind, UnresolvedEntries } from './unresolved.js';
/** Builds the loader of one entry, or `undefined` to leave the entry out (not registered). */
type OfflineLoaderFactory = (entry: ContextEntry, context: JsonContext) => ContextLoader | undefined;
/** What the loaders of one rule evaluation work with. */
export interface OfflineScope {
    /** The external data; none: every external entry is left out. */
    data: ExternalData | undefined;
    /** `request.operation`, for variable substitution. */
    operation: string;
    /** The namespace of a namespaced Policy (undefined for a ClusterPolicy). */
    policyNamespace: string | undefined;
    /** Receives the entries that were left out or failed. */
    unresolved: UnresolvedEntries;
}
/**
 * Makes `scope` the one the factories use until `leaveOfflineScope` is given the returned value (the
 * scope entered before, restored then).
 */
export declare function enterOfflineScope(scope: OfflineScope): OfflineScope | undefined;
export declare function leaveOfflineScope(previous: OfflineScope | undefined): void;
/** The factories of the external entry types, for `ContextEntryOptions.externalLoaders`. */
export declare const OFFLINE_LOADER_FACTORIES: Readonly<Record<ExternalEntryKind, OfflineLoaderFactory>>;
/**
 * For `ContextEntryOptions.resolveEagerly`: resolves the `apiCall` entries a Test's
 * `apiCallResponses` answer, before any entry is registered, and returns the entries left to
 * register. Throws when Kyverno fails the context.
 */
export declare function resolveOfflineEagerly(entries: readonly ContextEntry[], context: JsonContext): readonly ContextEntry[];
/** Whether any of `entries` is a `configMap`, `apiCall`, `globalReference` or `imageRegistry` entry. */
export declare function hasExternalEntries(entries: readonly ContextEntry[]): boolean;
export {};
