import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { ROOT } from '../commands/helpers.js';

describe('ImageValidatingPolicies in a repository scan', () => {
  it('report what is decidable offline as failures, and what needs a registry once per rule', async () => {
    const fixture = path.join(ROOT, 'test/fixtures/lint/image-validating');
    const { report } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG });
    const findings = report.findings.map((finding) => ({ ruleId: finding.ruleId, severity: finding.severity, resource: finding.resource?.name, message: finding.message }));
    expect(findings).toEqual([
      { ruleId: 'signed-images', severity: 'error', resource: 'tagged', message: 'image ghcr.io/acme/app:1.0 does not have a digest' },
      // A registry-bound error is reported once per rule, at the rule, naming no resource nor image.
      {
        ruleId: 'signed-images/evaluation',
        severity: 'warning',
        resource: undefined,
        message: expect.stringMatching(/^rule could not be evaluated: failed to evaluate policy: image data is read from the registry of each image, which kyverno-lint does not contact.*reported once for the rule, at the rule/),
      },
    ]);
    expect(report.findings.filter((finding) => finding.ruleId === 'signed-images/evaluation').map((finding) => finding.location.file)).toEqual(['policy.yaml']);
    // The image outside matchImageReferences passes.
    expect(report.statuses).toMatchObject({ pass: 1, fail: 1, error: 2 });
  });

  it('read the image data given; an image it lacks is an error of that resource, a signature check still needs the registry', async () => {
    const fixture = path.join(ROOT, 'test/fixtures/lint/image-validating');
    const folder = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-ivpol-'));
    try {
      const imageData = path.join(folder, 'images.yaml');
      writeFileSync(imageData, `images:\n  - image: ghcr.io/acme/app@sha256:${'a'.repeat(64)}\n    config: {}\n`);
      const { report, errors } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: { ...DEFAULT_CONFIG, imageData } });
      expect(errors).toEqual([]);
      const findings = report.findings.map((finding) => ({ resource: finding.resource?.name, message: finding.message }));
      expect(findings).toEqual([
        { resource: 'tagged', message: 'image ghcr.io/acme/app:1.0 does not have a digest' },
        // The image the data lacks: an error of this resource, naming the file.
        { resource: 'pinned-b', message: expect.stringMatching(/image data for ghcr\.io\/acme\/api@sha256:b+ not found in the image data file .*images\.yaml: add an entry/) },
        // The signature check of the image with data needs the registry: reported once for the rule.
        { resource: undefined, message: expect.stringMatching(/verifying the signatures of each image needs its registry.*reported once for the rule, at the rule/) },
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
