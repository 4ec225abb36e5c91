/**
 * @file The `json` reporter: the documented, versioned contract for scripts. Pretty-printed (two
 * spaces) with a final newline; every key is always present, `null` when the finding has no value,
 * and keys keep the order below. Findings keep the report's order. Nothing machine- or run-specific
 * is written (no working directory, no duration), so a scan of the same files gives the same bytes.
 *
 * ```json
 * {
 *   "version": 1,
 *   "findings": [
 *     {
 *       "ruleId": "require-labels/check-for-labels",   // policy/rule, namespace/policy/rule, or kyverno-lint/<code>
 *       "policy": "require-labels",                    // "" for problems of the tool's input
 *       "rule": "check-for-labels",                    // "" for problems of the tool's input
 *       "severity": "error",                           // error | warning | info
 *       "status": "fail",                              // pass | fail | warn | error | skip | problem
 *       "type": "Validation",                          // Validation | Mutation | Generation | ImageVerify | null
 *       "message": "validation error: …",
 *       "file": "k8s/deployment.yaml",                 // relative to the working directory, `/` separated
 *       "line": 12, "column": 7, "endLine": 12, "endColumn": 20,   // 1-based; endColumn just after the range
 *       "resource": { "apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": "web" },  // or null
 *       "category": "Best Practices",                  // policies.kyverno.io/category, or null
 *       "policySeverity": "medium",                    // policies.kyverno.io/severity, or null
 *       "fix": [ { "file": "k8s/deployment.yaml", "startLine": 14, "endLine": 13, "replacement": "  labels: …\n" } ],  // or null
 *       "group": { "key": "3f2a…", "size": 12 }      // or null: see below
 *     }
 *   ],
 *   "suppressedFindings": [                          // findings suppressed by `# kyverno-lint-disable…` comments
 *     { …the keys of a finding…, "suppressions": [ { "kind": "disable-next-line", "line": 11, "justification": "legacy" } ] }  // justification or null
 *   ],
 *   "summary": {
 *     "error": 1, "warning": 0, "info": 0,             // reported findings by severity
 *     "suppressed": 0,                                 // findings left out by `ignore`, the file filter or inline directives
 *     "files": { "policies": 3, "manifests": 12, "other": 0 },
 *     "policies": 4, "manifests": 15,                  // policies and manifests evaluated
 *     "statuses": { "pass": 40, "fail": 1, "warn": 0, "error": 0, "skip": 3 }  // every rule evaluation
 *   }
 * }
 * ```
 * A fix edit replaces lines `startLine`..`endLine` (inclusive) by `replacement`; `endLine = startLine - 1`
 * inserts before `startLine`, and `replacement: ""` deletes the lines.
 *
 * `group` names the findings of one reason for several resources (a rule that could not be evaluated,
 * with the same message for each; see `report/groups.ts`), which the other reporters show once: every
 * member has the same `key` (16 hex digits, stable across runs) and `size` (the count of members).
 */
import { sameReasonGroups, type FindingGroup } from '../report/groups.js';
import type { Finding, FixEdit, LintReport, ResourceRef, Suppression } from '../report/types.js';
import type { RuleStatus, RuleType } from '../types.js';
import { StreamedList, stringifyJsonChunks } from '../util/json-value.js';

/** The version of the contract below; raised on any incompatible change. */
export const JSON_REPORT_VERSION = 1;

interface JsonFinding {
  ruleId: string;
  policy: string;
  rule: string;
  severity: Finding['severity'];
  status: Finding['status'];
  type: RuleType | null;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  resource: ResourceRef | null;
  category: string | null;
  policySeverity: string | null;
  fix: FixEdit[] | null;
  group: { key: string; size: number } | null;
}

interface JsonSuppression {
  kind: Suppression['kind'];
  line: number;
  justification: string | null;
}

interface JsonReport {
  version: typeof JSON_REPORT_VERSION;
  findings: JsonFinding[];
  suppressedFindings: (JsonFinding & { suppressions: JsonSuppression[] })[];
  summary: {
    error: number;
    warning: number;
    info: number;
    suppressed: number;
    files: { policies: number; manifests: number; other: number };
    policies: number;
    manifests: number;
    statuses: Record<RuleStatus, number>;
  };
}

function jsonFinding(finding: Finding, group: FindingGroup | undefined): JsonFinding {
  const { location, resource, fix } = finding;
  return {
    ruleId: finding.ruleId,
    policy: finding.policy,
    rule: finding.rule,
    severity: finding.severity,
    status: finding.status,
    type: finding.type ?? null,
    message: finding.message,
    file: location.file,
    line: location.line,
    column: location.column,
    endLine: location.endLine,
    endColumn: location.endColumn,
    resource: resource ? { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name } : null,
    category: finding.category ?? null,
    policySeverity: finding.policySeverity ?? null,
    fix: fix ? fix.map((edit) => ({ file: edit.file, startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement })) : null,
    group: group ? { key: group.key, size: group.findings.length } : null,
  };
}

/** The items of `list` as `map` makes them, one at a time. */
function* mapped<T, U>(list: readonly T[], map: (item: T) => U): Generator<U> {
  for (const item of list) yield map(item);
}

/** The report as the JSON contract's object (keys in contract order), its finding lists written item by item. */
function toJsonReport(report: LintReport): Omit<JsonReport, 'findings' | 'suppressedFindings'> & { findings: StreamedList; suppressedFindings: StreamedList } {
  const { counts, files, statuses } = report;
  const groups = sameReasonGroups(report.findings);
  const suppressed = (finding: Finding): JsonReport['suppressedFindings'][number] => ({
    ...jsonFinding(finding, undefined),
    suppressions: (finding.suppressions ?? []).map((suppression) => ({ kind: suppression.kind, line: suppression.line, justification: suppression.justification ?? null })),
  });
  return {
    version: JSON_REPORT_VERSION,
    findings: new StreamedList(mapped(report.findings, (finding) => jsonFinding(finding, groups.get(finding)))),
    suppressedFindings: new StreamedList(mapped(report.suppressedFindings ?? [], suppressed)),
    summary: {
      error: counts.error,
      warning: counts.warning,
      info: counts.info,
      suppressed: counts.suppressed,
      files: { policies: files.policies, manifests: files.manifests, other: files.other },
      policies: report.policies,
      manifests: report.manifests,
      statuses: { pass: statuses.pass, fail: statuses.fail, warn: statuses.warn, error: statuses.error, skip: statuses.skip },
    },
  };
}

/** The report in pieces (one per finding), for writing a large report without holding its whole text. */
export function* jsonChunks(report: LintReport): Generator<string> {
  yield* stringifyJsonChunks(toJsonReport(report), 2);
  yield '\n';
}

export function json(report: LintReport): string {
  return [...jsonChunks(report)].join('');
}
