import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { ROOT } from '../commands/helpers.js';

const fixture = path.join(ROOT, 'test/fixtures/lint/mutating');

describe('MutatingPolicies in a repository scan', () => {
  it('name only the policies that change a resource, and offer the minimal edit', async () => {
    const { report, fixes } = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: DEFAULT_CONFIG, fixes: true });
    expect(report.findings.map((finding) => [finding.severity, `${finding.location.line}:${finding.location.column}`, finding.message])).toEqual([
      ['info', '15:1', 'Pod/drifting is mutated by always-pull-images, default-team-label (fixable with --fix)'],
    ]);
    expect(fixes).toHaveLength(1);
    const after = fixes[0]!.after.split('\n');
    const before = fixes[0]!.before.split('\n');
    // The first document, which no mutation changes, is byte-identical; the second gains the two fields only.
    expect(after.slice(0, 14)).toEqual(before.slice(0, 14));
    expect(after.slice(14)).toEqual([
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: drifting',
      '  namespace: default',
      '  labels:',
      '    app: drifting   # no team yet',
      '    team: platform',
      'spec:',
      '  containers:',
      '    - name: app',
      '      image: nginx:1.27',
      '      imagePullPolicy: Always',
      '',
    ]);
  });

  it('offer no edit for a JSON patch that appends again once written', async () => {
    const appending = path.join(ROOT, 'test/fixtures/lint/mutating-append');
    const { report, fixes } = await lint({ cwd: appending, paths: [appending], policyPaths: [], config: DEFAULT_CONFIG, fixes: true });
    expect(report.findings.map((finding) => [finding.ruleId, finding.message, finding.fix !== undefined])).toEqual([
      ['add-toleration', 'add-toleration mutates Pod/app but is not idempotent: it would change Pod/app again once fixed, so no fix is offered', false],
    ]);
    expect(fixes).toEqual([]);
  });
});
