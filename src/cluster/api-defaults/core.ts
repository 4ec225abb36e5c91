/**
 * @file Defaults of the core/v1 kinds other than the Pod spec: kubernetes/kubernetes
 * pkg/apis/core/v1/defaults.go and zz_generated.defaults.go (`SetObjectDefaults_<Kind>`).
 */
import type { JsonObject } from '../../types.js';
import {
  defaultNil,
  defaultString,
  editObject,
  editObjects,
  edited,
  isEmptyCollection,
  isEmptyString,
  isNil,
} from './edit.js';
import {
  childObject,
  defaultAzureDisk,
  defaultClaim,
  defaultHostPath,
  defaultISCSI,
  defaultPodSpec,
  defaultPodTemplate,
  defaultRBD,
  defaultScaleIO,
  nonEmptyObject,
} from './pod.js';
import { canonicalResourceList, canonicalizeLists } from './resources.js';
import type { DefaultingFeatures } from './versions.js';

/** `SetObjectDefaults_Pod`. */
export function defaultPod(pod: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(pod, (d) => editObject(d, 'spec', (spec) => defaultPodSpec(spec, features, true), true));
}

/** `SetObjectDefaults_PodTemplate`. */
export function defaultPodTemplateObject(object: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(object, (d) => editObject(d, 'template', (t) => defaultPodTemplate(t, features), true));
}

/** `v1.DefaultClientIPServiceAffinitySeconds`: three hours. */
const CLIENT_IP_AFFINITY_SECONDS = 10800;

/** `SetDefaults_Service`. */
export function defaultService(service: JsonObject, features: DefaultingFeatures): JsonObject {
  let type = '';
  return edited(service, (d) => {
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultString(s, 'sessionAffinity', 'None');
          const affinity = s.get('sessionAffinity');
          if (affinity === 'None') s.remove('sessionAffinityConfig');
          if (affinity === 'ClientIP') {
            const clientIP = childObject(childObject(spec, 'sessionAffinityConfig'), 'clientIP');
            if (clientIP === undefined || isNil(clientIP.timeoutSeconds)) {
              s.set('sessionAffinityConfig', { clientIP: { timeoutSeconds: CLIENT_IP_AFFINITY_SECONDS } });
            }
          }
          defaultString(s, 'type', 'ClusterIP');
          const serviceType = s.get('type');
          type = typeof serviceType === 'string' ? serviceType : '';
          editObjects(s, 'ports', (port) =>
            edited(port, (p) => {
              defaultString(p, 'protocol', 'TCP');
              const target = p.get('targetPort');
              if (isNil(target) || target === 0 || target === '') {
                const number = p.get('port');
                p.set('targetPort', typeof number === 'number' || typeof number === 'bigint' ? number : 0);
              }
            }),
          );
          // pkg/api/v1/service ExternallyAccessible.
          const externallyAccessible =
            type === 'LoadBalancer' || type === 'NodePort' || (type === 'ClusterIP' && !isEmptyCollection(s.get('externalIPs')));
          if (externallyAccessible) defaultString(s, 'externalTrafficPolicy', 'Cluster');
          if (type === 'NodePort' || type === 'LoadBalancer' || type === 'ClusterIP') defaultNil(s, 'internalTrafficPolicy', 'Cluster');
          if (type === 'LoadBalancer') defaultNil(s, 'allocateLoadBalancerNodePorts', true);
        }),
      true,
    );
    if (features.loadBalancerIPMode && type === 'LoadBalancer') {
      editObject(d, 'status', (status) =>
        edited(status, (st) =>
          editObject(st, 'loadBalancer', (lb) =>
            edited(lb, (l) =>
              editObjects(l, 'ingress', (ingress) =>
                edited(ingress, (i) => {
                  if (!isEmptyString(i.get('ip'))) defaultNil(i, 'ipMode', 'VIP');
                }),
              ),
            ),
          ),
        ),
      );
    }
  });
}

/** `SetDefaults_Secret`. */
export function defaultSecret(secret: JsonObject): JsonObject {
  return edited(secret, (d) => defaultString(d, 'type', 'Opaque'));
}

/** `SetDefaults_Namespace` (the `kubernetes.io/metadata.name` label) and `SetDefaults_NamespaceStatus`. */
export function defaultNamespace(namespace: JsonObject): JsonObject {
  return edited(namespace, (d) => {
    const metadata = childObject(namespace, 'metadata');
    const name = metadata?.name;
    if (typeof name === 'string' && name !== '') {
      editObject(d, 'metadata', (m) =>
        edited(m, (md) => editObject(md, 'labels', (labels) => edited(labels, (l) => l.set('kubernetes.io/metadata.name', name)), true)),
      );
    }
    editObject(d, 'status', (status) => edited(status, (s) => defaultString(s, 'phase', 'Active')), true);
  });
}

/** `SetObjectDefaults_PersistentVolume`: `SetDefaults_PersistentVolume` and the in-tree sources. */
export function defaultPersistentVolume(volume: JsonObject): JsonObject {
  return edited(volume, (d) => {
    editObject(d, 'status', (status) => edited(status, (s) => defaultString(s, 'phase', 'Pending')), true);
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultString(s, 'persistentVolumeReclaimPolicy', 'Retain');
          defaultNil(s, 'volumeMode', 'Filesystem');
          canonicalizeLists(s, 'capacity');
          editObject(s, 'hostPath', defaultHostPath);
          editObject(s, 'rbd', defaultRBD);
          editObject(s, 'iscsi', defaultISCSI);
          editObject(s, 'azureDisk', defaultAzureDisk);
          editObject(s, 'scaleIO', defaultScaleIO);
        }),
      true,
    );
  });
}

/** `SetObjectDefaults_PersistentVolumeClaim`. */
export function defaultPersistentVolumeClaim(claim: JsonObject): JsonObject {
  return defaultClaim(claim);
}

/** `SetObjectDefaults_ReplicationController`: `SetDefaults_ReplicationController` and the pod template. */
export function defaultReplicationController(controller: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(controller, (d) => {
    const labels = childObject(childObject(childObject(controller, 'spec'), 'template'), 'metadata')?.labels;
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          // A nil map stays nil; an empty one is not serialized: only labels with entries show.
          if (nonEmptyObject(labels) && isEmptyCollection(s.get('selector'))) s.set('selector', { ...labels });
          defaultNil(s, 'replicas', 1);
          editObject(s, 'template', (t) => defaultPodTemplate(t, features));
        }),
      true,
    );
    if (nonEmptyObject(labels)) {
      editObject(
        d,
        'metadata',
        (m) =>
          edited(m, (md) => {
            if (isEmptyCollection(md.get('labels'))) md.set('labels', { ...labels });
          }),
        true,
      );
    }
  });
}

/** `SetDefaults_Endpoints`. */
export function defaultEndpoints(endpoints: JsonObject): JsonObject {
  return edited(endpoints, (d) =>
    editObjects(d, 'subsets', (subset) =>
      edited(subset, (s) => editObjects(s, 'ports', (port) => edited(port, (p) => defaultString(p, 'protocol', 'TCP'))))),
  );
}

/** Adds the entries of `from` missing in `to` (both resource lists); `undefined` when `to` stays nil. */
function fillMissing(to: JsonObject | undefined, from: JsonObject | undefined): JsonObject | undefined {
  if (from === undefined) return to;
  let copy: JsonObject | null = null;
  for (const key in from) {
    if (!Object.prototype.hasOwnProperty.call(from, key)) continue;
    if (to !== undefined && Object.prototype.hasOwnProperty.call(to, key)) continue;
    copy ??= to === undefined ? {} : { ...to };
    copy[key] = from[key]!;
  }
  return copy ?? to;
}

/** `SetDefaults_LimitRangeItem` and the resource lists of the item. */
function defaultLimitRangeItem(item: JsonObject): JsonObject {
  return edited(item, (d) => {
    if (item.type === 'Container') {
      const max = childObject(item, 'max');
      const min = childObject(item, 'min');
      const defaults = fillMissing(childObject(item, 'default'), max);
      if (defaults !== undefined) d.set('default', defaults);
      const defaultRequest = fillMissing(fillMissing(childObject(item, 'defaultRequest'), defaults), min);
      if (defaultRequest !== undefined) d.set('defaultRequest', defaultRequest);
    }
    canonicalizeLists(d, 'max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio');
  });
}

/** `SetObjectDefaults_LimitRange`. */
export function defaultLimitRange(range: JsonObject): JsonObject {
  return edited(range, (d) => editObject(d, 'spec', (spec) => edited(spec, (s) => editObjects(s, 'limits', defaultLimitRangeItem))));
}

/** `SetObjectDefaults_ResourceQuota`: only the resource lists. */
export function defaultResourceQuota(quota: JsonObject): JsonObject {
  return edited(quota, (d) => {
    editObject(d, 'spec', (spec) => edited(spec, (s) => editObject(s, 'hard', canonicalResourceList)));
    editObject(d, 'status', (status) => edited(status, (s) => canonicalizeLists(s, 'hard', 'used')));
  });
}
