/**
 * @file Pod Security Standards control names as Kyverno knows them (kyverno/kyverno
 * pkg/pss/utils/mapping.go and the `controlName` enum of api/kyverno/v1): which check IDs each control
 * covers, which controls exist at which level, and which are pod-level or container-level (policy
 * validation requires `images` for container-level controls and forbids it for pod-level ones).
 */

/** Control name → the check IDs it covers (`PSS_control_name_to_ids`). */
export const CONTROL_CHECK_IDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['Capabilities', ['capabilities_baseline', 'capabilities_restricted']],
  ['Seccomp', ['seccompProfile_baseline', 'seccompProfile_restricted']],
  ['Privileged Containers', ['privileged']],
  ['Host Ports', ['hostPorts']],
  ['/proc Mount Type', ['procMount']],
  ['Host Probes / Lifecycle Hooks', ['hostProbesAndHostLifecycle']],
  ['HostProcess', ['windowsHostProcess']],
  ['SELinux', ['seLinuxOptions']],
  ['Host Namespaces', ['hostNamespaces']],
  ['HostPath Volumes', ['hostPathVolumes']],
  ['Sysctls', ['sysctls']],
  ['AppArmor', ['appArmorProfile']],
  ['Privilege Escalation', ['allowPrivilegeEscalation']],
  ['Running as Non-root', ['runAsNonRoot']],
  ['Running as Non-root user', ['runAsUser']],
  ['Volume Types', ['restrictedVolumes']],
]);

/** Every valid `controlName` (the API enum). */
export const PSS_CONTROL_NAMES: readonly string[] = [...CONTROL_CHECK_IDS.keys()];

/** The controls of the baseline level. */
export const PSS_BASELINE_CONTROL_NAMES: readonly string[] = [
  'HostProcess',
  'Host Namespaces',
  'Privileged Containers',
  'Capabilities',
  'HostPath Volumes',
  'Host Ports',
  'Host Probes / Lifecycle Hooks',
  'AppArmor',
  'SELinux',
  '/proc Mount Type',
  'Seccomp',
  'Sysctls',
];

/**
 * The controls of the restricted level (`PSS_restricted_control_names`). At level `baseline` policy
 * validation rejects excluding them, except `Seccomp` and `Capabilities`, which exist at both levels.
 */
export const PSS_RESTRICTED_CONTROL_NAMES: readonly string[] = [
  'Volume Types',
  'Privilege Escalation',
  'Running as Non-root',
  'Running as Non-root user',
  'Seccomp',
  'Capabilities',
];

/** Pod-level controls: an exclusion must not list `images` (`PSS_pod_level_control`). */
export const PSS_POD_LEVEL_CONTROLS: readonly string[] = ['Host Namespaces', 'HostPath Volumes', 'Sysctls', 'Volume Types'];

/** Container-level controls: an exclusion must list `images` (`PSS_container_level_control`). */
export const PSS_CONTAINER_LEVEL_CONTROLS: readonly string[] = [
  'Capabilities',
  'Privileged Containers',
  'Host Ports',
  '/proc Mount Type',
  'Privilege Escalation',
  'Host Probes / Lifecycle Hooks',
];
