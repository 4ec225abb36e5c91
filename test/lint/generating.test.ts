import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { ROOT } from '../commands/helpers.js';
import { fixtureFindings } from './fixture-findings.js';

describe('GeneratingPolicies in a repository scan', () => {
  it('report an evaluation error at the expression, as generate rules are; nothing for what generates', async () => {
    // team-a has no `team` label (only the one the API server gives every Namespace): the second generate entry fails there; team-b generates both entries without a finding.
    expect(await fixtureFindings('generating')).toEqual([{ ruleId: 'quota-per-namespace', severity: 'warning', at: 'policy.yaml:15:56-15:60' }]);
  });

  it('name the resource the error was met on', async () => {
    const fixture = path.join(ROOT, 'test/fixtures/lint/generating');
    const { report } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG });
    expect(report.findings.map((finding) => [finding.type, finding.rule, finding.message])).toEqual([
      ['Generation', '', 'rule could not be evaluated: failed to evaluate policy: no such key: team (on Namespace team-a)'],
    ]);
  });
});
