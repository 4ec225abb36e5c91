import { describe, expect, it } from 'vitest';
import { errorsOnly } from '../../src/report/errors-only.js';
import type { Finding, LintReport, Severity } from '../../src/report/types.js';

function finding(severity: Severity, line: number): Finding {
  return {
    ruleId: `p/${severity}`,
    policy: 'p',
    rule: severity,
    severity,
    status: severity === 'info' ? 'pass' : 'fail',
    message: severity,
    location: { file: 'a.yaml', line, column: 1, endLine: line, endColumn: 2 },
  };
}

describe('errorsOnly (--quiet)', () => {
  it('keeps the errors, reported and suppressed, and counts no warning or info', () => {
    const report = {
      findings: [finding('error', 1), finding('warning', 2), finding('info', 3)],
      suppressedFindings: [finding('warning', 4), finding('error', 5)],
      counts: { error: 1, warning: 1, info: 1, suppressed: 2 },
    } as unknown as LintReport;
    const quiet = errorsOnly(report);
    expect(quiet.findings.map((item) => item.location.line)).toEqual([1]);
    expect(quiet.suppressedFindings?.map((item) => item.location.line)).toEqual([5]);
    expect(quiet.counts).toMatchObject({ error: 1, warning: 0, info: 0 });
  });
});
