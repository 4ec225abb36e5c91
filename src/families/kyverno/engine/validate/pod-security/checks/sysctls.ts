/**
 * @file `sysctls` (baseline): only the safe sysctls may be set, a set that grew in 1.27, 1.29 and 1.32.
 * Port of `check_sysctls.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { PATHS, Violations } from '../check-helpers.js';
import type { Check, CheckFailure, CheckFn } from '../check-types.js';
import { forbidden } from '../field-error.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

const ALLOWED_1_0: readonly string[] = [
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_unprivileged_port_start',
];
const ALLOWED_1_27: readonly string[] = [...ALLOWED_1_0, 'net.ipv4.ip_local_reserved_ports'];
const ALLOWED_1_29: readonly string[] = [
  ...ALLOWED_1_27,
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
];
const ALLOWED_1_32: readonly string[] = [...ALLOWED_1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

function sysctls(allowedList: readonly string[]): CheckFn {
  const allowed: ReadonlySet<string> = new Set(allowedList);
  return (_meta: PodMeta, spec: PodSpec): CheckFailure | null => {
    const forbiddenSysctls = new Violations();
    spec.securityContext?.sysctls.forEach((sysctl, index) => {
      if (!allowed.has(sysctl.name)) {
        forbiddenSysctls.add(sysctl.name, forbidden(PATHS.sysctls.index(index).child('name'), sysctl.name));
      }
    });
    if (forbiddenSysctls.empty) return null;
    return {
      reason: 'forbidden sysctls',
      detail: forbiddenSysctls.data.join(', '),
      errList: forbiddenSysctls.errs,
    };
  };
}

export const sysctlsCheck: Check = {
  id: 'sysctls',
  level: 'baseline',
  versions: [
    { minimumMinor: 0, check: sysctls(ALLOWED_1_0) },
    { minimumMinor: 27, check: sysctls(ALLOWED_1_27) },
    { minimumMinor: 29, check: sysctls(ALLOWED_1_29) },
    { minimumMinor: 32, check: sysctls(ALLOWED_1_32) },
  ],
};
