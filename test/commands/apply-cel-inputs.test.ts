/**
 * `kyverno-lint apply --parameter-resource` and `--context-file`, the inputs of the CEL policies, read as
 * `kyverno apply` reads them.
 */
import { describe, expect, it } from 'vitest';
import { runCli, scratchFolder } from './helpers.js';

const scratch = scratchFolder('kyverno-lint-apply-cel-');

/** Denies Deployments with more replicas than the `limits` ConfigMap allows, read with an apiCall. */
const REPLICA_LIMIT = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: replica-limit
spec:
  validationFailureAction: Enforce
  rules:
    - name: max-replicas
      match:
        any:
          - resources:
              kinds: [Deployment]
      context:
        - name: limit
          apiCall:
            urlPath: /api/v1/namespaces/default/configmaps/limits
            jmesPath: data.max
      validate:
        message: "at most {{ limit }} replicas"
        deny:
          conditions:
            any:
              - key: "{{ request.object.spec.replicas }}"
                operator: GreaterThan
                value: "{{ limit }}"
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 5
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx}]
`;

const LIMITS = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: limits\n  namespace: default\ndata:\n  max: "3"\n';

const VALIDATING_POLICY = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: check
spec:
  validations:
    - expression: "true"
`;

describe('kyverno-lint apply --parameter-resource', () => {
  it('puts the parameter objects in the cluster the context entries read', async () => {
    scratch.write('policy.yaml', REPLICA_LIMIT);
    scratch.write('deployment.yaml', DEPLOYMENT);
    scratch.write('params/limits.yaml', LIMITS);
    const { code, stdout } = await runCli(['apply', 'policy.yaml', '-r', 'deployment.yaml', '--parameter-resource', 'params/limits.yaml'], { cwd: scratch.dir });
    expect(stdout).toContain('policy replica-limit -> resource default/Deployment/web failed:\n1 - max-replicas at most 3 replicas');
    expect(stdout).toContain('pass: 0, fail: 1, warn: 0, error: 0, skip: 0');
    expect(code).toBe(1);
  });

  it('without it the lookup finds nothing: the rule errors', async () => {
    scratch.write('policy.yaml', REPLICA_LIMIT);
    scratch.write('deployment.yaml', DEPLOYMENT);
    const { code, stdout } = await runCli(['apply', 'policy.yaml', '-r', 'deployment.yaml'], { cwd: scratch.dir });
    expect(stdout).not.toContain('at most 3 replicas');
    expect(stdout).toContain('pass: 0, fail: 0, warn: 0, error: 1, skip: 0');
    expect(code).toBe(1);
  });

  it('is an input path that must exist', async () => {
    scratch.write('policy.yaml', REPLICA_LIMIT);
    scratch.write('deployment.yaml', DEPLOYMENT);
    const { code, stderr } = await runCli(['apply', 'policy.yaml', '-r', 'deployment.yaml', '--parameter-resource', 'absent.yaml'], { cwd: scratch.dir });
    expect(code).toBe(2);
    expect(stderr).toContain('no such file or directory: absent.yaml (--parameter-resource)');
  });
});

describe('kyverno-lint apply --context-file', () => {
  it.each<{ name: string; args: string[]; message: string }>([
    { name: 'missing', args: ['--context-file', 'absent.yaml'], message: 'no such file or directory: absent.yaml (--context-file)' },
  ])('refuses a $name file before reading anything (exit 2)', async ({ args, message }) => {
    scratch.write('policy.yaml', VALIDATING_POLICY);
    scratch.write('deployment.yaml', DEPLOYMENT);
    const { code, stderr } = await runCli(['apply', 'policy.yaml', '-r', 'deployment.yaml', ...args], { cwd: scratch.dir });
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('stops with the Context file problem, located in the file, when a CEL policy reads it', async () => {
    scratch.write('policy.yaml', VALIDATING_POLICY);
    scratch.write('deployment.yaml', DEPLOYMENT);
    scratch.write('context.yaml', 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Context\nspec:\n  images:\n    - image: nginx\n      digests: []\n');
    const { code, stdout, stderr } = await runCli(['apply', 'policy.yaml', '-r', 'deployment.yaml', '--context-file', 'context.yaml'], { cwd: scratch.dir });
    expect(code).toBe(1);
    expect(stderr).toContain('context.yaml:6:7: unknown field "digests"');
    expect(stdout).not.toContain('pass:');
  });

  it('gives the problems in the JSON document', async () => {
    scratch.write('policy.yaml', VALIDATING_POLICY);
    scratch.write('deployment.yaml', DEPLOYMENT);
    scratch.write('context.yaml', 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Context\nspec:\n  resources:\n    - apiVersion: example.com/v1\n      kind: Widget\n');
    const { code, stdout } = await runCli(['apply', 'policy.yaml', '-r', 'deployment.yaml', '--context-file', 'context.yaml', '--format', 'json'], { cwd: scratch.dir });
    expect(code).toBe(1);
    const parsed = JSON.parse(stdout) as { results: unknown[]; problems: { message: string; line: number }[] };
    expect(parsed.results).toEqual([]);
    expect(parsed.problems).toContainEqual(expect.objectContaining({ message: 'no matches for kind "Widget" in version "example.com/v1"', line: 6 }));
  });

  it('is not read when no CEL policy is applied, as in Kyverno', async () => {
    scratch.write('policy.yaml', REPLICA_LIMIT);
    scratch.write('deployment.yaml', DEPLOYMENT);
    scratch.write('params.yaml', LIMITS);
    scratch.write('context.yaml', 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Context\nspec:\n  unknown: true\n');
    const { code, stderr, stdout } = await runCli(
      ['apply', 'policy.yaml', '-r', 'deployment.yaml', '--parameter-resource', 'params.yaml', '--context-file', 'context.yaml'],
      { cwd: scratch.dir },
    );
    expect(stderr).not.toContain('context.yaml');
    expect(stdout).toContain('pass: 0, fail: 1, warn: 0, error: 0, skip: 0');
    expect(code).toBe(1);
  });
});
