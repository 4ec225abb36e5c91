/**
 * @file `windowsHostProcess` (baseline, 1.0+): `securityContext.windowsOptions.hostProcess` must not
 * be true, on the pod or on any container. Port of `check_windowsHostProcess.go` (Kyverno's fork of
 * k8s.io/pod-security-admission).
 */
import { containerPath, namedContainers, PATHS, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden } from '../field-error.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function windowsHostProcessV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badContainers = new Violations();
  visitContainers(spec, (container, kind, index) => {
    if (container.securityContext?.windowsOptions?.hostProcess === true) {
      const path = containerPath(kind, index).child('securityContext', 'windowsOptions', 'hostProcess');
      badContainers.add(container.name, forbidden(path, true));
    }
  });

  const badSetters = new Violations();
  if (spec.securityContext?.windowsOptions?.hostProcess === true) {
    badSetters.add('pod', forbidden(PATHS.hostProcess, true));
  }
  if (!badContainers.empty) {
    badSetters.add(`${namedContainers(badContainers.data)}`, ...badContainers.errs);
  }
  if (badSetters.empty) return null;
  return {
    reason: 'hostProcess',
    detail: `${badSetters.data.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`,
    errList: badSetters.errs,
  };
}

export const windowsHostProcessCheck: Check = {
  id: 'windowsHostProcess',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: windowsHostProcessV1Dot0 }],
};
