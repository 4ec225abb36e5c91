/**
 * @file The loaders of `configMap`, `apiCall`, `globalReference` and `imageRegistry` context entries,
 * decided as the Kyverno CLI decides them (kyverno/kyverno cmd/cli/kubectl-kyverno/store/contextloader.go,
 * `ContextLoaderFactory` and `wrapper.Load`; pkg/engine/factories/contextloaderfactory.go,
 * `contextLoader.newLoader`, which leaves out an entry it has no client or store for): `configMap` and
 * `apiCall` entries need the cluster (a `service` call then fails offline unless a mock answered it),
 * `globalReference` entries need the Test's global context entries, `imageRegistry` entries are left out
 * (Kyverno without `--registry`) unless image data is given or required (`ExternalData.imageData`,
 * `imageDataRequired`): they are then loaded from it, and a failed load errors the rule. An entry left out is
 * not registered; it, and an entry whose loader fails, is recorded as unresolved.
 *
 * The factories are shared by every evaluation: what they work with (the data, the operation, the
 * policy namespace, where to record unresolved entries) is the scope entered with `enterOfflineScope`
 * around the registration of a context's entries (registration is synchronous; the loaders keep what
 * they need).
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { JsonObject } from '../../../../../types.js';
import type { ContextLoader } from '../deferred.js';
import type { JsonContext } from '../json-context.js';
import { resolveMockedApiCalls } from './api-call-mocks.js';
import { ApiCallLoader } from './api-call-loader.js';
import { ConfigMapLoader } from './config-map-loader.js';
import { GlobalReferenceLoader } from './global-reference-loader.js';
import { ImageRegistryLoader } from './image-registry-loader.js';
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

let current: OfflineScope | undefined;

/**
 * Makes `scope` the one the factories use until `leaveOfflineScope` is given the returned value (the
 * scope entered before, restored then).
 */
export function enterOfflineScope(scope: OfflineScope): OfflineScope | undefined {
  const previous = current;
  current = scope;
  return previous;
}

export function leaveOfflineScope(previous: OfflineScope | undefined): void {
  current = previous;
}

function currentScope(): OfflineScope {
  if (current === undefined) throw new TypeError('offline context loaders used outside enterOfflineScope');
  return current;
}

/** Records `entry` as left out and leaves it out. */
function leaveOut(scope: OfflineScope, entry: ContextEntry, kind: ExternalEntryKind, reason: string): undefined {
  scope.unresolved.record(entry, kind, reason);
  return undefined;
}

/** The loader callbacks that keep the unresolved entries of `scope` up to date. */
function callbacks(scope: OfflineScope, entry: ContextEntry, kind: ExternalEntryKind) {
  const { unresolved } = scope;
  return {
    onLoaded: () => unresolved.resolved(entry.name),
    onFailed: (message: string) => unresolved.record(entry, kind, message),
  };
}

/** The factories of the external entry types, for `ContextEntryOptions.externalLoaders`. */
export const OFFLINE_LOADER_FACTORIES: Readonly<Record<ExternalEntryKind, OfflineLoaderFactory>> = {
  configMap(entry, context) {
    if (!entry.configMap) return undefined;
    const scope = currentScope();
    const cluster = scope.data?.cluster;
    if (cluster === undefined) return leaveOut(scope, entry, 'configMap', 'no cluster resources were given');
    const { operation, policyNamespace } = scope;
    const configMapEntry = entry as ContextEntry & { configMap: NonNullable<ContextEntry['configMap']> };
    return new ConfigMapLoader(configMapEntry, context, { cluster, operation, policyNamespace, ...callbacks(scope, entry, 'configMap') });
  },
  apiCall(entry, context) {
    if (!entry.apiCall) return undefined;
    const scope = currentScope();
    const cluster = scope.data?.cluster;
    if (cluster === undefined) return leaveOut(scope, entry, 'apiCall', 'no cluster resources were given');
    const { operation, policyNamespace } = scope;
    const apiCallEntry = entry as ContextEntry & { apiCall: JsonObject };
    return new ApiCallLoader(apiCallEntry, context, { cluster, operation, policyNamespace, ...callbacks(scope, entry, 'apiCall') });
  },
  globalReference(entry, context) {
    if (!entry.globalReference) return undefined;
    const scope = currentScope();
    const store = scope.data?.globalContext;
    if (store === undefined) return leaveOut(scope, entry, 'globalReference', 'the test has no globalContextEntries');
    const referenceEntry = entry as ContextEntry & { globalReference: JsonObject };
    return new GlobalReferenceLoader(referenceEntry, context, { store, operation: scope.operation, ...callbacks(scope, entry, 'globalReference') });
  },
  imageRegistry(entry, context) {
    if (!entry.imageRegistry) return undefined;
    const scope = currentScope();
    const store = scope.data?.imageData;
    // Without image data the Kyverno CLI leaves the entry out; the scan needs the data, and errors the rule without it.
    if (store === undefined && scope.data?.imageDataRequired !== true) return leaveOut(scope, entry, 'imageRegistry', 'registry data is not fetched offline');
    const registryEntry = entry as ContextEntry & { imageRegistry: JsonObject };
    const { unresolved } = scope;
    return new ImageRegistryLoader(registryEntry, context, {
      store,
      operation: scope.operation,
      onLoaded: () => unresolved.resolved(entry.name),
      onFailed: (message) => unresolved.fail(entry, 'imageRegistry', message, store === undefined),
    });
  },
};

/**
 * For `ContextEntryOptions.resolveEagerly`: resolves the `apiCall` entries a Test's
 * `apiCallResponses` answer, before any entry is registered, and returns the entries left to
 * register. Throws when Kyverno fails the context.
 */
export function resolveOfflineEagerly(entries: readonly ContextEntry[], context: JsonContext): readonly ContextEntry[] {
  const scope = currentScope();
  const mocks = scope.data?.apiCallMocks;
  if (mocks === undefined || mocks.size === 0) return entries;
  return resolveMockedApiCalls(entries, context, mocks, scope.operation);
}

const EXTERNAL_KINDS: readonly ExternalEntryKind[] = ['configMap', 'apiCall', 'globalReference', 'imageRegistry'];

/** Whether entries hold external entries, by entries list (policy data, never mutated). */
const externalEntries = new WeakMap<readonly ContextEntry[], boolean>();

/** Whether any of `entries` is a `configMap`, `apiCall`, `globalReference` or `imageRegistry` entry. */
export function hasExternalEntries(entries: readonly ContextEntry[]): boolean {
  let found = externalEntries.get(entries);
  if (found === undefined) {
    found = entries.some((entry) => EXTERNAL_KINDS.some((kind) => entry[kind] !== undefined && entry[kind] !== null));
    externalEntries.set(entries, found);
  }
  return found;
}
