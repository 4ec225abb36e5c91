import path from 'node:path';
import type { LintConfig } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { NO_LEGACY_CONFIG, ROOT } from '../commands/helpers.js';

/** A finding of a scan, reduced to what position tests assert: its rule id, severity and `file:line:column-endLine:endColumn`. */
export interface PlacedFinding {
  ruleId: string;
  severity: string;
  at: string;
}

/**
 * The findings of a scan of the fixture folder `<folder>/<name>` (default `test/fixtures/lint`; paths relative to it),
 * without the notice of each kyverno.io policy (`kyverno-lint/legacy-policy`, tested on its own).
 */
export async function fixtureFindings(name: string, folder = 'test/fixtures/lint', config: Partial<LintConfig> = {}): Promise<PlacedFinding[]> {
  const fixture = path.join(ROOT, folder, name);
  const result = await lint({ cwd: fixture, paths: [fixture], policyPaths: [], config: { ...NO_LEGACY_CONFIG, ...config } });
  return result.report.findings.map((finding) => ({
    ruleId: finding.ruleId,
    severity: finding.severity,
    at: `${finding.location.file}:${finding.location.line}:${finding.location.column}-${finding.location.endLine}:${finding.location.endColumn}`,
  }));
}
