import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { ROOT } from '../commands/helpers.js';
import { fixtureFindings } from './fixture-findings.js';

describe('DeletingPolicies in a repository scan', () => {
  it('report each resource they would delete as info, and errors at the expression; nothing for the others', async () => {
    expect(await fixtureFindings('deleting')).toEqual([
      { ruleId: 'cleanup-debug-pods', severity: 'info', at: 'pods.yaml:1:1-1:15' },
      { ruleId: 'cleanup-created-configmaps', severity: 'warning', at: 'policy-request.yaml:14:20-14:27' },
    ]);
  });

  it('name the policy, the resource and the schedule', async () => {
    const fixture = path.join(ROOT, 'test/fixtures/lint/deleting');
    const { report } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG });
    expect(report.findings.map((finding) => [finding.type, finding.message])).toEqual([
      ['Deletion', 'cleanup-debug-pods would delete Pod default/shell on its schedule "0 * * * *"'],
      ['Deletion', 'rule could not be evaluated: Unknown variable: request (on ConfigMap default/settings)'],
    ]);
  });
});
