/**
 * @file Which checks run for a level and version, version parsing, and the control names policy
 * validation relies on.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHECK_IDS,
  PSS_BASELINE_CONTROL_NAMES,
  PSS_CONTAINER_LEVEL_CONTROLS,
  PSS_CONTROL_NAMES,
  PSS_POD_LEVEL_CONTROLS,
  PSS_RESTRICTED_CONTROL_NAMES,
} from '../../../../../../src/families/kyverno/engine/validate/pod-security/index.js';
import { DEFAULT_CHECKS, selectChecks } from '../../../../../../src/families/kyverno/engine/validate/pod-security/registry.js';
import { LATEST_VERSION, parsePolicyVersion } from '../../../../../../src/families/kyverno/engine/validate/pod-security/version.js';

const BASELINE_IDS = [
  'appArmorProfile',
  'capabilities_baseline',
  'hostNamespaces',
  'hostPathVolumes',
  'hostPorts',
  'hostProbesAndHostLifecycle',
  'privileged',
  'procMount',
  'seLinuxOptions',
  'seccompProfile_baseline',
  'sysctls',
  'windowsHostProcess',
];

describe('check selection', () => {
  it.each<[string, string, string[]]>([
    ['baseline', 'latest', BASELINE_IDS],
    ['baseline', 'v1.33', BASELINE_IDS.filter((id) => id !== 'hostProbesAndHostLifecycle')],
    [
      'restricted',
      'latest',
      [
        'allowPrivilegeEscalation',
        'appArmorProfile',
        'capabilities_baseline',
        'capabilities_restricted',
        'hostNamespaces',
        'hostPathVolumes',
        'hostPorts',
        'hostProbesAndHostLifecycle',
        'privileged',
        'procMount',
        'restrictedVolumes',
        'runAsNonRoot',
        'runAsUser',
        'seLinuxOptions',
        'seccompProfile_baseline',
        'seccompProfile_restricted',
        'sysctls',
        'windowsHostProcess',
      ],
    ],
    [
      'restricted',
      'v1.0',
      [
        'appArmorProfile',
        'capabilities_baseline',
        'hostNamespaces',
        'hostPathVolumes',
        'hostPorts',
        'privileged',
        'procMount',
        'restrictedVolumes',
        'runAsNonRoot',
        'seLinuxOptions',
        'seccompProfile_baseline',
        'sysctls',
        'windowsHostProcess',
      ],
    ],
  ])('%s at %s', (level, version, ids) => {
    expect(selectChecks(level, parsePolicyVersion(version)!).map((check) => check.id)).toEqual(ids);
  });

  it('picks the newest implementation not newer than the version', () => {
    const sysctls = DEFAULT_CHECKS.find((check) => check.id === 'sysctls')!;
    const implementation = (version: string): unknown => selectChecks('baseline', parsePolicyVersion(version)!).find((c) => c.id === 'sysctls')!.check;
    expect(implementation('v1.26')).toBe(sysctls.versions[0]!.check);
    expect(implementation('v1.28')).toBe(sysctls.versions[1]!.check);
    expect(implementation('v1.31')).toBe(sysctls.versions[2]!.check);
    expect(implementation('v1.32')).toBe(sysctls.versions[3]!.check);
    expect(implementation('v1.100')).toBe(sysctls.versions[3]!.check);
    expect(implementation('latest')).toBe(sysctls.versions[3]!.check);
  });
});

describe('parsePolicyVersion', () => {
  it.each<[string | undefined, number | null]>([
    [undefined, LATEST_VERSION],
    ['', LATEST_VERSION],
    ['latest', LATEST_VERSION],
    ['v1.0', 0],
    ['v1.19', 19],
    ['v1.123', 123],
    ['v1.01', null],
    ['v2.1', null],
    ['1.25', null],
    ['Latest', null],
    ['v1.25.0', null],
  ])('%j → %j', (version, expected) => {
    expect(parsePolicyVersion(version)).toBe(expected);
  });
});

describe('control names', () => {
  it('maps every check to exactly one control', () => {
    for (const check of DEFAULT_CHECKS) {
      const controls = [...CONTROL_CHECK_IDS].filter(([, ids]) => ids.includes(check.id)).map(([name]) => name);
      expect(controls, check.id).toHaveLength(1);
    }
  });

  it('knows every control of each level and location', () => {
    const known = new Set(PSS_CONTROL_NAMES);
    for (const name of [...PSS_BASELINE_CONTROL_NAMES, ...PSS_RESTRICTED_CONTROL_NAMES, ...PSS_POD_LEVEL_CONTROLS, ...PSS_CONTAINER_LEVEL_CONTROLS]) {
      expect(known.has(name), name).toBe(true);
    }
    expect(PSS_RESTRICTED_CONTROL_NAMES).toEqual(['Volume Types', 'Privilege Escalation', 'Running as Non-root', 'Running as Non-root user', 'Seccomp', 'Capabilities']);
  });
});
