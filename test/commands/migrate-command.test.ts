import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli } from './helpers.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/migrate/repo');

const work: string[] = [];
afterEach(() => {
  for (const dir of work.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture repository in a fresh folder; returns that folder (the cwd of the runs). */
function copyRepo(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kl-migrate-'));
  work.push(dir);
  cpSync(FIXTURE, path.join(dir, 'repo'), { recursive: true });
  return dir;
}

function read(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), 'utf8');
}

function documents(text: string): Record<string, unknown>[] {
  return parseAllDocuments(text).map((d) => d.toJS() as Record<string, unknown>);
}

describe('kyverno-lint migrate', () => {
  it('without --out or --in-place reports each rule at its line and writes nothing', async () => {
    const dir = copyRepo();
    const before = read(dir, 'repo/policies/require-labels.yaml');
    const result = await runCli(['migrate', 'repo'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines).toContain('ClusterPolicy require-team-label');
    expect(lines).toContain('  repo/policies/require-labels.yaml:13:7  rule check-team-label');
    expect(result.stdout).toMatch(/→ ValidatingPolicy require-team-label-check-team-label: verified on \d+ requests/);
    expect(result.stdout).toMatch(/→ ValidatingPolicy require-team-label-no-host-network: verified on \d+ requests/);
    expect(result.stdout).toContain(
      '    not translated: a `podSecurity` rule (the Pod Security Standards checks have no CEL library in Kyverno; write the controls as validations, or keep the rule as it is) (repo/policies/require-labels.yaml:48:9); the rule stays in the ClusterPolicy',
    );
    expect(result.stdout).toContain('3 rules in 1 policy: 2 translated (2 verified, 0 disagreeing, 0 without a resource to prove them on), 1 not translated.');
    expect(result.stdout).toContain('Nothing written (dry run)');
    expect(read(dir, 'repo/policies/require-labels.yaml')).toBe(before);
  });

  it('--out mirrors the inputs: CEL policies, the remainder of the original, renamed Test results; the migrated Test passes', async () => {
    const dir = copyRepo();
    const result = await runCli(['migrate', 'repo', '--out', 'migrated'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('4 files written under migrated.');
    const text = read(dir, 'migrated/repo/policies/require-labels.yaml');
    // The comment that led the policy stays, each CEL policy says where it comes from.
    expect(text.startsWith('# Every workload names its team.\n# Migrated by kyverno-lint from ClusterPolicy require-team-label, rule check-team-label.\n')).toBe(true);
    const docs = documents(text);
    expect(docs.map((d) => `${d.kind as string}/${(d.metadata as { name: string }).name}`)).toEqual([
      'ValidatingPolicy/require-team-label-check-team-label',
      'ValidatingPolicy/require-team-label-no-host-network',
      'ClusterPolicy/require-team-label',
      'ConfigMap/not-a-policy',
    ]);
    const remainder = docs[2]!.spec as { rules: { name: string }[] };
    expect(remainder.rules.map((r) => r.name)).toEqual(['pod-security-baseline']);
    expect(text).toContain('    # The team label is how alerts are routed.\n');
    expect(docs[0]!.spec).toMatchObject({ validationActions: ['Deny'], matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] } });
    const test = read(dir, 'migrated/repo/policies/.kyverno-test/kyverno-test.yaml');
    expect(test).toContain('# labelled and unlabelled Pods\n- policy: require-team-label-check-team-label\n  isValidatingPolicy: true\n  kind: Pod\n');
    expect(test).toContain('- policy: require-team-label\n  rule: pod-security-baseline\n');
    // The inputs are untouched; the copy runs.
    expect(read(dir, 'repo/policies/require-labels.yaml')).toBe(readFileSync(path.join(FIXTURE, 'policies/require-labels.yaml'), 'utf8'));
    const tested = await runCli(['test', 'migrated/repo/policies'], { cwd: dir });
    expect(tested.stdout).toContain('Test Summary: 4 tests passed and 0 tests failed');
    expect(tested.code).toBe(0);
  });

  it('--in-place rewrites the policy and Test files and nothing else', async () => {
    const dir = copyRepo();
    const manifest = read(dir, 'repo/manifests/web.yaml');
    const result = await runCli(['migrate', 'repo', '--in-place'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('2 files rewritten in place.');
    expect(documents(read(dir, 'repo/policies/require-labels.yaml')).map((d) => d.kind)).toEqual(['ValidatingPolicy', 'ValidatingPolicy', 'ClusterPolicy', 'ConfigMap']);
    expect(read(dir, 'repo/manifests/web.yaml')).toBe(manifest);
    const again = await runCli(['test', 'repo/policies'], { cwd: dir });
    expect(again.code).toBe(0);
  });

  it('--check exits 1 and names the resource where a translation does not behave as the original', async () => {
    const dir = copyRepo();
    // Kyverno's autogen applies Pod rules to ReplicationControllers; the CEL autogen does not.
    writeFileSync(
      path.join(dir, 'repo/manifests/legacy.yaml'),
      'apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: legacy\n  namespace: shop\nspec:\n  replicas: 1\n  selector:\n    app: legacy\n  template:\n    metadata:\n      labels:\n        app: legacy\n    spec:\n      containers:\n      - name: app\n        image: registry.example.com/legacy:1.0\n',
    );
    const result = await runCli(['migrate', 'repo', '--check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/→ ValidatingPolicy require-team-label-check-team-label: DISAGREES on \d+ requests? of \d+ requests/);
    expect(result.stdout).toContain('v1/ReplicationController/shop/legacy, CREATE (repo/manifests/legacy.yaml:1): a different result: the original gives fail, the translation no result');
    expect(existsSync(path.join(dir, 'migrated'))).toBe(false);
    const clean = await runCli(['migrate', 'repo/policies', '--check'], { cwd: dir });
    expect(clean.code).toBe(0);
  });

  it('--format json carries the same facts', async () => {
    const dir = copyRepo();
    const result = await runCli(['migrate', 'repo', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { rules: { rule: string; translation?: { name: string }; proof?: { verified: boolean }; untranslatable?: { location: { line: number } } }[]; destination: string };
    expect(report.destination).toBe('dry-run');
    expect(report.rules.map((r) => [r.rule, r.translation?.name ?? null, r.proof?.verified ?? null, r.untranslatable?.location.line ?? null])).toEqual([
      ['check-team-label', 'require-team-label-check-team-label', true, null],
      ['no-host-network', 'require-team-label-no-host-network', true, null],
      ['pod-security-baseline', null, null, 48],
    ]);
  });

  it.each([
    { name: 'no path', argv: ['migrate'], message: 'migrate needs the policy files or directories to migrate' },
    { name: '--out with --in-place', argv: ['migrate', 'repo', '--out', 'x', '--in-place'], message: '--out and --in-place are exclusive' },
    { name: 'a missing path', argv: ['migrate', 'nowhere'], message: 'no such file or directory: nowhere' },
    { name: 'an unknown format', argv: ['migrate', 'repo', '--format', 'xml'], message: '--format must be text or json' },
  ])('a usage error for $name (exit 2)', async ({ argv, message }) => {
    const dir = copyRepo();
    const result = await runCli(argv, { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Run 'kyverno-lint migrate --help' for usage.");
  });

  it('a folder without kyverno.io policies is an error, never a success', async () => {
    const dir = copyRepo();
    const result = await runCli(['migrate', 'repo/manifests'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: no kyverno.io ClusterPolicy or Policy found in repo/manifests: nothing to migrate');
  });

  it('an invalid policy is reported at its line and the others are still migrated', async () => {
    const dir = copyRepo();
    writeFileSync(
      path.join(dir, 'repo/policies/broken.yaml'),
      'apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: broken\nspec:\n  rules:\n  - name: r\n    match: 12\n',
    );
    const result = await runCli(['migrate', 'repo'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/repo\/policies\/broken\.yaml:8:\d+: error: not migrated: the policy is invalid: /);
    expect(result.stdout).toMatch(/→ ValidatingPolicy require-team-label-check-team-label: verified/);
  });
});
