/**
 * @file The Pod Security checks Kyverno runs and how it picks them (kyverno/kyverno pkg/pss/evaluate.go
 * `evaluatePSS`), over `policy.DefaultChecks()` of Kyverno's fork of k8s.io/pod-security-admission
 * (release 1.34 plus field errors).
 *
 * Selection: at level `baseline` only baseline checks run; at any other level (`restricted`, but also
 * `privileged` or an unknown level) every check runs. A check introduced after the requested version is
 * skipped; otherwise the newest implementation whose minimum version is not newer than the requested one
 * runs (`latest` runs the newest of each). Checks run in registration order (Go runs the `init`
 * functions of the library's files in file-name order), which is the order of the failure message.
 */
import type { Check, CheckFailure, CheckFn } from './check-types.js';
import { appArmorProfileCheck } from './checks/app-armor.js';
import { capabilitiesBaselineCheck, capabilitiesRestrictedCheck } from './checks/capabilities.js';
import { hostNamespacesCheck } from './checks/host-namespaces.js';
import { hostPortsCheck } from './checks/host-ports.js';
import { hostProbesAndHostLifecycleCheck } from './checks/host-probes.js';
import { allowPrivilegeEscalationCheck } from './checks/privilege-escalation.js';
import { privilegedCheck } from './checks/privileged.js';
import { procMountCheck } from './checks/proc-mount.js';
import { runAsNonRootCheck, runAsUserCheck } from './checks/run-as.js';
import { seccompProfileBaselineCheck, seccompProfileRestrictedCheck } from './checks/seccomp.js';
import { seLinuxOptionsCheck } from './checks/selinux.js';
import { sysctlsCheck } from './checks/sysctls.js';
import { hostPathVolumesCheck, restrictedVolumesCheck } from './checks/volumes.js';
import { windowsHostProcessCheck } from './checks/windows-host-process.js';
import type { Pod } from './pod-model.js';
import { isOlder, type PolicyVersion } from './version.js';

/** `policy.DefaultChecks()`, in registration order. */
export const DEFAULT_CHECKS: readonly Check[] = [
  allowPrivilegeEscalationCheck,
  appArmorProfileCheck,
  capabilitiesBaselineCheck,
  capabilitiesRestrictedCheck,
  hostNamespacesCheck,
  hostPathVolumesCheck,
  hostPortsCheck,
  hostProbesAndHostLifecycleCheck,
  privilegedCheck,
  procMountCheck,
  restrictedVolumesCheck,
  runAsNonRootCheck,
  runAsUserCheck,
  seLinuxOptionsCheck,
  seccompProfileBaselineCheck,
  seccompProfileRestrictedCheck,
  sysctlsCheck,
  windowsHostProcessCheck,
];

/** A check chosen for a level and version. */
export interface SelectedCheck {
  readonly id: string;
  readonly check: CheckFn;
}

/** A failed check (`pssutils.PSSCheckResult`). */
export interface CheckOutcome {
  readonly id: string;
  readonly failure: CheckFailure;
}

const selectionCache = new Map<string, readonly SelectedCheck[]>();

/** The checks `evaluatePSS` runs for `level` at `version`. */
export function selectChecks(level: string, version: PolicyVersion): readonly SelectedCheck[] {
  const cacheKey = `${version}\u0000${level}`;
  const cached = selectionCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const selected: SelectedCheck[] = [];
  for (const check of DEFAULT_CHECKS) {
    if (level === 'baseline' && check.level !== 'baseline') continue;
    const [first, ...rest] = check.versions;
    if (first === undefined || isOlder(version, first.minimumMinor)) continue;
    let chosen = first;
    for (const next of rest) {
      if (!isOlder(version, next.minimumMinor) && chosen.minimumMinor < next.minimumMinor) chosen = next;
    }
    selected.push({ id: check.id, check: chosen.check });
  }
  selectionCache.set(cacheKey, selected);
  return selected;
}

/** Runs `checks` on `pod` and returns the failures, in check order. */
export function runChecks(checks: readonly SelectedCheck[], pod: Pod): CheckOutcome[] {
  const outcomes: CheckOutcome[] = [];
  for (const { id, check } of checks) {
    const failure = check(pod.meta, pod.spec);
    if (failure !== null) outcomes.push({ id, failure });
  }
  return outcomes;
}
