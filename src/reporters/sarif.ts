/**
 * @file The `sarif` reporter: a SARIF 2.1.0 log with one run, written even without findings
 * (`results: []`), as code-scanning uploads expect.
 *
 * - `tool.driver`: name `kyverno-lint`, the tool's version, `informationUri` when the options give one,
 *   and one rule per distinct `ruleId` in order of first appearance: `shortDescription` from the policy
 *   title and rule name (the rule id for the tool's own problems), `fullDescription` from the policy
 *   description, `helpUri` the Kyverno policy library for policy rules, `defaultConfiguration.level`
 *   the most severe level the rule was reported with, and the policy's categories as `properties.tags`
 *   (`policies.kyverno.io/category` is a comma-separated list).
 * - Results: `ruleId`, `ruleIndex`, `level` (error → error, warning → warning, info → note), the message
 *   (the rule id when empty), and a location whose artifact is the file relative to `%SRCROOT%` (the working directory, given in
 *   `originalUriBaseIds`; paths outside it become `file:` URIs) with the finding's region and, when the
 *   finding is about a Kubernetes object, a logical location of kind `resource`. Findings of no file
 *   have no location; a region is written only for a position (line ≥ 1).
 * - Findings suppressed by inline directives are results too, with `suppressions` (kind `inSource`, status
 *   `accepted`, the directive's reason as `justification`), as ESLint's and Semgrep's SARIF output do, unless
 *   `sarifSuppressed: false`: GitHub code scanning does not honour `suppressions` by default and would open
 *   alerts for them, so the Action's log for upload leaves them out.
 * - Findings of one reason for several resources (`report/groups.ts`) carry the group in the result's
 *   property bag: `properties.group` (the key, the same for every member) and `properties.groupSize`.
 * - Findings with source edits get one `fix`: per file an artifact change whose replacements delete whole
 *   lines, from column 1 of `startLine` to column 1 of `endLine + 1` (line breaks included, an empty
 *   region for an insertion), and insert the replacement text.
 */
import { pathToFileURL } from 'node:url';
import { sameReasonGroups, type FindingGroup } from '../report/groups.js';
import type { Finding, FixEdit, LintReport, ResourceRef, Severity } from '../report/types.js';
import { StreamedList, stringifyJsonChunks } from '../util/json-value.js';
import type { ReporterOptions } from './options.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
export const KYVERNO_POLICIES_URI = 'https://kyverno.io/policies/';
const SRCROOT = '%SRCROOT%';

type Level = 'error' | 'warning' | 'note';

const LEVELS: Record<Severity, Level> = { error: 'error', warning: 'warning', info: 'note' };
const LEVEL_RANK: Record<Level, number> = { note: 0, warning: 1, error: 2 };

interface Message {
  text: string;
}

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

interface Region {
  startLine: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}

interface SarifRule {
  id: string;
  name: string;
  shortDescription: Message;
  fullDescription?: Message;
  helpUri?: string;
  defaultConfiguration: { level: Level };
  properties?: { tags: string[] };
}

interface SarifLocation {
  physicalLocation?: { artifactLocation: ArtifactLocation; region?: Region };
  logicalLocations?: { name: string; fullyQualifiedName: string; kind: 'resource' }[];
}

interface SarifFix {
  artifactChanges: { artifactLocation: ArtifactLocation; replacements: { deletedRegion: Region; insertedContent: { text: string } }[] }[];
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: Message;
  locations?: SarifLocation[];
  fixes?: SarifFix[];
  suppressions?: { kind: 'inSource'; status: 'accepted'; justification?: string }[];
  properties?: { group: string; groupSize: number };
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: [
    {
      tool: { driver: { name: string; version: string; informationUri?: string; rules: SarifRule[] } };
      automationDetails?: { id: string };
      originalUriBaseIds: Record<string, { uri: string }>;
      results: SarifResult[];
    },
  ];
}

/** `C:/x` (a Windows path as findings write it) or `/x`. */
function isAbsolute(file: string): boolean {
  return file.startsWith('/') || /^[A-Za-z]:\//.test(file);
}

/** Percent-encodes each `/`-separated segment, so any file name is a valid URI reference. */
function encodePath(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

/** The artifact of a finding's file: relative to `%SRCROOT%`, or a `file:` URI outside the working directory. */
export function artifactLocation(file: string): ArtifactLocation {
  if (!isAbsolute(file)) return { uri: encodePath(file), uriBaseId: SRCROOT };
  return { uri: file.startsWith('/') ? `file://${encodePath(file)}` : `file:///${file.slice(0, 2)}${encodePath(file.slice(2))}` };
}

/** The `file:` URI of the working directory, ending with `/` as SARIF requires of a base. */
function directoryUri(cwd: string): string {
  const href = pathToFileURL(cwd).href;
  return href.endsWith('/') ? href : `${href}/`;
}

function region(finding: Finding): Region | undefined {
  const { line, column, endLine, endColumn } = finding.location;
  if (line < 1) return undefined;
  const result: Region = { startLine: line };
  if (column >= 1) result.startColumn = column;
  if (endLine >= line) {
    result.endLine = endLine;
    if (endColumn >= 1 && column >= 1) result.endColumn = endColumn;
  }
  return result;
}

function resourceName(resource: ResourceRef): string {
  return [resource.apiVersion, resource.kind, resource.namespace, resource.name].filter((part) => part !== '').join('/');
}

function location(finding: Finding): SarifLocation | undefined {
  const result: SarifLocation = {};
  if (finding.location.file !== '') {
    const where = region(finding);
    result.physicalLocation = { artifactLocation: artifactLocation(finding.location.file), ...(where ? { region: where } : {}) };
  }
  if (finding.resource) result.logicalLocations = [{ name: finding.resource.name, fullyQualifiedName: resourceName(finding.resource), kind: 'resource' }];
  return Object.keys(result).length > 0 ? result : undefined;
}

function fix(edits: readonly FixEdit[]): SarifFix {
  const byFile = new Map<string, FixEdit[]>();
  for (const edit of edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  return {
    artifactChanges: [...byFile].map(([file, fileEdits]) => ({
      artifactLocation: artifactLocation(file),
      replacements: fileEdits.map((edit) => ({
        deletedRegion: { startLine: edit.startLine, startColumn: 1, endLine: edit.endLine + 1, endColumn: 1 },
        insertedContent: { text: edit.replacement },
      })),
    })),
  };
}

/** `policies.kyverno.io/category` values, split on commas, without duplicates. */
function tags(category: string | undefined): string[] {
  if (category === undefined) return [];
  return [...new Set(category.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

function rule(finding: Finding): SarifRule {
  const isPolicyRule = finding.policy !== '';
  const title = finding.policyTitle !== undefined && finding.policyTitle !== '' ? finding.policyTitle : finding.policy;
  const description = finding.policyDescription?.trim() ?? '';
  const ruleTags = tags(finding.category);
  return {
    id: finding.ruleId,
    name: finding.ruleId,
    shortDescription: { text: isPolicyRule && finding.rule !== '' ? `${title}: ${finding.rule}` : finding.ruleId },
    ...(description !== '' ? { fullDescription: { text: description } } : {}),
    ...(isPolicyRule ? { helpUri: KYVERNO_POLICIES_URI } : {}),
    defaultConfiguration: { level: LEVELS[finding.severity] },
    ...(ruleTags.length > 0 ? { properties: { tags: ruleTags } } : {}),
  };
}

/** The rules of the findings a log holds, in order of first appearance, and the index of each rule id. */
function sarifRules(findings: readonly (readonly Finding[])[]): { rules: SarifRule[]; ruleIndex: Map<string, number> } {
  const rules: SarifRule[] = [];
  const ruleIndex = new Map<string, number>();
  for (const list of findings) {
    for (const finding of list) {
      let index = ruleIndex.get(finding.ruleId);
      if (index === undefined) {
        index = rules.push(rule(finding)) - 1;
        ruleIndex.set(finding.ruleId, index);
      }
      const level = LEVELS[finding.severity];
      const descriptor = rules[index]!;
      if (LEVEL_RANK[level] > LEVEL_RANK[descriptor.defaultConfiguration.level]) descriptor.defaultConfiguration.level = level;
    }
  }
  return { rules, ruleIndex };
}

function result(finding: Finding, ruleIndex: number, group: FindingGroup | undefined): SarifResult {
  const text = finding.message !== '' ? finding.message : finding.ruleId;
  const out: SarifResult = { ruleId: finding.ruleId, ruleIndex, level: LEVELS[finding.severity], message: { text } };
  const where = location(finding);
  if (where) out.locations = [where];
  if (finding.fix && finding.fix.length > 0) out.fixes = [fix(finding.fix)];
  if (finding.suppressions !== undefined) {
    out.suppressions = finding.suppressions.map((suppression) => ({
      kind: 'inSource',
      status: 'accepted',
      ...(suppression.justification !== undefined ? { justification: suppression.justification } : {}),
    }));
  }
  if (group) out.properties = { group: group.key, groupSize: group.findings.length };
  return out;
}

/** The log of a report with its results as `results` gives them (a list, or a list written item by item). */
function sarifLog<R>(report: LintReport, options: ReporterOptions, results: (all: Iterable<SarifResult>) => R): Omit<SarifLog, 'runs'> & { runs: [Omit<SarifLog['runs'][0], 'results'> & { results: R }] } {
  const suppressed = options.sarifSuppressed === false ? [] : (report.suppressedFindings ?? []);
  const { rules, ruleIndex } = sarifRules([report.findings, suppressed]);
  const groups = sameReasonGroups(report.findings);
  function* all(): Generator<SarifResult> {
    for (const list of [report.findings, suppressed]) for (const finding of list) yield result(finding, ruleIndex.get(finding.ruleId)!, groups.get(finding));
  }
  const driver = {
    name: 'kyverno-lint',
    version: options.toolVersion,
    ...(options.informationUri !== undefined ? { informationUri: options.informationUri } : {}),
    rules,
  };
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver },
        ...(options.automationId !== undefined ? { automationDetails: { id: options.automationId } } : {}),
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(report.cwd) } },
        results: results(all()),
      },
    ],
  };
}

/** The SARIF log object of a report. */
export function toSarif(report: LintReport, options: ReporterOptions): SarifLog {
  return sarifLog(report, options, (all) => [...all]);
}

/** The log in pieces (one per result), for writing a large report without holding its whole text. */
export function* sarifChunks(report: LintReport, options: ReporterOptions): Generator<string> {
  yield* stringifyJsonChunks(
    sarifLog(report, options, (all) => new StreamedList(all)),
    2,
  );
  yield '\n';
}

export function sarif(report: LintReport, options: ReporterOptions): string {
  return [...sarifChunks(report, options)].join('');
}
