/**
 * The notice of each kyverno.io ClusterPolicy/Policy (`kyverno-lint/legacy-policy`): Kyverno 1.20 no longer runs
 * them, and `kyverno-lint migrate <file>` translates them into CEL policies. One `info` finding per policy document,
 * at its first line; none for the CEL kinds, none for a policy Kyverno would refuse (that is an `invalid-policy`);
 * turned off by `ignore`, and never a reason for a failing exit code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import type { Finding } from '../../src/report/types.js';
import { LEGACY_POLICY, NO_LEGACY_CONFIG_FILE, ROOT, runCli, scratchFolder } from '../commands/helpers.js';
import { podNamed, REQUIRE_TEAM, REQUIRE_TEAM_RULES } from './team-documents.js';

const scratch = scratchFolder('kyverno-lint-legacy-');
const { write } = scratch;

const fixture = (file: string): string => readFileSync(path.join(ROOT, 'test/fixtures/lint', file), 'utf8');

/** A Pod the policies below let through (it has its team label): the scan's only findings are about the policies. */
const LABELLED_POD = podNamed('web').replace('  name: web\n', '  name: web\n  namespace: shop\n  labels:\n    team: shop\n');

const policy = (kind: 'ClusterPolicy' | 'Policy', name: string): string =>
  `apiVersion: kyverno.io/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n${kind === 'Policy' ? '  namespace: shop\n' : ''}${REQUIRE_TEAM_RULES}`;

const VALIDATING_POLICY = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: team-label
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [pods]
  validations:
    - expression: has(object.metadata.labels) && 'team' in object.metadata.labels
`;

const notice = (subject: string, file: string): string =>
  `${subject} is a kyverno.io policy, which Kyverno 1.20 no longer runs: \`kyverno-lint migrate ${file}\` translates it into CEL policies`;

/** A finding as `file:line:column-endLine:endColumn severity status message`. */
const placed = ({ location: at, severity, status, message }: Finding): string => `${at.file}:${at.line}:${at.column}-${at.endLine}:${at.endColumn} ${severity} ${status} ${message}`;

async function scan(files: Record<string, string>) {
  write('apps/pod.yaml', LABELLED_POD);
  for (const [file, text] of Object.entries(files)) write(file, text);
  return lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: DEFAULT_CONFIG });
}

describe('one notice per kyverno.io policy document, at its first line', () => {
  it.each<{ name: string; files: Record<string, string>; policies: number; notices: string[] }>([
    {
      name: 'a ClusterPolicy',
      files: { 'policies/team.yaml': REQUIRE_TEAM },
      policies: 1,
      notices: [`policies/team.yaml:1:1-1:26 info problem ${notice('ClusterPolicy require-team', 'policies/team.yaml')}`],
    },
    {
      name: 'a namespaced Policy',
      files: { 'policies/team.yaml': policy('Policy', 'team-in-shop') },
      policies: 1,
      notices: [`policies/team.yaml:1:1-1:26 info problem ${notice('Policy team-in-shop', 'policies/team.yaml')}`],
    },
    {
      name: 'several in one file, after comments and separators, a CEL policy among them',
      files: {
        'policies/all.yaml': `# The team policies.\n---\n${policy('ClusterPolicy', 'first')}---\n${VALIDATING_POLICY}---\n# Per namespace.\n${policy('Policy', 'second')}`,
      },
      policies: 3,
      notices: [
        `policies/all.yaml:3:1-3:26 info problem ${notice('ClusterPolicy first', 'policies/all.yaml')}`,
        `policies/all.yaml:37:1-37:26 info problem ${notice('Policy second', 'policies/all.yaml')}`,
      ],
    },
    {
      name: 'the items of a kind: List, each at its own first line',
      files: {
        'policies/list.yaml': `apiVersion: v1\nkind: List\nitems:\n${[policy('ClusterPolicy', 'listed-a'), `# a comment\n${policy('Policy', 'listed-b')}`]
          .map((text) => `  - ${text.trimEnd().split('\n').join('\n    ')}\n`)
          .join('')}`,
      },
      policies: 2,
      notices: [`policies/list.yaml:4:5-4:30 info problem ${notice('ClusterPolicy listed-a', 'policies/list.yaml')}`, `policies/list.yaml:23:5-23:30 info problem ${notice('Policy listed-b', 'policies/list.yaml')}`],
    },
    {
      name: 'a file name the shell would split, quoted in the command',
      files: { "team's policies/team.yaml": REQUIRE_TEAM },
      policies: 1,
      notices: [`team's policies/team.yaml:1:1-1:26 info problem ${notice('ClusterPolicy require-team', `'team'\\''s policies/team.yaml'`)}`],
    },
  ])('$name', async ({ files, policies, notices }) => {
    const { report } = await scan(files);
    expect(report.policies).toBe(policies);
    expect(report.findings.filter((finding) => finding.ruleId === LEGACY_POLICY).map(placed)).toEqual(notices);
    // Nothing else: the Pod passes every policy.
    expect(report.findings.filter((finding) => finding.ruleId !== LEGACY_POLICY)).toEqual([]);
    expect(report.counts).toEqual({ error: 0, warning: 0, info: notices.length, suppressed: 0 });
  });

  it('names the policy as the resource of the finding', async () => {
    const { report } = await scan({ 'policies/team.yaml': policy('Policy', 'team-in-shop') });
    expect(report.findings).toEqual([
      {
        ruleId: LEGACY_POLICY,
        policy: '',
        rule: '',
        severity: 'info',
        status: 'problem',
        message: notice('Policy team-in-shop', 'policies/team.yaml'),
        location: { file: 'policies/team.yaml', line: 1, column: 1, endLine: 1, endColumn: 26 },
        resource: { apiVersion: 'kyverno.io/v1', kind: 'Policy', namespace: 'shop', name: 'team-in-shop' },
      },
    ]);
  });

  it('of a policy read from standard input, names no file', async () => {
    write('apps/pod.yaml', LABELLED_POD);
    const { report } = await lint({ cwd: scratch.dir, paths: [scratch.dir, '-'], policyPaths: [], config: DEFAULT_CONFIG, stdin: REQUIRE_TEAM });
    expect(report.findings.map(placed)).toEqual([
      '<stdin>:1:1-1:26 info problem ClusterPolicy require-team is a kyverno.io policy, which Kyverno 1.20 no longer runs: `kyverno-lint migrate` on its file translates it into CEL policies',
    ]);
  });
});

describe('no notice for the CEL kinds', () => {
  it.each([
    { kind: 'ValidatingPolicy', text: VALIDATING_POLICY },
    { kind: 'NamespacedValidatingPolicy', text: VALIDATING_POLICY.replace('kind: ValidatingPolicy', 'kind: NamespacedValidatingPolicy').replace('  name: team-label\n', '  name: team-label\n  namespace: shop\n') },
    { kind: 'ValidatingAdmissionPolicy', text: VALIDATING_POLICY.replace('policies.kyverno.io/v1\nkind: ValidatingPolicy', 'admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy') },
    { kind: 'MutatingPolicy', text: fixture('mutating/policies.yaml') },
    { kind: 'MutatingAdmissionPolicy', text: fixture('mutating-admission/policy.yaml') },
    { kind: 'GeneratingPolicy', text: fixture('generating/policy.yaml') },
    { kind: 'ImageValidatingPolicy', text: fixture('image-validating/policy.yaml') },
    { kind: 'DeletingPolicy', text: fixture('deleting/policy.yaml') },
  ])('$kind', async ({ kind, text }) => {
    const { report } = await scan({ 'policies/cel.yaml': text });
    expect(text).toContain(`kind: ${kind}\n`);
    // Read and evaluated: the kind is not left out for another reason.
    expect(report.policies).toBeGreaterThan(0);
    expect(report.findings.filter((finding) => finding.ruleId.startsWith('kyverno-lint/'))).toEqual([]);
  });
});

describe('no notice for a policy Kyverno refuses: an invalid-policy finding instead', () => {
  it.each([
    { name: 'a ClusterPolicy of the wrong shape', text: REQUIRE_TEAM.replace('  rules:', '  rulez:') },
    { name: 'a Policy that fails validation', text: policy('Policy', 'bad-pattern').replace('validate:\n', 'validate:\n        deny: {}\n') },
    {
      name: 'a ClusterPolicy generating a cluster-wide resource in a namespace',
      text: `apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: reader\nspec:\n  rules:\n    - name: r\n      match:\n        any:\n          - resources:\n              kinds: [Namespace]\n      generate:\n        apiVersion: rbac.authorization.k8s.io/v1\n        kind: ClusterRole\n        name: reader\n        namespace: default\n        data: {}\n`,
    },
  ])('$name', async ({ text }) => {
    const { report } = await scan({ 'policies/bad.yaml': text });
    expect(report.policies).toBe(0);
    expect(new Set(report.findings.map((finding) => finding.ruleId))).toEqual(new Set(['kyverno-lint/invalid-policy']));
  });

  it('nor for a kyverno.io PolicyException', async () => {
    const exception = `apiVersion: kyverno.io/v2\nkind: PolicyException\nmetadata:\n  name: shop\n  namespace: shop\nspec:\n  exceptions:\n    - policyName: require-team\n      ruleNames: [check-team]\n  match:\n    any:\n      - resources:\n          kinds: [Pod]\n`;
    const { report } = await scan({ 'policies/team.yaml': REQUIRE_TEAM, 'policies/exception.yaml': exception });
    expect(report.findings.map((finding) => `${finding.ruleId} ${finding.location.file}`)).toEqual([`${LEGACY_POLICY} policies/team.yaml`]);
  });
});

describe('turned off, suppressed, and never failing', () => {
  const repository = (config?: string): void => {
    write('policies/team.yaml', REQUIRE_TEAM);
    write('policies/shop.yaml', policy('Policy', 'team-in-shop'));
    write('apps/pod.yaml', LABELLED_POD);
    if (config !== undefined) write('.kyverno-lint.yaml', config);
  };
  const summary = (stdout: string) => (JSON.parse(stdout) as { summary: Record<string, unknown> }).summary;

  it('ignore: [kyverno-lint/legacy-policy] in the configuration file turns it off; each is counted as suppressed', async () => {
    repository(NO_LEGACY_CONFIG_FILE);
    const result = await runCli(['-f', 'json'], { cwd: scratch.dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect((JSON.parse(result.stdout) as { findings: unknown[] }).findings).toEqual([]);
    expect(summary(result.stdout)).toMatchObject({ error: 0, warning: 0, info: 0, suppressed: 2 });
    // The default stylish output says nothing at all.
    expect(await runCli([], { cwd: scratch.dir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a kyverno-lint-disable directive of the policy document suppresses it there', async () => {
    repository();
    write('policies/team.yaml', `# kyverno-lint-disable ${LEGACY_POLICY} -- migrated next quarter\n${REQUIRE_TEAM}`);
    const report = JSON.parse((await runCli(['-f', 'json'], { cwd: scratch.dir })).stdout) as {
      findings: { file: string; ruleId: string }[];
      suppressedFindings: { file: string; ruleId: string; suppressions: { justification: string }[] }[];
    };
    expect(report.findings.map((finding) => `${finding.ruleId} ${finding.file}`)).toEqual([`${LEGACY_POLICY} policies/shop.yaml`]);
    expect(report.suppressedFindings.map((finding) => `${finding.ruleId} ${finding.file} ${finding.suppressions[0]!.justification}`)).toEqual([
      `${LEGACY_POLICY} policies/team.yaml migrated next quarter`,
    ]);
  });

  it.each([
    { argv: [], stdout: '✖ 2 problems (0 errors, 0 warnings, 2 info)' },
    { argv: ['--max-warnings', '0'], stdout: '✖ 2 problems (0 errors, 0 warnings, 2 info)' },
    { argv: ['-f', 'json'], stdout: '"info": 2' },
    { argv: ['-f', 'sarif'], stdout: '"level": "note"' },
    { argv: ['-f', 'github'], stdout: `::notice file=policies/shop.yaml,line=1,col=1,endLine=1,endColumn=26,title=${LEGACY_POLICY}::Policy team-in-shop` },
    { argv: ['-f', 'junit'], stdout: 'tests="1" errors="0" failures="0" name="policies/shop.yaml"' },
    { argv: ['--files', 'policies/team.yaml'], stdout: 'ClusterPolicy require-team is a kyverno.io policy' },
  ])('exit code 0 with notices only: $argv', async ({ argv, stdout }) => {
    repository();
    const result = await runCli(argv, { cwd: scratch.dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(stdout);
  });

  it('--files reports the notices of the named files only (pre-commit: the staged policies)', async () => {
    repository();
    const staged = await runCli(['--files', 'policies/team.yaml', '-f', 'json'], { cwd: scratch.dir });
    expect((JSON.parse(staged.stdout) as { findings: { file: string }[] }).findings.map((finding) => finding.file)).toEqual(['policies/team.yaml']);
    const manifest = await runCli(['--files', 'apps/pod.yaml', '-f', 'json'], { cwd: scratch.dir });
    expect((JSON.parse(manifest.stdout) as { findings: unknown[] }).findings).toEqual([]);
    expect(manifest.code).toBe(0);
  });

  it('--quiet neither prints nor counts them', async () => {
    repository();
    expect(await runCli(['--quiet'], { cwd: scratch.dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(summary((await runCli(['--quiet', '-f', 'json'], { cwd: scratch.dir })).stdout)).toMatchObject({ error: 0, warning: 0, info: 0 });
  });

  it('with an error elsewhere, the exit code is that of the error', async () => {
    repository();
    write('apps/pod.yaml', podNamed('web'));
    const result = await runCli(['-f', 'json'], { cwd: scratch.dir });
    expect(result.code).toBe(1);
    expect(summary(result.stdout)).toMatchObject({ error: 1, info: 2 });
  });
});
