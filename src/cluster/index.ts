/**
 * @file The mocked cluster: Kubernetes objects answering API GETs of URL paths offline, for
 * `configMap` and `apiCall` context entries and namespace labels; the API-server defaulting of built-in kinds.
 */
export { MockCluster, mockedCluster, type ClusterObjects } from './mock-cluster.js';
export { parseApiPath } from './api-path.js';
export { parseLabelSelector, SelectorError } from './label-selector.js';
export { parseFieldSelector } from './field-selector.js';
export { builtinResourceTypes, customResourceType, guessPlural, isCustomResourceDefinition, unsafeGuessPlural } from './resource-types.js';
export { ResourceScopes, type ClusterScopes } from './scopes.js';
export {
  applyApiDefaults,
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_VERSIONS,
  parseKubernetesVersion,
  type KubernetesVersion,
} from './api-defaults/index.js';
