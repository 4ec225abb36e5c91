/**
 * A scan reporting some files (`--files`, pre-commit; the Action's changed files) evaluates only the units whose
 * findings can be located in them (src/lint/report-files.ts). Every finding of a reported file that the scan of the
 * whole repository gives is still reported, and nothing the whole scan does not give.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { openGitRevision } from '../../src/discovery/revision.js';
import { lint, type LintResult } from '../../src/lint/lint.js';
import type { Finding } from '../../src/report/types.js';
import { ROOT } from '../commands/helpers.js';
import { testRepository } from './git-repository.js';

/** The YAML files below `dir`, relative to it. */
function yamlFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return yamlFiles(file, `${prefix}${name}/`);
      return /\.ya?ml$/.test(name) ? [`${prefix}${name}`] : [];
    });
}

const scan = (dir: string, reportFiles?: string[]): Promise<LintResult> =>
  lint({ cwd: dir, paths: [dir], policyPaths: [], config: DEFAULT_CONFIG, fixes: true, ...(reportFiles !== undefined ? { reportFiles: reportFiles.map((file) => path.join(dir, file)) } : {}) });

const evaluations = (result: LintResult): number => Object.values(result.report.statuses).reduce((sum, count) => sum + count, 0);
const key = (finding: Finding): string => JSON.stringify(finding);

describe('a scan reporting some files', () => {
  it.each(['examples', 'test/fixtures/kustomize/shop', 'test/fixtures/lint/cel-positions', 'test/fixtures/lint/positions'])(
    'reports for each file of %s the findings the whole scan has there',
    async (fixture) => {
      const dir = path.join(ROOT, fixture);
      const whole = await scan(dir);
      const all = new Set(whole.report.findings.map(key));
      const allSuppressed = new Set((whole.report.suppressedFindings ?? []).map(key));
      let fewer = 0;
      for (const file of yamlFiles(dir)) {
        const some = await scan(dir, [file]);
        const at = (findings: readonly Finding[] | undefined): string[] => (findings ?? []).filter((finding) => finding.location.file === file).map(key);
        expect(at(some.report.findings), file).toEqual(at(whole.report.findings));
        expect(at(some.report.suppressedFindings), file).toEqual(at(whole.report.suppressedFindings));
        // Findings elsewhere (of a build the file is read by) are the whole scan's too.
        for (const finding of some.report.findings) expect(all.has(key(finding)), `${file}: ${key(finding)}`).toBe(true);
        for (const finding of some.report.suppressedFindings ?? []) expect(allSuppressed.has(key(finding)), `${file}: ${key(finding)}`).toBe(true);
        if (evaluations(some) < evaluations(whole)) fewer++;
      }
      // The other files' units were left out for some file.
      expect(fewer).toBeGreaterThan(0);
    },
  );

  it('evaluates every unit when a reported file holds a policy (its findings can come from any resource)', async () => {
    const dir = path.join(ROOT, 'test/fixtures/lint/cel-positions');
    const whole = await scan(dir);
    // (policies/broken.yaml holds no policy that loads: only its problems are reported there.)
    for (const file of yamlFiles(dir).filter((name) => name.startsWith('policies/') && name !== 'policies/broken.yaml')) {
      const some = await scan(dir, [file]);
      expect(some.report.statuses, file).toEqual(whole.report.statuses);
      expect(some.report.manifests, file).toBe(whole.report.manifests);
    }
  });

  it('counts only what it evaluated, and leaves out the unused directives of other files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-report-files-'));
    try {
      writeFileSync(path.join(dir, 'policy.yaml'), readFileOf('examples/policies/disallow-latest-tag.yaml'));
      writeFileSync(path.join(dir, 'a.yaml'), 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n    - name: c\n      image: nginx:latest\n');
      // A directive that suppresses nothing: reported as unused only when its file is reported.
      writeFileSync(path.join(dir, 'b.yaml'), '# kyverno-lint-disable-next-line\napiVersion: v1\nkind: Pod\nmetadata:\n  name: b\nspec:\n  containers:\n    - name: c\n      image: nginx:1.27\n');
      const whole = await scan(dir);
      const some = await scan(dir, ['a.yaml']);
      expect(whole.report.findings.map((finding) => `${finding.location.file} ${finding.ruleId}`)).toContain('b.yaml kyverno-lint/unused-disable-directive');
      expect(some.report.findings.map((finding) => finding.location.file)).not.toContain('b.yaml');
      expect(some.report.findings.filter((finding) => finding.location.file === 'a.yaml')).toEqual(whole.report.findings.filter((finding) => finding.location.file === 'a.yaml'));
      expect(some.report.manifests).toBe(1);
      expect(evaluations(some)).toBeLessThan(evaluations(whole));
      // Left out of the count: the policy file's notice (a problem of the input, found without evaluating), not the
      // unused directive of b.yaml, which was not evaluated.
      expect(some.report.counts.suppressed).toBe(whole.report.findings.filter((finding) => finding.location.file === 'policy.yaml').length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A Deployment, and a ClusterPolicy denying the DELETE of any Deployment. */
const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\nspec:\n  selector:\n    matchLabels: {app: app}\n  template:\n    metadata:\n      labels: {app: app}\n    spec:\n      containers:\n        - name: c\n          image: nginx:1.0\n';
const PROTECT = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: protect
spec:
  validationFailureAction: Enforce
  background: false
  rules:
    - name: no-delete
      match:
        any:
          - resources:
              kinds: [Deployment]
              operations: [DELETE]
      validate:
        message: "Deployment {{ request.oldObject.metadata.name }} is protected"
        deny: {}
`;

describe('a scan reporting some files, for findings located outside the files of their unit', () => {
  it('reports the DELETE of an object built by an overlay the change removes, located in the overlay', async () => {
    const repo = testRepository();
    try {
      repo.write('policies/p.yaml', PROTECT);
      repo.write('base/deploy.yaml', DEPLOYMENT);
      repo.write('base/kustomization.yaml', 'resources:\n  - deploy.yaml\n');
      // The generator puts the overlay's kustomization among the files its deletion removes objects of.
      repo.write('ov/kustomization.yaml', 'namespace: prod\nresources:\n  - ../base\nconfigMapGenerator:\n  - name: cfg\n    literals: [a=b]\npatches:\n  - patch: |-\n      apiVersion: apps/v1\n      kind: Deployment\n      metadata:\n        name: app\n      spec:\n        replicas: 3\n');
      repo.write('other.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n');
      repo.commitAll('first');
      repo.git('rm', '-q', '-r', 'ov');
      const base = await openGitRevision(repo.dir, 'HEAD');
      if ('error' in base) throw new Error(base.error);
      const options = { cwd: repo.dir, paths: [repo.dir], policyPaths: [], config: { ...DEFAULT_CONFIG, ignore: ['kyverno-lint/legacy-policy'] }, base };
      const at = (result: LintResult): string[] => result.report.findings.map((finding) => `${finding.ruleId} ${finding.location.file}:${finding.location.line} ${finding.message}`);
      const whole = await lint(options);
      const deleted = 'protect/no-delete ov/kustomization.yaml:8 Deployment app is protected (DELETE: removed since HEAD) (in the build of ov)';
      expect(at(whole)).toContain(deleted);
      expect(at(await lint({ ...options, reportFiles: [path.join(repo.dir, 'other.yaml')] }))).toEqual([deleted]);
    } finally {
      repo.remove();
    }
  });

  it('names every build of a finding located outside the builds (a CEL error at the policy)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-report-files-'));
    try {
      writeFileSync(path.join(dir, 'policy.yaml'), readFileOf('test/fixtures/lint/cel-positions/policies/labels.yaml'));
      // Two groups of builds sharing no file, building the same ConfigMap without labels.
      for (const app of ['a', 'b']) {
        for (const [file, text] of [
          ['base/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  k: a\n'],
          ['base/kustomization.yaml', 'resources:\n  - cm.yaml\n'],
          ['ov/kustomization.yaml', 'namespace: prod\nresources:\n  - ../base\n'],
        ]) {
          const target = path.join(dir, app, file!);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, text!);
        }
      }
      const whole = await scan(dir);
      const merged = whole.report.findings.filter((finding) => finding.location.file === 'policy.yaml' && finding.ruleId !== 'kyverno-lint/legacy-policy');
      expect(merged.map((finding) => finding.message)).toEqual([expect.stringContaining('(in the builds of a/ov, b/ov)')]);
      for (const file of ['a/ov/kustomization.yaml', 'a/base/cm.yaml']) {
        const some = await scan(dir, [file]);
        expect(some.report.findings.filter((finding) => finding.location.file === 'policy.yaml'), file).toEqual(merged);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every build of a finding at a policy that one of the builds reads', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-report-files-'));
    try {
      const write = (file: string, text: string): void => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      write('policies/p.yaml', readFileOf('test/fixtures/lint/cel-positions/policies/labels.yaml'));
      write('policies/kustomization.yaml', 'resources:\n  - p.yaml\n');
      for (const app of ['app1', 'app2']) {
        write(`${app}/base/cm.yaml`, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  k: a\n');
        write(`${app}/base/kustomization.yaml`, 'resources:\n  - cm.yaml\n');
      }
      // app1's overlay reads the policy's file too: the error located there is in one of its files.
      write('app1/ov/kustomization.yaml', 'namespace: prod\nresources:\n  - ../base\n  - ../../policies\n');
      write('app2/ov/kustomization.yaml', 'namespace: prod\nresources:\n  - ../base\n');
      const atPolicy = (result: LintResult): string[] =>
        result.report.findings.filter((finding) => finding.location.file === 'policies/p.yaml' && finding.ruleId !== 'kyverno-lint/legacy-policy').map((finding) => finding.message);
      const whole = atPolicy(await scan(dir));
      expect(whole).toEqual([expect.stringContaining('(in the builds of app1/ov, app2/ov)')]);
      expect(atPolicy(await scan(dir, ['app1/base/cm.yaml']))).toEqual(whole);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function readFileOf(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}
