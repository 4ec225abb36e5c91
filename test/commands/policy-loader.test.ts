/**
 * The policy loader of `apply` and `test` (src/commands/load/policies.ts): documents are dispatched on their
 * API group and kind, as the Kyverno CLI's loader switches on the group/version/kind
 * (cmd/cli/kubectl-kyverno/policy/load.go, `processDocumentItem`), and every policy is accepted through its
 * family (acceptPolicy).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRE_APP_LABEL_POLICY, runCli, scratchFolder } from './helpers.js';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
    - name: web
      image: nginx
`;

describe('policy loader of apply and test', () => {
  const scratch = scratchFolder('kyverno-lint-loader-');

  it.each([
    ['a ClusterPolicy of another API group', 'example.com/v1', 'ClusterPolicy', '{}', 'skipping example.com/v1 ClusterPolicy document: not a policy'],
    ['a CEL kind of the kyverno.io group', 'kyverno.io/v1', 'ValidatingPolicy', '{}', 'skipping kyverno.io/v1 ValidatingPolicy document: not a policy'],
    [
      'a NamespacedValidatingPolicy in Envoy mode',
      'policies.kyverno.io/v1',
      'NamespacedValidatingPolicy',
      '{evaluation: {mode: Envoy}}',
      'NamespacedValidatingPolicy other (policies.kyverno.io/v1) is skipped: evaluation mode Envoy of a NamespacedValidatingPolicy is not supported',
    ],
  ])('%s: %s', async (_name, apiVersion, kind, spec, warning) => {
    scratch.write('policies.yaml', `${REQUIRE_APP_LABEL_POLICY}---\napiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: other\nspec: ${spec}\n`);
    scratch.write('pod.yaml', POD);
    const { code, stdout, stderr } = await runCli(['apply', path.join(scratch.dir, 'policies.yaml'), '-r', path.join(scratch.dir, 'pod.yaml')]);
    expect(stderr).toContain(warning);
    // The ClusterPolicy is still applied (its rule and the two autogen rules count); only a CEL kind counts
    // as one more policy rule, not evaluated.
    const rules = apiVersion.startsWith('policies.') ? 4 : 3;
    expect(stdout).toContain(`Applying ${rules} policy rule(s) to 1 resource(s)...`);
    expect(stdout).toMatch(/pass: 1, fail: 0/);
    expect(code).toBe(0);
  });

  it('accepts integers beyond 2^53 in integer fields of a policy, as Kyverno decodes them', async () => {
    const policy = REQUIRE_APP_LABEL_POLICY.replace(/metadata:\n/, 'metadata:\n  generation: 9007199254740993\n');
    expect(policy).toContain('generation: 9007199254740993');
    scratch.write('policy.yaml', policy);
    scratch.write('pod.yaml', POD);
    const { code, stdout, stderr } = await runCli(['apply', path.join(scratch.dir, 'policy.yaml'), '-r', path.join(scratch.dir, 'pod.yaml')]);
    expect(stderr).not.toContain('generation');
    expect(stdout).toMatch(/pass: 1, fail: 0/);
    expect(code).toBe(0);
  });
});

describe('clone sources of a Test', () => {
  const scratch = scratchFolder('kyverno-lint-clone-');

  it('are read only when a clone rule generates: a missing file of an untriggered rule is no input problem', async () => {
    scratch.write(
      'policies.yaml',
      `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: team-defaults
spec:
  rules:
    - name: check
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: the app label is required
        pattern:
          metadata:
            labels:
              app: "?*"
    - name: copy-config
      match:
        any:
          - resources:
              kinds: [Namespace]
      generate:
        apiVersion: v1
        kind: ConfigMap
        name: defaults
        namespace: "{{request.object.metadata.name}}"
        clone:
          namespace: default
          name: defaults
`,
    );
    scratch.write('pod.yaml', POD);
    scratch.write(
      'kyverno-test.yaml',
      `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: clone
policies: [policies.yaml]
resources: [pod.yaml]
results:
  - policy: team-defaults
    rule: check
    resources: [web]
    kind: Pod
    result: pass
  - policy: team-defaults
    rule: copy-config
    resources: [team-a]
    kind: Namespace
    cloneSourceResource: missing.yaml
    result: pass
`,
    );
    const { code, stdout, stderr } = await runCli(['test', scratch.dir, '--test-case-selector', 'rule=check']);
    expect(stderr).not.toContain('missing.yaml');
    expect(stdout).toContain('1 tests passed and 0 tests failed');
    expect(code).toBe(0);
  });
});
