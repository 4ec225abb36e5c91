/**
 * @file The job summary (Markdown appended to `GITHUB_STEP_SUMMARY`): the totals, one table row per
 * policy/rule with links to the file lines, the mutations that were not posted as suggestions as diffs, how
 * many annotations GitHub could not show, what the review posted, the kyverno.io policies to migrate (their
 * `legacy-policy` notices), what was skipped and why (rules that could
 * not be evaluated, e.g. unresolved context; unsupported policy kinds; invalid inputs; suppressed
 * findings), and which features were off and why. Pure: the caller writes the text.
 */
import { applyEdits, collapseSameReason, unifiedDiff, type Finding, type LintReport, type Severity } from '../index.js';
import { LEGACY_POLICY } from './annotations.js';
import type { UnpostedEdit } from './review.js';

/** Where links to file lines point. */
export interface LinkTarget {
  serverUrl: string;
  /** `owner/repo`. */
  repository: string;
  sha: string;
}

export interface FeatureState {
  name: string;
  on: boolean;
  detail: string;
}

export interface SummaryInput {
  /** The heading (default `kyverno-lint`; a shard's names the shard). */
  title?: string;
  report: LintReport;
  /** Warnings and errors of the scan (no policies, excluded files, unreadable paths). */
  warnings: readonly string[];
  errors: readonly string[];
  links: LinkTarget | undefined;
  annotations: { mode: 'check-run' | 'workflow-commands' | 'off'; shown: number; hidden: number; detail?: string };
  review?: { created: number; updated: number; unchanged: number; failed: { path: string; line: number; kind: string; ruleId: string; reason: string }[] };
  /** Mutation edits shown as diffs (not posted as suggestions). */
  edits: readonly UnpostedEdit[];
  /** The text of a workspace file, for diffs. */
  fileText: (file: string) => string | undefined;
  features: readonly FeatureState[];
  /** The step's verdict. */
  failed: boolean;
  failOn: string;
}

const MAX_LOCATIONS = 10;
const MAX_DIFFS = 50;
const MAX_LIST = 20;
/** GitHub accepts 1 MiB per step summary; stay well below. */
const MAX_LENGTH = 900_000;

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

/** Text for a Markdown table cell. */
export function cell(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${text.replace(/\|/g, '\\|')}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

export function lineUrl(links: LinkTarget, file: string, line: number, endLine = line): string {
  const path = file.split('/').map(encodeURIComponent).join('/');
  return `${links.serverUrl}/${links.repository}/blob/${links.sha}/${path}#L${line}${endLine > line ? `-L${endLine}` : ''}`;
}

function place(finding: Finding): string {
  const { file, line } = finding.location;
  if (file === '') return '.';
  return line >= 1 ? `${file}:${line}` : file;
}

function locationLink(finding: Finding, links: LinkTarget | undefined): string {
  const { file, line, endLine } = finding.location;
  const label = cell(place(finding));
  if (links === undefined || file === '' || line < 1 || file.startsWith('../') || file.startsWith('/')) return label;
  return `[${label}](${lineUrl(links, file, line, endLine)})`;
}

function totals(input: SummaryInput): string {
  const { report } = input;
  const { counts } = report;
  const verdict = input.errors.length > 0 ? '⛔ tool errors' : input.failed ? `❌ failed (fail-on: ${input.failOn})` : '✅ passed';
  let out = `${verdict}: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info`;
  out += ` in ${plural(report.manifests, 'manifest')} checked against ${plural(report.policies, 'policy', 'policies')}`;
  out += ` (${plural(report.files.policies + report.files.manifests, 'file')} read, ${(report.durationMs / 1000).toFixed(2)} s).\n\n`;
  out += '| Errors | Warnings | Info | Suppressed |\n| ---: | ---: | ---: | ---: |\n';
  out += `| ${counts.error} | ${counts.warning} | ${counts.info} | ${counts.suppressed} |\n`;
  return out;
}

/** Findings of rule responses (not tool problems) by rule id: most severe rules first, then by rule id. */
function ruleTable(input: SummaryInput): string {
  const groups = new Map<string, Finding[]>();
  for (const finding of input.report.findings) {
    if (finding.status === 'problem') continue;
    const group = groups.get(finding.ruleId);
    if (group) group.push(finding);
    else groups.set(finding.ruleId, [finding]);
  }
  if (groups.size === 0) return '';
  const rows = [...groups]
    .map(([ruleId, findings]) => ({ ruleId, findings, severity: findings.reduce<Severity>((worst, f) => (SEVERITY_ORDER[f.severity] < SEVERITY_ORDER[worst] ? f.severity : worst), 'info') }))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
  let out = '\n### Findings by rule\n\n| Rule | Severity | Findings | Where |\n| --- | --- | ---: | --- |\n';
  for (const row of rows) {
    const shown = row.findings.slice(0, MAX_LOCATIONS).map((finding) => locationLink(finding, input.links));
    if (row.findings.length > MAX_LOCATIONS) shown.push(`and ${row.findings.length - MAX_LOCATIONS} more`);
    out += `| ${code(row.ruleId)} | ${row.severity} | ${row.findings.length} | ${shown.join('<br>')} |\n`;
  }
  return out;
}

function editDiff(input: SummaryInput, item: UnpostedEdit): string {
  const { edit } = item;
  const before = input.fileText(edit.file);
  if (before === undefined) return '';
  const after = applyEdits(before, [{ startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement }]);
  return unifiedDiff(before, after, { from: `a/${edit.file}`, to: `b/${edit.file}`, context: 2 });
}

function editLines(startLine: number, endLine: number): string {
  if (endLine < startLine) return `before line ${startLine}`;
  return endLine === startLine ? `line ${startLine}` : `lines ${startLine}–${endLine}`;
}

function mutations(input: SummaryInput): string {
  if (input.edits.length === 0) return '';
  const title = input.review ? 'Mutations not posted as suggestions' : 'Mutations';
  let out = `\n### ${title}\n\nThese edits apply the policies' mutations (\`kyverno-lint --fix\` writes them).\n`;
  let previous: UnpostedEdit | undefined;
  for (const item of input.edits.slice(0, MAX_DIFFS)) {
    const { edit, finding } = item;
    if (previous?.finding !== finding || previous.reason !== item.reason) {
      out += `\n**${cell(finding.resource ? `${finding.resource.kind}/${finding.resource.name}` : finding.location.file)}** (${code(finding.ruleId)}): ${cell(item.reason)}\n`;
    }
    previous = item;
    const lines = editLines(edit.startLine, edit.endLine);
    const first = Math.max(1, Math.min(edit.startLine, edit.endLine));
    const target = input.links && !edit.file.startsWith('../') ? `[${cell(edit.file)} ${lines}](${lineUrl(input.links, edit.file, first, Math.max(edit.startLine, edit.endLine))})` : `${cell(edit.file)} ${lines}`;
    out += `\n${target}\n`;
    const diff = editDiff(input, item);
    if (diff !== '') out += `\n\`\`\`diff\n${diff.replace(/```/g, '`\u200b``')}\`\`\`\n`;
  }
  if (input.edits.length > MAX_DIFFS) out += `\n…and ${input.edits.length - MAX_DIFFS} more edits (run \`kyverno-lint --fix-dry-run\` to see them all).\n`;
  return out;
}

function annotations(input: SummaryInput): string {
  const { mode, shown, hidden, detail } = input.annotations;
  if (mode === 'off') return '';
  let out = '\n### Annotations\n\n';
  if (mode === 'check-run') out += `${plural(shown, 'annotation')} in the check run${detail ? ` ${detail}` : ''}.\n`;
  else {
    out += `${plural(shown, 'annotation')} shown`;
    out += hidden > 0 ? `; **${hidden} not shown**: GitHub keeps 10 per severity and step (findings on changed lines and files, and errors, come first; the log lists the others).\n` : '.\n';
  }
  return out;
}

function review(input: SummaryInput): string {
  if (!input.review) return '';
  const { created, updated, unchanged, failed } = input.review;
  let out = `\n### Review\n\n${plural(created, 'comment')} posted, ${updated} updated, ${unchanged} unchanged`;
  out += failed.length > 0 ? `, **${failed.length} not posted**:\n\n` : '.\n';
  for (const item of failed.slice(0, MAX_LIST)) out += `- ${cell(item.path)}:${item.line} (${item.kind}, ${code(item.ruleId)}): ${cell(item.reason)}\n`;
  if (failed.length > MAX_LIST) out += `- …and ${failed.length - MAX_LIST} more\n`;
  return out;
}

/** The kyverno.io policies, which Kyverno 1.20 no longer runs: their `legacy-policy` notices, one line each. */
function legacyPolicies(input: SummaryInput): string {
  const notices = input.report.findings.filter((finding) => finding.ruleId === LEGACY_POLICY);
  if (notices.length === 0) return '';
  let out = `\n### kyverno.io policies to migrate\n\n${plural(notices.length, 'kyverno.io policy', 'kyverno.io policies')} (ClusterPolicy, Policy), which Kyverno 1.20 no longer runs:`;
  out += ' `kyverno-lint migrate <file>` translates them into CEL policies. Their notices are annotated only in the files a pull request changes;';
  out += ` \`ignore: [${LEGACY_POLICY}]\` in the configuration turns them off.\n\n`;
  for (const finding of notices.slice(0, MAX_LIST)) {
    const { resource } = finding;
    const what = resource === undefined ? finding.message : `${resource.kind} ${resource.namespace === '' ? '' : `${resource.namespace}/`}${resource.name}`;
    out += `- ${locationLink(finding, input.links)} ${cell(what)}\n`;
  }
  if (notices.length > MAX_LIST) out += `- …and ${notices.length - MAX_LIST} more\n`;
  return out;
}

function skipped(input: SummaryInput): string {
  const { report } = input;
  const items: string[] = [];
  for (const error of input.errors) items.push(`error: ${cell(error)}`);
  for (const warning of input.warnings) items.push(cell(warning));
  const problems = new Map<string, Finding[]>();
  for (const finding of report.findings) {
    if (finding.status !== 'problem' || finding.ruleId === LEGACY_POLICY) continue;
    problems.set(finding.ruleId, [...(problems.get(finding.ruleId) ?? []), finding]);
  }
  for (const [ruleId, findings] of problems) {
    const what = ruleId === 'kyverno-lint/unsupported-policy-kind' ? 'unsupported policy kinds, not evaluated' : 'not evaluated';
    items.push(`${code(ruleId)} (${what}): ${findings.slice(0, MAX_LIST).map((finding) => `${locationLink(finding, input.links)} ${cell(finding.message)}`).join('; ')}${findings.length > MAX_LIST ? `; …and ${findings.length - MAX_LIST} more` : ''}`);
  }
  const errored = report.findings.filter((finding) => finding.status === 'error');
  if (errored.length > 0) {
    // A reason shared by several resources is one line with the count of resources.
    const entries = collapseSameReason(errored);
    const list = entries.slice(0, MAX_LIST).map(({ finding, group }) => {
      if (group === undefined) return `  - ${code(finding.ruleId)} on ${locationLink(finding, input.links)}: ${cell(finding.message)}`;
      const where = group.findings.slice(0, MAX_LOCATIONS).map((member) => locationLink(member, input.links));
      if (group.findings.length > MAX_LOCATIONS) where.push(`and ${group.findings.length - MAX_LOCATIONS} more`);
      return `  - ${code(finding.ruleId)} on ${group.findings.length} resources (${where.join(', ')}): ${cell(finding.message)}`;
    });
    if (entries.length > MAX_LIST) list.push(`  - …and ${entries.length - MAX_LIST} more`);
    items.push(`${plural(errored.length, 'rule evaluation')} could not complete (unresolved context entries, API calls that are not made offline, …):\n${list.join('\n')}`);
  }
  const noEdit = report.findings.filter((finding) => finding.type === 'Mutation' && finding.status !== 'error' && !finding.fix);
  if (noEdit.length > 0) items.push(`${plural(noEdit.length, 'mutation')} without a source edit (rendered Helm input, or an edit that would not read back as the mutated resource): ${noEdit.slice(0, MAX_LIST).map((finding) => locationLink(finding, input.links)).join(', ')}`);
  if (report.statuses.skip > 0) items.push(`${plural(report.statuses.skip, 'rule evaluation')} skipped by Kyverno (preconditions not met, excluded, or not applicable)`);
  if (report.counts.suppressed > 0) items.push(`${plural(report.counts.suppressed, 'finding')} suppressed (\`ignore\` or severity \`off\` in the configuration, \`kyverno-lint-disable\` comments, or \`only-changed\`)`);
  return items.length === 0 ? '' : `\n### Skipped\n\n${items.map((item) => `- ${item}`).join('\n')}\n`;
}

function features(input: SummaryInput): string {
  const off = input.features.filter((feature) => !feature.on);
  if (off.length === 0) return '';
  return `\n### Features that were off\n\n${off.map((feature) => `- **${feature.name}**: ${cell(feature.detail)}`).join('\n')}\n`;
}

export function renderSummary(input: SummaryInput): string {
  let out = `## ${input.title ?? 'kyverno-lint'}\n\n${totals(input)}${ruleTable(input)}${mutations(input)}${annotations(input)}${review(input)}${legacyPolicies(input)}${skipped(input)}${features(input)}`;
  if (out.length > MAX_LENGTH) out = `${out.slice(0, MAX_LENGTH)}\n\n…(summary truncated)\n`;
  return out;
}
