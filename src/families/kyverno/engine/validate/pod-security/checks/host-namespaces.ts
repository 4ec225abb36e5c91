/**
 * @file `hostNamespaces` (baseline, 1.0+): `hostNetwork`, `hostPID` and `hostIPC` must not be true.
 * Port of `check_hostNamespaces.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { PATHS, Violations } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden } from '../field-error.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function hostNamespacesV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const hostNamespaces = new Violations();
  if (spec.hostNetwork) hostNamespaces.add('hostNetwork=true', forbidden(PATHS.hostNetwork, true));
  if (spec.hostPID) hostNamespaces.add('hostPID=true', forbidden(PATHS.hostPID, true));
  if (spec.hostIPC) hostNamespaces.add('hostIPC=true', forbidden(PATHS.hostIPC, true));
  if (hostNamespaces.empty) return null;
  return {
    reason: 'host namespaces',
    detail: hostNamespaces.data.join(', '),
    errList: hostNamespaces.errs,
  };
}

export const hostNamespacesCheck: Check = {
  id: 'hostNamespaces',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: hostNamespacesV1Dot0 }],
};
