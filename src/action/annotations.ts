/**
 * @file Annotations of the findings (the `legacy-policy` notices only in the files a pull request changes:
 * {@link annotatedFindings}), in one of two ways:
 *
 * - workflow commands (`::error file=…,line=…::message`, formatted by the `github` reporter): GitHub keeps
 *   only {@link ANNOTATIONS_PER_SEVERITY} per severity per step, so the findings are ranked (lines the pull
 *   request changed, then files it changed, then the rest; within each, errors before warnings before
 *   notices; then the report's order) and the first ten of each severity are shown; the others are counted;
 * - a check run holding every annotation (`POST /repos/{o}/{r}/check-runs` with the first
 *   {@link CHECK_RUN_BATCH}, then `PATCH …/check-runs/{id}` per further batch), when the token may write
 *   checks.
 */
import {
  annotationRange,
  collapseSameReason,
  github,
  groupMessage,
  groupTitle,
  sameReasonGroups,
  type Finding,
  type FindingGroup,
  type LintReport,
  type Severity,
} from '../index.js';
import type { GitHubApi } from './github-api.js';
import type { PullRequestDiff, Repository } from './pr-context.js';

/** Workflow-command annotations GitHub keeps per severity and step. */
const ANNOTATIONS_PER_SEVERITY = 10;
/** Annotations per check-run request (GitHub's limit). */
const CHECK_RUN_BATCH = 50;
export const CHECK_RUN_NAME = 'kyverno-lint';

/**
 * The name of the run's check run, job summary heading and SARIF category: per shard (`kyverno-lint (shard 1/3)`),
 * so that the jobs of a matrix do not replace each other's.
 */
export function runName(shard: { index: number; count: number } | undefined): string {
  return shard === undefined ? CHECK_RUN_NAME : `${CHECK_RUN_NAME} (shard ${shard.index}/${shard.count})`;
}

/** The SARIF `automationDetails.id` of a shard (`kyverno-lint/shard-1-of-3/`: the category before the last `/`). */
export function sarifAutomationId(shard: { index: number; count: number } | undefined): string | undefined {
  return shard === undefined ? undefined : `${CHECK_RUN_NAME}/shard-${shard.index}-of-${shard.count}/`;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The rule id of the notice each kyverno.io ClusterPolicy/Policy gets (Kyverno 1.20 no longer runs them). */
export const LEGACY_POLICY = 'kyverno-lint/legacy-policy';

/**
 * The findings to annotate: all but the `legacy-policy` notices of files the pull request does not change. Every
 * kyverno.io policy of the repository gets that notice in every run; annotated everywhere, they would fill each
 * pull request's checks (and the ten notices GitHub keeps) with policies nobody touched. They are annotated where
 * the pull request changes the policy's file, as the pre-commit hook reports them for the files committed; without
 * a pull request, not at all. The job summary lists them all.
 */
export function annotatedFindings(findings: readonly Finding[], diff: PullRequestDiff | undefined): Finding[] {
  return findings.filter((finding) => finding.ruleId !== LEGACY_POLICY || (diff !== undefined && diff.isChanged(finding.location.file)));
}

/** 0: on a changed line, 1: in a changed file, 2: elsewhere (or no pull request). */
function changeRank(finding: Finding, diff: PullRequestDiff | undefined): number {
  if (diff === undefined) return 2;
  const { file, line, endLine } = finding.location;
  if (!diff.isChanged(file)) return 2;
  for (let at = line; at <= Math.max(line, endLine); at++) if (diff.isAddedLine(file, at)) return 0;
  return 1;
}

/** The findings, most relevant first: changed lines, changed files, then by severity (stable). */
export function rankFindings(findings: readonly Finding[], diff: PullRequestDiff | undefined): Finding[] {
  return findings
    .map((finding, index) => ({ finding, index, change: changeRank(finding, diff), severity: SEVERITY_RANK[finding.severity] }))
    .sort((a, b) => a.change - b.change || a.severity - b.severity || a.index - b.index)
    .map(({ finding }) => finding);
}

interface CappedAnnotations {
  shown: Finding[];
  hidden: Finding[];
}

/**
 * The first {@link ANNOTATIONS_PER_SEVERITY} ranked findings of each severity, and the rest. Findings of one
 * reason for several resources are one annotation (the `github` reporter's): they take one place, all shown
 * with their first-ranked member or all hidden.
 */
export function capAnnotations(ranked: readonly Finding[], perSeverity = ANNOTATIONS_PER_SEVERITY): CappedAnnotations {
  const used: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const out: CappedAnnotations = { shown: [], hidden: [] };
  const groups = sameReasonGroups(ranked);
  const shownGroups = new Set<FindingGroup>();
  for (const finding of ranked) {
    const group = groups.get(finding);
    if (group !== undefined && shownGroups.has(group)) {
      out.shown.push(finding);
    } else if (used[finding.severity] < perSeverity) {
      used[finding.severity]++;
      out.shown.push(finding);
      if (group !== undefined) shownGroups.add(group);
    } else {
      out.hidden.push(finding);
    }
  }
  return out;
}

/** The workflow commands of `findings` (the `github` reporter's output, in the given order). */
export function workflowCommands(report: LintReport, findings: readonly Finding[]): string {
  return github({ ...report, findings: [...findings] });
}

interface CheckRunAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title: string;
}

const LEVELS: Record<Severity, CheckRunAnnotation['annotation_level']> = { error: 'failure', warning: 'warning', info: 'notice' };

/** The check-run annotation of a finding; `undefined` for findings of no file or line (a check run cannot hold them). */
export function checkRunAnnotation(finding: Finding): CheckRunAnnotation | undefined {
  const { file } = finding.location;
  const range = annotationRange(finding.location);
  if (file === '' || range === undefined) return undefined;
  // GitHub accepts columns only for annotations of one line.
  return {
    path: file,
    start_line: range.line,
    end_line: range.endLine,
    ...(range.column !== undefined ? { start_column: range.column, end_column: range.endColumn } : {}),
    annotation_level: LEVELS[finding.severity],
    message: finding.message.slice(0, 65_000) || finding.ruleId,
    title: finding.ruleId.slice(0, 255),
  };
}

interface CheckRunRequest {
  repository: Repository;
  headSha: string;
  /** Ranked findings. */
  findings: readonly Finding[];
  title: string;
  summary: string;
  conclusion: 'success' | 'failure' | 'neutral';
  /** URL of the run's log page. */
  detailsUrl?: string;
  /** The check run's name (default `kyverno-lint`). */
  name?: string;
}

interface CheckRunResult {
  id: number;
  annotations: number;
  requests: number;
  /** Findings a check run cannot annotate (no file or line). */
  unplaced: Finding[];
}

/**
 * Creates the check run with every annotation. A failure of the first request throws (the caller falls back
 * to workflow commands); a failure of a later batch throws too, with `partial` set on the error.
 */
export async function publishCheckRun(api: GitHubApi, request: CheckRunRequest): Promise<CheckRunResult> {
  const annotations: CheckRunAnnotation[] = [];
  const unplaced: Finding[] = [];
  // Findings of one reason for several resources are one annotation, at the place of the first.
  for (const { finding, group } of collapseSameReason(request.findings)) {
    const annotation = checkRunAnnotation(finding);
    if (annotation === undefined) unplaced.push(...(group?.findings ?? [finding]));
    else if (group === undefined) annotations.push(annotation);
    else annotations.push({ ...annotation, message: groupMessage(group).slice(0, 65_000), title: groupTitle(group).slice(0, 255) });
  }
  const batches: CheckRunAnnotation[][] = [];
  for (let at = 0; at < annotations.length; at += CHECK_RUN_BATCH) batches.push(annotations.slice(at, at + CHECK_RUN_BATCH));
  if (batches.length === 0) batches.push([]);
  const output = (batch: CheckRunAnnotation[]) => ({ title: request.title, summary: request.summary, annotations: batch });
  const finish = (last: boolean) => (last ? { status: 'completed', conclusion: request.conclusion, completed_at: new Date().toISOString() } : { status: 'in_progress' });
  const { owner, repo } = request.repository;
  const created = await api.request('POST /repos/{owner}/{repo}/check-runs', {
    owner,
    repo,
    name: request.name ?? CHECK_RUN_NAME,
    head_sha: request.headSha,
    ...(request.detailsUrl ? { details_url: request.detailsUrl } : {}),
    ...finish(batches.length === 1),
    output: output(batches[0]!),
  });
  const id = (created.data as { id?: unknown }).id;
  if (typeof id !== 'number') throw new Error('the check run was created without an id');
  let sent = batches[0]!.length;
  for (let index = 1; index < batches.length; index++) {
    try {
      await api.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
        owner,
        repo,
        check_run_id: id,
        ...finish(index === batches.length - 1),
        output: output(batches[index]!),
      });
    } catch (error) {
      Object.assign(error as object, { partial: { id, sent } });
      throw error;
    }
    sent += batches[index]!.length;
  }
  return { id, annotations: sent, requests: batches.length, unplaced };
}
