/**
 * @file Findings that repeat one reason for many resources. A rule that cannot be evaluated fails the
 * same way for every resource it matches when the cause is the rule or the offline setting rather than
 * the resource: a `validate.cel` rule, a context entry that needs a live cluster, an API call that is not
 * made offline. Such findings are one problem, and the human-facing reporters (stylish, github, the
 * Action's job summary) report them once with the count of resources; json and SARIF keep one record
 * per resource and name the group.
 *
 * Two findings have the same reason when both are rule evaluations that could not complete (status
 * `error`) and they have the same rule id, severity and message text. A message that names the
 * resource (an entry whose lookup is built from the resource's fields) differs per resource, so such
 * findings stay apart. Failures (`fail`), mutations and problems of the tool's input are never grouped:
 * each is about its own place in a file.
 */
import { createHash } from 'node:crypto';
import type { Finding } from './types.js';

/** A set of findings (two or more) with the same reason, in the order of the findings given. */
export interface FindingGroup {
  /** Stable across runs: a digest of the rule id, severity and message (16 hex digits). */
  key: string;
  findings: Finding[];
}

/** What makes two findings the same problem, or `undefined` for a finding that is never grouped. */
function reasonOf(finding: Finding): string | undefined {
  if (finding.status !== 'error') return undefined;
  return JSON.stringify([finding.ruleId, finding.severity, finding.message]);
}

function digest(reason: string): string {
  return createHash('sha256').update(reason).digest('hex').slice(0, 16);
}

/** The group of each finding that shares its reason with at least one other finding. */
export function sameReasonGroups(findings: readonly Finding[]): Map<Finding, FindingGroup> {
  const byReason = new Map<string, Finding[]>();
  for (const finding of findings) {
    const reason = reasonOf(finding);
    if (reason === undefined) continue;
    const members = byReason.get(reason);
    if (members) members.push(finding);
    else byReason.set(reason, [finding]);
  }
  const groups = new Map<Finding, FindingGroup>();
  for (const [reason, members] of byReason) {
    if (members.length < 2) continue;
    const group: FindingGroup = { key: digest(reason), findings: members };
    for (const member of members) groups.set(member, group);
  }
  return groups;
}

/** One entry per finding, or per group at the place of its first finding (findings in the given order). */
export type ReportEntry = { finding: Finding; group?: undefined } | { finding: Finding; group: FindingGroup };

/** The findings with each group of the same reason collapsed into one entry (its first finding). */
export function collapseSameReason(findings: readonly Finding[]): ReportEntry[] {
  const groups = sameReasonGroups(findings);
  const entries: ReportEntry[] = [];
  for (const finding of findings) {
    const group = groups.get(finding);
    if (group === undefined) entries.push({ finding });
    else if (group.findings[0] === finding) entries.push({ finding, group });
  }
  return entries;
}

/** How many places the annotation of a group lists. */
const GROUP_PLACES = 10;

/** The title of the one annotation standing for a group: the rule id and the count of resources. */
export function groupTitle(group: FindingGroup): string {
  return `${group.findings[0]!.ruleId} (${group.findings.length} resources)`;
}

/** The message of the one annotation standing for a group: the shared message and where its findings are. */
export function groupMessage(group: FindingGroup): string {
  const places = group.findings.slice(0, GROUP_PLACES).map(({ location }) => (location.line >= 1 ? `${location.file}:${location.line}` : location.file || '.'));
  const more = group.findings.length > GROUP_PLACES ? `, and ${group.findings.length - GROUP_PLACES} more` : '';
  return `${group.findings[0]!.message}\nResources: ${places.join(', ')}${more}`;
}
