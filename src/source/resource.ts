/**
 * @file The Kyverno CLI's normalisation of loaded resources (`cmd/cli/kubectl-kyverno/resource`):
 * the namespace `default` for namespaced kinds, `null` label/annotation-like maps made empty,
 * and the key that detects duplicate resources.
 */
import type { JsonObject, JsonValue } from '../types.js';
import { isObject } from '../util/json-value.js';

/** A JSON object with string `apiVersion` and `kind`. */
export type KubernetesObject = JsonObject & { apiVersion: string; kind: string };

/**
 * Cluster-scoped kinds of the CLI's built-in discovery data (`cli/data/api-group-resources.json`),
 * by API group then kind. Any other kind, custom resources included, is namespaced.
 */
const CLUSTER_SCOPED: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    '': ['Namespace', 'Node', 'PersistentVolume', 'ComponentStatus'],
    'rbac.authorization.k8s.io': ['ClusterRole', 'ClusterRoleBinding'],
    'storage.k8s.io': ['StorageClass', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'VolumeAttributesClass'],
    'scheduling.k8s.io': ['PriorityClass'],
    'node.k8s.io': ['RuntimeClass'],
    'networking.k8s.io': ['IngressClass', 'IPAddress', 'ServiceCIDR'],
    'apiextensions.k8s.io': ['CustomResourceDefinition'],
    'apiregistration.k8s.io': ['APIService'],
    'admissionregistration.k8s.io': [
      'MutatingWebhookConfiguration',
      'ValidatingWebhookConfiguration',
      'ValidatingAdmissionPolicy',
      'ValidatingAdmissionPolicyBinding',
    ],
    'certificates.k8s.io': ['CertificateSigningRequest'],
    'flowcontrol.apiserver.k8s.io': ['FlowSchema', 'PriorityLevelConfiguration'],
    'resource.k8s.io': ['DeviceClass', 'ResourceSlice'],
    'authentication.k8s.io': ['TokenReview', 'SelfSubjectReview'],
    'authorization.k8s.io': ['SubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview'],
  }).map(([group, kinds]) => [group, new Set(kinds)]),
);

/** Fields whose `null` value the CLI replaces by an empty map, wherever they appear. */
const NIL_MAP_FIELDS = new Set(['annotations', 'labels', 'matchLabels', 'nodeSelector', 'data', 'stringData']);

/** Whether `value` is a Kubernetes object (non-empty string `apiVersion` and `kind`). */
export function isKubernetesObject(value: JsonValue): value is KubernetesObject {
  return (
    isObject(value) &&
    typeof value.apiVersion === 'string' &&
    value.apiVersion !== '' &&
    typeof value.kind === 'string' &&
    value.kind !== ''
  );
}

/**
 * API group of an `apiVersion` (`apps/v1` → `apps`, `v1` → ``), or `null` when it is not a valid
 * group/version (`schema.ParseGroupVersion`: more than one `/`).
 */
export function apiGroupOf(apiVersion: string): string | null {
  const slash = apiVersion.indexOf('/');
  if (slash === -1 || apiVersion === '/') return '';
  if (apiVersion.indexOf('/', slash + 1) !== -1) return null;
  return apiVersion.slice(0, slash);
}

/** Whether the CLI treats the kind as cluster-scoped (no namespace defaulting). */
export function isClusterScoped(apiVersion: string, kind: string): boolean {
  const group = apiGroupOf(apiVersion);
  return group !== null && CLUSTER_SCOPED.get(group)?.has(kind) === true;
}

function stringField(object: JsonValue | undefined, field: string): string {
  if (!isObject(object)) return '';
  const value = object[field];
  return typeof value === 'string' ? value : '';
}

/** `metadata.name` (`''` when absent or not a string). */
export function nameOf(object: JsonObject): string {
  return stringField(object.metadata, 'name');
}

/** `metadata.namespace` as Kyverno reads it (`''` when absent or not a string). */
export function namespaceOf(resource: JsonObject): string {
  return stringField(resource.metadata, 'namespace');
}

/**
 * Normalises a loaded resource in place, as the CLI does: `metadata.namespace` becomes `default`
 * when empty for namespaced kinds (a missing `metadata` is created), and `null` values of
 * `annotations`, `labels`, `matchLabels`, `nodeSelector`, `data`, `stringData` become `{}` at any
 * depth. Returns the resource.
 */
export function normalizeResource(resource: KubernetesObject): KubernetesObject {
  normalizeNilMaps(resource);
  if (namespaceOf(resource) === '' && !isClusterScoped(resource.apiVersion, resource.kind)) {
    if (resource.metadata === undefined) resource.metadata = {};
    if (isObject(resource.metadata)) resource.metadata.namespace = 'default';
  }
  return resource;
}

/** Replaces `null` map fields by `{}` in every object of the tree (depth bounded by the loader). */
function normalizeNilMaps(object: JsonObject): void {
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === null) {
      if (NIL_MAP_FIELDS.has(key)) object[key] = {};
    } else if (Array.isArray(value)) {
      for (const item of value) if (isObject(item)) normalizeNilMaps(item);
    } else if (typeof value === 'object') {
      normalizeNilMaps(value);
    }
  }
}

/**
 * The key under which the CLI detects duplicate resources (`RemoveDuplicates`): API group, kind,
 * namespace and name. An invalid `apiVersion` gives an empty group and kind, as in Kyverno.
 */
export function resourceKey(resource: KubernetesObject): string {
  const group = apiGroupOf(resource.apiVersion);
  const kind = group === null ? '' : resource.kind;
  return JSON.stringify([group ?? '', kind, namespaceOf(resource), stringField(resource.metadata, 'name')]);
}

/** Items split into the first occurrence of each resource key and the later duplicates. */
interface PartitionedResources<T> {
  unique: T[];
  duplicates: T[];
}

/** Keeps the first item of each {@link resourceKey}, as `kyverno test` does. */
export function partitionDuplicates<T>(
  items: readonly T[],
  resourceOf: (item: T) => KubernetesObject,
): PartitionedResources<T> {
  const seen = new Set<string>();
  const unique: T[] = [];
  const duplicates: T[] = [];
  for (const item of items) {
    const key = resourceKey(resourceOf(item));
    if (seen.has(key)) {
      duplicates.push(item);
    } else {
      seen.add(key);
      unique.push(item);
    }
  }
  return { unique, duplicates };
}
