/**
 * `kyverno-lint test` with ValidatingPolicies: rule names ignored, `Excluded` and `Not found` rows from the
 * simple-match emission and the autogen variants, `scored: "false"`, per-result operations, CEL
 * PolicyExceptions, and a policy that does not compile failing the whole Test document.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchFolder } from './helpers.js';

const POLICIES = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: no-host-network
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: ['']
        apiVersions: [v1]
        operations: [CREATE, UPDATE]
        resources: [pods]
  validations:
    - expression: object.spec.?hostNetwork.orValue(false) != true
      message: host network is forbidden
---
apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: unscored-labels
  annotations:
    policies.kyverno.io/scored: "false"
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: ['']
        apiVersions: [v1]
        operations: [CREATE, UPDATE, DELETE]
        resources: [pods, services]
  validations:
    - expression: "has(object.metadata.labels) && 'app' in object.metadata.labels"
`;

const RESOURCES = `apiVersion: v1
kind: Pod
metadata: {name: good, labels: {app: good}}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: bad}
spec: {hostNetwork: true, containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: bad-deploy}
spec:
  template:
    metadata: {labels: {app: x}}
    spec: {hostNetwork: true, containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Service
metadata: {name: svc}
spec: {ports: [{port: 80}]}
`;

interface Row {
  policy: string;
  resource: string;
  expected: string;
  actual: string;
  passed: boolean;
  reason: string;
}

async function rows(dir: string): Promise<{ code: number; rows: [string, string, string, string, string][] }> {
  const { code, stdout } = await runCli(['test', dir, '--format', 'json']);
  const report = JSON.parse(stdout) as { tests: { results: Row[] }[] };
  return { code, rows: report.tests.flatMap((test) => test.results.map((row) => [row.policy, row.resource, row.expected, row.actual, row.reason] as [string, string, string, string, string])) };
}

describe('kyverno-lint test with ValidatingPolicies', () => {
  const scratch = scratchFolder('kyverno-lint-vpol-');

  it('matches results as Kyverno does', async () => {
    scratch.write('policies.yaml', POLICIES);
    scratch.write('resources.yaml', RESOURCES);
    scratch.write(
      'kyverno-test.yaml',
      `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata: {name: vpol}
policies: [policies.yaml]
resources: [resources.yaml]
results:
  - {policy: no-host-network, rule: ignored, resources: [good], kind: Pod, result: pass, isValidatingPolicy: true}
  - {policy: no-host-network, resources: [bad, bad-deploy], kind: Pod, result: fail}
  - {policy: no-host-network, resources: [svc], kind: Service, result: fail}
  - {policy: unscored-labels, resources: [bad, svc], kind: Pod, result: warn}
  - {policy: unscored-labels, resources: [bad-deploy], kind: Deployment, result: pass}
  - {policy: unscored-labels, resources: [bad], kind: Pod, result: error, operation: DELETE}
`,
    );
    const { code, rows: outcome } = await rows(scratch.dir);
    expect(outcome).toEqual([
      ['no-host-network', 'good', 'pass', 'pass', 'Ok'],
      ['no-host-network', 'bad', 'fail', 'fail', 'Ok'],
      // Autogen: the Deployment is checked by the `defaults` variant.
      ['no-host-network', 'bad-deploy', 'fail', 'fail', 'Ok'],
      // The `defaults` variant matches more than one resource: its empty response makes an Excluded row.
      ['no-host-network', 'svc', 'fail', 'fail', 'Excluded'],
      ['unscored-labels', 'bad', 'warn', 'warn', 'Ok'],
      ['unscored-labels', 'svc', 'warn', 'warn', 'Ok'],
      // One resource rule (simple match constraints) that does not match: no response at all.
      ['unscored-labels', 'bad-deploy', 'pass', 'missing', 'Not found'],
      // DELETE: `object` is null.
      ['unscored-labels', 'bad', 'error', 'error', 'Ok'],
    ]);
    expect(code).toBe(1);
  });

  it('applies CEL PolicyExceptions', async () => {
    scratch.write('policies.yaml', POLICIES);
    scratch.write('resources.yaml', RESOURCES);
    scratch.write(
      'exceptions.yaml',
      `apiVersion: policies.kyverno.io/v1beta1
kind: PolicyException
metadata: {name: allow-bad, namespace: default}
spec:
  policyRefs: [{name: no-host-network, kind: ValidatingPolicy}]
  matchConditions:
    - {name: bad, expression: "object.metadata.name == 'bad'"}
`,
    );
    scratch.write(
      'kyverno-test.yaml',
      `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata: {name: vpol}
policies: [policies.yaml]
resources: [resources.yaml]
exceptions: [exceptions.yaml]
results:
  - {policy: no-host-network, resources: [bad], kind: Pod, result: skip}
  - {policy: no-host-network, resources: [bad-deploy], kind: Deployment, result: fail}
`,
    );
    const { code, rows: outcome } = await rows(scratch.dir);
    expect(outcome).toEqual([
      ['no-host-network', 'bad', 'skip', 'skip', 'Ok'],
      ['no-host-network', 'bad-deploy', 'fail', 'fail', 'Ok'],
    ]);
    expect(code).toBe(0);
  });

  it('fails the whole document when a ValidatingPolicy does not compile', async () => {
    scratch.write('policies.yaml', `${POLICIES}---\napiVersion: policies.kyverno.io/v1\nkind: ValidatingPolicy\nmetadata: {name: broken}\nspec:\n  validations:\n    - expression: "object.x +"\n`);
    scratch.write('resources.yaml', RESOURCES);
    scratch.write(
      'kyverno-test.yaml',
      `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata: {name: vpol}
policies: [policies.yaml]
resources: [resources.yaml]
results:
  - {policy: no-host-network, resources: [good], kind: Pod, result: pass}
`,
    );
    const { code, stdout, stderr } = await runCli(['test', scratch.dir, '--format', 'json']);
    const report = JSON.parse(stdout) as { tests: { results: (Row & { message: string })[] }[] };
    const [row] = report.tests[0]!.results;
    expect([row!.passed, row!.reason]).toEqual([false, 'Test error']);
    expect(row!.message).toMatch(/^failed to apply policies on resource good \(failed to compile policy broken \(/);
    expect(stderr).toContain(`${path.join(scratch.dir, 'policies.yaml')}:`);
    expect(code).toBe(1);
  });
});
