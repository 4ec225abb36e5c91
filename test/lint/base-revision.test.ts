/**
 * Scans against a base revision (`--base <ref>`): a repository of two commits built with git from
 * test/fixtures/lint/base-revision (see its README), the second a pull request on the first.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, runCli } from '../commands/helpers.js';
import { testRepository, type TestRepository } from './git-repository.js';
import { podNamed, REQUIRE_TEAM } from './team-documents.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/lint/base-revision');
const SHARED = path.join(FIXTURE, 'shared');

/** The arguments of the pre-commit hook's entry (`kyverno-lint --files --base HEAD`). */
const HOOK_ARGS = ((parse(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { entry: string }[])[0]!.entry.split(' ')).slice(1);

function readFixture(file: string): string {
  return readFileSync(path.join(FIXTURE, file), 'utf8');
}

interface JsonFinding {
  ruleId: string;
  file: string;
  line: number;
  message: string;
  resource: { kind: string; namespace: string; name: string } | null;
}

/** The JSON report's findings as `[ruleId, file:line, message]`. */
function findings(stdout: string): [string, string, string][] {
  const report = JSON.parse(stdout) as { findings: JsonFinding[] };
  return report.findings.map((finding) => [finding.ruleId, `${finding.file}:${finding.line}`, finding.message]);
}

let repo: TestRepository;
let first: string;
/** A folder in no repository. */
let outside: string;

beforeAll(() => {
  outside = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-no-repository-'));
  repo = testRepository();
  first = repo.commit('first', SHARED, path.join(FIXTURE, 'commit-1'));
  repo.commit('the pull request', SHARED, path.join(FIXTURE, 'commit-2'));
});
afterAll(() => {
  repo.remove();
  rmSync(outside, { recursive: true, force: true });
});

describe('kyverno-lint --base', () => {
  it('without --base every object is a CREATE: the UPDATE and DELETE policies report nothing', async () => {
    const run = await runCli(['-f', 'json'], { cwd: repo.dir });
    expect(run.stderr).toBe('');
    expect(findings(run.stdout)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('reports what the pull request does to the objects of its base: each UPDATE finding names the base, a removed object is a DELETE in its base file', async () => {
    const run = await runCli(['--base', 'main~1', '-f', 'json'], { cwd: repo.dir });
    expect(run.stderr).toBe('');
    expect(findings(run.stdout)).toEqual([
      // Moved from manifests/web.yaml: paired by identity, not by path.
      ['immutable-selector/selector-unchanged', 'apps/web.yaml:1', 'spec.selector of web is immutable (UPDATE from main~1)'],
      ['no-scale-down/replicas-not-lowered', 'apps/web.yaml:1', 'web: replicas may not be lowered from 3 to 2 (UPDATE from main~1)'],
      // At the labels, which lost one.
      ['keep-labels', 'apps/web.yaml:6', 'labels may not be removed (UPDATE from main~1)'],
      // Built by the overlay: paired in namespace prod, where the overlay puts it.
      ['no-scale-down/replicas-not-lowered', 'deploy/base/api.yaml:1', 'api: replicas may not be lowered from 4 to 1 (UPDATE from main~1) (in the build of deploy/prod)'],
      // manifests/settings.yaml no longer exists: the finding is at the base's file and line.
      ['protect-settings/no-delete', 'manifests/settings.yaml:1', 'ConfigMap settings is protected (DELETE: removed since main~1)'],
    ]);
    expect(run.code).toBe(1);
  });

  it('a commit sha works as a ref, and the new objects of the pull request (worker, flags) are CREATEs', async () => {
    const run = await runCli(['--base', first, '-f', 'json'], { cwd: repo.dir });
    const report = JSON.parse(run.stdout) as { findings: JsonFinding[] };
    expect(report.findings.map((finding) => finding.resource?.name)).toEqual(['web', 'web', 'web', 'api', 'settings']);
    expect(report.findings.every((finding) => finding.message.includes(first))).toBe(true);
  });

  it('from a subfolder, the paths map into the revision: the overlay of deploy/ pairs its object', async () => {
    const run = await runCli(['--base', 'main~1', '-f', 'json'], { cwd: path.join(repo.dir, 'deploy') });
    expect(run.stderr).toBe('');
    expect(findings(run.stdout)).toEqual([
      ['no-scale-down/replicas-not-lowered', 'base/api.yaml:1', 'api: replicas may not be lowered from 4 to 1 (UPDATE from main~1) (in the build of prod)'],
    ]);
  });

  it.each<{ name: string; argv: (dir: string) => string[]; cwd: (dir: string) => string; stderr: RegExp }>([
    { name: 'an unknown ref', argv: () => ['--base', 'no-such-branch'], cwd: (dir) => dir, stderr: /^Error: unknown revision "no-such-branch": it names no commit of the repository at .* \(--base\)\n$/ },
    { name: 'a ref that looks like a flag', argv: () => ['--base', '--help'], cwd: (dir) => dir, stderr: /^Error: invalid revision "--help"/ },
    { name: 'a folder outside any repository', argv: () => ['--base', 'main'], cwd: () => outside, stderr: /^Error: --base needs a git repository: .* is not in one \(--base\)\n$/ },
    { name: '--operation with --base', argv: () => ['--base', 'main', '--operation', 'UPDATE'], cwd: (dir) => dir, stderr: /--base and --operation cannot be used together/ },
  ])('$name is an error (exit 2) and nothing is scanned', async ({ argv, cwd, stderr }) => {
    const run = await runCli(argv(repo.dir), { cwd: cwd(repo.dir) });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(stderr);
  });

  it("the configuration's operation gives way to the comparison, with a warning", async () => {
    writeFileSync(path.join(repo.dir, 'update.yaml'), 'policies: ["policies/**"]\noperation: UPDATE\nignore: [kyverno-lint/legacy-policy]\n');
    try {
      const configured = await runCli(['--base', 'main~1', '-f', 'json', '-c', 'update.yaml'], { cwd: repo.dir });
      expect(configured.stderr).toBe("warning: the configuration's operation (UPDATE) is not used with a base revision: each object is a CREATE, an UPDATE or a DELETE as the comparison with main~1 says\n");
      expect(findings(configured.stdout).map(([ruleId]) => ruleId)).toEqual([
        'immutable-selector/selector-unchanged',
        'no-scale-down/replicas-not-lowered',
        'keep-labels',
        'no-scale-down/replicas-not-lowered',
        'protect-settings/no-delete',
      ]);
    } finally {
      rmSync(path.join(repo.dir, 'update.yaml'));
    }
  });
});

describe('kyverno-lint --files --base HEAD (the pre-commit hook)', () => {
  it('checks the staged changes against the last commit, reports the given files, and the DELETEs of files removed', async () => {
    const staged = testRepository();
    try {
      staged.commit('first', SHARED, path.join(FIXTURE, 'commit-2'));
      // Staged: web goes from 2 to 1 replica, the overlay from 1 to 0, and apps/flags.yaml is removed.
      writeFileSync(path.join(staged.dir, 'apps/web.yaml'), readFixture('commit-2/apps/web.yaml').replace('replicas: 2', 'replicas: 1'));
      writeFileSync(path.join(staged.dir, 'deploy/prod/kustomization.yaml'), readFixture('commit-2/deploy/prod/kustomization.yaml').replace('count: 1', 'count: 0'));
      staged.git('rm', '-q', 'apps/flags.yaml');
      staged.git('add', '-A');
      // The hook's own command line, as pre-commit runs it with the staged files.
      const run = await runCli([...HOOK_ARGS, '-f', 'json', 'apps/web.yaml'], { cwd: staged.dir });
      expect(run.stderr).toBe('');
      expect(findings(run.stdout)).toEqual([
        ['protect-settings/no-delete', 'apps/flags.yaml:1', 'ConfigMap flags is protected (DELETE: removed since HEAD)'],
        ['no-scale-down/replicas-not-lowered', 'apps/web.yaml:1', 'web: replicas may not be lowered from 2 to 1 (UPDATE from HEAD)'],
      ]);
      // The overlay is reported when its files are named.
      const overlay = await runCli(['--files', '--base', 'HEAD', '-f', 'json', 'deploy/prod/kustomization.yaml'], { cwd: staged.dir });
      expect(findings(overlay.stdout).map(([ruleId, at]) => [ruleId, at])).toEqual([
        ['protect-settings/no-delete', 'apps/flags.yaml:1'],
        ['no-scale-down/replicas-not-lowered', 'deploy/base/api.yaml:1'],
      ]);
    } finally {
      staged.remove();
    }
  });

  it('in a repository without a commit yet, --base HEAD has an empty base: every object is new', async () => {
    const fresh = testRepository();
    try {
      fresh.checkoutFiles(SHARED, path.join(FIXTURE, 'commit-1'));
      fresh.git('add', '-A');
      const run = await runCli(['--files', '--base', 'HEAD', '-f', 'json', 'manifests/web.yaml'], { cwd: fresh.dir });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(findings(run.stdout)).toEqual([]);
    } finally {
      fresh.remove();
    }
  });
});


describe('what an UPDATE sees', () => {
  let scratch: TestRepository;
  beforeEach(() => {
    scratch = testRepository();
    scratch.write('.kyverno-lint.yaml', 'ignore: [kyverno-lint/legacy-policy]\n');
  });
  afterEach(() => scratch.remove());

  const scan = async (argv: string[]): Promise<{ code: number; findings: [string, string, string][]; suppressed: [string, string, string][] }> => {
    const run = await runCli([...argv, '-f', 'json'], { cwd: scratch.dir });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { findings: JsonFinding[]; suppressedFindings: JsonFinding[] };
    const rows = (list: JsonFinding[]): [string, string, string][] => list.map((finding) => [finding.ruleId, `${finding.file}:${finding.line}`, finding.message]);
    return { code: run.code, findings: rows(report.findings), suppressed: rows(report.suppressedFindings) };
  };

  it('a rule that fails the object as a new object too reads as without --base; a CREATE-only rule no longer reports the changed objects of the base, an existing violation is a warning, an unchanged object is checked as without --base', async () => {
    const failed = 'validation error: team label required. rule check-team failed at path /metadata/labels/';
    const preExisting = `${failed} (pre-existing: the object before the change fails this rule too, so the admission controller allows the update) (UPDATE from HEAD)`;
    const withTeam = (name: string): string => podNamed(name).replace(`  name: ${name}\n`, `  name: ${name}\n  labels:\n    team: shop\n`);
    const annotated = (name: string): string => podNamed(name).replace(`  name: ${name}\n`, `  name: ${name}\n  annotations:\n    note: changed\n`);
    scratch.write('policies/require-team.yaml', REQUIRE_TEAM);
    scratch.write('policies/team-on-create.yaml', REQUIRE_TEAM.replace('name: require-team', 'name: team-on-create').replace('kinds: [Pod]', 'kinds: [Pod]\n              operations: [CREATE]'));
    scratch.write('pods/app.yaml', withTeam('app'));
    scratch.write('pods/old.yaml', podNamed('old'));
    scratch.write('pods/same.yaml', podNamed('same'));
    scratch.commitAll('base');
    // The pull request: app loses its label, old gets an annotation (and keeps its violation), new is added; same is unchanged.
    scratch.write('pods/app.yaml', podNamed('app'));
    scratch.write('pods/old.yaml', annotated('old'));
    scratch.write('pods/new.yaml', podNamed('new'));
    const rows = (...items: [string, string, string?][]): [string, string, string][] => items.map(([ruleId, at, message]) => [ruleId, at, message ?? failed]);
    const everything = rows(
      ['require-team/check-team', 'pods/app.yaml:3'],
      ['team-on-create/check-team', 'pods/app.yaml:3'],
      ['require-team/check-team', 'pods/new.yaml:3'],
      ['team-on-create/check-team', 'pods/new.yaml:3'],
      ['require-team/check-team', 'pods/old.yaml:3'],
      ['team-on-create/check-team', 'pods/old.yaml:3'],
      ['require-team/check-team', 'pods/same.yaml:3'],
      ['team-on-create/check-team', 'pods/same.yaml:3'],
    );
    expect((await scan([])).findings).toEqual(everything);
    // old violated the rule at the base already: Kyverno lets such an UPDATE through (allowExistingViolations), the
    // scan says so in a warning; same is not part of the change.
    const { findings } = await scan(['--base', 'HEAD']);
    expect(findings).toEqual(
      rows(
        ['require-team/check-team', 'pods/app.yaml:3'],
        ['require-team/check-team', 'pods/new.yaml:3'],
        ['team-on-create/check-team', 'pods/new.yaml:3'],
        ['require-team/check-team', 'pods/old.yaml:3', preExisting],
        ['require-team/check-team', 'pods/same.yaml:3'],
        ['team-on-create/check-team', 'pods/same.yaml:3'],
      ),
    );
  });

  it('documents read from standard input have no base: an object of the same identity in the repository does not make them UPDATEs', async () => {
    scratch.write('policies/team-on-create.yaml', REQUIRE_TEAM.replace('name: require-team', 'name: team-on-create').replace('kinds: [Pod]', 'kinds: [Pod]\n              operations: [CREATE]'));
    scratch.write('pods/app.yaml', podNamed('app'));
    scratch.commitAll('base');
    const run = await runCli(['-', '--policy', 'policies', '--base', 'HEAD', '-f', 'json'], { cwd: scratch.dir, stdin: podNamed('app') });
    expect(run.stderr).toBe('');
    expect(findings(run.stdout).map(([ruleId, at]) => [ruleId, at])).toEqual([['team-on-create/check-team', '<stdin>:3']]);
  });

  it('the old object is the base object as the mutate policies leave it (what the cluster stores)', async () => {
    scratch.write(
      'policies/add-managed.yaml',
      `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: add-managed
spec:
  rules:
    - name: label
      match:
        any:
          - resources:
              kinds: [Pod]
      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              +(managed): "true"
`,
    );
    scratch.write(
      'policies/labels-unchanged.yaml',
      `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: labels-unchanged
spec:
  validationActions: [Deny]
  matchConstraints:
    resourceRules:
    - apiGroups: ['']
      apiVersions: [v1]
      operations: [UPDATE]
      resources: [pods]
  validations:
  - expression: object.metadata.?labels.orValue({}) == oldObject.metadata.?labels.orValue({})
    message: labels may not change
`,
    );
    scratch.write('pods/app.yaml', podNamed('app'));
    scratch.write('pods/other.yaml', podNamed('other').replace('  name: other\n', '  name: other\n  labels:\n    tier: a\n'));
    scratch.commitAll('base');
    scratch.write('pods/other.yaml', podNamed('other').replace('  name: other\n', '  name: other\n  labels:\n    tier: b\n'));
    const { findings: found } = await scan(['--base', 'HEAD']);
    // app is unchanged: its old object has the label the mutation adds, as the new one has.
    expect(found.filter(([ruleId]) => ruleId === 'labels-unchanged')).toEqual([['labels-unchanged', 'pods/other.yaml:5', 'labels may not change (UPDATE from HEAD)']]);
    expect(found.filter(([ruleId]) => ruleId === 'add-managed/label').map(([, at]) => at)).toEqual(['pods/app.yaml:1', 'pods/other.yaml:1']);
  });

  it("both revisions are compared as the API server defaults them: a dropped replicas is 1 replica, not a missing field", async () => {
    scratch.write('policies/no-scale-down.yaml', readFixture('shared/policies/no-scale-down.yaml'));
    const deployment = (name: string, replicas: string): string => readFixture('commit-1/manifests/web.yaml').replaceAll('web', name).replace('  replicas: 3\n', replicas);
    scratch.write('apps/implicit.yaml', deployment('implicit', ''));
    scratch.write('apps/dropped.yaml', deployment('dropped', '  replicas: 3\n'));
    scratch.commitAll('base');
    // implicit now says 1, the default it had; dropped loses its replicas: the default, 1.
    scratch.write('apps/implicit.yaml', deployment('implicit', '  replicas: 1\n'));
    scratch.write('apps/dropped.yaml', deployment('dropped', ''));
    expect((await scan(['--base', 'HEAD'])).findings).toEqual([
      ['no-scale-down/replicas-not-lowered', 'apps/dropped.yaml:1', 'dropped: replicas may not be lowered from 3 to 1 (UPDATE from HEAD)'],
    ]);
  });

  it("a removed object's findings obey the directives of its base file, not those of the working tree's file of that name", async () => {
    scratch.write('policies/protect-settings.yaml', readFixture('shared/policies/protect-settings.yaml'));
    const configMap = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: shop\n`;
    scratch.write('settings.yaml', `# kyverno-lint-disable-next-line protect-settings/no-delete -- replaced by flags\n${configMap('settings')}---\n${configMap('other')}`);
    scratch.commitAll('base');
    // Both removed; the file now holds another object, with a directive on the line of the base's second document.
    scratch.write('settings.yaml', `${configMap('flags')}\n# kyverno-lint-disable\n`);
    const { code, findings: found, suppressed } = await scan(['--base', 'HEAD']);
    expect(found).toEqual([
      // The working tree's directive suppresses nothing there.
      ['kyverno-lint/unused-disable-directive', 'settings.yaml:7', 'unused kyverno-lint-disable directive (no problems were reported)'],
      ['protect-settings/no-delete', 'settings.yaml:8', 'ConfigMap other is protected (DELETE: removed since HEAD)'],
    ]);
    expect(suppressed).toEqual([['protect-settings/no-delete', 'settings.yaml:2', 'ConfigMap settings is protected (DELETE: removed since HEAD)']]);
    expect(code).toBe(1);
  });
});
