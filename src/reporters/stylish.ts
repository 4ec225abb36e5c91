/**
 * @file The `stylish` reporter, as ESLint's: a blank line, then per file its path (underlined when
 * coloured) and one row per finding, `  line:column  severity  message  ruleId` aligned in columns
 * (lines right-aligned, a message's final period dropped, line breaks inside a message folded to
 * spaces), a blank line, and a summary `✖ 5 problems (3 errors, 2 warnings)` (`, N info` added when
 * there are info findings) followed by `  N problems potentially fixable with the \`--fix\` option.`
 * when findings carry fixes. A report without findings prints nothing, as ESLint does.
 *
 * Colours only when asked: red errors, yellow warnings, cyan info, dim positions and rule ids, and a
 * bold summary, red when there are errors and yellow otherwise.
 */
import type { Finding, LintReport, Severity } from '../report/types.js';
import { countSeverities, displayFile, groupByFile, isFixable } from './findings.js';
import type { ReporterOptions } from './index.js';

type Style = (text: string) => string;

interface Styles {
  red: Style;
  yellow: Style;
  cyan: Style;
  dim: Style;
  underline: Style;
  bold: Style;
}

const sgr =
  (open: number, close: number): Style =>
  (text) =>
    `\u001b[${open}m${text}\u001b[${close}m`;

const COLORS: Styles = { red: sgr(31, 39), yellow: sgr(33, 39), cyan: sgr(36, 39), dim: sgr(2, 22), underline: sgr(4, 24), bold: sgr(1, 22) };
const identity: Style = (text) => text;
const PLAIN: Styles = { red: identity, yellow: identity, cyan: identity, dim: identity, underline: identity, bold: identity };

const SEVERITY_STYLE: Record<Severity, keyof Styles> = { error: 'red', warning: 'yellow', info: 'cyan' };

/** Widths count code points, as the aligned cells never hold colour codes when measured. */
function width(text: string): number {
  return [...text].length;
}

/** The widest of `texts` (a loop, as a file may have more findings than a call has arguments). */
function maxWidth(texts: readonly string[]): number {
  return texts.reduce((widest, text) => Math.max(widest, width(text)), 0);
}

function padEnd(text: string, size: number): string {
  return text + ' '.repeat(Math.max(0, size - width(text)));
}

function plural(word: string, count: number): string {
  return count === 1 ? word : `${word}s`;
}

/** One line of text without ESLint's final period. */
function messageText(message: string): string {
  return message
    .replace(/[ \t]*\r?\n\s*/g, ' ')
    .trim()
    .replace(/([^ ])\.$/u, '$1');
}

interface Row {
  line: string;
  column: string;
  severity: Severity;
  message: string;
  ruleId: string;
}

function toRow(finding: Finding): Row {
  return {
    line: String(finding.location.line),
    column: String(finding.location.column),
    severity: finding.severity,
    message: messageText(finding.message),
    ruleId: finding.ruleId,
  };
}

/** The aligned rows of one file's findings (no trailing newline). */
function renderRows(findings: readonly Finding[], styles: Styles): string {
  const rows = findings.map(toRow);
  const lineWidth = maxWidth(rows.map((row) => row.line));
  const columnWidth = maxWidth(rows.map((row) => row.column));
  const severityWidth = maxWidth(rows.map((row) => row.severity));
  const messageWidth = maxWidth(rows.map((row) => row.message));
  return rows
    .map((row) => {
      const position =
        ' '.repeat(lineWidth - width(row.line)) + styles.dim(`${row.line}:${row.column}`) + ' '.repeat(columnWidth - width(row.column));
      const severity = styles[SEVERITY_STYLE[row.severity]](row.severity) + ' '.repeat(severityWidth - width(row.severity));
      const cells = [position, severity, padEnd(row.message, messageWidth), row.ruleId === '' ? '' : styles.dim(row.ruleId)];
      return `  ${cells.join('  ')}`.replace(/ +$/, '');
    })
    .join('\n');
}

function summary(findings: readonly Finding[], styles: Styles): string {
  const counts = countSeverities(findings);
  const total = counts.error + counts.warning + counts.info;
  const color = counts.error > 0 ? styles.red : styles.yellow;
  const info = counts.info > 0 ? `, ${counts.info} info` : '';
  const lines = [
    `\u2716 ${total} ${plural('problem', total)} (${counts.error} ${plural('error', counts.error)}, ${counts.warning} ${plural('warning', counts.warning)}${info})`,
  ];
  const fixable = findings.filter(isFixable).length;
  if (fixable > 0) lines.push(`  ${fixable} ${plural('problem', fixable)} potentially fixable with the \`--fix\` option.`);
  return lines.map((line) => `${color(styles.bold(line))}\n`).join('');
}

/** The line counting the findings inline directives suppressed, if any. */
function suppressedLine(report: LintReport): string {
  const count = report.suppressedFindings?.length ?? 0;
  return count > 0 ? `  ${count} ${plural('problem', count)} suppressed by kyverno-lint-disable comments.\n` : '';
}

/** Renders the report as ESLint's stylish formatter does; `""` when there are no findings (nor suppressed ones). */
export function stylish(report: LintReport, options: ReporterOptions): string {
  if (report.findings.length === 0) return suppressedLine(report);
  const styles = options.color ? COLORS : PLAIN;
  let output = '\n';
  for (const group of groupByFile(report.findings)) {
    output += `${styles.underline(displayFile(group.file))}\n`;
    output += `${renderRows(group.findings, styles)}\n\n`;
  }
  return output + summary(report.findings, styles) + suppressedLine(report);
}
