/**
 * @file Output of the `test` command: Kyverno's result tables and summary lines (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/commands/test: command.go `testCommandExecute`, output.go `printTestResult`,
 * `printFailedTestResult`, `printOutputFormats`), and the JSON document
 * `{"tests":[{"file","results":[...]}],"problems":[...]}` with one entry per expanded expected result and the
 * input problems also printed on stderr. A `Resource diff` message is followed by the unified diff of the
 * expected and actual objects (coloured on a terminal); the JSON entry carries that diff in `diff`.
 */
import type { JsonObject } from '../../types.js';
import { stringifyJson } from '../../util/json-value.js';
import { palette, type Palette } from '../color.js';
import type { DiagnosticJson } from '../load/diagnostics.js';
import { displayPath, type CliIo } from '../io.js';
import { renderTable, type Cell } from '../table.js';
import { formatResourceDiff } from './compare.js';
import type { ActualResult, ResultOutcome, TestRow } from './matching.js';

/** The outcome of one Test document. */
export interface TestDocumentOutcome {
  /** Absolute path of the test file. */
  file: string;
  documentIndex: number;
  results: ResultOutcome[];
  /** The policy documents the test loaded (Kyverno and CEL kinds). */
  policyDocuments: readonly JsonObject[];
}

interface RowCounts {
  passed: number;
  failed: number;
}

export function countRows(outcomes: readonly TestDocumentOutcome[]): RowCounts {
  let passed = 0;
  let failed = 0;
  for (const outcome of outcomes) {
    for (const result of outcome.results) {
      for (const row of result.rows) {
        if (row.result === 'Fail') failed++;
        else passed++;
      }
    }
  }
  return { passed, failed };
}

function styleResult(colors: Palette, row: TestRow): string {
  if (row.result === 'Pass') return colors.pass(row.result);
  if (row.result === 'Fail') return colors.fail(row.result);
  return colors.skip(row.result);
}

function styleReason(colors: Palette, reason: string): string {
  return reason === 'Excluded' || reason === 'Not found' || reason === 'Invalid Policy' || reason === 'Unsupported' ? colors.warn(reason) : reason;
}

/** The MESSAGE cell: the message, then for a `Resource diff` the legend and the diff. */
function rowMessage(row: TestRow, color: boolean): string {
  return row.diff ? `${row.message}\n${formatResourceDiff(row.diff, color).trimEnd()}` : row.message;
}

function rowsTable(rows: readonly TestRow[], detailed: boolean, color: boolean): string {
  const colors = palette(color);
  const headers = ['ID', 'POLICY', 'RULE', 'RESOURCE', 'RESULT', 'REASON'];
  if (detailed) headers.push('MESSAGE');
  const cells = rows.map((row, index) => {
    const line: Cell[] = [index + 1, row.policy, row.rule, row.resource, styleResult(colors, row), styleReason(colors, row.reason)];
    if (detailed) line.push(rowMessage(row, color));
    return line;
  });
  return renderTable(headers, cells, colors.header);
}

interface TextOptions {
  detailed: boolean;
  failOnly: boolean;
  color: boolean;
}

/** Kyverno's text output: a table per Test document, then the summary (or the failed rows only). */
export function formatText(outcomes: readonly TestDocumentOutcome[], options: TextOptions): string {
  const counts = countRows(outcomes);
  let out = '';
  if (!options.failOnly) {
    for (const outcome of outcomes) {
      out += `\n${rowsTable(outcome.results.flatMap((result) => result.rows), options.detailed, options.color)}\n\n`;
    }
    out += `\nTest Summary: ${counts.passed} tests passed and ${counts.failed} tests failed\n\n`;
    return out;
  }
  out += `\nTest Summary: ${counts.failed} out of ${counts.passed + counts.failed} tests failed\n\n`;
  if (counts.failed > 0) {
    const failed = outcomes.flatMap((outcome) => outcome.results.flatMap((result) => result.rows.filter((row) => row.result === 'Fail')));
    out += `Aggregated Failed Test Cases : \n${rowsTable(failed, options.detailed, options.color)}\n`;
  }
  return out;
}

interface JsonEntry {
  policy: string;
  rule: string;
  resource: string;
  kind: string;
  namespace: string;
  expected: string;
  actual: ActualResult;
  /** Whether Kyverno counts the entry as passed (a `Resource error` or `Resource diff` fails even when `actual` equals `expected`). */
  passed: boolean;
  /** The REASON column of Kyverno's table for the entry. */
  reason: string;
  message: string;
  /** `Resource diff` entries: the legend and unified diff of the expected and actual objects. */
  diff?: string;
}

/** The JSON format: one entry per expected result after expanding `resources` lists, and the input problems. */
export function formatJson(io: Pick<CliIo, 'cwd'>, outcomes: readonly TestDocumentOutcome[], problems: readonly DiagnosticJson[]): string {
  const tests = outcomes.map((outcome) => ({
    file: displayPath(io, outcome.file),
    results: outcome.results.flatMap((result) =>
      result.entries.map<JsonEntry>((entry) => {
        const json: JsonEntry = {
          policy: result.result.policy,
          rule: result.result.rule,
          resource: entry.resource,
          kind: result.result.kind,
          namespace: entry.namespace,
          expected: entry.expected,
          actual: entry.actual,
          passed: entry.passed,
          reason: entry.reason,
          message: entry.message,
        };
        if (entry.diff) json.diff = formatResourceDiff(entry.diff, false);
        return json;
      }),
    ),
  }));
  return `${stringifyJson({ tests, problems }, 2)}\n`;
}
