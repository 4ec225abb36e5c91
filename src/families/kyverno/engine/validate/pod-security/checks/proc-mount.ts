/**
 * @file `procMount` (baseline, 1.0+): `securityContext.procMount` must be unset or `Default`.
 * Port of `check_procMount.go` (Kyverno's fork of k8s.io/pod-security-admission). The fork relaxes the
 * check for user-namespaced pods only behind `RelaxPolicyForUserNamespacePods`, which Kyverno never
 * enables, so that relaxation does not apply.
 */
import { containerPath, joinQuote, namedContainers, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden } from '../field-error.js';
import { sortedSet } from '../go-strings.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function procMountV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badContainers = new Violations();
  const forbiddenTypes: string[] = [];
  visitContainers(spec, (container, kind, index) => {
    const procMount = container.securityContext?.procMount;
    if (procMount === undefined || procMount === 'Default') return;
    badContainers.add(container.name, forbidden(containerPath(kind, index).child('securityContext', 'procMount'), procMount));
    forbiddenTypes.push(procMount);
  });
  if (badContainers.empty) return null;
  return {
    reason: 'procMount',
    detail: `${namedContainers(badContainers.data)} must not set securityContext.procMount to ${joinQuote(sortedSet(forbiddenTypes))}`,
    errList: badContainers.errs,
  };
}

export const procMountCheck: Check = {
  id: 'procMount',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: procMountV1Dot0 }],
};
