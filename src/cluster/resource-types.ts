/**
 * @file Resource types of the mocked cluster: the plural resource names and scopes of the built-in
 * Kubernetes kinds (and of Kyverno's own kinds), those of custom resources declared by a
 * CustomResourceDefinition, and a plural guessed from the kind for any other custom resource.
 */
import type { JsonObject } from '../types.js';
import { isObject } from '../util/json-value.js';

/** A resource type the API server serves: `/apis/<group>/<version>/<plural>`. */
export interface ResourceType {
  group: string;
  kind: string;
  /** The resource name in URL paths (`deployments`). */
  plural: string;
  /** `undefined` when the scope is not known (a custom resource without its definition). */
  namespaced: boolean | undefined;
}

type Row = readonly [kind: string, plural: string, namespaced: boolean];

const NAMESPACED = true;
const CLUSTER = false;

/** The kinds served by Kubernetes 1.32 (and Kyverno's CRDs), by API group. */
const BUILTIN: Readonly<Record<string, readonly Row[]>> = {
  '': [
    ['Binding', 'bindings', NAMESPACED],
    ['ComponentStatus', 'componentstatuses', CLUSTER],
    ['ConfigMap', 'configmaps', NAMESPACED],
    ['Endpoints', 'endpoints', NAMESPACED],
    ['Event', 'events', NAMESPACED],
    ['LimitRange', 'limitranges', NAMESPACED],
    ['Namespace', 'namespaces', CLUSTER],
    ['Node', 'nodes', CLUSTER],
    ['PersistentVolume', 'persistentvolumes', CLUSTER],
    ['PersistentVolumeClaim', 'persistentvolumeclaims', NAMESPACED],
    ['Pod', 'pods', NAMESPACED],
    ['PodTemplate', 'podtemplates', NAMESPACED],
    ['ReplicationController', 'replicationcontrollers', NAMESPACED],
    ['ResourceQuota', 'resourcequotas', NAMESPACED],
    ['Secret', 'secrets', NAMESPACED],
    ['Service', 'services', NAMESPACED],
    ['ServiceAccount', 'serviceaccounts', NAMESPACED],
  ],
  'admissionregistration.k8s.io': [
    ['MutatingAdmissionPolicy', 'mutatingadmissionpolicies', CLUSTER],
    ['MutatingAdmissionPolicyBinding', 'mutatingadmissionpolicybindings', CLUSTER],
    ['MutatingWebhookConfiguration', 'mutatingwebhookconfigurations', CLUSTER],
    ['ValidatingAdmissionPolicy', 'validatingadmissionpolicies', CLUSTER],
    ['ValidatingAdmissionPolicyBinding', 'validatingadmissionpolicybindings', CLUSTER],
    ['ValidatingWebhookConfiguration', 'validatingwebhookconfigurations', CLUSTER],
  ],
  'apiextensions.k8s.io': [['CustomResourceDefinition', 'customresourcedefinitions', CLUSTER]],
  'apiregistration.k8s.io': [['APIService', 'apiservices', CLUSTER]],
  apps: [
    ['ControllerRevision', 'controllerrevisions', NAMESPACED],
    ['DaemonSet', 'daemonsets', NAMESPACED],
    ['Deployment', 'deployments', NAMESPACED],
    ['ReplicaSet', 'replicasets', NAMESPACED],
    ['StatefulSet', 'statefulsets', NAMESPACED],
  ],
  autoscaling: [['HorizontalPodAutoscaler', 'horizontalpodautoscalers', NAMESPACED]],
  batch: [
    ['CronJob', 'cronjobs', NAMESPACED],
    ['Job', 'jobs', NAMESPACED],
  ],
  'certificates.k8s.io': [
    ['CertificateSigningRequest', 'certificatesigningrequests', CLUSTER],
    ['ClusterTrustBundle', 'clustertrustbundles', CLUSTER],
  ],
  'coordination.k8s.io': [['Lease', 'leases', NAMESPACED]],
  'discovery.k8s.io': [['EndpointSlice', 'endpointslices', NAMESPACED]],
  'events.k8s.io': [['Event', 'events', NAMESPACED]],
  'flowcontrol.apiserver.k8s.io': [
    ['FlowSchema', 'flowschemas', CLUSTER],
    ['PriorityLevelConfiguration', 'prioritylevelconfigurations', CLUSTER],
  ],
  'networking.k8s.io': [
    ['IPAddress', 'ipaddresses', CLUSTER],
    ['Ingress', 'ingresses', NAMESPACED],
    ['IngressClass', 'ingressclasses', CLUSTER],
    ['NetworkPolicy', 'networkpolicies', NAMESPACED],
    ['ServiceCIDR', 'servicecidrs', CLUSTER],
  ],
  'node.k8s.io': [['RuntimeClass', 'runtimeclasses', CLUSTER]],
  policy: [['PodDisruptionBudget', 'poddisruptionbudgets', NAMESPACED]],
  'rbac.authorization.k8s.io': [
    ['ClusterRole', 'clusterroles', CLUSTER],
    ['ClusterRoleBinding', 'clusterrolebindings', CLUSTER],
    ['Role', 'roles', NAMESPACED],
    ['RoleBinding', 'rolebindings', NAMESPACED],
  ],
  'resource.k8s.io': [
    ['DeviceClass', 'deviceclasses', CLUSTER],
    ['ResourceClaim', 'resourceclaims', NAMESPACED],
    ['ResourceClaimTemplate', 'resourceclaimtemplates', NAMESPACED],
    ['ResourceSlice', 'resourceslices', CLUSTER],
  ],
  'scheduling.k8s.io': [['PriorityClass', 'priorityclasses', CLUSTER]],
  'storage.k8s.io': [
    ['CSIDriver', 'csidrivers', CLUSTER],
    ['CSINode', 'csinodes', CLUSTER],
    ['CSIStorageCapacity', 'csistoragecapacities', NAMESPACED],
    ['StorageClass', 'storageclasses', CLUSTER],
    ['VolumeAttachment', 'volumeattachments', CLUSTER],
    ['VolumeAttributesClass', 'volumeattributesclasses', CLUSTER],
  ],
  'kyverno.io': [
    ['CleanupPolicy', 'cleanuppolicies', NAMESPACED],
    ['ClusterCleanupPolicy', 'clustercleanuppolicies', CLUSTER],
    ['ClusterPolicy', 'clusterpolicies', CLUSTER],
    ['GlobalContextEntry', 'globalcontextentries', CLUSTER],
    ['Policy', 'policies', NAMESPACED],
    ['PolicyException', 'policyexceptions', NAMESPACED],
    ['UpdateRequest', 'updaterequests', NAMESPACED],
  ],
  'wgpolicyk8s.io': [
    ['ClusterPolicyReport', 'clusterpolicyreports', CLUSTER],
    ['PolicyReport', 'policyreports', NAMESPACED],
  ],
};

const BUILTIN_TYPES: readonly ResourceType[] = Object.entries(BUILTIN).flatMap(([group, rows]) =>
  rows.map(([kind, plural, namespaced]) => ({ group, kind, plural, namespaced })),
);

/** The built-in resource types. */
export function builtinResourceTypes(): readonly ResourceType[] {
  return BUILTIN_TYPES;
}

/**
 * A plural for a kind without a known resource name: the lower-cased kind with English plural
 * rules (`-s`, `-x`, `-z`, `-ch`, `-sh` take `-es`; a consonant and `-y` become `-ies`; else `-s`).
 */
export function guessPlural(kind: string): string {
  const singular = kind.toLowerCase();
  if (singular === '') return '';
  if (/(?:s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

/**
 * apimachinery's `meta.UnsafeGuessKindToResource` (k8s.io/apimachinery/pkg/api/meta/restmapper.go): the plural the
 * Kyverno CLI's fake cluster registers a kind under (`-s` takes `-es`, `-y` becomes `-ies`, else `-s`).
 */
export function unsafeGuessPlural(kind: string): string {
  const singular = kind.toLowerCase();
  if (singular === '') return '';
  if (singular.endsWith('s')) return `${singular}es`;
  if (singular.endsWith('y')) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

/** The group and version of an `apiVersion` (`v1` → core group), or null with more than one `/`. */
export function splitApiVersion(apiVersion: string): { group: string; version: string } | null {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0]! };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  return null;
}

/** Whether `value` is an `apiextensions.k8s.io` CustomResourceDefinition. */
export function isCustomResourceDefinition(value: JsonObject): boolean {
  return typeof value.apiVersion === 'string' && value.apiVersion.startsWith('apiextensions.k8s.io/') && value.kind === 'CustomResourceDefinition';
}

/**
 * The resource type a `apiextensions.k8s.io` CustomResourceDefinition declares, or `null` when it
 * lacks `spec.group`, `spec.names.kind` or `spec.names.plural`.
 */
export function customResourceType(definition: JsonObject): ResourceType | null {
  const spec = definition.spec;
  if (!isObject(spec)) return null;
  const names = spec.names;
  if (typeof spec.group !== 'string' || !isObject(names)) return null;
  if (typeof names.kind !== 'string' || typeof names.plural !== 'string' || names.kind === '' || names.plural === '') return null;
  return { group: spec.group, kind: names.kind, plural: names.plural, namespaced: spec.scope !== 'Cluster' };
}
