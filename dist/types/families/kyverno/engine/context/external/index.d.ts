/**
 * @file Context entries whose data comes from outside the policy (`configMap`, `apiCall`,
 * `globalReference`, `imageRegistry`), resolved offline as the Kyverno CLI resolves them, and the hint
 * added to errors caused by entries that could not be resolved.
 */
export type { ExternalData } from './types.js';
export { ApiCallMocks, type ApiCallMock } from './api-call-mocks.js';
export { GlobalContextStore, type GlobalContextEntryMock } from './global-context.js';
export { enterOfflineScope, hasExternalEntries, leaveOfflineScope, OFFLINE_LOADER_FACTORIES, resolveOfflineEagerly, type OfflineScope, } from './loader-factories.js';
export { UnresolvedEntries, withUnresolvedHint, type ExternalEntryKind } from './unresolved.js';
