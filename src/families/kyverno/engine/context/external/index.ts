/**
 * @file Context entries whose data comes from outside the policy (`configMap`, `apiCall`,
 * `globalReference`, `imageRegistry`), resolved offline as the Kyverno CLI resolves them, and the hint
 * added to errors caused by entries that could not be resolved.
 */
export type { ClusterReader, ClusterResponse, ExternalData } from './types.js';
export { ApiCallMocks, apiCallUrl, resolveMockedApiCalls, type ApiCallMock } from './api-call-mocks.js';
export { GlobalContextStore, type GlobalContextEntryMock } from './global-context.js';
export { ApiCallLoader } from './api-call-loader.js';
export { ConfigMapLoader } from './config-map-loader.js';
export { GlobalReferenceLoader } from './global-reference-loader.js';
export {
  enterOfflineScope,
  hasExternalEntries,
  leaveOfflineScope,
  OFFLINE_LOADER_FACTORIES,
  resolveOfflineEagerly,
  type OfflineLoaderFactory,
  type OfflineScope,
} from './loader-factories.js';
export {
  describeLookup,
  remedyFor,
  unresolvedHint,
  UnresolvedEntries,
  withUnresolvedHint,
  type ExternalEntryKind,
  type UnresolvedEntry,
} from './unresolved.js';
