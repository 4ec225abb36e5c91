import { describe, expect, it } from 'vitest';
import { NO_LEGACY_CONFIG_FILE, runCli, scratchFolder } from '../commands/helpers.js';

const POLICIES = `apiVersion: policies.kyverno.io/v1
kind: NamespacedValidatingPolicy
metadata:
  name: labels-required
  namespace: team-a
spec:
  validationActions: [Deny]
  matchConstraints:
    resourceRules:
    - apiGroups: [""]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [configmaps]
  validations:
  - expression: "has(object.metadata.labels)"
    message: "labels required"
---
apiVersion: policies.kyverno.io/v1
kind: NamespacedMutatingPolicy
metadata:
  name: owner-annotation
  namespace: team-a
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [""]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [configmaps]
  mutations:
  - patchType: JSONPatch
    jsonPatch:
      expression: >-
        [JSONPatch{op: "add", path: "/metadata/annotations", value: {"owner": "team-a"}}]
`;

const configMap = (name: string, namespace: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: ${namespace}\n`;

interface JsonFinding {
  ruleId: string;
  file: string;
  line: number;
  message: string;
}

// Kyverno's webhook handlers run a namespaced CEL policy only on requests in its namespace
// (pkg/webhooks/resource/vpol/handler.go and mpol/handler.go, `NamespacedPolicy(admissionRequest.Namespace)`).
describe('namespaced CEL policies in the scan', () => {
  const scratch = scratchFolder('kl-namespaced-cel-');

  it('check and mutate only the resources of their own namespace', async () => {
    scratch.write('.kyverno-lint.yaml', NO_LEGACY_CONFIG_FILE);
    scratch.write('policies.yaml', POLICIES);
    scratch.write('a.yaml', configMap('a', 'team-a'));
    scratch.write('b.yaml', configMap('b', 'team-b'));
    const run = await runCli(['.', '-f', 'json'], { cwd: scratch.dir });
    const findings = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings.map((finding) => [finding.ruleId, `${finding.file}:${finding.line}`]);
    expect(findings).toEqual([
      ['team-a/owner-annotation', 'a.yaml:1'],
      ['team-a/labels-required', 'a.yaml:3'],
    ]);
  });

  it('while apply keeps the Kyverno CLI, which runs them on every resource', async () => {
    scratch.write('policies.yaml', POLICIES.split('---')[0]!);
    scratch.write('b.yaml', configMap('b', 'team-b'));
    const run = await runCli(['apply', `${scratch.dir}/policies.yaml`, '--resource', `${scratch.dir}/b.yaml`]);
    expect(run.stdout).toContain('fail: 1');
  });
});
