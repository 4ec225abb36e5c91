import { describe, expect, it } from 'vitest';
import { json, JSON_REPORT_VERSION } from '../../src/reporters/json.js';
import { addRequests, emptyReport, latestTag, report, sampleReport, yamlSyntax } from './reports.js';

describe('json reporter', () => {
  it('writes the empty report: version, no findings and the summary', () => {
    expect(json(emptyReport())).toBe(
      `${[
        '{',
        '  "version": 1,',
        '  "findings": [],',
        '  "suppressedFindings": [],',
        '  "summary": {',
        '    "error": 0,',
        '    "warning": 0,',
        '    "info": 0,',
        '    "suppressed": 0,',
        '    "files": {',
        '      "policies": 2,',
        '      "manifests": 3,',
        '      "other": 1',
        '    },',
        '    "policies": 3,',
        '    "manifests": 5,',
        '    "statuses": {',
        '      "pass": 12,',
        '      "fail": 0,',
        '      "warn": 0,',
        '      "error": 0,',
        '      "skip": 2',
        '    }',
        '  }',
        '}',
      ].join('\n')}\n`,
    );
  });

  it('matches the golden output', async () => {
    await expect(json(sampleReport())).toMatchFileSnapshot('./__golden__/json.json');
  });

  it('writes every key of a finding in contract order, null when absent', () => {
    const [problem] = JSON.parse(json(report([yamlSyntax]))).findings;
    expect(Object.keys(problem)).toEqual([
      'ruleId',
      'policy',
      'rule',
      'severity',
      'status',
      'type',
      'message',
      'file',
      'line',
      'column',
      'endLine',
      'endColumn',
      'resource',
      'category',
      'policySeverity',
      'fix',
      'group',
    ]);
    expect(problem).toEqual({
      ruleId: 'kyverno-lint/yaml-syntax',
      policy: '',
      rule: '',
      severity: 'error',
      status: 'problem',
      type: null,
      message: 'bad indentation of a mapping entry (4:3)',
      file: 'policies/broken.yaml',
      line: 4,
      column: 3,
      endLine: 4,
      endColumn: 9,
      resource: null,
      category: null,
      policySeverity: null,
      fix: null,
      group: null,
    });
  });

  it('keeps messages, resources and fixes verbatim, findings in report order', () => {
    const parsed = JSON.parse(json(report([addRequests, latestTag])));
    expect(parsed.version).toBe(JSON_REPORT_VERSION);
    expect(parsed.findings.map((finding: { ruleId: string }) => finding.ruleId)).toEqual([addRequests.ruleId, latestTag.ruleId]);
    expect(parsed.findings[0].fix).toEqual(addRequests.fix);
    expect(parsed.findings[0].resource).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' });
    expect(parsed.findings[1].message).toBe(latestTag.message);
    expect(parsed.findings[1].category).toBe('Best Practices');
    expect(parsed.summary).toMatchObject({ error: 0, warning: 1, info: 1 });
  });

  it('writes nothing specific to the machine or the run', () => {
    const output = json(sampleReport());
    expect(output).not.toContain('/work/repo');
    expect(output).not.toContain('durationMs');
    expect(json({ ...sampleReport(), cwd: '/elsewhere', durationMs: 9000 })).toBe(output);
  });
});
