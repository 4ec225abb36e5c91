/**
 * @file The report as `--quiet` shows it, after ESLint's `getErrorResults`: the findings at `error`
 * severity only, and no warnings or info counted. ESLint's `--quiet` does not even run the rules set to
 * `warn` (its CLI's `quietRuleFilter`), so their warnings cannot exceed `--max-warnings` either.
 */
import type { Finding, LintReport } from './types.js';

export function errorsOnly(report: LintReport): LintReport {
  const errors = (findings: readonly Finding[]): Finding[] => findings.filter((finding) => finding.severity === 'error');
  const quiet: LintReport = { ...report, findings: errors(report.findings), counts: { ...report.counts, warning: 0, info: 0 } };
  // Suppressed warnings are not shown either (ESLint's getErrorResults filters suppressedMessages too).
  if (report.suppressedFindings !== undefined) quiet.suppressedFindings = errors(report.suppressedFindings);
  return quiet;
}
