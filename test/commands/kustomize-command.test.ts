import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/kustomize/shop');

interface JsonReport {
  findings: { ruleId: string; file: string; line: number }[];
}

describe('kyverno-lint on a Kustomize repository', () => {
  it('the pre-commit hook (--files) with a staged kustomization reports every finding of its build', async () => {
    const result = await runCli(['--files', 'overlays/dev/kustomization.yaml', '-f', 'json'], { cwd: FIXTURE });
    const findings = (JSON.parse(result.stdout) as JsonReport).findings.map((finding) => `${finding.ruleId} ${finding.file}:${finding.line}`);
    expect(findings).toEqual([
      'require-run-as-non-root/autogen-run-as-non-root base/deployment.yaml:18',
      'require-memory-limit/memory-limit base/deployment.yaml:25',
      'require-memory-limit/memory-limit base/worker.yaml:15',
      'require-run-as-non-root/autogen-cronjob-run-as-non-root base/worker.yaml:32',
      'disallow-latest-tag/autogen-cronjob-validate-image-tag base/worker.yaml:33',
      'disallow-prerelease-images/autogen-no-release-candidates overlays/dev/kustomization.yaml:10',
    ]);
    expect(result.code).toBe(1);
  });

  it('a staged file no build reads reports only its own findings', async () => {
    const result = await runCli(['--files', 'standalone/debug-pod.yaml', '-f', 'json'], { cwd: FIXTURE });
    expect(new Set((JSON.parse(result.stdout) as JsonReport).findings.map((finding) => finding.file))).toEqual(new Set(['standalone/debug-pod.yaml']));
  });
});
