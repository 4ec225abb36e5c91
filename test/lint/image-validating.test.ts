import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { ROOT } from '../commands/helpers.js';

describe('ImageValidatingPolicies in a repository scan', () => {
  it('report what is decidable offline as failures, and what needs a registry once per policy', async () => {
    const fixture = path.join(ROOT, 'test/fixtures/lint/image-validating');
    const { report } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG });
    const findings = report.findings.map((finding) => ({ ruleId: finding.ruleId, severity: finding.severity, resource: finding.resource?.name, message: finding.message }));
    expect(findings).toEqual([
      { ruleId: 'signed-images', severity: 'error', resource: 'tagged', message: 'image ghcr.io/acme/app:1.0 does not have a digest' },
      {
        ruleId: 'signed-images/evaluation',
        severity: 'warning',
        resource: 'pinned-a',
        message: expect.stringMatching(/^rule could not be evaluated: failed to evaluate policy: image data for ghcr\.io\/acme\/app@sha256:a+ is read from its registry.*reported once for the policy/),
      },
    ]);
    // The image outside matchImageReferences passes; the second pinned image's registry error is not repeated.
    expect(report.statuses).toMatchObject({ pass: 1, fail: 1, error: 2 });
  });
});
