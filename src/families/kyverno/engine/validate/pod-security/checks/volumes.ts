/**
 * @file Volume checks. `hostPathVolumes` (baseline, 1.0+): no `hostPath` volumes.
 * `restrictedVolumes` (restricted, 1.0+): only configMap, csi, downwardAPI, emptyDir, ephemeral, image,
 * persistentVolumeClaim, projected and secret volumes. Port of `check_hostPathVolumes.go` and
 * `check_restrictedVolumes.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { joinQuote, PATHS, pluralize, Violations } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden } from '../field-error.js';
import { sortedSet } from '../go-strings.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function hostPathVolumesV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const hostVolumes = new Violations();
  spec.volumes.forEach((volume, index) => {
    if (volume.hostPath !== undefined) {
      hostVolumes.add(volume.name, forbidden(PATHS.volumes.index(index).child('hostPath'), volume.hostPath));
    }
  });
  if (hostVolumes.empty) return null;
  return {
    reason: 'hostPath volumes',
    detail: `${pluralize('volume', 'volumes', hostVolumes.length)} ${joinQuote(hostVolumes.data)}`,
    errList: hostVolumes.errs,
  };
}

/** Volume sources allowed by the restricted level. */
const ALLOWED_SOURCES: ReadonlySet<string> = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'image',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);

/** Restricted volume sources, in the order the check tests them. */
const RESTRICTED_SOURCES: readonly string[] = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'nfs',
  'iscsi',
  'glusterfs',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'fc',
  'azureFile',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'portworxVolume',
  'scaleIO',
  'storageos',
];

function restrictedVolumesV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badVolumes = new Violations();
  const badTypes: string[] = [];
  spec.volumes.forEach((volume, index) => {
    if (volume.sources.some((source) => ALLOWED_SOURCES.has(source))) return;
    const type = RESTRICTED_SOURCES.find((source) => volume.sources.includes(source)) ?? 'unknown';
    badTypes.push(type);
    badVolumes.add(volume.name, forbidden(PATHS.volumes.index(index).child(type)));
  });
  if (badVolumes.empty) return null;
  const types = sortedSet(badTypes);
  return {
    reason: 'restricted volume types',
    detail:
      `${pluralize('volume', 'volumes', badVolumes.length)} ${joinQuote(badVolumes.data)} ${pluralize('uses', 'use', badVolumes.length)} ` +
      `${pluralize('restricted volume type', 'restricted volume types', types.length)} ${joinQuote(types)}`,
    errList: badVolumes.errs,
  };
}

export const hostPathVolumesCheck: Check = {
  id: 'hostPathVolumes',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: hostPathVolumesV1Dot0 }],
};

export const restrictedVolumesCheck: Check = {
  id: 'restrictedVolumes',
  level: 'restricted',
  versions: [{ minimumMinor: 0, check: restrictedVolumesV1Dot0 }],
};
