/**
 * @file Output of the `test` command: Kyverno's result tables and summary lines (spec 40 §1.8), and the
 * JSON document `{"tests":[{"file","results":[...]}]}` with one entry per expanded expected result.
 */
import type { JsonObject } from '../types.js';
import { palette, type Palette } from './color.js';
import { displayPath, type CliIo } from './io.js';
import { renderTable, type Cell } from './table.js';
import type { ActualResult, ResultOutcome, TestRow } from './test-matching.js';

/** The outcome of one Test document. */
export interface TestDocumentOutcome {
  /** Absolute path of the test file. */
  file: string;
  documentIndex: number;
  results: ResultOutcome[];
  /** The policy documents the test loaded (Kyverno and CEL kinds). */
  policyDocuments: readonly JsonObject[];
}

export interface RowCounts {
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

function rowsTable(rows: readonly TestRow[], detailed: boolean, colors: Palette): string {
  const headers = ['ID', 'POLICY', 'RULE', 'RESOURCE', 'RESULT', 'REASON'];
  if (detailed) headers.push('MESSAGE');
  const cells = rows.map((row, index) => {
    const line: Cell[] = [index + 1, row.policy, row.rule, row.resource, styleResult(colors, row), styleReason(colors, row.reason)];
    if (detailed) line.push(row.message);
    return line;
  });
  return renderTable(headers, cells, colors.header);
}

export interface TextOptions {
  detailed: boolean;
  failOnly: boolean;
  color: boolean;
}

/** Kyverno's text output: a table per Test document, then the summary (or the failed rows only). */
export function formatText(outcomes: readonly TestDocumentOutcome[], options: TextOptions): string {
  const colors = palette(options.color);
  const counts = countRows(outcomes);
  let out = '';
  if (!options.failOnly) {
    for (const outcome of outcomes) {
      out += `\n${rowsTable(outcome.results.flatMap((result) => result.rows), options.detailed, colors)}\n\n`;
    }
    out += `\nTest Summary: ${counts.passed} tests passed and ${counts.failed} tests failed\n\n`;
    return out;
  }
  out += `\nTest Summary: ${counts.failed} out of ${counts.passed + counts.failed} tests failed\n\n`;
  if (counts.failed > 0) {
    const failed = outcomes.flatMap((outcome) => outcome.results.flatMap((result) => result.rows.filter((row) => row.result === 'Fail')));
    out += `Aggregated Failed Test Cases : \n${rowsTable(failed, options.detailed, colors)}\n`;
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
  message: string;
}

/** The JSON format: one entry per expected result after expanding `resources` lists. */
export function formatJson(io: Pick<CliIo, 'cwd'>, outcomes: readonly TestDocumentOutcome[]): string {
  const tests = outcomes.map((outcome) => ({
    file: displayPath(io, outcome.file),
    results: outcome.results.flatMap((result) =>
      result.entries.map<JsonEntry>((entry) => ({
        policy: result.result.policy,
        rule: result.result.rule,
        resource: entry.resource,
        kind: result.result.kind,
        namespace: entry.namespace,
        expected: entry.expected,
        actual: entry.actual,
        message: entry.message,
      })),
    ),
  }));
  return `${JSON.stringify({ tests }, null, 2)}\n`;
}
