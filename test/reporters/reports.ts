/**
 * @file Hand-built reports for the reporter tests: an empty scan and a scan whose findings cover every
 * severity, a tool problem, a namespaced policy, a fix, unusual paths and messages with `%`, `:`, `,`,
 * line breaks and `<&"'>`.
 */
import type { Finding, LintReport } from '../../src/report/types.js';
import type { ReporterOptions } from '../../src/reporters/index.js';

export const PLAIN: ReporterOptions = { color: false, toolVersion: '1.2.3' };
export const COLOR: ReporterOptions = { color: true, toolVersion: '1.2.3' };

export function report(findings: Finding[], overrides: Partial<LintReport> = {}): LintReport {
  const counts = { error: 0, warning: 0, info: 0, suppressed: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return {
    findings,
    counts,
    files: { policies: 2, manifests: 3, other: 1 },
    policies: 3,
    manifests: 5,
    statuses: { pass: 9, fail: 3, warn: 0, error: 0, skip: 1 },
    cwd: '/work/repo',
    durationMs: 42,
    ...overrides,
  };
}

export function emptyReport(): LintReport {
  return report([], { statuses: { pass: 12, fail: 0, warn: 0, error: 0, skip: 2 } });
}

export const missingLabel: Finding = {
  ruleId: 'require-labels/check-for-labels',
  policy: 'require-labels',
  rule: 'check-for-labels',
  severity: 'error',
  status: 'fail',
  type: 'Validation',
  message: 'validation error: The label `app.kubernetes.io/name` is required. rule check-for-labels failed at path /metadata/labels/app.kubernetes.io/name/',
  location: { file: 'k8s/deploy.yaml', line: 12, column: 7, endLine: 12, endColumn: 20 },
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' },
  category: 'Best Practices, EKS Best Practices',
  policySeverity: 'medium',
  policyTitle: 'Require Labels',
  policyDescription: 'Define and use labels that identify semantic attributes of your application.',
};

/** Every character the reporters escape: `%`, `:`, `,`, a CRLF and a LF, and `<&"'>`. */
export const latestTag: Finding = {
  ruleId: 'disallow-latest-tag/validate-image-tag',
  policy: 'disallow-latest-tag',
  rule: 'validate-image-tag',
  severity: 'warning',
  status: 'fail',
  type: 'Validation',
  message: 'image "nginx:latest" uses <latest> & is 100% mutable, see: a,b\r\nsecond line\nthird \'line\'.',
  location: { file: 'k8s/deploy.yaml', line: 3, column: 1, endLine: 4, endColumn: 9 },
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' },
  category: 'Best Practices',
  policyTitle: 'Disallow Latest Tag',
};

export const addRequests: Finding = {
  ruleId: 'add-default-resources/add-requests',
  policy: 'add-default-resources',
  rule: 'add-requests',
  severity: 'info',
  status: 'pass',
  type: 'Mutation',
  message: 'mutated Deployment/default/web',
  location: { file: 'k8s/deploy.yaml', line: 20, column: 9, endLine: 20, endColumn: 22 },
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' },
  policyTitle: 'Add Default Resources',
  fix: [
    { file: 'k8s/deploy.yaml', startLine: 21, endLine: 20, replacement: '          resources:\n            requests:\n              memory: 64Mi\n' },
    { file: 'k8s/deploy.yaml', startLine: 30, endLine: 31, replacement: '' },
  ],
};

export const yamlSyntax: Finding = {
  ruleId: 'kyverno-lint/yaml-syntax',
  policy: '',
  rule: '',
  severity: 'error',
  status: 'problem',
  message: 'bad indentation of a mapping entry (4:3)',
  location: { file: 'policies/broken.yaml', line: 4, column: 3, endLine: 4, endColumn: 9 },
};

/** The notice of a kyverno.io policy: an `info` problem of the input at the policy document's first line. */
export const legacyPolicy: Finding = {
  ruleId: 'kyverno-lint/legacy-policy',
  policy: '',
  rule: '',
  severity: 'info',
  status: 'problem',
  message: 'ClusterPolicy require-labels is a kyverno.io policy, which Kyverno 1.20 no longer runs: `kyverno-lint migrate policies/labels.yaml` translates it into CEL policies',
  location: { file: 'policies/labels.yaml', line: 1, column: 1, endLine: 1, endColumn: 26 },
  resource: { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', namespace: '', name: 'require-labels' },
};

/** A namespaced Policy on a path with a space and a long line number. */
export const liveness: Finding = {
  ruleId: 'team-a/require-probes/check-liveness',
  policy: 'require-probes',
  rule: 'check-liveness',
  severity: 'warning',
  status: 'fail',
  type: 'Validation',
  message: 'validation error: Liveness probes are required.',
  location: { file: 'apps/team a/pod.yaml', line: 108, column: 11, endLine: 108, endColumn: 25 },
  resource: { apiVersion: 'v1', kind: 'Pod', namespace: 'team-a', name: 'api' },
  policyTitle: 'Require Probes',
  policyDescription: 'Liveness and readiness probes need to be configured.',
};

/** Files out of order, and the findings of `k8s/deploy.yaml` out of line order. */
export function sampleReport(): LintReport {
  return report([missingLabel, yamlSyntax, latestTag, addRequests, liveness], {
    counts: { error: 2, warning: 2, info: 1, suppressed: 1 },
  });
}

const CEL_MESSAGE = 'rule could not be evaluated: validate.cel rules are not supported yet';

/** A rule that cannot be evaluated, the same way for every resource (a `validate.cel` rule). */
export function celError(file: string, line = 1): Finding {
  return {
    ruleId: 'cel-replicas/max-replicas',
    policy: 'cel-replicas',
    rule: 'max-replicas',
    severity: 'warning',
    status: 'error',
    type: 'Validation',
    message: CEL_MESSAGE,
    location: { file, line, column: 1, endLine: line, endColumn: 20 },
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: file.replace(/\.yaml$/, '') },
  };
}

/**
 * A flood: the same `validate.cel` error on three resources, a context entry unresolved on one resource,
 * and two failures with the same message (failures are never grouped).
 */
export function floodReport(): LintReport {
  const failure = (file: string): Finding => ({ ...missingLabel, location: { ...missingLabel.location, file } });
  const lookup: Finding = { ...celError('c.yaml'), ruleId: 'live-lookup/check-quota', policy: 'live-lookup', rule: 'check-quota', message: 'rule could not be evaluated: Unknown key "quota" in path' };
  return report([celError('a.yaml'), failure('a.yaml'), celError('b.yaml', 4), failure('b.yaml'), lookup, celError('c.yaml')]);
}

/**
 * Kyverno's messages as they come on real repositories: whole failure paths (an anyPattern lists each
 * pattern's), a path longer than a terminal, and a message in a script of double-width characters.
 */
export function longMessagesReport(): LintReport {
  const base = { status: 'fail' as const, type: 'Validation' as const, resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'checkoutservice' } };
  const at = (file: string, line: number, column: number) => ({ file, line, column, endLine: line, endColumn: column + 5 });
  const findings: Finding[] = [
    {
      ...base,
      ruleId: 'disallow-privileged-containers/autogen-privileged-containers',
      policy: 'disallow-privileged-containers',
      rule: 'autogen-privileged-containers',
      severity: 'error',
      message:
        'validation error: Privileged mode is disallowed. The fields spec.containers[*].securityContext.privileged and spec.initContainers[*].securityContext.privileged must be unset or set to `false`. rule autogen-privileged-containers failed at path /spec/template/spec/containers/0/securityContext/privileged/',
      location: at('release/kubernetes-manifests.yaml', 112, 15),
    },
    {
      ...base,
      ruleId: 'require-pod-probes/autogen-validate-probes',
      policy: 'require-pod-probes',
      rule: 'autogen-validate-probes',
      severity: 'warning',
      message:
        'validation failure: validation error: Liveness, readiness, or startup probes are required for all containers. rule autogen-validate-probes[0] failed at path /spec/template/spec/containers/0/livenessProbe/ rule autogen-validate-probes[1] failed at path /spec/template/spec/containers/0/readinessProbe/ rule autogen-validate-probes[2] failed at path /spec/template/spec/containers/0/startupProbe/',
      location: at('release/kubernetes-manifests.yaml', 98, 9),
    },
    {
      ...base,
      ruleId: 'restrict-image-registries/autogen-validate-registries',
      policy: 'restrict-image-registries',
      rule: 'autogen-validate-registries',
      severity: 'error',
      message:
        'validation error: Unknown image registry. rule autogen-validate-registries failed at path /spec/template/spec/containers/0/image/us-central1-docker.pkg.dev/google-samples/microservices-demo/checkoutservice-with-a-very-long-image-name:v0.10.2/',
      location: at('release/kubernetes-manifests.yaml', 1034, 16),
    },
    { ...missingLabel, location: at('release/kubernetes-manifests.yaml', 7, 5) },
    { ...liveness, message: 'validation error: ラベル「team」は必須です。すべてのデプロイメントにチームの名前を付けてください。' },
    celError('release/kubernetes-manifests.yaml', 200),
    celError('release/kubernetes-manifests.yaml', 300),
  ];
  return report(findings);
}
