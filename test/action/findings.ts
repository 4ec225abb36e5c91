/**
 * @file Findings for the action's unit tests.
 */
import type { Finding, Severity } from '../../src/report/types.js';

export function finding(file: string, line: number, severity: Severity, extra: Partial<Finding> = {}): Finding {
  return {
    ruleId: `policy-${severity}/rule`,
    policy: `policy-${severity}`,
    rule: 'rule',
    severity,
    status: severity === 'info' ? 'pass' : 'fail',
    message: `${severity} at ${file}:${line}`,
    location: { file, line, column: 3, endLine: line, endColumn: 10 },
    ...extra,
  };
}
