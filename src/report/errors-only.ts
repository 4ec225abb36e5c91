/**
 * @file The report as `--quiet` shows it, after ESLint's `getErrorResults`: the findings at `error`
 * severity only, and no warnings or info counted. ESLint's `--quiet` does not even run the rules set to
 * `warn` (its CLI's `quietRuleFilter`), so their warnings cannot exceed `--max-warnings` either.
 */
import type { LintReport } from './types.js';

export function errorsOnly(report: LintReport): LintReport {
  return { ...report, findings: report.findings.filter((finding) => finding.severity === 'error'), counts: { ...report.counts, warning: 0, info: 0 } };
}
