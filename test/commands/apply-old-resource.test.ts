import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchFolder } from './helpers.js';

const POLICIES = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: no-scale-down
spec:
  validationFailureAction: Audit
  rules:
    - name: replicas
      match:
        any:
          - resources:
              kinds: [Deployment]
              operations: [UPDATE]
      validate:
        message: "scaling down from {{ request.oldObject.spec.replicas }} to {{ request.object.spec.replicas }}"
        deny:
          conditions:
            any:
              - key: "{{ request.object.spec.replicas }}"
                operator: LessThan
                value: "{{ request.oldObject.spec.replicas }}"
---
apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: cel-no-scale-down
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: [apps]
        apiVersions: [v1]
        operations: [CREATE, UPDATE]
        resources: [deployments]
  validations:
    - expression: "oldObject == null || object.spec.replicas >= oldObject.spec.replicas"
      messageExpression: "'replicas went down from ' + string(int(oldObject.spec.replicas))"
`;

const deployment = (name: string, replicas: number, apiVersion = 'apps/v1'): string => `apiVersion: ${apiVersion}
kind: Deployment
metadata:
  name: ${name}
  namespace: shop
spec:
  replicas: ${replicas}
`;

const RESOURCES = [deployment('web', 2), deployment('api', 1)].join('---\n');
const OLD = [deployment('web', 5, 'apps/v1beta2'), deployment('gone', 3)].join('---\n');

interface JsonResult {
  policy: string;
  resource: { name: string };
  status: string;
  message: string;
}

describe('kyverno-lint apply --old-resource', () => {
  const scratch = scratchFolder('kyverno-lint-old-resource-');
  const at = (file: string): string => path.join(scratch.dir, file);
  const write = (): void => {
    scratch.write('policies.yaml', POLICIES);
    scratch.write('resources.yaml', RESOURCES);
    scratch.write('old/deployments.yaml', OLD);
  };
  const results = (stdout: string): [string, string, string, string][] =>
    (JSON.parse(stdout) as { results: JsonResult[] }).results.map((result) => [result.policy, result.resource.name, result.status, result.message]);

  it('evaluates a resource with an old object (same group, kind, namespace and name) as an UPDATE of it', async () => {
    write();
    const { code, stdout, stderr } = await runCli(['apply', at('policies.yaml'), '-r', at('resources.yaml'), '--old-resource', at('old'), '--format', 'json']);
    expect(code).toBe(1);
    expect(results(stdout)).toEqual([
      ['no-scale-down', 'web', 'fail', 'scaling down from 5 to 2'],
      ['cel-no-scale-down', 'web', 'fail', 'replicas went down from 5'],
      ['cel-no-scale-down', 'api', 'pass', 'success'],
    ]);
    const { problems } = JSON.parse(stdout) as { problems: { message: string; line: number; severity: string }[] };
    expect(problems.map((problem) => [problem.severity, problem.line, problem.message])).toEqual([
      ['warning', 9, 'old resource Deployment shop/gone has no resource of the same group, kind, namespace and name: ignored'],
    ]);
    expect(stderr).not.toContain('Error');
  });

  it.each([
    { title: 'without --old-resource: CREATE, as kyverno apply', argv: [], code: 0, text: 'pass: 2, fail: 0' },
    { title: '--set request.operation=CREATE wins over the old object', argv: ['--old-resource', 'old', '--set', 'request.operation=CREATE'], code: 0, text: 'pass: 2, fail: 0' },
    { title: 'text output with the old object', argv: ['--old-resource', 'old/deployments.yaml'], code: 1, text: 'pass: 1, fail: 2' },
  ])('$title', async ({ argv, code, text }) => {
    write();
    const result = await runCli(['apply', at('policies.yaml'), '-r', at('resources.yaml'), ...argv.map((arg) => (arg.startsWith('old') ? at(arg) : arg))]);
    expect(result.stdout).toContain(text);
    expect(result.code).toBe(code);
  });

  it('prints the warning for an old object without a resource at its file and line', async () => {
    write();
    const { stderr } = await runCli(['apply', at('policies.yaml'), '-r', at('resources.yaml'), '--old-resource', at('old/deployments.yaml')]);
    expect(stderr).toContain(`${at('old/deployments.yaml')}:9:1: warning: old resource Deployment shop/gone has no resource of the same group, kind, namespace and name: ignored`);
  });

  it.each([
    {
      title: 'a document that is not a Kubernetes object',
      old: 'metadata:\n  name: web\n',
      message: 'old.yaml:1:1: invalid old resource: not a Kubernetes object (apiVersion and kind are required)',
    },
    {
      title: 'an object without a name',
      old: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  namespace: shop\n',
      message: 'old.yaml:3:1: invalid old resource: Deployment has no metadata.name to pair it with a resource',
    },
    {
      title: 'the same old object twice',
      old: `${deployment('web', 5)}---\n${deployment('web', 4)}`,
      message: 'old.yaml:9:1: invalid old resource: Deployment shop/web is given twice (first in',
    },
    { title: 'malformed YAML', old: 'apiVersion: [\n', message: 'old.yaml:' },
  ])('$title: an error naming the file, exit 1', async ({ old, message }) => {
    write();
    scratch.write('old.yaml', old);
    const { code, stderr } = await runCli(['apply', at('policies.yaml'), '-r', at('resources.yaml'), '--old-resource', at('old.yaml')]);
    expect(code).toBe(1);
    expect(stderr).toContain(`${at(message)}`);
  });

  it('a path that does not exist is a usage error naming it', async () => {
    write();
    const { code, stderr } = await runCli(['apply', at('policies.yaml'), '-r', at('resources.yaml'), '--old-resource', at('missing.yaml')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`no such file or directory: ${at('missing.yaml')} (--old-resource)`);
  });

  it('standard input is refused', async () => {
    write();
    const { code, stderr } = await runCli(['apply', at('policies.yaml'), '-r', at('resources.yaml'), '--old-resource', '-'], { stdin: RESOURCES });
    expect(code).toBe(2);
    expect(stderr).toContain('standard input cannot be read for --old-resource');
  });
});
