import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { ROOT } from '../commands/helpers.js';

const fixture = path.join(ROOT, 'test/fixtures/lint/mutating-admission');
const appending = path.join(ROOT, 'test/fixtures/lint/mutating-admission-append');

describe('MutatingAdmissionPolicies in a repository scan', () => {
  it('offer the edit of a bound policy, with the parameters read from the manifests, on the resources the binding selects', async () => {
    const result = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG, fixes: true });
    expect(result.report.findings.map((finding) => [finding.ruleId, finding.type, finding.severity, finding.message, finding.location.file, finding.location.line])).toEqual([
      ['add-team-label/add-team-label', 'Mutation', 'info', 'add-team-label/add-team-label mutates ConfigMap/web-settings (fixable with --fix)', 'configmaps.yaml', 1],
    ]);
    expect(result.fixes.map((fix) => [path.basename(fix.file), fix.edits])).toEqual([
      ['configmaps.yaml', [{ startLine: 6, endLine: 6, replacement: '    app: web\n    team: platform\n' }]],
    ]);
  });

  it('offer no edit for a JSON patch that appends again once written', async () => {
    const result = await lint({ cwd: appending, paths: [appending], policyPaths: [], config: DEFAULT_CONFIG, fixes: true });
    expect(result.report.findings.map((finding) => [finding.ruleId, finding.message, finding.fixable ?? false])).toEqual([
      ['add-toleration/add-toleration', 'add-toleration/add-toleration mutates Pod/app but is not idempotent: it would change Pod/app again once fixed, so no fix is offered', false],
    ]);
    expect(result.fixes).toEqual([]);
  });
});
