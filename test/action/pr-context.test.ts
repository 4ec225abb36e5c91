import { afterEach, describe, expect, it } from 'vitest';
import { getOctokit } from '@actions/github';
import type { GitHubApi } from '../../src/action/github-api.js';
import { eventContext, fetchPullRequestDiff, findWorkflowRunPullRequest, parsePatch, PullRequestDiff } from '../../src/action/pr-context.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';

const ENV = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REPOSITORY: 'octo/shop', GITHUB_SHA: 'merge' };
const repo = (fullName: string) => ({ full_name: fullName });

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function api(url: string): GitHubApi {
  const octokit = getOctokit('t', { baseUrl: url });
  return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
}

describe('parsePatch', () => {
  it('gives the new-side lines of each hunk and the added ones', () => {
    const hunks = parsePatch('@@ -1,3 +1,4 @@ kind: Pod\n a\n-b\n+B\n+C\n c\n@@ -10 +11,2 @@\n x\n+y\n\\ No newline at end of file');
    expect(hunks.map((hunk) => [hunk.start, hunk.end, [...hunk.added]])).toEqual([
      [1, 4, [2, 3]],
      [11, 12, [12]],
    ]);
  });

  it('ignores hunks with no new lines (pure deletions)', () => {
    expect(parsePatch('@@ -3,2 +2,0 @@\n-a\n-b')).toEqual([]);
  });
});

describe('PullRequestDiff', () => {
  const diff = new PullRequestDiff([
    { filename: 'a.yaml', status: 'modified', hunks: parsePatch('@@ -5,3 +5,4 @@\n a\n+b\n c\n d') },
    { filename: 'gone.yaml', status: 'removed', hunks: [] },
  ]);
  it('knows the changed files, added lines and the hunk of a range', () => {
    expect(diff.presentFiles()).toEqual(['a.yaml']);
    expect(diff.isChanged('a.yaml')).toBe(true);
    expect(diff.isChanged('gone.yaml')).toBe(false);
    expect(diff.isAddedLine('a.yaml', 6)).toBe(true);
    expect(diff.isAddedLine('a.yaml', 5)).toBe(false);
    expect(diff.hunkFor('a.yaml', 5, 8)).toBeDefined();
    expect(diff.hunkFor('a.yaml', 4, 6)).toBeUndefined();
    expect(diff.hunkFor('b.yaml', 1, 1)).toBeUndefined();
  });
});

describe('eventContext', () => {
  it('reads a pull_request event: number, head commit, same repository', () => {
    const context = eventContext(ENV, { number: 3, pull_request: { number: 3, head: { sha: 'head', repo: repo('octo/shop') }, base: { repo: repo('octo/shop') } } });
    expect(context).toMatchObject({ eventName: 'pull_request', sha: 'head', pullRequest: { owner: 'octo', repo: 'shop', number: 3, headSha: 'head' }, readOnlyReason: undefined });
  });

  it('knows that a pull_request event from a fork or Dependabot has a read-only token', () => {
    const fork = eventContext(ENV, { pull_request: { number: 3, head: { sha: 'h', repo: repo('someone/shop') }, base: { repo: repo('octo/shop') } } });
    expect(fork.readOnlyReason).toMatch(/^the pull request comes from a fork \(someone\/shop\)/);
    const deleted = eventContext(ENV, { pull_request: { number: 3, head: { sha: 'h', repo: null }, base: { repo: repo('octo/shop') } } });
    expect(deleted.readOnlyReason).toContain('a deleted repository');
    const dependabot = eventContext({ ...ENV, GITHUB_ACTOR: 'dependabot[bot]' }, { pull_request: { number: 3, head: { sha: 'h', repo: repo('octo/shop') }, base: { repo: repo('octo/shop') } } });
    expect(dependabot.readOnlyReason).toContain('Dependabot');
  });

  it('pull_request_target runs with the base repository token, even for forks', () => {
    const context = eventContext({ ...ENV, GITHUB_EVENT_NAME: 'pull_request_target' }, { pull_request: { number: 3, head: { sha: 'h', repo: repo('someone/shop') }, base: { repo: repo('octo/shop') } } });
    expect(context.readOnlyReason).toBeUndefined();
    expect(context.pullRequest?.number).toBe(3);
  });

  it('push and workflow_dispatch have no pull request', () => {
    expect(eventContext({ ...ENV, GITHUB_EVENT_NAME: 'push' }, { ref: 'refs/heads/main' })).toMatchObject({ pullRequest: undefined, sha: 'merge' });
    expect(eventContext({ ...ENV, GITHUB_EVENT_NAME: 'workflow_dispatch' }, undefined).pullRequest).toBeUndefined();
  });

  it('workflow_run: the listed pull request, else what identifies it for a lookup', () => {
    const listed = eventContext({ ...ENV, GITHUB_EVENT_NAME: 'workflow_run' }, { workflow_run: { head_sha: 'h', pull_requests: [{ number: 9 }] } });
    expect(listed).toMatchObject({ sha: 'h', pullRequest: { number: 9, headSha: 'h' } });
    const fork = eventContext({ ...ENV, GITHUB_EVENT_NAME: 'workflow_run' }, { workflow_run: { head_sha: 'h', head_branch: 'fix', pull_requests: [], head_repository: { owner: { login: 'someone' } } } });
    expect(fork).toMatchObject({ pullRequest: undefined, workflowRun: { headSha: 'h', headOwner: 'someone', headBranch: 'fix' } });
  });
});

describe('REST lookups', () => {
  it('reads every page of the changed files', async () => {
    const files = Array.from({ length: 230 }, (_, index) => ({ filename: `f${index}.yaml`, status: 'added', patch: '@@ -0,0 +1 @@\n+a' }));
    fake = await startFakeGitHub({ files });
    const diff = await fetchPullRequestDiff(api(fake.url), { owner: 'octo', repo: 'shop', number: 4, headSha: 'h' });
    expect(diff.files.size).toBe(230);
    expect(fake.requests.map((request) => request.query.get('page'))).toEqual(['1', '2', '3']);
    expect(diff.isAddedLine('f229.yaml', 1)).toBe(true);
  });

  it('finds the pull request of a workflow_run from a fork by its head', async () => {
    fake = await startFakeGitHub({ pulls: [{ number: 12, head: { sha: 'h', ref: 'fix', label: 'someone:fix' } }, { number: 13, head: { sha: 'other', ref: 'x', label: 'someone:x' } }] });
    const context = eventContext({ ...ENV, GITHUB_EVENT_NAME: 'workflow_run' }, { workflow_run: { head_sha: 'h', head_branch: 'fix', pull_requests: [], head_repository: { owner: { login: 'someone' } } } });
    expect(await findWorkflowRunPullRequest(api(fake.url), context)).toEqual({ owner: 'octo', repo: 'shop', number: 12, headSha: 'h' });
    expect(fake.requests[0]!.query.get('head')).toBe('someone:fix');
  });
});
