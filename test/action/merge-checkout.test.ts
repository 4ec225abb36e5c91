/**
 * The review on a pull request checked out as `actions/checkout` does by default: the test merge commit
 * (`refs/pull/N/merge`) at depth 1, so the head commit is not in the clone; the merge commit with full
 * history; and the head commit itself. Real git repositories in a temporary folder: `origin` has a base
 * branch, a feature branch (the pull request's head, adding line 18 of manifests/cache.yaml) and the
 * merge of both; the workspace is a clone of it. `run()` runs in-process against the local stand-in for
 * the REST API.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubApi } from '../../src/action/github-api.js';
import { run, type ActionCore } from '../../src/action/main.js';
import { patchFor, startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from './fake-github.js';
import { pullRequestEvent, ROOT } from './run-action.js';

const PR = 7;
const CACHE = 'manifests/cache.yaml';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', '-c', 'advice.detachedHead=false', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();
}

function edit(file: string, change: (lines: string[]) => void): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  change(lines);
  writeFileSync(file, lines.join('\n'));
}

/** The base moves under the pull request: a line on top of cache.yaml and a changed comment on line 27 (of the head version). */
function moveBase(repo: string): void {
  edit(path.join(repo, CACHE), (lines) => {
    const at = lines.findIndex((line) => line.includes('# data lives in /data'));
    lines[at] = lines[at]!.replace('# data lives in /data', '# data stays in /data');
    lines.unshift('# Cache tier.');
  });
  git(repo, 'commit', '-qam', 'base moves');
}

interface PullRequestRepo {
  dir: string;
  origin: string;
  head: string;
  merge: string;
  /** cache.yaml at the head commit. */
  headCache: string;
}

/** origin: main (examples/ without line 18 of cache.yaml), feature (adds it: the head), main merging feature. */
function pullRequestRepo(baseMoves = false): PullRequestRepo {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-merge-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const origin = path.join(dir, 'origin');
  cpSync(path.join(ROOT, 'examples'), origin, { recursive: true });
  const full = readFileSync(path.join(origin, CACHE), 'utf8');
  edit(path.join(origin, CACHE), (lines) => lines.splice(17, 1));
  git(origin, 'init', '-q');
  git(origin, 'add', '.');
  git(origin, 'commit', '-qm', 'base');
  git(origin, 'checkout', '-qb', 'feature');
  writeFileSync(path.join(origin, CACHE), full);
  git(origin, 'commit', '-qam', 'feature: team label');
  const head = git(origin, 'rev-parse', 'HEAD');
  git(origin, 'checkout', '-q', 'main');
  if (baseMoves) moveBase(origin);
  git(origin, 'merge', '-q', '--no-ff', '-m', 'Merge feature into main', 'feature');
  const merge = git(origin, 'rev-parse', 'HEAD');
  expect(git(origin, 'rev-parse', 'HEAD^2')).toBe(head);
  return { dir, origin, head, merge, headCache: full };
}

/** A clone of origin checked out (detached, as actions/checkout leaves it) at `commit`, `depth: 1` when shallow. */
function checkout(repo: PullRequestRepo, commit: string, shallow: boolean, name = 'workspace'): string {
  const workspace = path.join(repo.dir, name);
  git(repo.dir, 'clone', '-q', ...(shallow ? ['--depth', '1'] : []), `file://${repo.origin}`, workspace);
  git(workspace, 'checkout', '-q', '--detach', commit);
  return workspace;
}

function fakeCore(inputs: Record<string, string>) {
  const logs: string[] = [];
  const core: ActionCore = {
    getInput: (name) => (inputs[name] ?? '').trim(),
    setOutput: () => undefined,
    setSecret: () => undefined,
    info: (message) => logs.push(message),
    startGroup: () => undefined,
    endGroup: () => undefined,
  };
  return { core, logs };
}

function client(fake: FakeGitHub): (token: string) => Promise<GitHubApi> {
  return async (token) => {
    const octokit = getOctokit(token, { baseUrl: fake.url });
    return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
  };
}

async function server(repo: PullRequestRepo, options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const fake = await startFakeGitHub({
    // GitHub's diff of the pull request: line 18 of the head version added (hunk 17–28).
    files: [{ filename: CACHE, status: 'modified', patch: patchFor(repo.headCache, 17, 28, (line) => line === 18) }],
    contents: { [repo.head]: { [CACHE]: repo.headCache } },
    ...options,
  });
  cleanups.push(() => fake.close());
  return fake;
}

/** One run of the action on `workspace` for the pull request, `GITHUB_SHA` the merge commit as on a runner. */
async function runOn(repo: PullRequestRepo, workspace: string, fake: FakeGitHub, inputs: Record<string, string> = {}) {
  const eventPath = path.join(repo.dir, 'event.json');
  const summaryPath = path.join(repo.dir, 'summary.md');
  writeFileSync(eventPath, JSON.stringify(pullRequestEvent(PR, repo.head)));
  writeFileSync(summaryPath, '');
  const { core, logs } = fakeCore({ token: 't', annotations: 'false', review: 'suggestions', ...inputs });
  const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: 'octo/shop', GITHUB_SHA: repo.merge, GITHUB_WORKSPACE: workspace, GITHUB_STEP_SUMMARY: summaryPath };
  const code = await run({ core, env, github: client(fake) });
  return { code, logs, summary: readFileSync(summaryPath, 'utf8') };
}

const SUGGESTION_21 = "```suggestion\n        fsGroup: 1000     # the volume's group\n        runAsNonRoot: true\n```";
const SUGGESTION_27 = '```suggestion\n          readOnlyRootFilesystem: true   # data lives in /data\n          allowPrivilegeEscalation: false\n```';

function contentReads(fake: FakeGitHub): string[] {
  return fake.requests.filter((request) => request.path.includes('/contents/')).map((request) => `${request.path}?ref=${request.query.get('ref')}`);
}

function reviewWrites(fake: FakeGitHub): string[] {
  return fake.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path} ${request.status}`);
}

describe('review on the head commit, whatever commit is checked out', () => {
  const cases = [
    { name: 'the merge commit at depth 1 (the default checkout): the head file is read through the contents API', at: 'merge', shallow: true, reads: true },
    { name: 'the merge commit with full history: the head file is read with git', at: 'merge', shallow: false, reads: false },
    { name: 'the head commit', at: 'head', shallow: false, reads: false },
  ] as const;
  it.each(cases)('$name', async ({ at, shallow, reads }) => {
    const repo = pullRequestRepo();
    const workspace = checkout(repo, at === 'merge' ? repo.merge : repo.head, shallow);
    // The clone has the head commit only when it is not shallow or is the head itself.
    const headPresent = (() => {
      try {
        git(workspace, 'cat-file', '-e', `${repo.head}^{commit}`);
        return true;
      } catch {
        return false;
      }
    })();
    expect(headPresent).toBe(!(at === 'merge' && shallow));
    const fake = await server(repo);
    const { code, logs } = await runOn(repo, workspace, fake);
    expect(code).toBe(1);

    // ONE review, event COMMENT, on the head commit, holding both suggestions; no single comments.
    expect(reviewWrites(fake)).toEqual([`POST /repos/octo/shop/pulls/${PR}/reviews 200`]);
    expect(fake.reviews.map((review) => [review.state, review.commit_id])).toEqual([['COMMENTED', repo.head]]);
    const comments = fake.reviews[0]!.comments;
    expect(comments.map((comment) => [comment.path, comment.line, comment.side])).toEqual([
      [CACHE, 21, 'RIGHT'],
      [CACHE, 27, 'RIGHT'],
    ]);
    expect(comments[0]!.body).toContain(SUGGESTION_21);
    expect(comments[1]!.body).toContain(SUGGESTION_27);
    // Only the changed file that carries suggestions is read, and only when the head commit is not in the clone.
    expect(contentReads(fake)).toEqual(reads ? [`/repos/octo/shop/contents/${CACHE}?ref=${repo.head}`] : []);
    expect(logs.filter((line) => line.startsWith('kyverno-lint: review'))).toEqual([`kyverno-lint: review of pull request #${PR} on ${repo.head.slice(0, 7)} (review 1000): 2 comments posted, 0 updated, 0 unchanged, 0 not posted; 5 edits outside the diff go to the summary`]);
  });

  it('the base moved the file under the pull request: unchanged lines are mapped, changed ones go to the summary with the reason', async () => {
    const repo = pullRequestRepo(true);
    const workspace = checkout(repo, repo.merge, true);
    // In the merge commit the suggestions are on lines 22 and 28 (a line was added on top).
    expect(readFileSync(path.join(workspace, CACHE), 'utf8').split('\n')[21]).toBe("        fsGroup: 1000     # the volume's group");
    const fake = await server(repo);
    const { summary, logs } = await runOn(repo, workspace, fake);
    expect(fake.reviews.map((review) => [review.commit_id, review.comments.map((comment) => comment.line)])).toEqual([[repo.head, [21]]]);
    expect(fake.reviews[0]!.comments[0]!.body).toContain(SUGGESTION_21);
    expect(logs).toContain(`kyverno-lint: the workspace is ${repo.merge.slice(0, 7)}, not the head commit ${repo.head.slice(0, 7)}: 1 file read at the head commit through the contents API (the head commit is not in the clone); 1 differs from the workspace (lines mapped)`);
    expect(summary).toContain(`no suggestion: the base branch changed these lines under the pull request (the checkout is the merge commit; the head commit ${repo.head.slice(0, 7)} has other lines here)`);
    expect(summary).toContain(`[manifests/cache.yaml line 28](https://github.com/octo/shop/blob/${repo.merge}/manifests/cache.yaml#L28)`);
  });

  it('a file the head commit does not have (or cannot be read) leaves its suggestions to the summary', async () => {
    const repo = pullRequestRepo();
    const workspace = checkout(repo, repo.merge, true);
    const fake = await server(repo, { contents: {} });
    const { summary } = await runOn(repo, workspace, fake);
    expect(fake.reviews).toEqual([]);
    expect(summary).toContain(`no suggestion: the head commit ${repo.head.slice(0, 7)} has no such file`);
  });

  it('GitHub refuses the review (422): the refused comment is found, the review goes out without it and the summary lists it', async () => {
    const repo = pullRequestRepo();
    const workspace = checkout(repo, repo.merge, true);
    // GitHub refuses line 21 (as when its diff no longer holds it); it does not say which line.
    const fake = await server(repo, { rejectComment: (comment) => comment.line === 21 });
    const { summary, logs } = await runOn(repo, workspace, fake);
    expect(reviewWrites(fake)).toEqual([
      `POST /repos/octo/shop/pulls/${PR}/reviews 422`,
      // The probes: pending reviews, deleted when accepted.
      `POST /repos/octo/shop/pulls/${PR}/reviews 422`,
      `POST /repos/octo/shop/pulls/${PR}/reviews 200`,
      `DELETE /repos/octo/shop/pulls/${PR}/reviews/1000 200`,
      `POST /repos/octo/shop/pulls/${PR}/reviews 200`,
    ]);
    expect(fake.reviews.map((review) => [review.state, review.commit_id, review.comments.map((comment) => comment.line)])).toEqual([['COMMENTED', repo.head, [27]]]);
    expect(summary).toContain('1 comment posted, 0 updated, 0 unchanged, **1 not posted**');
    expect(summary).toContain(`- manifests/cache.yaml:21 (suggestion, \`add-safe-defaults/autogen-add-run-as-non-root\`): GitHub refused the line (HTTP 422: Unprocessable Entity`);
    expect(logs.find((line) => line.startsWith('kyverno-lint: review comment on manifests/cache.yaml:21 not posted: GitHub refused the line'))).toBeDefined();
  });

  it('a re-run posts no duplicates, also after the base moved the lines (comments are keyed by head lines)', async () => {
    const repo = pullRequestRepo();
    const fake = await server(repo);
    const first = await runOn(repo, checkout(repo, repo.merge, true, 'run1'), fake);
    expect(first.summary).toContain('2 comments posted, 0 updated, 0 unchanged.');
    const second = await runOn(repo, checkout(repo, repo.merge, true, 'run2'), fake);
    expect(second.summary).toContain('0 comments posted, 0 updated, 2 unchanged.');
    // The base moves: a new merge commit, where both suggestions are one line lower and the second one's line changed.
    git(repo.origin, 'reset', '-q', '--hard', 'HEAD^1');
    moveBase(repo.origin);
    git(repo.origin, 'merge', '-q', '--no-ff', '-m', 'Merge feature into main', 'feature');
    repo.merge = git(repo.origin, 'rev-parse', 'HEAD');
    const third = await runOn(repo, checkout(repo, repo.merge, true, 'run3'), fake);
    expect(third.summary).toContain('0 comments posted, 0 updated, 1 unchanged.');
    expect(fake.reviews).toHaveLength(1);
    expect(fake.comments.map((comment) => [comment.line, comment.commit_id])).toEqual([
      [21, repo.head],
      [27, repo.head],
    ]);
  });
});
