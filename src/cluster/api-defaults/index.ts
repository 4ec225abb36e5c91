/**
 * @file API-server defaulting of the built-in kinds: the object a Kubernetes API server hands its admission
 * webhooks (Kyverno among them) after decoding a manifest, with the registered defaulters of
 * kubernetes/kubernetes pkg/apis/<group>/<version>/defaults.go (`SetDefaults_*`) applied over nested
 * structs as zz_generated.defaults.go does, for a chosen minor version.
 *
 * Kinds and API versions not covered (custom resources, removed API versions) are returned unchanged.
 * The input is never mutated; an object with nothing to default is returned as is, otherwise a new
 * object shares the unchanged subtrees of the input (so the output is to be copied before it is edited in
 * place). Within the output no two places share an object. Existing keys keep their order, defaulted keys
 * are appended.
 */
import type { JsonObject } from '../../types.js';
import {
  defaultEndpoints,
  defaultLimitRange,
  defaultNamespace,
  defaultPersistentVolume,
  defaultPersistentVolumeClaim,
  defaultPod,
  defaultPodTemplateObject,
  defaultReplicationController,
  defaultResourceQuota,
  defaultSecret,
  defaultService,
} from './core.js';
import {
  defaultCSIDriver,
  defaultEndpointSlice,
  defaultHPAv1,
  defaultHPAv2,
  defaultIngressClass,
  defaultNetworkPolicy,
  defaultPriorityClass,
  defaultRoleBinding,
  defaultStorageClass,
} from './groups.js';
import { defaultingFeatures, type DefaultingFeatures, type KubernetesVersion } from './versions.js';
import { defaultCronJob, defaultDaemonSet, defaultDeployment, defaultJob, defaultReplicaSet, defaultStatefulSet } from './workloads.js';

export {
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_VERSIONS,
  parseKubernetesVersion,
  type KubernetesVersion,
} from './versions.js';

type Defaulter = (object: JsonObject, features: DefaultingFeatures) => JsonObject;

/** The defaulter of each `apiVersion` and `kind`. */
const DEFAULTERS: ReadonlyMap<string, ReadonlyMap<string, Defaulter>> = new Map<string, Map<string, Defaulter>>([
  [
    'v1',
    new Map<string, Defaulter>([
      ['Pod', defaultPod],
      ['PodTemplate', defaultPodTemplateObject],
      ['ReplicationController', defaultReplicationController],
      ['Service', defaultService],
      ['Secret', defaultSecret],
      ['Namespace', defaultNamespace],
      ['PersistentVolume', defaultPersistentVolume],
      ['PersistentVolumeClaim', defaultPersistentVolumeClaim],
      ['Endpoints', defaultEndpoints],
      ['LimitRange', defaultLimitRange],
      ['ResourceQuota', defaultResourceQuota],
    ]),
  ],
  [
    'apps/v1',
    new Map<string, Defaulter>([
      ['Deployment', defaultDeployment],
      ['DaemonSet', defaultDaemonSet],
      ['StatefulSet', defaultStatefulSet],
      ['ReplicaSet', defaultReplicaSet],
    ]),
  ],
  [
    'batch/v1',
    new Map<string, Defaulter>([
      ['Job', defaultJob],
      ['CronJob', defaultCronJob],
    ]),
  ],
  ['autoscaling/v1', new Map<string, Defaulter>([['HorizontalPodAutoscaler', defaultHPAv1]])],
  ['autoscaling/v2', new Map<string, Defaulter>([['HorizontalPodAutoscaler', defaultHPAv2]])],
  [
    'networking.k8s.io/v1',
    new Map<string, Defaulter>([
      ['NetworkPolicy', defaultNetworkPolicy],
      ['IngressClass', defaultIngressClass],
    ]),
  ],
  [
    'storage.k8s.io/v1',
    new Map<string, Defaulter>([
      ['StorageClass', defaultStorageClass],
      ['CSIDriver', defaultCSIDriver],
    ]),
  ],
  [
    'rbac.authorization.k8s.io/v1',
    new Map<string, Defaulter>([
      ['RoleBinding', defaultRoleBinding],
      ['ClusterRoleBinding', defaultRoleBinding],
    ]),
  ],
  ['scheduling.k8s.io/v1', new Map<string, Defaulter>([['PriorityClass', defaultPriorityClass]])],
  ['discovery.k8s.io/v1', new Map<string, Defaulter>([['EndpointSlice', defaultEndpointSlice]])],
]);

/**
 * The object as the API server of Kubernetes `version` holds it after defaulting, before admission.
 * Unknown kinds, API versions and versions are returned unchanged; `object` is never mutated.
 */
export function applyApiDefaults(object: JsonObject, version: KubernetesVersion): JsonObject {
  const apiVersion = object.apiVersion;
  const kind = object.kind;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return object;
  const defaulter = DEFAULTERS.get(apiVersion)?.get(kind);
  if (defaulter === undefined) return object;
  const features = defaultingFeatures(version);
  if (features === undefined) return object;
  return defaulter(object, features);
}
