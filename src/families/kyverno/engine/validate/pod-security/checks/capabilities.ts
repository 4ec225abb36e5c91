/**
 * @file Capabilities checks. `capabilities_baseline` (baseline, 1.0+): only the default capabilities
 * may be added. `capabilities_restricted` (restricted, 1.22+): containers must drop `ALL` and may only
 * add `NET_BIND_SERVICE`; Windows pods are exempt from 1.25. Port of `check_capabilities_baseline.go`
 * and `check_capabilities_restricted.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { containerPath, isWindowsPod, joinQuote, namedContainers, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden, required, type FieldPath } from '../field-error.js';
import { sortedSet } from '../go-strings.js';
import type { ContainerKind, PodMeta, PodSpec } from '../pod-model.js';

const CAPABILITIES_ALLOWED_1_0: ReadonlySet<string> = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

const CAPABILITY_ALL = 'ALL';
const CAPABILITY_NET_BIND_SERVICE = 'NET_BIND_SERVICE';

function capabilitiesBaselineV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badContainers = new Violations();
  const nonDefault: string[] = [];
  visitContainers(spec, (container, kind, index) => {
    const capabilities = container.securityContext?.capabilities;
    if (capabilities === undefined) return;
    const forbiddenValues: string[] = [];
    for (const capability of capabilities.add) {
      if (!CAPABILITIES_ALLOWED_1_0.has(capability)) {
        nonDefault.push(capability);
        forbiddenValues.push(capability);
      }
    }
    if (forbiddenValues.length > 0) {
      const path = containerPath(kind, index).child('securityContext', 'capabilities', 'add');
      badContainers.add(container.name, forbidden(path, sortedSet(forbiddenValues)));
    }
  });
  if (badContainers.empty) return null;
  return {
    reason: 'non-default capabilities',
    detail: `${namedContainers(badContainers.data)} must not include ${joinQuote(sortedSet(nonDefault))} in ` + 'securityContext.capabilities.add',
    errList: badContainers.errs,
  };
}

function capabilitiesPath(kind: ContainerKind, index: number, field: 'add' | 'drop'): FieldPath {
  return containerPath(kind, index).child('securityContext', 'capabilities', field);
}

function capabilitiesRestrictedV1Dot22(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const forbiddenCapabilities: string[] = [];
  const missingDropAll = new Violations();
  const addingForbidden = new Violations();

  visitContainers(spec, (container, kind, index) => {
    const capabilities = container.securityContext?.capabilities;
    if (capabilities === undefined) {
      missingDropAll.add(container.name, required(capabilitiesPath(kind, index, 'drop')));
      return;
    }
    if (!capabilities.drop.includes(CAPABILITY_ALL)) {
      if (capabilities.drop.length > 0) {
        missingDropAll.add(container.name, forbidden(capabilitiesPath(kind, index, 'drop'), sortedSet(capabilities.drop)));
      } else {
        missingDropAll.add(container.name, required(capabilitiesPath(kind, index, 'drop')));
      }
    }
    const forbiddenValues: string[] = [];
    for (const capability of capabilities.add) {
      if (capability !== CAPABILITY_NET_BIND_SERVICE) {
        forbiddenCapabilities.push(capability);
        forbiddenValues.push(capability);
      }
    }
    if (forbiddenValues.length > 0) {
      addingForbidden.add(container.name, forbidden(capabilitiesPath(kind, index, 'add'), sortedSet(forbiddenValues)));
    }
  });

  const details: string[] = [];
  if (!missingDropAll.empty) {
    details.push(`${namedContainers(missingDropAll.data)} must set securityContext.capabilities.drop=["ALL"]`);
  }
  if (!addingForbidden.empty) {
    const capabilities = joinQuote(sortedSet(forbiddenCapabilities));
    details.push(`${namedContainers(addingForbidden.data)} must not include ${capabilities} in securityContext.capabilities.add`);
  }
  if (details.length === 0) return null;
  return {
    reason: 'unrestricted capabilities',
    detail: details.join('; '),
    errList: [...missingDropAll.errs, ...addingForbidden.errs],
  };
}

function capabilitiesRestrictedV1Dot25(meta: PodMeta, spec: PodSpec): CheckFailure | null {
  // Pod API validation rejects capabilities on Windows pods, so they are admitted without them.
  if (isWindowsPod(spec)) return null;
  return capabilitiesRestrictedV1Dot22(meta, spec);
}

export const capabilitiesBaselineCheck: Check = {
  id: 'capabilities_baseline',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: capabilitiesBaselineV1Dot0 }],
};

export const capabilitiesRestrictedCheck: Check = {
  id: 'capabilities_restricted',
  level: 'restricted',
  versions: [
    { minimumMinor: 22, check: capabilitiesRestrictedV1Dot22 },
    { minimumMinor: 25, check: capabilitiesRestrictedV1Dot25 },
  ],
};
