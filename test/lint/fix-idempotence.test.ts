/**
 * A fix is offered only when writing it reaches a fixed point: the mutated resource, run through the mutate
 * policies again, stays as it is. Otherwise (a JSON patch appending with `/-`) the mutation is reported as not
 * idempotent, without a fix, and `--fix` leaves the file alone. Standard input is never fixed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import type { Finding } from '../../src/report/types.js';
import { NO_LEGACY_CONFIG, NO_LEGACY_CONFIG_FILE, runCli, scratchFolder } from '../commands/helpers.js';

function policy(name: string, rule: string, mutate: string): string {
  return `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: ${name}
spec:
  rules:
    - name: ${rule}
      match:
        any:
          - resources:
              kinds: [Pod]
      mutate:
${mutate
  .split('\n')
  .map((line) => `        ${line}`)
  .join('\n')}
`;
}

const APPEND = policy(
  'add-toleration',
  'append',
  `patchesJson6902: |-
  - op: add
    path: /spec/tolerations/-
    value: {key: spot, operator: Exists}`,
);

const NON_ROOT = policy(
  'add-non-root',
  'set',
  `patchStrategicMerge:
  spec:
    securityContext:
      +(runAsNonRoot): true`,
);

const labelPolicy = (name: string, value: string): string =>
  policy(
    name,
    'label',
    `patchStrategicMerge:
  metadata:
    labels:
      tier: ${value}`,
  );

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  tolerations: []
  containers:
    - name: app
      image: nginx:1.27
`;

const scratch = scratchFolder('kyverno-lint-idempotent-');
const { write } = scratch;

const read = (file: string): string => readFileSync(path.join(scratch.dir, file), 'utf8');

// The notice of each kyverno.io policy (kyverno-lint/legacy-policy) is left out: these tests are about mutations.
beforeEach(() => write('.kyverno-lint.yaml', NO_LEGACY_CONFIG_FILE));

async function scan(fixes: boolean) {
  return lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: NO_LEGACY_CONFIG, fixes });
}

const fixState = (finding: Finding) => ({ ruleId: finding.ruleId, fixable: finding.fixable ?? false, fix: finding.fix !== undefined });

describe('mutations that do not reach a fixed point', () => {
  it.each([true, false])('a JSON patch appending with /- is not idempotent: info, no fix (edits computed: %s)', async (fixes) => {
    write('policies/append.yaml', APPEND);
    write('pod.yaml', POD);
    const result = await scan(fixes);
    expect(result.report.findings).toHaveLength(1);
    const [finding] = result.report.findings;
    expect(fixState(finding!)).toEqual({ ruleId: 'add-toleration/append', fixable: false, fix: false });
    expect(finding!.severity).toBe('info');
    expect(finding!.message).toBe('add-toleration/append mutates Pod/app but is not idempotent: it would change Pod/app again once fixed, so no fix is offered');
    expect(result.fixes).toEqual([]);
  });

  it('--fix writes nothing for it, run after run', async () => {
    write('policies/append.yaml', APPEND);
    write('pod.yaml', POD);
    for (let run = 0; run < 2; run++) {
      const result = await runCli(['--fix'], { cwd: scratch.dir });
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain('fixed');
      expect(result.stdout).toContain('not idempotent');
      expect(result.stdout).not.toContain('fixable with --fix');
      expect(read('pod.yaml')).toBe(POD);
    }
  });

  it('names the rule that does not settle when an idempotent one mutates the same resource, and withholds the fix', async () => {
    write('policies/non-root.yaml', NON_ROOT);
    write('policies/append.yaml', APPEND);
    write('pod.yaml', POD);
    const { report, fixes } = await scan(true);
    expect(report.findings.map(fixState)).toEqual([{ ruleId: 'add-toleration/append', fixable: false, fix: false }]);
    expect(report.findings[0]!.message).toBe(
      'Pod/app is mutated by add-toleration/append, add-non-root/set but is not idempotent: add-toleration/append would change Pod/app again once fixed, so no fix is offered',
    );
    expect(fixes).toEqual([]);
  });
});

describe('mutations that reach a fixed point', () => {
  it('an idempotent strategic merge is fixable; --fix writes once, then nothing is left to fix', async () => {
    write('policies/non-root.yaml', NON_ROOT);
    write('pod.yaml', POD);
    const { report } = await scan(true);
    expect(report.findings.map(fixState)).toEqual([{ ruleId: 'add-non-root/set', fixable: true, fix: true }]);

    const first = await runCli(['--fix'], { cwd: scratch.dir });
    expect(first.stderr).toBe('fixed pod.yaml\n');
    const fixed = read('pod.yaml');
    expect(fixed).toBe(`${POD}  securityContext:\n    runAsNonRoot: true\n`);

    const second = await runCli(['--fix'], { cwd: scratch.dir });
    expect(second).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(read('pod.yaml')).toBe(fixed);
    expect((await scan(true)).report.findings).toEqual([]);
  });

  it('policies that undo each other still settle as a whole: the final state is a fixed point', async () => {
    write('policies/a.yaml', labelPolicy('tier-a', 'a'));
    write('policies/b.yaml', labelPolicy('tier-b', 'b'));
    write('pod.yaml', POD);
    const { report } = await scan(true);
    expect(report.findings.map(fixState)).toEqual([{ ruleId: 'tier-a/label', fixable: true, fix: true }]);
    expect((await runCli(['--fix'], { cwd: scratch.dir })).stderr).toBe('fixed pod.yaml\n');
    expect(read('pod.yaml')).toContain('  labels:\n    tier: b\n');
    expect(await runCli([], { cwd: scratch.dir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('standard input', () => {
  it('--fix says it cannot write standard input, and no finding claims to be fixable', async () => {
    write('policies/non-root.yaml', NON_ROOT);
    const result = await runCli(['-', '--policy', 'policies', '--fix', '-f', 'json'], { cwd: scratch.dir, stdin: POD });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('warning: --fix cannot write standard input: the mutations of the documents read from - are reported, not fixed\n');
    const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string; file: string; fixable?: boolean; fix: unknown }[] }).findings;
    expect(findings.map(({ ruleId, file, fixable, fix }) => ({ ruleId, file, fixable: fixable ?? false, fix }))).toEqual([
      { ruleId: 'add-non-root/set', file: '<stdin>', fixable: false, fix: null },
    ]);
  });

  it('stylish output does not offer --fix for standard input', async () => {
    write('policies/non-root.yaml', NON_ROOT);
    const result = await runCli(['-', '--policy', 'policies', '--fix'], { cwd: scratch.dir, stdin: POD });
    expect(result.stdout).toContain('add-non-root/set mutates Pod/app');
    expect(result.stdout).not.toContain('fixable');
    expect(result.stderr).toContain('--fix cannot write standard input');
  });
});

describe('apply --fix', () => {
  it('writes no edit for a mutation that is not idempotent, and says why', async () => {
    write('append.yaml', APPEND);
    write('pod.yaml', POD);
    for (let run = 0; run < 2; run++) {
      const result = await runCli(['apply', 'append.yaml', '-r', 'pod.yaml', '--fix'], { cwd: scratch.dir });
      expect(result.stderr).toBe(
        'pod.yaml:1:1: warning: no source edit for the mutated Pod/app: the mutation is not idempotent: add-toleration/append would change it again once fixed\n',
      );
      expect(read('pod.yaml')).toBe(POD);
    }
  });

  it('writes an idempotent mutation once; the next run has nothing to fix', async () => {
    write('non-root.yaml', NON_ROOT);
    write('pod.yaml', POD);
    expect((await runCli(['apply', 'non-root.yaml', '-r', 'pod.yaml', '--fix'], { cwd: scratch.dir })).stderr).toBe('fixed pod.yaml\n');
    const fixed = read('pod.yaml');
    expect(fixed).toBe(`${POD}  securityContext:\n    runAsNonRoot: true\n`);
    expect((await runCli(['apply', 'non-root.yaml', '-r', 'pod.yaml', '--fix'], { cwd: scratch.dir })).stderr).toBe('');
    expect(read('pod.yaml')).toBe(fixed);
  });
});
