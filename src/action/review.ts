/**
 * @file Pull-request review comments.
 *
 * - Suggestions: every source edit of a mutation whose lines lie inside one hunk of the pull request's diff
 *   becomes a comment with a ```suggestion block holding the replacement lines, on exactly those lines
 *   (`start_line`/`line`, `side: RIGHT`); an insertion is anchored on the line before it (or after it at
 *   the top of a file). Edits outside the diff are returned for the job summary.
 * - `review: comments` adds a comment for every error or warning on a line the pull request added.
 * - Lines are those of the pull request's head commit: when the workspace is another commit (the merge
 *   commit of the default checkout), `place` maps the workspace's lines there (`head-files.ts`).
 * - Each comment carries a hidden marker `<!-- kyverno-lint:<ruleId>:<file>:<line> -->` (the head commit's
 *   line); a re-run finds its earlier comments (`GET …/pulls/{n}/comments`) by that marker and leaves them
 *   when identical or updates them (`PATCH …/pulls/comments/{id}`) instead of posting duplicates: the one on
 *   the same lines, else the newest not outdated; it posts only when every earlier comment with the marker
 *   is outdated (`line: null`: GitHub shows it collapsed, and it is left so) or there is none. An earlier
 *   comment still on current lines whose rule no longer reports anything in its file is marked resolved.
 * - The new comments go out as one review (`POST …/pulls/{n}/reviews`, event `COMMENT`): one notification
 *   for the author. A review GitHub refuses (422) is resubmitted without the refused comments, found by
 *   bisection with pending reviews; a permission error (403) stops the review. At most
 *   {@link MAX_COMMENT_WRITES} comments are written per run; the others go to the summary.
 */
import type { Finding, FixEdit } from '../index.js';
import { describeError, httpStatus, isPermissionError, paginate, type GitHubApi } from './github-api.js';
import type { Place } from './head-files.js';
import type { ReviewMode } from './inputs.js';
import type { PullRequestDiff, PullRequestRef } from './pr-context.js';

const MARKER_PREFIX = '<!-- kyverno-lint:';
/** Comments written (posted or updated) per run at most: GitHub's secondary rate limits slow down bursts of content creation. */
const MAX_COMMENT_WRITES = 50;

interface PlannedComment {
  /** The marker's key, `<ruleId>:<file>:<line>`. */
  key: string;
  kind: 'suggestion' | 'violation';
  path: string;
  /** First and last line of the new version the comment is on (equal for one line). */
  startLine: number;
  line: number;
  body: string;
  finding: Finding;
  edit?: FixEdit;
}

/** A mutation edit that is not (or could not be) a suggestion, with the reason; the summary shows it as a diff. */
export interface UnpostedEdit {
  finding: Finding;
  edit: FixEdit;
  reason: string;
}

interface ReviewPlan {
  comments: PlannedComment[];
  unposted: UnpostedEdit[];
}

/** The lines a suggestion replaces and their new text (line breaks included). */
interface Suggestion {
  startLine: number;
  endLine: number;
  text: string;
}

/**
 * The suggestion applying `edit`: its lines and replacement, or, for an insertion (`endLine < startLine`),
 * the line before it followed by the inserted text (at the top of the file: the inserted text and line 1).
 * `lines` are the lines of the file (without line breaks); `undefined` when the edit cannot be anchored.
 */
export function suggestionFor(edit: FixEdit, lines: readonly string[]): Suggestion | undefined {
  const replacement = edit.replacement === '' || edit.replacement.endsWith('\n') ? edit.replacement : `${edit.replacement}\n`;
  if (edit.endLine >= edit.startLine) return { startLine: edit.startLine, endLine: edit.endLine, text: replacement };
  const before = edit.startLine - 1;
  if (before >= 1 && before <= lines.length) return { startLine: before, endLine: before, text: `${lines[before - 1]}\n${replacement}` };
  if (edit.startLine === 1 && lines.length >= 1) return { startLine: 1, endLine: 1, text: `${replacement}${lines[0]}\n` };
  return undefined;
}

/** A fence longer than any run of backticks in `text` (at least three). */
function fence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

function marker(key: string): string {
  return `${MARKER_PREFIX}${key} -->`;
}

function cleanMessage(finding: Finding): string {
  return finding.message.replace(/ \(fixable with --fix\)$/, '');
}

export function suggestionBody(key: string, finding: Finding, suggestion: Suggestion): string {
  const delimiter = fence(suggestion.text);
  return `${marker(key)}\n**kyverno-lint** \`${finding.ruleId}\`: ${cleanMessage(finding)}\n\n${delimiter}suggestion\n${suggestion.text}${delimiter}\n`;
}

/** The body an earlier comment gets when its rule is no longer reported in its file (the marker is kept: the comment comes back to life if the rule fires again). */
function resolvedBody(key: string, ruleId: string, sha: string): string {
  return `${marker(key)}\n**kyverno-lint**: resolved — \`${ruleId}\` is no longer reported in this file at ${sha.slice(0, 7)}.\n`;
}

function violationBody(key: string, finding: Finding): string {
  return `${marker(key)}\n**kyverno-lint ${finding.severity}** \`${finding.ruleId}\`: ${finding.message}\n`;
}

/**
 * The comments to post for `findings` (ranked) on the pull request `diff`, and the edits left for the summary.
 * `fileLines(file)` gives the lines of a workspace file (`undefined` when unreadable).
 */
export function planReview(
  findings: readonly Finding[],
  diff: PullRequestDiff,
  mode: Exclude<ReviewMode, 'off'>,
  fileLines: (file: string) => readonly string[] | undefined,
  place: Place = (_file, startLine, endLine) => ({ startLine, endLine }),
): ReviewPlan {
  const plan: ReviewPlan = { comments: [], unposted: [] };
  const keys = new Map<string, number>();
  const uniqueKey = (base: string): string => {
    const seen = (keys.get(base) ?? 0) + 1;
    keys.set(base, seen);
    return seen === 1 ? base : `${base}#${seen}`;
  };
  for (const finding of findings) {
    for (const edit of finding.fix ?? []) {
      const lines = fileLines(edit.file);
      const suggestion = lines === undefined ? undefined : suggestionFor(edit, lines);
      if (suggestion === undefined) {
        plan.unposted.push({ finding, edit, reason: 'the edit has no line to anchor a suggestion on' });
        continue;
      }
      if (!diff.isChanged(edit.file)) {
        plan.unposted.push({ finding, edit, reason: 'the file is not changed by the pull request' });
        continue;
      }
      const placed = place(edit.file, suggestion.startLine, suggestion.endLine);
      if ('reason' in placed) {
        plan.unposted.push({ finding, edit, reason: placed.reason });
        continue;
      }
      if (diff.hunkFor(edit.file, placed.startLine, placed.endLine) === undefined) {
        plan.unposted.push({ finding, edit, reason: 'the lines are outside the pull request diff' });
        continue;
      }
      const key = uniqueKey(`${finding.ruleId}:${edit.file}:${placed.startLine}`);
      plan.comments.push({ key, kind: 'suggestion', path: edit.file, startLine: placed.startLine, line: placed.endLine, body: suggestionBody(key, finding, suggestion), finding, edit });
    }
  }
  if (mode === 'comments') {
    for (const finding of findings) {
      if (finding.severity === 'info' || finding.fix) continue;
      const { file } = finding.location;
      if (file === '' || finding.location.line < 1 || !diff.isChanged(file)) continue;
      const whole = place(file, finding.location.line, Math.max(finding.location.line, finding.location.endLine));
      const placed = 'reason' in whole ? place(file, finding.location.line, finding.location.line) : whole;
      if ('reason' in placed || !diff.isAddedLine(file, placed.startLine)) continue;
      const line = placed.startLine;
      const last = placed.endLine > line && diff.hunkFor(file, line, placed.endLine) ? placed.endLine : line;
      const key = uniqueKey(`${finding.ruleId}:${file}:${line}`);
      plan.comments.push({ key, kind: 'violation', path: file, startLine: line, line: last, body: violationBody(key, finding), finding });
    }
  }
  // In file order, as a reviewer reads them (stable: suggestions before violations on the same line).
  plan.comments.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.startLine - b.startLine);
  return plan;
}

interface ExistingComment {
  id: number;
  path: string;
  /** `null` when the comment is outdated. */
  line: number | null;
  /** The first line of a multi-line comment; `null` for one line. */
  startLine: number | null;
  body: string;
}

/** The action's earlier review comments on the pull request, by marker key (every comment with the key, in the API's order). */
async function existingComments(api: GitHubApi, pull: PullRequestRef): Promise<Map<string, ExistingComment[]>> {
  const comments = await paginate<Record<string, unknown>>(api, 'GET /repos/{owner}/{repo}/pulls/{pull_number}/comments', {
    owner: pull.owner,
    repo: pull.repo,
    pull_number: pull.number,
  });
  const found = new Map<string, ExistingComment[]>();
  for (const comment of comments) {
    const body = typeof comment.body === 'string' ? comment.body : '';
    const match = /<!-- kyverno-lint:(.*?) -->/.exec(body);
    if (!match || typeof comment.id !== 'number') continue;
    const existing: ExistingComment = {
      id: comment.id,
      path: String(comment.path ?? ''),
      line: typeof comment.line === 'number' ? comment.line : null,
      startLine: typeof comment.start_line === 'number' ? comment.start_line : null,
      body,
    };
    const list = found.get(match[1]!);
    if (list) list.push(existing);
    else found.set(match[1]!, [existing]);
  }
  return found;
}

/**
 * What to do with a planned comment given the earlier comments with its key: the one on the same path and
 * lines (`unchanged` when its body is the same, else `update`), else the newest one that is not outdated
 * (`update`, or `unchanged` when its body is already the same), else `post`. Outdated comments
 * (`line: null`) and older duplicates are left alone.
 */
function matchExisting(comment: PlannedComment, previous: readonly ExistingComment[]): { action: 'unchanged' | 'update'; id: number } | { action: 'post' } {
  const startLine = comment.startLine < comment.line ? comment.startLine : null;
  const same = previous.find((candidate) => candidate.path === comment.path && candidate.line === comment.line && candidate.startLine === startLine);
  if (same !== undefined) return { action: same.body.trim() === comment.body.trim() ? 'unchanged' : 'update', id: same.id };
  const current = previous.filter((candidate) => candidate.line !== null);
  if (current.length === 0) return { action: 'post' };
  const newest = current.reduce((a, b) => (b.id > a.id ? b : a));
  return { action: newest.body.trim() === comment.body.trim() ? 'unchanged' : 'update', id: newest.id };
}

export interface ReviewOutcome {
  created: PlannedComment[];
  updated: PlannedComment[];
  unchanged: PlannedComment[];
  /** Earlier comments, still on current lines, of a rule no longer reported in their file: marked resolved. */
  resolved: number[];
  failed: { comment: PlannedComment; reason: string }[];
  /** The review that holds the new comments (none when there was nothing new to post). */
  reviewId?: number;
  /** Set when a permission error stopped the review. */
  stopped?: string;
}

/** Reviews created (and deleted) at most to find the comments GitHub refuses, after a refused review. */
export const MAX_PROBES = 16;

/** A comment of the review request (`POST …/pulls/{n}/reviews`), on the lines of the head commit's version. */
function reviewComment(comment: PlannedComment): Record<string, unknown> {
  return {
    path: comment.path,
    side: 'RIGHT',
    line: comment.line,
    ...(comment.startLine < comment.line ? { start_line: comment.startLine, start_side: 'RIGHT' } : {}),
    body: comment.body,
  };
}

function reviewBody(comments: readonly PlannedComment[]): string {
  const suggestions = comments.filter((comment) => comment.kind === 'suggestion').length;
  const violations = comments.length - suggestions;
  const parts = [suggestions > 0 ? `${suggestions} suggestion${suggestions === 1 ? '' : 's'} applying the policies' mutations` : '', violations > 0 ? `${violations} violation${violations === 1 ? '' : 's'}` : ''];
  return `**kyverno-lint**: ${parts.filter(Boolean).join(' and ')}.`;
}

/** GitHub's "Unprocessable Entity": a comment of the review is on a line it does not place. */
function isRefusal(error: unknown): boolean {
  return httpStatus(error) === 422;
}

/**
 * The comments of `refused` (a set GitHub refused as one review) that it refuses, found by bisection: each
 * probe creates a pending review (which notifies no one) with a part of them and deletes it when GitHub
 * accepts it. At most `budget.left` probes; the comments not decided then are counted as refused.
 */
async function findRefused(api: GitHubApi, pull: PullRequestRef, refused: PlannedComment[], budget: { left: number }): Promise<PlannedComment[]> {
  if (refused.length <= 1) return refused;
  const middle = Math.ceil(refused.length / 2);
  const halves = [refused.slice(0, middle), refused.slice(middle)];
  const found: PlannedComment[] = [];
  for (const [index, half] of halves.entries()) {
    // The whole set was refused: when the first half is accepted, the refusal is in the second.
    const firstAccepted = index === 1 && found.length === 0;
    if (firstAccepted) {
      found.push(...(await findRefused(api, pull, half, budget)));
      continue;
    }
    if (budget.left <= 0) {
      found.push(...half);
      continue;
    }
    budget.left--;
    try {
      const { data } = await api.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { owner: pull.owner, repo: pull.repo, pull_number: pull.number, commit_id: pull.headSha, comments: half.map(reviewComment) });
      const id = (data as { id?: unknown }).id;
      if (typeof id === 'number') await api.request('DELETE /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', { owner: pull.owner, repo: pull.repo, pull_number: pull.number, review_id: id });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      found.push(...(await findRefused(api, pull, half, budget)));
    }
  }
  return found;
}

/**
 * Publishes the planned comments on the head commit: an earlier comment of the action with the same marker
 * is left when identical or updated (`PATCH …/pulls/comments/{id}`); the new ones go out as ONE review
 * (`POST …/pulls/{n}/reviews`, event `COMMENT`: one notification). When GitHub refuses the review (422: a
 * line it does not place in the diff; it does not say which), the refused comments are found by bisection
 * (`maxProbes` probes at most) and the review is submitted without them. A permission error stops
 * the rest. At most `maxWrites` comments are written per run.
 */
export async function publishReview(
  api: GitHubApi,
  pull: PullRequestRef,
  comments: readonly PlannedComment[],
  options: { maxWrites?: number; maxProbes?: number; stillReported?: (ruleId: string, file: string) => boolean } = {},
): Promise<ReviewOutcome> {
  const { maxWrites = MAX_COMMENT_WRITES, maxProbes = MAX_PROBES, stillReported } = options;
  const outcome: ReviewOutcome = { created: [], updated: [], unchanged: [], resolved: [], failed: [] };
  if (comments.length === 0 && stillReported === undefined) return outcome;
  const existing = await existingComments(api, pull);
  const stop = (error: unknown): void => {
    outcome.stopped = `the token cannot write pull-request reviews (${describeError(error)}); it needs pull-requests: write`;
  };
  const fresh: PlannedComment[] = [];
  let writes = 0;
  for (const comment of comments) {
    if (outcome.stopped !== undefined) {
      outcome.failed.push({ comment, reason: outcome.stopped });
      continue;
    }
    const match = matchExisting(comment, existing.get(comment.key) ?? []);
    if (match.action === 'unchanged') {
      outcome.unchanged.push(comment);
      continue;
    }
    if (writes >= maxWrites) {
      outcome.failed.push({ comment, reason: `at most ${maxWrites} review comments are written per run (GitHub rate-limits bursts of comments)` });
      continue;
    }
    writes++;
    if (match.action === 'post') {
      fresh.push(comment);
      continue;
    }
    try {
      await api.request('PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}', { owner: pull.owner, repo: pull.repo, comment_id: match.id, body: comment.body });
      outcome.updated.push(comment);
    } catch (error) {
      if (isPermissionError(error)) stop(error);
      outcome.failed.push({ comment, reason: outcome.stopped ?? `GitHub rejected the update (${describeError(error)})` });
    }
  }
  if (stillReported !== undefined && outcome.stopped === undefined) {
    const planned = new Set(comments.map((comment) => comment.key));
    for (const [key, previous] of existing) {
      if (planned.has(key)) continue;
      for (const comment of previous) {
        const ruleId = key.slice(0, key.lastIndexOf(`:${comment.path}:`));
        const body = resolvedBody(key, ruleId, pull.headSha);
        if (comment.line === null || ruleId === '' || stillReported(ruleId, comment.path) || comment.body.trim() === body.trim() || writes >= maxWrites) continue;
        try {
          await api.request('PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}', { owner: pull.owner, repo: pull.repo, comment_id: comment.id, body });
          writes++;
          outcome.resolved.push(comment.id);
        } catch (error) {
          if (isPermissionError(error)) stop(error);
          break;
        }
      }
    }
  }
  if (outcome.stopped !== undefined) {
    for (const comment of fresh) outcome.failed.push({ comment, reason: outcome.stopped });
    return outcome;
  }
  let pending = fresh;
  const budget = { left: maxProbes };
  for (let attempt = 0; pending.length > 0 && attempt < 2; attempt++) {
    try {
      const { data } = await api.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
        owner: pull.owner,
        repo: pull.repo,
        pull_number: pull.number,
        commit_id: pull.headSha,
        event: 'COMMENT',
        body: reviewBody(pending),
        comments: pending.map(reviewComment),
      });
      const id = (data as { id?: unknown }).id;
      if (typeof id === 'number') outcome.reviewId = id;
      outcome.created.push(...pending);
      pending = [];
    } catch (error) {
      const reason = describeError(error);
      if (isPermissionError(error)) {
        stop(error);
        break;
      }
      if (!isRefusal(error) || attempt > 0) {
        for (const comment of pending) outcome.failed.push({ comment, reason: `GitHub refused the review (${reason})` });
        pending = [];
        break;
      }
      let refused: PlannedComment[];
      try {
        refused = await findRefused(api, pull, pending, budget);
      } catch (probeError) {
        if (isPermissionError(probeError)) stop(probeError);
        else for (const comment of pending) outcome.failed.push({ comment, reason: `GitHub refused the review (${reason}) and could not be asked which line (${describeError(probeError)})` });
        if (outcome.stopped === undefined) pending = [];
        break;
      }
      for (const comment of refused) outcome.failed.push({ comment, reason: `GitHub refused the line (${reason}): it is not in the pull request's diff at ${pull.headSha.slice(0, 7)}` });
      pending = pending.filter((comment) => !refused.includes(comment));
    }
  }
  if (outcome.stopped !== undefined) for (const comment of pending) outcome.failed.push({ comment, reason: outcome.stopped });
  return outcome;
}
