/**
 * @file The `github` reporter: one GitHub Actions workflow command per finding, which the runner turns
 * into an annotation of the file and lines:
 * `::error file=k8s/pod.yaml,line=3,col=5,endLine=3,endColumn=12,title=policy/rule::message`
 * (`warning` for warnings, `notice` for info). Properties and data are escaped exactly as
 * `@actions/core` does (`escapeProperty`, `escapeData`), and, as there, a property with an empty or zero
 * value is left out (a finding of no file is annotated on no file). Findings keep the report's order;
 * no findings print nothing. Findings of the same reason for several resources (`report/groups.ts`) are
 * one annotation of no file, at the place of the first, titled with the rule id and the count of
 * resources, whose message lists where they are.
 *
 * The runner drops `col`/`endColumn` of an annotation spanning several lines (and check runs refuse
 * columns there), so a multi-line finding is annotated by its lines only and a one-line finding by its
 * columns too ({@link annotationRange}); SARIF keeps the exact region.
 */
import { collapseSameReason, groupMessage, groupTitle, type FindingGroup } from '../report/groups.js';
import type { Finding, LintReport, Location, Severity } from '../report/types.js';

const COMMANDS: Record<Severity, 'error' | 'warning' | 'notice'> = { error: 'error', warning: 'warning', info: 'notice' };

/** `@actions/core` `escapeData`: the message of a workflow command. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** `@actions/core` `escapeProperty`: a property value of a workflow command. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Renders `::command key=value,…::message` as `@actions/core` `Command.toString` does. */
export function workflowCommand(command: string, properties: ReadonlyArray<readonly [string, string | number]>, message: string): string {
  const rendered = properties.filter(([, value]) => value !== '' && value !== 0).map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
  return `::${command}${rendered.length > 0 ? ` ${rendered.join(',')}` : ''}::${escapeData(message)}`;
}

/** The lines of an annotation, and its columns when it is on one line. */
export interface AnnotationRange {
  line: number;
  endLine: number;
  column?: number;
  endColumn?: number;
}

/** The range GitHub keeps for a finding's location: columns only when it is on one line; `undefined` without a line. */
export function annotationRange(location: Location): AnnotationRange | undefined {
  const { line, column, endLine, endColumn } = location;
  if (line < 1) return undefined;
  const range: AnnotationRange = { line, endLine: Math.max(line, endLine) };
  if (range.endLine === line && column >= 1) {
    range.column = column;
    range.endColumn = Math.max(column, endColumn);
  }
  return range;
}

function annotation(finding: Finding): string {
  const range = annotationRange(finding.location);
  return workflowCommand(
    COMMANDS[finding.severity],
    [
      ['file', finding.location.file],
      ['line', range?.line ?? 0],
      ['col', range?.column ?? 0],
      ['endLine', range?.endLine ?? 0],
      ['endColumn', range?.endColumn ?? 0],
      ['title', finding.ruleId],
    ],
    finding.message,
  );
}

function groupAnnotation(group: FindingGroup): string {
  return workflowCommand(COMMANDS[group.findings[0]!.severity], [['title', groupTitle(group)]], groupMessage(group));
}

export function github(report: LintReport): string {
  return collapseSameReason(report.findings)
    .map((entry) => `${entry.group === undefined ? annotation(entry.finding) : groupAnnotation(entry.group)}\n`)
    .join('');
}
