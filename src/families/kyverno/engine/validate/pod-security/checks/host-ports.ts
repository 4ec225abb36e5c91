/**
 * @file `hostPorts` (baseline, 1.0+): `ports[*].hostPort` must be unset or 0.
 * Port of `check_hostPorts.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { containerPath, namedContainers, pluralize, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden, type FieldError } from '../field-error.js';
import { sortedSet } from '../go-strings.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function hostPortsV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badContainers = new Violations();
  const forbiddenHostPorts: string[] = [];
  visitContainers(spec, (container, kind, index) => {
    let errs: FieldError[] | undefined;
    container.hostPorts.forEach((hostPort, portIndex) => {
      if (hostPort === 0) return;
      forbiddenHostPorts.push(String(hostPort));
      errs ??= [];
      errs.push(forbidden(containerPath(kind, index).child('ports').index(portIndex).child('hostPort'), hostPort));
    });
    if (errs !== undefined) badContainers.add(container.name, ...errs);
  });
  if (badContainers.empty) return null;
  const ports = sortedSet(forbiddenHostPorts);
  return {
    reason: 'hostPort',
    detail:
      `${namedContainers(badContainers.data)} ${pluralize('uses', 'use', badContainers.length)} ` +
      `${pluralize('hostPort', 'hostPorts', ports.length)} ${ports.join(', ')}`,
    errList: badContainers.errs,
  };
}

export const hostPortsCheck: Check = {
  id: 'hostPorts',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: hostPortsV1Dot0 }],
};
