/**
 * `.json` files met while walking folders: Kubernetes objects in JSON are checked, a malformed or truncated
 * JSON manifest is a `kyverno-lint/yaml-syntax` finding at its line, and other JSON files (tool settings,
 * JSON with comments) are neither reported nor counted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_POLICY, REQUIRE_APP_LABEL_POLICY as POLICY, runCli } from '../commands/helpers.js';

interface Report {
  findings: { ruleId: string; file: string; line: number; column: number; message: string }[];
  summary: { files: { policies: number; manifests: number; other: number }; manifests: number };
}

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-json-'));
  const write = (name: string, text: string): void => {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  };
  write('policies/require-app.yaml', POLICY);
  write('apps/truncated.json', '{"apiVersion": "v1", "kind": "Pod", "metadata": {');
  write('apps/truncated-lines.json', '{\n  "apiVersion": "v1",\n  "kind": "Pod",\n  "metadata": {\n    "name": "cut",\n');
  write('apps/pod.json', '{\n  "apiVersion": "v1",\n  "kind": "Pod",\n  "metadata": {"name": "web"},\n  "spec": {"containers": [{"name": "web", "image": "nginx"}]}\n}\n');
  write('apps/tsconfig.json', '{\n  // settings with comments and a trailing comma\n  "compilerOptions": {"strict": true,},\n}\n');
  write('apps/package.json', '{"name": "app", "version": "1.0.0"}\n');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('JSON files in scanned folders', () => {
  it('reports truncated JSON manifests as yaml-syntax at their line, checks valid ones, and leaves other JSON files alone', async () => {
    const { code, stdout } = await runCli(['.', '--no-config', '--format', 'json'], { cwd: root });
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    // The policy's own notice (a kyverno.io policy) is not what this test is about.
    expect(report.findings.filter((finding) => finding.ruleId !== LEGACY_POLICY).map((finding) => [finding.ruleId, finding.file, finding.line, finding.column])).toEqual([
      ['require-app-label/check-app', 'apps/pod.json', 4, 3],
      ['kyverno-lint/yaml-syntax', 'apps/truncated-lines.json', 5, 19],
      ['kyverno-lint/yaml-syntax', 'apps/truncated.json', 1, 50],
    ]);
    // tsconfig.json and package.json are neither reported nor counted.
    expect(report.summary.files).toEqual({ policies: 1, manifests: 1, other: 2 });
    expect(report.summary.manifests).toBe(1);
  });

  it('over the size limit, reports a JSON file only when it starts like a Kubernetes object', async () => {
    const { stdout } = await runCli(['apps', '--policy', 'policies', '--no-config', '--format', 'json', '--max-file-size', '60'], { cwd: root });
    // pod.json, truncated-lines.json, tsconfig.json and the policy are over 60 bytes; tsconfig.json is not refused.
    expect((JSON.parse(stdout) as Report).findings.map((finding) => [finding.ruleId, finding.file])).toEqual([
      ['kyverno-lint/file-too-large', 'apps/pod.json'],
      ['kyverno-lint/file-too-large', 'apps/truncated-lines.json'],
      ['kyverno-lint/yaml-syntax', 'apps/truncated.json'],
      ['kyverno-lint/file-too-large', 'policies/require-app.yaml'],
    ]);
  });

  it('reports a truncated JSON manifest with --files too', async () => {
    const { stdout } = await runCli(['--files', 'apps/truncated.json', '--no-config', '--format', 'json'], { cwd: root });
    expect((JSON.parse(stdout) as Report).findings.map((finding) => [finding.ruleId, finding.file, finding.line])).toEqual([
      ['kyverno-lint/yaml-syntax', 'apps/truncated.json', 1],
    ]);
  });
});
