/**
 * Image metadata in the scan: rules reading an image registry (`imageRegistry` context entries, CEL
 * `image.GetMetadata`) error without image data, saying how to give it, and pass or fail on the data of
 * `--image-data` / `imageData:`.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { DEFAULT_CONFIG, type LintConfig } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { LEGACY_POLICY, runCli, scratchFolder } from '../commands/helpers.js';
import { CEL_POLICY, IMAGES, pod, PODS, REGISTRY_POLICY } from './image-documents.js';

const scratch = scratchFolder('kyverno-lint-image-data-');

async function scan(config: Partial<LintConfig> = {}) {
  return lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: { ...DEFAULT_CONFIG, ignore: [LEGACY_POLICY], ...config } });
}

/** `ruleId resource status-or-severity` of each finding, sorted. */
function outcomes(result: Awaited<ReturnType<typeof scan>>): string[] {
  return result.report.findings.map((finding) => `${finding.ruleId} ${finding.resource?.name ?? '-'} ${finding.status}`).sort();
}

describe('image data in the scan', () => {
  it('without image data, rules reading it error (once per rule for imageRegistry entries), never fail or pass', async () => {
    scratch.write('policies/registry.yaml', REGISTRY_POLICY);
    scratch.write('policies/cel.yaml', CEL_POLICY);
    scratch.write('pods.yaml', PODS);
    const result = await scan();
    expect(result.errors).toEqual([]);
    expect(outcomes(result)).toEqual([
      'cel-non-root app error',
      'cel-non-root root error',
      // A registry-bound error is reported once per rule, at the rule, naming no resource.
      'image-checks/non-root - error',
      'image-checks/small - error',
    ]);
    // Every rule on every Pod errored: none passed or failed on data it did not have.
    expect(result.report.statuses).toMatchObject({ pass: 0, fail: 0, error: 6 });
    const registry = result.report.findings.find((finding) => finding.ruleId === 'image-checks/non-root')!;
    expect(registry.location).toMatchObject({ file: 'policies/registry.yaml' });
    expect(registry.resource).toBeUndefined();
    expect(registry.message).toBe(
      'rule could not be evaluated: failed to load context entry imageData: image data is read from the registry of each image, which kyverno-lint does not contact: ' +
        'give it with --image-data <file> or imageData: <file> in .kyverno-lint.yaml, a YAML file "images: [{image: <reference>, digest: sha256:…, manifest: {…}, config: {…}}]" ' +
        '(or a cli.kyverno.io/v1alpha1 Context file with spec.images) (reported once for the rule, at the rule: every resource needing this registry data has this error)',
    );
    const cel = result.report.findings.find((finding) => finding.ruleId === 'cel-non-root')!;
    expect(cel.message).toContain('failed to get image data: image data for ghcr.io/acme/app:1.0 is read from its registry, which kyverno-lint does not contact: give it with --image-data <file>');
  });

  it('with image data, the rules pass or fail on it', async () => {
    scratch.write('policies/registry.yaml', REGISTRY_POLICY);
    scratch.write('policies/cel.yaml', CEL_POLICY);
    scratch.write('pods.yaml', PODS);
    scratch.write('images.yaml', IMAGES);
    const result = await scan({ imageData: path.join(scratch.dir, 'images.yaml') });
    expect(result.errors).toEqual([]);
    expect(outcomes(result)).toEqual(['cel-non-root root fail', 'image-checks/non-root root fail', 'image-checks/small root fail']);
    expect(result.report.statuses).toMatchObject({ pass: 3, fail: 3, error: 0 });
  });

  it('an image the data lacks errors its rules on that resource, naming the file', async () => {
    scratch.write('policies/registry.yaml', REGISTRY_POLICY);
    scratch.write('policies/cel.yaml', CEL_POLICY);
    scratch.write('pods.yaml', `${PODS}---\n${pod('other', 'ghcr.io/acme/other:2.0')}`);
    scratch.write('images.yaml', IMAGES);
    const result = await scan({ imageData: path.join(scratch.dir, 'images.yaml') });
    const other = result.report.findings.filter((finding) => finding.resource?.name === 'other').sort((a, b) => (a.ruleId < b.ruleId ? -1 : 1));
    expect(other.map((finding) => [finding.ruleId, finding.status, finding.message])).toEqual([
      [
        'cel-non-root',
        'error',
        expect.stringContaining('failed to get image data: image data for ghcr.io/acme/other:2.0 not found in the image data file images.yaml: add an entry with image: ghcr.io/acme/other:2.0'),
      ],
      [
        'image-checks/non-root',
        'error',
        'rule could not be evaluated: failed to load context entry imageData: failed to fetch image descriptor: ghcr.io/acme/other:2.0, error: no entry of the image data file images.yaml names this image: add one with "image: ghcr.io/acme/other:2.0"',
      ],
      ['image-checks/small', 'error', expect.stringContaining('failed to load context entry imageSize: failed to fetch image descriptor: ghcr.io/acme/other:2.0')],
    ]);
  });

  it('matches imageRegistry references after normalisation, CEL lookups exactly', async () => {
    scratch.write('policies/registry.yaml', REGISTRY_POLICY);
    scratch.write('policies/cel.yaml', CEL_POLICY);
    scratch.write('pod.yaml', pod('hub', 'docker.io/library/busybox:latest'));
    scratch.write('images.yaml', 'images:\n  - image: busybox\n    config: {config: {User: nobody}}\n    manifest: {layers: [{size: 10}]}\n');
    const result = await scan({ imageData: path.join(scratch.dir, 'images.yaml') });
    expect(outcomes(result)).toEqual(['cel-non-root hub error']);
    expect(result.report.statuses).toMatchObject({ pass: 2, error: 1 });
  });

  it('a mutate rule reading image data errors without it, and its patch is neither reported nor fixed', async () => {
    scratch.write(
      'policies/digest.yaml',
      `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: resolve-digest
spec:
  rules:
    - name: resolve
      match:
        any:
          - resources:
              kinds: [Pod]
      mutate:
        foreach:
          - list: request.object.spec.containers
            context:
              - name: resolved
                imageRegistry:
                  reference: "{{ element.image }}"
                  jmesPath: resolvedImage
            patchStrategicMerge:
              spec:
                containers:
                  - name: "{{ element.name }}"
                    image: "{{ resolved }}"
`,
    );
    scratch.write('pods.yaml', PODS);
    const without = await lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: { ...DEFAULT_CONFIG, ignore: [LEGACY_POLICY] }, fixes: true });
    expect(outcomes(without)).toEqual(['resolve-digest/resolve - error']);
    expect(without.fixes).toEqual([]);
    scratch.write('images.yaml', IMAGES);
    const given = await lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: { ...DEFAULT_CONFIG, ignore: [LEGACY_POLICY], imageData: path.join(scratch.dir, 'images.yaml') }, fixes: true });
    // The app image has a digest: it is pinned; the root image has none, so its resolved image is unknown and is an error.
    expect(given.report.findings.filter((finding) => finding.resource?.name === 'app').map((finding) => [finding.ruleId, finding.severity])).toEqual([['resolve-digest/resolve', 'info']]);
    expect(given.fixes.map((fix) => fix.edits.map((edit) => edit.replacement).join(''))).toEqual([expect.stringContaining('image: ghcr.io/acme/app@sha256:aaaa')]);
  });
});

describe('image data: the CLI', () => {
  it('--image-data gives the data to the scan; the configuration names it relative to its folder', async () => {
    scratch.write('policies/registry.yaml', REGISTRY_POLICY);
    scratch.write('pods.yaml', PODS);
    scratch.write('data/images.yaml', IMAGES);
    const flag = await runCli(['--image-data', 'data/images.yaml', '-f', 'json'], { cwd: scratch.dir });
    const config = (scratch.write('.kyverno-lint.yaml', `ignore: [${LEGACY_POLICY}]\nimageData: data/images.yaml\n`), await runCli(['-f', 'json'], { cwd: scratch.dir }));
    for (const run of [flag, config]) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as { findings: { ruleId: string; resource: { name: string }; status: string }[] };
      expect(report.findings.filter((finding) => finding.ruleId !== LEGACY_POLICY).map((finding) => `${finding.ruleId} ${finding.resource.name} ${finding.status}`)).toEqual([
        'image-checks/non-root root fail',
        'image-checks/small root fail',
      ]);
    }
  });

  it('a problem of the image data file is a tool error naming file:line (exit 2), and the other files are still checked', async () => {
    scratch.write('policies/registry.yaml', REGISTRY_POLICY);
    scratch.write('pods.yaml', PODS);
    scratch.write('images.yaml', 'images:\n  - image: ghcr.io/acme/app:1.0\n    configData: {}\n');
    const run = await runCli(['--image-data', 'images.yaml', '-f', 'json'], { cwd: scratch.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: images.yaml:3:5: unknown field "configData": the image config is "config" (imageRegistry context entries read it as configData)\n');
    const report = JSON.parse(run.stdout) as { findings: { ruleId: string; status: string }[] };
    // The scan ran without image data: its rules error.
    expect(report.findings.filter((finding) => finding.ruleId !== LEGACY_POLICY).map((finding) => `${finding.ruleId} ${finding.status}`)).toEqual(['image-checks/non-root error', 'image-checks/small error']);
  });

  it('--image-data names a file that must exist', async () => {
    scratch.write('policies/registry.yaml', REGISTRY_POLICY);
    scratch.write('pods.yaml', PODS);
    const run = await runCli(['--image-data', 'nope.yaml'], { cwd: scratch.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('nope.yaml (--image-data)');
  });
});
