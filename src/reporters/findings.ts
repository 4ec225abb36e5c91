/**
 * @file Helpers the reporters share over a report's findings: grouping by file (files in the order
 * the report first names them, findings of a file by position) and counting by severity.
 */
import type { Finding, Severity } from '../report/types.js';

interface FileFindings {
  /** The path as findings name it (relative, `/` separated; `""` for problems of no file). */
  file: string;
  findings: Finding[];
}

function byPosition(a: Finding, b: Finding): number {
  return a.location.line - b.location.line || a.location.column - b.location.column;
}

/** The findings of each file, files in order of first appearance, each file's findings by line and column (stable). */
export function groupByFile(findings: readonly Finding[]): FileFindings[] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const group = groups.get(finding.location.file);
    if (group) group.push(finding);
    else groups.set(finding.location.file, [finding]);
  }
  return [...groups].map(([file, items]) => ({ file, findings: items.sort(byPosition) }));
}

type SeverityCounts = Record<Severity, number>;

/** How many of `findings` have each severity. */
export function countSeverities(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}

/** Whether the finding carries source edits that `--fix` applies. */
export function isFixable(finding: Finding): boolean {
  return (finding.fix !== undefined && finding.fix.length > 0) || finding.fixable === true;
}

/** How a file is named to a reader: the working directory itself (`""`) is `.`. */
export function displayFile(file: string): string {
  return file === '' ? '.' : file;
}
