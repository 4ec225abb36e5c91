/**
 * `kyverno-lint test` with ValidatingAdmissionPolicies: bindings loaded with the policies and linked by
 * `policyName`, `Excluded` rows for resources no binding selects, and the refusal of kyverno.io
 * PolicyExceptions next to a ValidatingAdmissionPolicy.
 */
import { describe, expect, it } from 'vitest';
import { runCli, scratchFolder } from './helpers.js';

const POLICY = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: check-replicas
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
  validations:
    - expression: object.spec.replicas <= 2
`;

const BINDING = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: check-replicas-binding
spec:
  policyName: check-replicas
  validationActions: [Deny]
  matchResources:
    objectSelector:
      matchLabels: {app: nginx}
`;

function deployment(name: string, app: string, replicas: number): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: default, labels: {app: ${app}}}
spec: {replicas: ${replicas}, template: {spec: {containers: [{name: c, image: nginx}]}}}
`;
}

const RESOURCES = [deployment('nginx-1', 'nginx', 3), deployment('nginx-2', 'nginx', 1), deployment('busybox', 'busybox', 3)].join('---\n');

const TEST = `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata: {name: vap}
policies: [policy.yaml, binding.yaml]
resources: [resources.yaml]
results:
  - {policy: check-replicas, resources: [nginx-1], kind: Deployment, result: fail, isValidatingAdmissionPolicy: true}
  - {policy: check-replicas, resources: [nginx-2], kind: Deployment, result: pass}
  - {policy: check-replicas, resources: [busybox], kind: Deployment, result: skip}
`;

interface Row {
  resource: string;
  expected: string;
  actual: string;
  reason: string;
}

describe('kyverno-lint test with ValidatingAdmissionPolicies', () => {
  const scratch = scratchFolder('kyverno-lint-vap-');

  it('links the bindings of the policy files to the policy', async () => {
    scratch.write('policy.yaml', POLICY);
    scratch.write('binding.yaml', BINDING);
    scratch.write('resources.yaml', RESOURCES);
    scratch.write('kyverno-test.yaml', TEST);
    const { code, stdout } = await runCli(['test', scratch.dir, '--format', 'json']);
    const report = JSON.parse(stdout) as { tests: { results: Row[] }[] };
    expect(report.tests.flatMap((test) => test.results.map((row) => [row.resource, row.expected, row.actual, row.reason]))).toEqual([
      ['nginx-1', 'fail', 'fail', 'Ok'],
      ['nginx-2', 'pass', 'pass', 'Ok'],
      // No binding selects it: an empty response, an Excluded row.
      ['busybox', 'skip', 'skip', 'Excluded'],
    ]);
    expect(code).toBe(0);
  });

  it('without the binding file, the policy applies to every Deployment', async () => {
    scratch.write('policy.yaml', POLICY);
    scratch.write('resources.yaml', RESOURCES);
    scratch.write('kyverno-test.yaml', TEST.replace('policies: [policy.yaml, binding.yaml]', 'policies: [policy.yaml]'));
    const { code, stdout } = await runCli(['test', scratch.dir, '--format', 'json']);
    const report = JSON.parse(stdout) as { tests: { results: Row[] }[] };
    expect(report.tests[0]!.results.map((row) => [row.resource, row.actual])).toEqual([
      ['nginx-1', 'fail'],
      ['nginx-2', 'pass'],
      ['busybox', 'fail'],
    ]);
    expect(code).toBe(1);
  });

  it('the scan evaluates the policy through its bindings', async () => {
    scratch.write('policy.yaml', `${POLICY}---\n${BINDING}`);
    scratch.write('resources.yaml', RESOURCES);
    const { code, stdout } = await runCli(['-f', 'json'], { cwd: scratch.dir });
    const report = JSON.parse(stdout) as { findings: { ruleId: string; status: string; resource: { name: string } }[] };
    // nginx-1 fails; nginx-2 passes; busybox is not selected by the binding.
    expect(report.findings.map((finding) => [finding.ruleId, finding.status, finding.resource.name])).toEqual([['check-replicas/check-replicas', 'fail', 'nginx-1']]);
    expect(code).toBe(1);
  });

  it('refuses kyverno.io PolicyExceptions next to a ValidatingAdmissionPolicy', async () => {
    scratch.write('policy.yaml', POLICY);
    scratch.write('binding.yaml', BINDING);
    scratch.write('resources.yaml', RESOURCES);
    scratch.write(
      'exception.yaml',
      `apiVersion: kyverno.io/v2
kind: PolicyException
metadata: {name: allow, namespace: default}
spec:
  exceptions: [{policyName: other, ruleNames: [r]}]
  match:
    any: [{resources: {kinds: [Deployment]}}]
`,
    );
    scratch.write('kyverno-test.yaml', `${TEST}exceptions: [exception.yaml]\n`);
    const { code, stderr } = await runCli(['test', scratch.dir]);
    expect(stderr).toContain('failed to run test: use of exceptions with ValidatingAdmissionPolicies is not supported');
    expect(code).toBe(1);
  });
});
