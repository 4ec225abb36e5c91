/**
 * @file Output of the `apply` command: Kyverno's default text (failed rules per resource, then the
 * counters), the `--table` format, the list of skipped policies, and the JSON document
 * `{"results":[...]}` whose `source` points at the failing field.
 */
import type { RuleStatus, SourceLocation } from '../types.js';
import { palette } from './color.js';
import { displayPath, type CliIo } from './io.js';
import { renderTable, type Cell } from './table.js';

/** One rule response, with the status as counted. */
export interface ApplyRuleResult {
  rule: string;
  /** The engine status. */
  engineStatus: RuleStatus;
  /** The status after the `scored` / `--audit-warn` mapping. */
  status: RuleStatus;
  message: string;
  /** Where the failing field is, or the document start. */
  source: SourceLocation;
}

/** The validate response of one policy for one resource. */
export interface ApplyResponse {
  policy: string;
  /** `namespace/name` for a namespaced Policy, as the table shows it. */
  policyLabel: string;
  resource: { apiVersion: string; kind: string; namespace: string; name: string };
  /** Failures are reported as audit warnings (`--audit-warn` and an Audit policy). */
  auditWarning: boolean;
  results: ApplyRuleResult[];
}

export interface ApplyCounts {
  pass: number;
  fail: number;
  warn: number;
  error: number;
  skip: number;
}

/** Kyverno's counters; every invalid policy counts as an error. */
export function countResults(responses: readonly ApplyResponse[], invalidPolicies: number): ApplyCounts {
  const counts: ApplyCounts = { pass: 0, fail: 0, warn: 0, error: invalidPolicies, skip: 0 };
  for (const response of responses) for (const result of response.results) counts[result.status]++;
  return counts;
}

const DIVIDER = '-'.repeat(70);

/** `Policies Skipped:` / `Invalid Policies:` blocks (`printSkippedAndInvalidPolicies`). */
export function formatSkippedPolicies(skipped: readonly string[], invalid: readonly string[]): string {
  let out = '';
  const block = (title: string, items: readonly string[]): void => {
    if (items.length === 0) return;
    out += `${DIVIDER}\n${title}\n${items.map((item, index) => `${index + 1}. ${item}\n`).join('')}${DIVIDER}\n`;
  };
  block('Policies Skipped:', skipped);
  block('Invalid Policies:', invalid);
  return out;
}

/** The default text: per policy response with failures, the failed rules; then the counters. */
export function formatApplyText(responses: readonly ApplyResponse[], counts: ApplyCounts): string {
  let out = '';
  for (const response of responses) {
    const failed = response.results.filter((result) => result.engineStatus === 'fail');
    if (failed.length === 0) continue;
    const { namespace, kind, name } = response.resource;
    out += `policy ${response.policy} -> resource ${namespace}/${kind}/${name} ${response.auditWarning ? 'failed as audit warning:' : 'failed:'}\n`;
    out += failed.map((result, index) => `${index + 1} - ${result.rule} ${result.message}\n`).join('');
    out += '\n';
  }
  out += `\npass: ${counts.pass}, fail: ${counts.fail}, warn: ${counts.warn}, error: ${counts.error}, skip: ${counts.skip} \n`;
  return out;
}

/** `--table`: `ID POLICY RULE RESOURCE RESULT` (+ `MESSAGE` with `--detailed-results`). */
export function formatApplyTable(responses: readonly ApplyResponse[], detailed: boolean, color: boolean): string {
  const colors = palette(color);
  const style: Record<RuleStatus, (text: string) => string> = { pass: colors.pass, fail: colors.fail, warn: colors.warn, error: colors.fail, skip: colors.skip };
  const headers = ['ID', 'POLICY', 'RULE', 'RESOURCE', 'RESULT'];
  if (detailed) headers.push('MESSAGE');
  const pairs = responses.flatMap((response) => response.results.map((result) => ({ response, result })));
  const rows = pairs.map(({ response, result }, index) => {
    const { namespace, kind, name } = response.resource;
    const label = result.status[0].toUpperCase() + result.status.slice(1);
    const resource = namespace ? `${namespace}/${kind}/${name}` : `${kind}/${name}`;
    const row: Cell[] = [index + 1, response.policyLabel, result.rule, resource, style[result.status](label)];
    if (detailed) row.push(result.message);
    return row;
  });
  return `${renderTable(headers, rows, colors.header)}\n`;
}

/** The JSON document of `apply --format json`. */
export function formatApplyJson(io: Pick<CliIo, 'cwd'>, responses: readonly ApplyResponse[]): string {
  const entries = responses.flatMap((response) =>
    response.results.map((result) => ({
      policy: response.policy,
      rule: result.rule,
      resource: response.resource,
      status: result.status,
      message: result.message,
      source: { file: displayPath(io, result.source.file), line: result.source.line, column: result.source.column },
    })),
  );
  return `${JSON.stringify({ results: entries }, null, 2)}\n`;
}
