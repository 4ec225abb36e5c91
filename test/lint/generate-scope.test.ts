/**
 * Generate rules whose target kind is cluster-scoped: the scan validates policies as the admission
 * controller does (the scopes of the built-in kinds and of the CustomResourceDefinitions read), while
 * `apply` and `test` validate them as the Kyverno CLI does (mock mode: every kind counts as namespaced).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import { NO_LEGACY_CONFIG, runCli, scratchFolder } from '../commands/helpers.js';

/**
 * Like kyverno/policies other/expiration-for-policyexceptions (a ClusterCleanupPolicy per PolicyException),
 * triggered by ConfigMaps too: the scan evaluates manifests, and PolicyExceptions are not manifests.
 */
const EXPIRE_EXCEPTIONS = `apiVersion: kyverno.io/v2beta1
kind: ClusterPolicy
metadata:
  name: expire-exceptions
spec:
  rules:
    - name: expire
      match:
        any:
          - resources:
              kinds: [PolicyException, ConfigMap]
      generate:
        apiVersion: kyverno.io/v2beta1
        kind: ClusterCleanupPolicy
        name: "polex-{{ request.namespace }}-{{ request.object.metadata.name }}"
        synchronize: false
        data:
          spec:
            schedule: "0 4 * * *"
            match:
              any:
                - resources:
                    kinds: [PolicyException]
                    names: ["{{ request.object.metadata.name }}"]
`;

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: team-a\n';

function generateWidget(namespace: string | null): string {
  return `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: widget-per-namespace
spec:
  rules:
    - name: widget
      match:
        any:
          - resources:
              kinds: [Namespace]
      generate:
        apiVersion: example.com/v1
        kind: Widget
        name: "w-{{ request.object.metadata.name }}"
${namespace === null ? '' : `        namespace: ${namespace}\n`}        data:
          spec: {size: 1}
`;
}

const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Cluster
  versions: [{name: v1, served: true, storage: true}]
`;

const NAMESPACE = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n';

const CLUSTER_ROLE_POLICY = (namespace: string | null): string => `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: namespace-reader
spec:
  rules:
    - name: reader
      match:
        any:
          - resources:
              kinds: [Namespace]
      generate:
        apiVersion: rbac.authorization.k8s.io/v1
        kind: ClusterRole
        name: "read-{{ request.object.metadata.name }}"
${namespace === null ? '' : `        namespace: ${namespace}\n`}        synchronize: false
        data:
          rules:
            - apiGroups: [""]
              resources: [pods]
              verbs: [get]
`;

const scratch = scratchFolder('kyverno-lint-scope-');
const { write } = scratch;

/** The scan, without the notice of each kyverno.io policy: these tests are about the validation of generate rules. */
async function scan() {
  const { report } = await lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: NO_LEGACY_CONFIG });
  return report;
}

const summary = (report: Awaited<ReturnType<typeof scan>>) => report.findings.map((finding) => [finding.ruleId, finding.location.file, finding.location.line, finding.message]);

describe('scan: generate rules creating cluster-scoped kinds', () => {
  it('accepts a ClusterCleanupPolicy without namespace and evaluates the rule', async () => {
    write('policies/expire.yaml', EXPIRE_EXCEPTIONS);
    write('apps/settings.yaml', CONFIG_MAP);
    const report = await scan();
    expect(summary(report)).toEqual([]);
    expect(report.policies).toBe(1);
    expect(report.statuses.pass).toBe(1);
  });

  it('reports a ClusterRole target with a namespace, as the admission controller rejects it', async () => {
    write('policy.yaml', CLUSTER_ROLE_POLICY('"{{ request.object.metadata.name }}"'));
    write('ns.yaml', NAMESPACE);
    expect(summary(await scan())).toEqual([
      [
        'kyverno-lint/invalid-policy',
        'policy.yaml',
        1,
        'ClusterPolicy namespace-reader is not evaluated: spec.rules[0].namespace: Forbidden: target namespace must not be set for a cluster-wide resource',
      ],
    ]);
  });

  it('takes the scope of a custom kind from a CustomResourceDefinition anywhere in the scan, read before or after the policy', async () => {
    write('a-crds/widgets.yaml', WIDGET_CRD);
    write('b-policy.yaml', generateWidget(null));
    write('ns.yaml', NAMESPACE);
    expect(summary(await scan())).toEqual([]);
    write('z-crds/widgets.yaml', WIDGET_CRD);
    rmSync(path.join(scratch.dir, 'a-crds'), { recursive: true });
    expect(summary(await scan())).toEqual([]);
  });

  it('counts a kind of unknown scope as namespaced (Kyverno\'s rule), with a hint', async () => {
    write('policy.yaml', generateWidget(null));
    write('ns.yaml', NAMESPACE);
    expect(summary(await scan())).toEqual([
      [
        'kyverno-lint/invalid-policy',
        'policy.yaml',
        1,
        'ClusterPolicy widget-per-namespace is not evaluated: spec.rules[0].namespace: Forbidden: target namespace must be set for a namespaced resource (the scope of example.com/v1/Widget is unknown, so it counts as namespaced: if it is cluster-scoped, add its CustomResourceDefinition to the checked files)',
      ],
    ]);
    write('policy.yaml', generateWidget('team-a'));
    expect(summary(await scan())).toEqual([]);
  });

  it('still requires a namespace for a namespaced kind', async () => {
    write('policy.yaml', CLUSTER_ROLE_POLICY(null).replace('kind: ClusterRole', 'kind: Role'));
    write('ns.yaml', NAMESPACE);
    expect(summary(await scan())).toEqual([
      [
        'kyverno-lint/invalid-policy',
        'policy.yaml',
        1,
        'ClusterPolicy namespace-reader is not evaluated: spec.rules[0].namespace: Forbidden: target namespace must be set for a namespaced resource',
      ],
    ]);
  });
});

describe('apply and test validate as the Kyverno CLI does (mock mode: no cluster-scoped kind)', () => {
  it('apply skips a ClusterRole target without namespace with the CLI\'s reason', async () => {
    write('policy.yaml', CLUSTER_ROLE_POLICY(null));
    write('ns.yaml', NAMESPACE);
    const result = await runCli(['apply', 'policy.yaml', '-r', 'ns.yaml'], { cwd: scratch.dir });
    expect(result.stdout).toContain('1. namespace-reader: spec.rules[0].namespace: Forbidden: target namespace must be set for a namespaced resource');
    expect(result.stdout).not.toContain('kind: ClusterRole');
  });

  it('apply generates the ClusterRole when the rule names a namespace, as the CLI accepts it', async () => {
    write('policy.yaml', CLUSTER_ROLE_POLICY('"{{ request.object.metadata.name }}"'));
    write('ns.yaml', NAMESPACE);
    const result = await runCli(['apply', 'policy.yaml', '-r', 'ns.yaml'], { cwd: scratch.dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('kind: ClusterRole');
    expect(result.stdout).toContain('name: read-team-a');
    expect(result.stdout).toContain('pass: 1, fail: 0, warn: 0, error: 0, skip: 0');
  });

  it('test reports the generated ClusterRole as the CLI does', async () => {
    write('policy.yaml', CLUSTER_ROLE_POLICY('"{{ request.object.metadata.name }}"'));
    write('ns.yaml', NAMESPACE);
    write(
      'generated.yaml',
      `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: read-team-a
  namespace: team-a
rules:
  - apiGroups: [""]
    resources: [pods]
    verbs: [get]
`,
    );
    write(
      'kyverno-test.yaml',
      `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: reader
policies: [policy.yaml]
resources: [ns.yaml]
results:
  - policy: namespace-reader
    rule: reader
    resources: [team-a]
    kind: Namespace
    generatedResource: generated.yaml
    result: pass
`,
    );
    const result = await runCli(['test', '.'], { cwd: scratch.dir });
    expect(result.stdout).toContain('Test Summary: 1 tests passed and 0 tests failed');
    expect(result.code).toBe(0);
  });
});
