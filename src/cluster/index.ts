/**
 * @file The mocked cluster: Kubernetes objects answering API GETs of URL paths offline, for
 * `configMap` and `apiCall` context entries and namespace labels.
 */
export { MockCluster, mockedCluster, type ClusterObjects } from './mock-cluster.js';
export { parseApiPath, type ApiPath } from './api-path.js';
export { parseLabelSelector, SelectorError, type LabelPredicate } from './label-selector.js';
export { parseFieldSelector, type FieldPredicate } from './field-selector.js';
export { builtinResourceTypes, customResourceType, guessPlural, isCustomResourceDefinition, splitApiVersion, type ResourceType } from './resource-types.js';
export { statusMessage, type ApiResponse } from './status.js';
export { NO_CLUSTER_SCOPES, ResourceScopes, type ClusterScopes } from './scopes.js';
