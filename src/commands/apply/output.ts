/**
 * @file Output of the `apply` command: Kyverno's default text (mutate skip/error lines, failed rules per
 * resource, then the counters), the `--table` format, the list of skipped policies, and the JSON document
 * `{"results":[...],"mutatedResources":[...],"problems":[...]}` whose `source` points at the failing field,
 * whose mutated resources carry the patched object and the source edits that realise it, and whose
 * problems are the input problems also printed on stderr.
 */
import type { MutatedResource } from '../../lint/fixes.js';
import type { JsonObject, RuleStatus, RuleType, SourceLocation } from '../../types.js';
import type { LineEdit } from '../../source/edit.js';
import { stringifyJson } from '../../util/json-value.js';
import { palette } from '../color.js';
import type { DiagnosticJson } from '../load/diagnostics.js';
import { displayPath, type CliIo } from '../io.js';
import { renderTable, type Cell } from '../table.js';

/** One rule response, with the status as shown and as counted. */
export interface ApplyRuleResult {
  rule: string;
  type: RuleType;
  /** The engine status. */
  engineStatus: RuleStatus;
  /** The status shown, after the `scored` / `--audit-warn` mapping of validation failures. */
  status: RuleStatus;
  /**
   * The counter the rule adds to (Kyverno's `ResultCounts`): every generate status other than `pass`
   * counts as a failure; `null` when the rule is not counted.
   */
  counted: RuleStatus | null;
  /** How many times the rule is counted when it is (default once; a MutatingPolicy's responses are counted twice). */
  countedTimes?: number;
  message: string;
  /** Where the failing field is, or the document start. */
  source: SourceLocation;
  /** Generate rules: the objects generated. */
  generatedResources?: JsonObject[];
  /** Mutate-existing rules: the patched target. */
  patchedTarget?: JsonObject;
}

export type ApplyResponseKind = 'mutate' | 'verifyImages' | 'validate' | 'generate' | 'delete';

/** The response of one policy for one resource. */
export interface ApplyResponse {
  kind: ApplyResponseKind;
  policy: string;
  /** `namespace/name` for a namespaced Policy, as the table shows it. */
  policyLabel: string;
  resource: { apiVersion: string; kind: string; namespace: string; name: string };
  /** `<namespace>/<Kind>/<name>` of the resource the response is about, as Kyverno prints it. */
  resourcePath: string;
  /** Failures are reported as audit warnings (`--audit-warn` and an Audit policy). */
  auditWarning: boolean;
  /** A CEL policy kind: the table leaves the RULE column empty (Kyverno's `printTable` names the rules of `kyverno.io` policies only). */
  ruleless?: boolean;
  results: ApplyRuleResult[];
  /** Mutate responses: the resource after this policy (cumulative over the earlier ones). */
  patchedResource?: JsonObject;
}


interface ApplyCounts {
  pass: number;
  fail: number;
  warn: number;
  error: number;
  skip: number;
}

/** Kyverno's counters; every invalid policy counts as an error. */
export function countResults(responses: readonly ApplyResponse[], invalidPolicies: number): ApplyCounts {
  const counts: ApplyCounts = { pass: 0, fail: 0, warn: 0, error: invalidPolicies, skip: 0 };
  for (const response of responses) for (const result of response.results) if (result.counted !== null) counts[result.counted] += result.countedTimes ?? 1;
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

/**
 * The lines Kyverno prints per response after processing (`apply` command.go): skipped and failed
 * mutations, failed generations, then the failed rules of the response.
 */
export function formatResponseLines(responses: readonly ApplyResponse[]): string {
  let out = '';
  for (const response of responses) {
    const failed: ApplyRuleResult[] = [];
    for (const result of response.results) {
      if (result.engineStatus === 'fail') failed.push(result);
      // fmt.Println separates its operands with spaces: `-> resource <path> \nerror:  <message>`.
      if (result.type === 'Mutation' && result.engineStatus === 'skip') {
        out += `\nskipped mutate policy ${response.policy} -> resource ${response.resourcePath}\n`;
      } else if (result.type === 'Mutation' && result.engineStatus === 'error') {
        out += `\nerror while applying mutate policy ${response.policy} -> resource ${response.resourcePath} \nerror:  ${result.message}\n`;
      } else if (result.type === 'Generation' && result.engineStatus === 'error') {
        out += `\nerror while applying generate policy ${response.policy} -> resource ${response.resourcePath} \nerror:  ${result.message}\n`;
      }
    }
    if (failed.length === 0) continue;
    out += `policy ${response.policy} -> resource ${response.resourcePath} ${response.auditWarning ? 'failed as audit warning:' : 'failed:'}\n`;
    out += failed.map((result, index) => `${index + 1} - ${result.rule} ${result.message}\n`).join('');
    out += '\n';
  }
  return out;
}

/** `\npass: P, fail: F, warn: W, error: E, skip: S \n`. */
function formatCounts(counts: ApplyCounts): string {
  return `\npass: ${counts.pass}, fail: ${counts.fail}, warn: ${counts.warn}, error: ${counts.error}, skip: ${counts.skip} \n`;
}

/** The default text after processing: the per-response lines, then the counters. */
export function formatApplyText(responses: readonly ApplyResponse[], counts: ApplyCounts): string {
  return formatResponseLines(responses) + formatCounts(counts);
}

/** `--table`: `ID POLICY RULE RESOURCE RESULT` (+ `MESSAGE` with `--detailed-results`), every rule response. */
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
    const row: Cell[] = [index + 1, response.policyLabel, response.ruleless ? '' : result.rule, resource, style[result.status](label)];
    if (detailed) row.push(result.message);
    return row;
  });
  return `${renderTable(headers, rows, colors.header)}\n`;
}

/** The JSON document of `apply --format json`; `problems` are the input problems (the diagnostics of the run). */
export function formatApplyJson(io: Pick<CliIo, 'cwd'>, responses: readonly ApplyResponse[], mutated: readonly MutatedResource[], problems: readonly DiagnosticJson[]): string {
  const entries = responses.flatMap((response) =>
    response.results.map((result) => {
      const entry: Record<string, unknown> = {
        policy: response.policy,
        rule: result.rule,
        type: result.type,
        resource: response.resource,
        status: result.status,
        message: result.message,
        source: { file: displayPath(io, result.source.file), line: result.source.line, column: result.source.column },
      };
      if (result.type === 'Mutation' && response.patchedResource !== undefined) entry.patchedResource = response.patchedResource;
      if (result.patchedTarget !== undefined) entry.patchedTarget = result.patchedTarget;
      if (result.generatedResources !== undefined) entry.generatedResources = result.generatedResources;
      return entry;
    }),
  );
  const mutatedResources = mutated.map((item) => {
    const file = displayPath(io, item.file);
    const entry: Record<string, unknown> = {
      resource: item.resource,
      file,
      patchedResource: item.patchedResource,
      edits: item.edits.map((edit) => ({ file, startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement })),
    };
    if (item.editError !== undefined) entry.editError = item.editError;
    return entry;
  });
  return `${stringifyJson({ results: entries, mutatedResources, problems }, 2)}\n`;
}
