/**
 * @file `privileged` (baseline, 1.0+): `securityContext.privileged` must not be true.
 * Port of `check_privileged.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { containerPath, namedContainers, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden } from '../field-error.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function privilegedV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badContainers = new Violations();
  visitContainers(spec, (container, kind, index) => {
    if (container.securityContext?.privileged === true) {
      badContainers.add(container.name, forbidden(containerPath(kind, index).child('securityContext', 'privileged'), true));
    }
  });
  if (badContainers.empty) return null;
  return {
    reason: 'privileged',
    detail: `${namedContainers(badContainers.data)} must not set securityContext.privileged=true`,
    errList: badContainers.errs,
  };
}

export const privilegedCheck: Check = {
  id: 'privileged',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: privilegedV1Dot0 }],
};
