import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { NO_LEGACY_CONFIG, ROOT } from '../commands/helpers.js';
import { fixtureFindings } from './fixture-findings.js';

const findings = () => fixtureFindings('shop', 'test/fixtures/kustomize');

describe('a repository of Kustomize overlays is checked as built, each finding in the file a person edits', () => {
  it.each([
    // A field of the base that an overlay leaves alone: the base's container, for the one overlay that fails it.
    { ruleId: 'require-run-as-non-root/autogen-run-as-non-root', severity: 'error', at: 'base/deployment.yaml:18:11-24:33' },
    { ruleId: 'require-memory-limit/memory-limit', severity: 'warning', at: 'base/deployment.yaml:18:11-24:33' },
    { ruleId: 'require-memory-limit/memory-limit', severity: 'warning', at: 'base/deployment.yaml:25:11-28:31' },
    // The same base field failing in both overlays: one finding.
    { ruleId: 'require-memory-limit/memory-limit', severity: 'warning', at: 'base/worker.yaml:15:11-18:31' },
    // A CronJob of the base (deleted by the prod overlay's `$patch: delete`, so only dev reports it).
    { ruleId: 'require-run-as-non-root/autogen-cronjob-run-as-non-root', severity: 'error', at: 'base/worker.yaml:32:15-33:52' },
    { ruleId: 'disallow-latest-tag/autogen-cronjob-validate-image-tag', severity: 'error', at: 'base/worker.yaml:33:15-33:52' },
    // An image set by the overlay's `images:` entry: that entry.
    { ruleId: 'disallow-prerelease-images/autogen-no-release-candidates', severity: 'error', at: 'overlays/dev/kustomization.yaml:10:5-11:22' },
    // An image set by a JSON 6902 patch: the operation's value.
    { ruleId: 'disallow-latest-tag/autogen-validate-image-tag', severity: 'error', at: 'overlays/prod/worker-port.yaml:7:3-7:39' },
    // A manifest no kustomization reaches is checked as it is.
    { ruleId: 'disallow-default-namespace/validate-namespace', severity: 'error', at: 'standalone/debug-pod.yaml:3:1-4:14' },
    { ruleId: 'require-run-as-non-root/run-as-non-root', severity: 'error', at: 'standalone/debug-pod.yaml:7:7-8:28' },
    { ruleId: 'disallow-latest-tag/validate-image-tag', severity: 'error', at: 'standalone/debug-pod.yaml:8:7-8:28' },
  ])('$ruleId at $at', async (expected) => {
    expect(await findings()).toContainEqual(expected);
  });

  it('reports nothing else: no finding in patch files or kustomization inputs, none for the namespace the overlays set', async () => {
    expect(await findings()).toHaveLength(11);
  });

  it('names the builds behind each finding of a built object', async () => {
    const fixture = path.join(ROOT, 'test/fixtures/kustomize/shop');
    const { report } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG });
    const messages = report.findings.filter((finding) => finding.location.file === 'base/worker.yaml').map((finding) => finding.message);
    expect(messages).toContain('validation error: Containers need a memory limit. rule memory-limit failed at path /spec/template/spec/containers/0/resources/ (in the builds of overlays/dev, overlays/prod)');
    expect(messages).toContain("validation error: Using a mutable image tag e.g. 'latest' is not allowed. rule autogen-cronjob-validate-image-tag failed at path /spec/jobTemplate/spec/template/spec/containers/0/image/ (in the build of overlays/dev)");
    // Both overlays' objects are evaluated (five each), plus the standalone Pod.
    expect(report.manifests).toBe(11);
  });

  it('with --files, a changed patch file re-checks the builds that read it, wherever their findings are', async () => {
    const fixture = path.join(ROOT, 'test/fixtures/kustomize/shop');
    const reportFiles = [path.join(fixture, 'overlays/prod/web-hardening.yaml')];
    const { report } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG, reportFiles });
    expect(report.findings.map((finding) => `${finding.ruleId} ${finding.location.file}:${finding.location.line}`)).toEqual([
      'require-memory-limit/memory-limit base/deployment.yaml:18',
      'require-memory-limit/memory-limit base/worker.yaml:15',
      'disallow-latest-tag/autogen-validate-image-tag overlays/prod/worker-port.yaml:7',
    ]);
  });
});

describe('the kustomize settings of the configuration', () => {
  const fixture = path.join(ROOT, 'test/fixtures/kustomize/shop');
  const scan = (kustomize: { build: boolean; roots: string[] }) => lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: { ...DEFAULT_CONFIG, kustomize } });

  it('builds only the roots its globs select; the other kustomizations stay inputs', async () => {
    const { report } = await scan({ build: true, roots: ['overlays/prod'] });
    // Five objects of the prod build and the standalone Pod; the dev overlay's patch is not checked as a manifest.
    expect(report.manifests).toBe(6);
    expect(report.findings.some((finding) => finding.location.file.startsWith('overlays/dev/'))).toBe(false);
    expect(report.findings.filter((finding) => finding.message.includes('(in the build of overlays/prod)'))).toHaveLength(3);
  });

  it('checks every file as it is with build: false, kustomization files excepted', async () => {
    const { report } = await scan({ build: false, roots: [] });
    expect(report.findings.some((finding) => finding.location.file.endsWith('kustomization.yaml'))).toBe(false);
    expect(report.findings.some((finding) => finding.location.file === 'overlays/prod/web-hardening.yaml')).toBe(true);
  });
});

describe("a root whose kustomization is kustomize's extension-less Kustomization file", () => {
  it('is found and built', async () => {
    expect(await fixtureFindings('extensionless', 'test/fixtures/kustomize')).toEqual([
      // The tag its `images:` entry sets; the namespace it sets keeps disallow-default-namespace quiet.
      { ruleId: 'disallow-latest-tag/validate-image-tag', severity: 'error', at: 'app/Kustomization:5:5-6:19' },
      { ruleId: 'require-run-as-non-root/run-as-non-root', severity: 'error', at: 'app/pod.yaml:7:7-8:26' },
    ]);
  });
});

describe('problems of Kustomize builds', () => {
  const scan = async (files: Record<string, string>): Promise<string[]> => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-kustomize-'));
    try {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      }
      const { report } = await lint({ cwd: dir, paths: [dir], policyPaths: [], config: { ...NO_LEGACY_CONFIG, allowEmpty: true } });
      return report.findings.map((finding) => `${finding.ruleId} ${finding.location.file}:${finding.location.line} ${finding.message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const POLICY = readFileSync(path.join(ROOT, 'test/fixtures/kustomize/shop/policies/policies.yaml'), 'utf8');

  it('a built object the API server cannot decode is an invalid manifest where its field comes from', async () => {
    const findings = await scan({
      'policies.yaml': POLICY,
      'app/kustomization.yaml': 'resources:\n  - pod.yaml\n',
      'app/pod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    a: [1]\nspec:\n  containers:\n    - name: c\n      image: nginx:latest\n',
    });
    expect(findings).toEqual([expect.stringMatching(/^kyverno-lint\/invalid-manifest app\/pod\.yaml:6 Pod p: .* \(in the build of app\)$/)]);
  });

  it('an object added twice is refused as kustomize refuses it, at the entry that adds it again', async () => {
    const findings = await scan({
      'policies.yaml': POLICY,
      'app/kustomization.yaml': 'namespace: apps\nresources:\n  - cm.yaml\n  - cm.yaml\n',
      'app/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n',
    });
    expect(findings).toEqual(['kyverno-lint/kustomize-build app/kustomization.yaml:4 may not add resource with an already registered id: ConfigMap default/settings']);
  });
});
