/**
 * @file Each Pod Security check against the per-control policies of kyverno/policies
 * (`pod-security`, `pod-security-cel`, `pod-security-vpol` in the shared corpus): for every rule that
 * implements exactly one control, the check must fail on the resources the rule's tests expect to fail
 * and pass on the others. These policies are not `podSecurity` rules, but they encode the same Pod
 * Security Standards controls, which makes their test resources a broad check of the port.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { extractPod } from '../../../../../../src/families/kyverno/engine/validate/pod-security/decode-pod.js';
import { selectChecks } from '../../../../../../src/families/kyverno/engine/validate/pod-security/registry.js';
import { LATEST_VERSION } from '../../../../../../src/families/kyverno/engine/validate/pod-security/version.js';
import type { JsonObject } from '../../../../../../src/types.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const policies = path.resolve(repoRoot, '../shared/corpus/kyverno-policies');
const corpusPresent = existsSync(policies);
if (!corpusPresent) console.warn(`Pod Security control agreement tests skipped: ${policies} is missing`);

/**
 * Policy folder, rule name (empty for ValidatingPolicies) and the check implementing the same control.
 * Left out: `disallow-host-ports-range` (allows a port range), `adding-capabilities-strict` and the
 * ValidatingPolicy `disallow-capabilities-strict` (only part of `capabilities_restricted`).
 */
const CONTROLS: readonly [string, string, string][] = [
  ['pod-security/baseline/disallow-capabilities', 'adding-capabilities', 'capabilities_baseline'],
  ['pod-security/baseline/disallow-host-namespaces', 'host-namespaces', 'hostNamespaces'],
  ['pod-security/baseline/disallow-host-ports', 'host-ports-none', 'hostPorts'],
  ['pod-security/baseline/disallow-host-process', 'host-process-containers', 'windowsHostProcess'],
  ['pod-security/baseline/disallow-privileged-containers', 'privileged-containers', 'privileged'],
  ['pod-security/baseline/disallow-proc-mount', 'check-proc-mount', 'procMount'],
  ['pod-security/baseline/restrict-apparmor-profiles', 'app-armor', 'appArmorProfile'],
  ['pod-security/baseline/restrict-seccomp', 'check-seccomp', 'seccompProfile_baseline'],
  ['pod-security/baseline/restrict-sysctls', 'check-sysctls', 'sysctls'],
  ['pod-security/restricted/disallow-capabilities-strict', 'require-drop-all', 'capabilities_restricted'],
  ['pod-security/restricted/disallow-privilege-escalation', 'privilege-escalation', 'allowPrivilegeEscalation'],
  ['pod-security/restricted/require-run-as-non-root-user', 'run-as-non-root-user', 'runAsUser'],
  ['pod-security/restricted/require-run-as-nonroot', 'run-as-non-root', 'runAsNonRoot'],
  ['pod-security/restricted/restrict-volume-types', 'restricted-volumes', 'restrictedVolumes'],
  ['pod-security-cel/baseline/disallow-host-path', 'host-path', 'hostPathVolumes'],
  ['pod-security-cel/baseline/disallow-host-ports', 'host-ports-none', 'hostPorts'],
  ['pod-security-cel/baseline/disallow-host-process', 'host-process-containers', 'windowsHostProcess'],
  ['pod-security-cel/baseline/disallow-privileged-containers', 'privileged-containers', 'privileged'],
  ['pod-security-cel/baseline/disallow-proc-mount', 'check-proc-mount', 'procMount'],
  ['pod-security-cel/baseline/disallow-selinux', 'selinux-type', 'seLinuxOptions'],
  ['pod-security-cel/baseline/disallow-selinux', 'selinux-user-role', 'seLinuxOptions'],
  ['pod-security-cel/baseline/restrict-seccomp', 'check-seccomp', 'seccompProfile_baseline'],
  ['pod-security-cel/baseline/restrict-sysctls', 'check-sysctls', 'sysctls'],
  ['pod-security-cel/restricted/disallow-privilege-escalation', 'privilege-escalation', 'allowPrivilegeEscalation'],
  ['pod-security-cel/restricted/require-run-as-non-root-user', 'run-as-non-root-user', 'runAsUser'],
  ['pod-security-cel/restricted/require-run-as-nonroot', 'run-as-non-root', 'runAsNonRoot'],
  ['pod-security-cel/restricted/restrict-seccomp-strict', 'check-seccomp-strict', 'seccompProfile_restricted'],
  ['pod-security-cel/restricted/restrict-volume-types', 'restricted-volumes', 'restrictedVolumes'],
  ['pod-security-vpol/baseline/disallow-capabilities', '', 'capabilities_baseline'],
  ['pod-security-vpol/baseline/disallow-host-namespaces', '', 'hostNamespaces'],
  ['pod-security-vpol/baseline/disallow-host-path', '', 'hostPathVolumes'],
  ['pod-security-vpol/baseline/disallow-privileged-containers', '', 'privileged'],
  ['pod-security-vpol/baseline/disallow-proc-mount', '', 'procMount'],
  ['pod-security-vpol/baseline/disallow-selinux', '', 'seLinuxOptions'],
  ['pod-security-vpol/baseline/restrict-sysctls', '', 'sysctls'],
  ['pod-security-vpol/restricted/disallow-privilege-escalation', '', 'allowPrivilegeEscalation'],
  ['pod-security-vpol/restricted/require-run-as-nonroot', '', 'runAsNonRoot'],
];

interface Row {
  title: string;
  checkId: string;
  resource: JsonObject;
  fails: boolean;
}

function loadDocs(file: string): JsonObject[] {
  return (loadAll(readFileSync(file, 'utf8')) as unknown[]).filter((doc): doc is JsonObject => typeof doc === 'object' && doc !== null);
}

function collectRows(): Row[] {
  const rows: Row[] = [];
  for (const [folder, ruleName, checkId] of CONTROLS) {
    const testDir = path.join(policies, folder, '.kyverno-test');
    const test = loadDocs(path.join(testDir, 'kyverno-test.yaml'))[0] as Record<string, any>;
    const resources = (test.resources as string[]).flatMap((file) => loadDocs(path.resolve(testDir, file)));
    for (const result of test.results as Record<string, any>[]) {
      if ((result.rule ?? '') !== ruleName) continue;
      for (const name of result.resources as string[]) {
        const resource = resources.find((doc) => (doc.metadata as JsonObject | undefined)?.name === name && doc.kind === result.kind);
        if (resource === undefined) continue;
        // Kyverno reads a CronJob's metadata from spec.jobTemplate.metadata, where these policies do not look.
        if (checkId === 'appArmorProfile' && resource.kind === 'CronJob') continue;
        rows.push({ title: `${folder} ${ruleName} ${String(resource.kind)}/${name}`, checkId, resource, fails: result.result === 'fail' });
      }
    }
  }
  return rows;
}

describe.skipIf(!corpusPresent)('Pod Security checks agree with the per-control policies of kyverno/policies', () => {
  const rows = corpusPresent ? collectRows() : [];
  const checks = selectChecks('restricted', LATEST_VERSION);

  it('finds the test resources', () => {
    expect(rows.length).toBeGreaterThan(1000);
  });

  it.each(rows)('$title', ({ checkId, resource, fails }) => {
    const check = checks.find((candidate) => candidate.id === checkId);
    expect(check).toBeDefined();
    const { pod } = extractPod(resource);
    expect(check!.check(pod.meta, pod.spec) !== null).toBe(fails);
  });
});
