/**
 * @file `allowPrivilegeEscalation` (restricted): containers must set
 * `securityContext.allowPrivilegeEscalation=false` (1.8+); Windows pods are exempt from 1.25.
 * Port of `check_allowPrivilegeEscalation.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { containerPath, isWindowsPod, namedContainers, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden, required } from '../field-error.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function allowPrivilegeEscalationV1Dot8(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badContainers = new Violations();
  visitContainers(spec, (container, kind, index) => {
    const sc = container.securityContext;
    if (sc === undefined) {
      badContainers.add(container.name, required(containerPath(kind, index).child('securityContext', 'allowPrivilegeEscalation')));
    } else if (sc.allowPrivilegeEscalation === undefined) {
      badContainers.add(container.name, forbidden(containerPath(kind, index).child('securityContext', 'allowPrivilegeEscalation'), 'nil'));
    } else if (sc.allowPrivilegeEscalation) {
      badContainers.add(container.name, forbidden(containerPath(kind, index).child('securityContext', 'allowPrivilegeEscalation'), true));
    }
  });
  if (badContainers.empty) return null;
  return {
    reason: 'allowPrivilegeEscalation != false',
    detail: `${namedContainers(badContainers.data)} must set securityContext.allowPrivilegeEscalation=false`,
    errList: badContainers.errs,
  };
}

function allowPrivilegeEscalationV1Dot25(meta: PodMeta, spec: PodSpec): CheckFailure | null {
  // Pod API validation rejects the field on Windows pods, so they are admitted without it.
  if (isWindowsPod(spec)) return null;
  return allowPrivilegeEscalationV1Dot8(meta, spec);
}

export const allowPrivilegeEscalationCheck: Check = {
  id: 'allowPrivilegeEscalation',
  level: 'restricted',
  versions: [
    { minimumMinor: 8, check: allowPrivilegeEscalationV1Dot8 },
    { minimumMinor: 25, check: allowPrivilegeEscalationV1Dot25 },
  ],
};
