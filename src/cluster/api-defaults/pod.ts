/**
 * @file Defaults of a Pod spec and of everything nested in it, as kubernetes/kubernetes
 * pkg/apis/core/v1/zz_generated.defaults.go `SetObjectDefaults_Pod` applies them (and, without the
 * Pod-only `SetDefaults_Pod`, `SetObjectDefaults_PodTemplate` and every workload's pod template): the
 * functions of pkg/apis/core/v1/defaults.go plus the declarative `+default` markers of
 * k8s.io/api/core/v1/types.go (container port protocol, gRPC probe service, in-tree volume plugins).
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { extensibleCopy, isObject } from '../../util/json-value.js';
import {
  Draft,
  childObject,
  defaultNil,
  defaultNumber,
  defaultString,
  editObject,
  editObjects,
  edited,
  isEmptyString,
  isNil,
  isZeroNumber,
} from './edit.js';
import { defaultPullPolicy } from './image.js';
import { canonicalRequirements, canonicalizeLists, defaultPodLevelResources } from './resources.js';
import type { DefaultingFeatures } from './versions.js';

/** `v1.SecretVolumeSourceDefaultMode`, `ConfigMapVolumeSourceDefaultMode`, … (0644). */
const DEFAULT_FILE_MODE = 0o644;

/** `SetDefaults_ObjectFieldSelector`. */
function defaultFieldRef(fieldRef: JsonObject): JsonObject {
  return edited(fieldRef, (d) => defaultString(d, 'apiVersion', 'v1'));
}

/** `SetDefaults_HTTPGetAction`. */
function defaultHTTPGet(action: JsonObject): JsonObject {
  return edited(action, (d) => {
    defaultString(d, 'path', '/');
    defaultString(d, 'scheme', 'HTTP');
  });
}

/** `SetDefaults_Probe`, its `httpGet` and the `+default=""` of `grpc.service`. */
function defaultProbe(probe: JsonObject): JsonObject {
  return edited(probe, (d) => {
    defaultNumber(d, 'timeoutSeconds', 1);
    defaultNumber(d, 'periodSeconds', 10);
    defaultNumber(d, 'successThreshold', 1);
    defaultNumber(d, 'failureThreshold', 3);
    editObject(d, 'httpGet', defaultHTTPGet);
    editObject(d, 'grpc', (grpc) => edited(grpc, (g) => defaultNil(g, 'service', '')));
  });
}

/** A lifecycle handler's `httpGet`. */
function defaultLifecycleHandler(handler: JsonObject): JsonObject {
  return edited(handler, (d) => editObject(d, 'httpGet', defaultHTTPGet));
}

/** `SetDefaults_Container` and its nested defaulters (init, regular and ephemeral containers alike). */
function defaultContainer(container: JsonObject): JsonObject {
  return edited(container, (d) => {
    if (isEmptyString(d.get('imagePullPolicy'))) d.set('imagePullPolicy', defaultPullPolicy(d.get('image')));
    defaultString(d, 'terminationMessagePath', '/dev/termination-log');
    defaultString(d, 'terminationMessagePolicy', 'File');
    editObjects(d, 'ports', (port) => edited(port, (p) => defaultString(p, 'protocol', 'TCP')));
    editObjects(d, 'env', (env) =>
      edited(env, (e) => editObject(e, 'valueFrom', (from) => edited(from, (f) => editObject(f, 'fieldRef', defaultFieldRef)))),
    );
    editObject(d, 'resources', canonicalRequirements);
    editObject(d, 'livenessProbe', defaultProbe);
    editObject(d, 'readinessProbe', defaultProbe);
    editObject(d, 'startupProbe', defaultProbe);
    editObject(d, 'lifecycle', (lifecycle) =>
      edited(lifecycle, (l) => {
        editObject(l, 'postStart', defaultLifecycleHandler);
        editObject(l, 'preStop', defaultLifecycleHandler);
      }),
    );
  });
}

/** The volume sources of `v1.VolumeSource` (all pointers): a volume with none gets `emptyDir: {}`. */
const VOLUME_SOURCES = [
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
];

/** `SetDefaults_AzureDiskVolumeSource`. */
export function defaultAzureDisk(source: JsonObject): JsonObject {
  return edited(source, (d) => {
    defaultNil(d, 'cachingMode', 'ReadWrite');
    defaultNil(d, 'kind', 'Shared');
    defaultNil(d, 'fsType', 'ext4');
    defaultNil(d, 'readOnly', false);
  });
}

/** `SetDefaults_ISCSIVolumeSource` / `SetDefaults_ISCSIPersistentVolumeSource`. */
export function defaultISCSI(source: JsonObject): JsonObject {
  return edited(source, (d) => defaultString(d, 'iscsiInterface', 'default'));
}

/** The `+default` markers of `RBDVolumeSource` / `RBDPersistentVolumeSource`. */
export function defaultRBD(source: JsonObject): JsonObject {
  return edited(source, (d) => {
    defaultString(d, 'pool', 'rbd');
    defaultString(d, 'user', 'admin');
    defaultString(d, 'keyring', '/etc/ceph/keyring');
  });
}

/** `SetDefaults_ScaleIOVolumeSource` / `SetDefaults_ScaleIOPersistentVolumeSource`. */
export function defaultScaleIO(source: JsonObject): JsonObject {
  return edited(source, (d) => {
    defaultString(d, 'storageMode', 'ThinProvisioned');
    defaultString(d, 'fsType', 'xfs');
  });
}

/** `SetDefaults_HostPathVolumeSource`: `type` defaults to `""` (`HostPathUnset`). */
export function defaultHostPath(source: JsonObject): JsonObject {
  return edited(source, (d) => defaultNil(d, 'type', ''));
}

/** A volume source whose only default is `defaultMode` (secret, configMap). */
function defaultMode(source: JsonObject): JsonObject {
  return edited(source, (d) => defaultNil(d, 'defaultMode', DEFAULT_FILE_MODE));
}

function defaultDownwardAPIItems(d: Draft): void {
  editObjects(d, 'items', (item) => edited(item, (i) => editObject(i, 'fieldRef', defaultFieldRef)));
}

/** `SetDefaults_PersistentVolumeClaimSpec` and the resource lists of the spec. */
export function defaultClaimSpec(spec: JsonObject): JsonObject {
  return edited(spec, (d) => {
    defaultNil(d, 'volumeMode', 'Filesystem');
    editObject(d, 'resources', canonicalRequirements);
  });
}

/** `SetDefaults_Volume` and the defaulters of its source. */
function defaultVolume(volume: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(volume, (d) => {
    const hasSource =
      VOLUME_SOURCES.some((key) => !isNil(d.get(key))) || (features.imageVolumeField && !isNil(d.get('image')));
    if (!hasSource) d.set('emptyDir', {});
    if (features.imageVolumePullPolicy) {
      editObject(d, 'image', (image) =>
        edited(image, (i) => {
          if (isEmptyString(i.get('pullPolicy'))) i.set('pullPolicy', defaultPullPolicy(i.get('reference')));
        }),
      );
    }
    editObject(d, 'hostPath', defaultHostPath);
    editObject(d, 'secret', defaultMode);
    editObject(d, 'iscsi', defaultISCSI);
    editObject(d, 'rbd', defaultRBD);
    editObject(d, 'downwardAPI', (source) =>
      edited(source, (s) => {
        defaultNil(s, 'defaultMode', DEFAULT_FILE_MODE);
        defaultDownwardAPIItems(s);
      }),
    );
    editObject(d, 'configMap', defaultMode);
    editObject(d, 'azureDisk', defaultAzureDisk);
    editObject(d, 'projected', (source) =>
      edited(source, (s) => {
        defaultNil(s, 'defaultMode', DEFAULT_FILE_MODE);
        editObjects(s, 'sources', (projection) =>
          edited(projection, (p) => {
            editObject(p, 'downwardAPI', (api) => edited(api, defaultDownwardAPIItems));
            // SetDefaults_ServiceAccountTokenProjection: one hour.
            editObject(p, 'serviceAccountToken', (token) => edited(token, (t) => defaultNil(t, 'expirationSeconds', 3600)));
          }),
        );
      }),
    );
    editObject(d, 'scaleIO', defaultScaleIO);
    editObject(d, 'ephemeral', (source) =>
      edited(source, (s) => editObject(s, 'volumeClaimTemplate', (template) => edited(template, (t) => editObject(t, 'spec', defaultClaimSpec)))),
    );
  });
}

/** `SetDefaults_Pod`'s per-container part: requests default to limits, and host ports to container ports with `hostNetwork`. */
function defaultPodContainer(container: JsonObject, hostNetwork: boolean): JsonObject {
  return edited(container, (d) => {
    editObject(d, 'resources', (resources) =>
      edited(resources, (r) => {
        const limits = r.get('limits');
        if (!isObject(limits)) return;
        const requests = r.get('requests');
        const current: JsonObject = isObject(requests) ? requests : {};
        let next: JsonObject | null = null;
        for (const key in limits) {
          if (!Object.prototype.hasOwnProperty.call(limits, key) || Object.prototype.hasOwnProperty.call(current, key)) continue;
          next ??= extensibleCopy(current);
          next[key] = limits[key]!;
        }
        // An empty map made for empty limits is not serialized (omitempty): nothing to add then.
        if (next !== null) r.set('requests', next);
      }),
    );
    if (hostNetwork) {
      editObjects(d, 'ports', (port) =>
        edited(port, (p) => {
          if (isZeroNumber(p.get('hostPort')) && !isNil(p.get('containerPort'))) p.set('hostPort', p.get('containerPort')!);
        }),
      );
    }
  });
}

/**
 * The defaults of a Pod spec: `SetDefaults_Pod` (only for a Pod: `pod`), `SetDefaults_PodSpec` and the
 * nested defaulters of volumes, containers and resource lists.
 */
export function defaultPodSpec(spec: JsonObject, features: DefaultingFeatures, pod: boolean): JsonObject {
  let current = spec;
  if (pod) {
    const hostNetwork = current.hostNetwork === true;
    current = edited(current, (d) => {
      editObjects(d, 'containers', (c) => defaultPodContainer(c, hostNetwork));
      editObjects(d, 'initContainers', (c) => defaultPodContainer(c, hostNetwork));
    });
    if (features.podLevelResources) current = defaultPodLevelResources(current);
  }
  return edited(current, (d) => {
    if (pod) defaultNil(d, 'enableServiceLinks', true);
    // SetDefaults_PodSpec
    defaultString(d, 'dnsPolicy', 'ClusterFirst');
    defaultString(d, 'restartPolicy', 'Always');
    defaultNil(d, 'securityContext', {});
    defaultNil(d, 'terminationGracePeriodSeconds', 30);
    defaultString(d, 'schedulerName', 'default-scheduler');
    // Nested defaulters of SetObjectDefaults_Pod.
    editObjects(d, 'volumes', (volume) => defaultVolume(volume, features));
    editObjects(d, 'initContainers', defaultContainer);
    editObjects(d, 'containers', defaultContainer);
    editObjects(d, 'ephemeralContainers', defaultContainer);
    canonicalizeLists(d, 'overhead');
    editObject(d, 'resources', canonicalRequirements);
  });
}

/** A `PodTemplateSpec` (`template` of a workload): the Pod spec defaults without the Pod-only ones. */
export function defaultPodTemplate(template: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(template, (d) => editObject(d, 'spec', (spec) => defaultPodSpec(spec, features, false), true));
}

/** A `v1.PersistentVolumeClaim` (object or StatefulSet claim template): `SetDefaults_PersistentVolumeClaim` and its spec. */
export function defaultClaim(claim: JsonObject): JsonObject {
  return edited(claim, (d) => {
    editObject(d, 'status', (status) => edited(status, (s) => defaultString(s, 'phase', 'Pending')), true);
    editObject(d, 'spec', defaultClaimSpec, true);
    editObject(d, 'status', (status) => edited(status, (s) => canonicalizeLists(s, 'capacity', 'allocatedResources')));
  });
}

/** Whether `value` is a JSON object holding at least one key. */
export function nonEmptyObject(value: JsonValue | undefined): value is JsonObject {
  if (!isObject(value)) return false;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return true;
  return false;
}

export { childObject };
