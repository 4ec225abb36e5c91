/**
 * @file The `stylish` reporter, after ESLint's: a blank line, then per file its path (underlined when
 * coloured) and one row per finding, `  line:column  severity  message  ruleId` (lines right-aligned,
 * a message's final period dropped, line breaks inside a message folded to spaces), a blank line, and a
 * summary `✖ 5 problems (3 errors, 2 warnings)` (`, N info` added when there are info findings) followed
 * by `  N problems potentially fixable with the \`--fix\` option.` when findings carry fixes. A report
 * without findings prints nothing, as ESLint does. Findings that share one reason for several resources
 * (see `report/groups.ts`) are one row, after the files, whose first column counts the resources.
 *
 * Two layouts:
 *
 * - Without a width (piped output, files): one finding per line, never wrapped. Positions and severities
 *   are aligned; messages are not padded (ESLint pads them to the longest message of the file, which
 *   makes lines as long as Kyverno's longest failure path), so the rule id follows its message after two
 *   spaces, as ESLint's stylish problem matchers expect.
 * - With the terminal's width: no line is longer than the width (but for a file name longer than it).
 *   When the rule ids leave room for a message column of {@link MIN_MESSAGE_COLUMN} characters, messages
 *   wrap inside that column (at spaces; a word longer than the column is cut) and the rule id stands after
 *   the message's first line, aligned; otherwise the rule id follows the severity (broken after a `/`
 *   when it is longer than the message column) and the message wraps on the lines below it, under the
 *   message column.
 *
 * Colours only when asked: red errors, yellow warnings, cyan info, dim positions and rule ids, and a
 * bold summary, red when there are errors and yellow otherwise.
 */
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { collapseSameReason } from '../report/groups.js';
import type { Finding, LintReport, Severity } from '../report/types.js';
import { countSeverities, displayFile, groupByFile, isFixable } from './findings.js';
import type { ReporterOptions } from './options.js';

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

/** The narrowest message column beside the rule ids; narrower, rule ids go above their messages. */
const MIN_MESSAGE_COLUMN = 40;
/** The narrowest column a message wraps in, however narrow the terminal. */
const MIN_WRAP = 20;
/** Between cells. */
const GAP = '  ';
const INDENT = '  ';

/** Terminal columns of `text` (wide and zero-width characters counted as a terminal shows them). */
function width(text: string): number {
  return stringWidth(text);
}

/** The widest of `texts` (a loop, as a file may have more findings than a call has arguments). */
function maxWidth(texts: readonly string[]): number {
  return texts.reduce((widest, text) => Math.max(widest, width(text)), 0);
}

function spaces(count: number): string {
  return ' '.repeat(Math.max(0, count));
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

/** The first cell of a row: its text (dimmed when coloured) after the spaces that right-align its first part. */
interface Where {
  before: number;
  text: string;
}

interface Row {
  where: Where;
  severity: Severity;
  message: string;
  ruleId: string;
}

/** A file, or the findings reported once for several resources: a heading and aligned rows. */
interface Section {
  heading: string;
  rows: Row[];
}

/** Rows of one file: lines right-aligned (columns then left-aligned by the padding after the cell), as text-table does for ESLint. */
function fileRows(findings: readonly Finding[]): Row[] {
  const lines = findings.map((finding) => String(finding.location.line));
  const columns = findings.map((finding) => String(finding.location.column));
  const lineWidth = maxWidth(lines);
  return findings.map((finding, index) => ({
    where: { before: lineWidth - width(lines[index]!), text: `${lines[index]}:${columns[index]}` },
    severity: finding.severity,
    message: messageText(finding.message),
    ruleId: finding.ruleId,
  }));
}

/** Rows of the grouped findings: the count of resources right-aligned in the position column. */
function groupRows(groups: readonly { finding: Finding; size: number }[]): Row[] {
  const counts = groups.map(({ size }) => `${size} resources`);
  const countWidth = maxWidth(counts);
  return groups.map(({ finding }, index) => ({
    where: { before: countWidth - width(counts[index]!), text: counts[index]! },
    severity: finding.severity,
    message: messageText(finding.message),
    ruleId: finding.ruleId,
  }));
}

function sections(report: LintReport): Section[] {
  const single: Finding[] = [];
  const grouped: { finding: Finding; size: number }[] = [];
  for (const entry of collapseSameReason(report.findings)) {
    if (entry.group === undefined) single.push(entry.finding);
    else grouped.push({ finding: entry.finding, size: entry.group.findings.length });
  }
  const out = groupByFile(single).map((group): Section => ({ heading: displayFile(group.file), rows: fileRows(group.findings) }));
  if (grouped.length > 0) out.push({ heading: 'Reported once for all the resources concerned', rows: groupRows(grouped) });
  return out;
}

/** The widths a section's cells are aligned to. */
interface Columns {
  where: number;
  severity: number;
  /** Where messages start: indentation, position and severity cells, and the gaps. */
  message: number;
  ruleId: number;
  longestMessage: number;
}

function columnsOf(section: Section): Columns {
  const where = section.rows.reduce((widest, row) => Math.max(widest, row.where.before + width(row.where.text)), 0);
  const severity = maxWidth(section.rows.map((row) => row.severity));
  return {
    where,
    severity,
    message: INDENT.length + where + GAP.length + severity + GAP.length,
    ruleId: maxWidth(section.rows.map((row) => row.ruleId)),
    longestMessage: maxWidth(section.rows.map((row) => row.message)),
  };
}

/** The message column beside the rule ids at `terminalWidth`: as wide as the longest message, at most what is left. */
function messageColumn(columns: Columns, terminalWidth: number): number {
  return Math.min(columns.longestMessage, terminalWidth - columns.message - GAP.length - columns.ruleId);
}

/** Whether every section can keep its rule ids beside its messages at `terminalWidth`. */
function rulesBeside(laid: readonly Columns[], terminalWidth: number): boolean {
  return laid.every((columns) => messageColumn(columns, terminalWidth) >= Math.min(MIN_MESSAGE_COLUMN, columns.longestMessage));
}

function wrap(text: string, size: number): string[] {
  return text === '' ? [''] : wrapAnsi(text, Math.max(1, size), { hard: true, trim: true }).split('\n');
}

/** A rule id in lines of at most `size` columns, broken after its slashes (a part longer than that is cut). */
function wrapRuleId(ruleId: string, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of ruleId.split(/(?<=\/)/)) {
    if (line !== '' && width(line + part) > size) {
      lines.push(line);
      line = '';
    }
    line += part;
  }
  lines.push(line);
  return lines.flatMap((text) => wrap(text, size));
}

type Layout = { kind: 'line' } | { kind: 'beside'; terminalWidth: number } | { kind: 'above'; terminalWidth: number };

function renderRow(row: Row, columns: Columns, layout: Layout, styles: Styles): string[] {
  const where = spaces(row.where.before) + styles.dim(row.where.text) + spaces(columns.where - row.where.before - width(row.where.text));
  const severity = styles[SEVERITY_STYLE[row.severity]](row.severity) + spaces(columns.severity - width(row.severity));
  const lead = INDENT + where + GAP + severity + GAP;
  const ruleId = row.ruleId === '' ? '' : styles.dim(row.ruleId);
  const under = spaces(columns.message);
  switch (layout.kind) {
    case 'line':
      return [lead + row.message + (ruleId === '' ? '' : GAP + ruleId)];
    case 'beside': {
      const size = messageColumn(columns, layout.terminalWidth);
      const [first = '', ...rest] = wrap(row.message, size);
      return [lead + (ruleId === '' ? first : first + spaces(size - width(first)) + GAP + ruleId), ...rest.map((line) => under + line)];
    }
    case 'above': {
      const size = Math.max(MIN_WRAP, layout.terminalWidth - columns.message);
      const rule = row.ruleId === '' ? [] : wrapRuleId(row.ruleId, size).map((part) => styles.dim(part));
      const [first = '', ...rest] = [...rule, ...wrap(row.message, size)];
      return [lead + first, ...rest.map((line) => under + line)];
    }
  }
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

/** Renders the report as ESLint's stylish formatter does, laid out for `options.width` when given; `""` without findings. */
export function stylish(report: LintReport, options: ReporterOptions): string {
  if (report.findings.length === 0) return suppressedLine(report);
  const styles = options.color ? COLORS : PLAIN;
  const all = sections(report);
  const laid = all.map(columnsOf);
  const terminalWidth = options.width;
  const layout: Layout =
    terminalWidth === undefined ? { kind: 'line' } : rulesBeside(laid, terminalWidth) ? { kind: 'beside', terminalWidth } : { kind: 'above', terminalWidth };
  let output = '\n';
  all.forEach((section, index) => {
    output += `${styles.underline(section.heading)}\n`;
    for (const row of section.rows) for (const line of renderRow(row, laid[index]!, layout, styles)) output += `${line.replace(/ +$/, '')}\n`;
    output += '\n';
  });
  return output + summary(report.findings, styles) + suppressedLine(report);
}
