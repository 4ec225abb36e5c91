import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubApi } from '../../src/action/github-api.js';
import { apiCommitReader, localCommitReader, mapRange, placeOnHead, unchangedLines } from '../../src/action/head-files.js';
import { parsePatch, PullRequestDiff } from '../../src/action/pr-context.js';
import { planReview } from '../../src/action/review.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { finding } from './findings.js';

let fake: FakeGitHub | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function api(url: string): GitHubApi {
  const octokit = getOctokit('t', { baseUrl: url });
  return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
}

const HEAD = 'd'.repeat(40);
const PULL = { owner: 'octo', repo: 'shop', number: 5, headSha: HEAD };

describe('unchangedLines and mapRange', () => {
  // The workspace (merge commit) has a line added on top and line 4 of the head version changed.
  const workspace = 'top\na\nb\nc\nD\ne\n';
  const head = 'a\nb\nc\nd\ne\n';
  const map = unchangedLines(workspace, head);
  it.each([
    { lines: [2, 2], placed: { startLine: 1, endLine: 1 } },
    { lines: [2, 4], placed: { startLine: 1, endLine: 3 } },
    { lines: [6, 6], placed: { startLine: 5, endLine: 5 } },
    { lines: [1, 1], placed: undefined },
    { lines: [4, 5], placed: undefined },
    { lines: [5, 5], placed: undefined },
    { lines: [7, 7], placed: undefined },
  ])('workspace lines $lines → head $placed', ({ lines: [start, end], placed }) => {
    expect(mapRange(map, start!, end!)).toEqual(placed);
  });
});

describe('head file readers', () => {
  it('reads through the contents API, and a large file through its blob; 404 is no such file', async () => {
    fake = await startFakeGitHub({ contents: { [HEAD]: { 'dir/a b.yaml': 'small: 1\n', 'big.yaml': `x: ${'y'.repeat(50)}\n` } }, largeFile: 20 });
    const read = apiCommitReader(api(fake.url), PULL);
    expect(await read('dir/a b.yaml')).toBe('small: 1\n');
    expect(await read('big.yaml')).toBe(`x: ${'y'.repeat(50)}\n`);
    expect(await read('missing.yaml')).toBeNull();
    expect(fake.requests.map((request) => `${request.path}?${request.query.toString()}`)).toEqual([
      `/repos/octo/shop/contents/dir/a%20b.yaml?ref=${HEAD}`,
      `/repos/octo/shop/contents/big.yaml?ref=${HEAD}`,
      expect.stringMatching(/^\/repos\/octo\/shop\/git\/blobs\/[0-9a-f]{40}\?$/),
      `/repos/octo/shop/contents/missing.yaml?ref=${HEAD}`,
    ]);
  });

  it('git reads nothing outside a repository holding the commit', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-head-'));
    dirs.push(dir);
    const fallback = async () => null;
    expect(localCommitReader(dir, HEAD, fallback)).toBeUndefined();
    expect(localCommitReader(dir, 'not a sha', fallback)).toBeUndefined();
  });

  it('git reads the files of a commit in the clone; a file it cannot show is read with the fallback', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-head-'));
    dirs.push(dir);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } }).trim();
    git('init', '-q');
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub/a.yaml'), 'at: head\n');
    git('add', '.');
    git('commit', '-qm', 'head');
    const sha = git('rev-parse', 'HEAD');
    writeFileSync(path.join(dir, 'sub/a.yaml'), 'at: work\n');
    const asked: string[] = [];
    const read = localCommitReader(dir, sha, async (file) => {
      asked.push(file);
      return 'from the API\n';
    });
    expect(read).toBeDefined();
    return Promise.all([read!('sub/a.yaml'), read!('sub/none.yaml')]).then((texts) => {
      expect(texts).toEqual(['at: head\n', 'from the API\n']);
      expect(asked).toEqual(['sub/none.yaml']);
    });
  });

  it('placeOnHead maps the lines of a file that differs and says why it cannot place the others', async () => {
    const texts: Record<string, string> = { 'same.yaml': 'a\n', 'moved.yaml': 'top\na\nb\n', 'gone.yaml': 'x\n' };
    const heads: Record<string, string | null> = { 'same.yaml': 'a\n', 'moved.yaml': 'a\nB\n', 'gone.yaml': null };
    const placement = await placeOnHead(Object.keys(texts), (file) => texts[file], async (file) => heads[file] ?? null, HEAD);
    expect(placement.mapped).toEqual(['moved.yaml']);
    expect(placement.place('same.yaml', 1, 1)).toEqual({ startLine: 1, endLine: 1 });
    expect(placement.place('moved.yaml', 2, 2)).toEqual({ startLine: 1, endLine: 1 });
    expect(placement.place('moved.yaml', 3, 3)).toEqual({ reason: expect.stringContaining('the base branch changed these lines') });
    expect(placement.place('gone.yaml', 1, 1)).toEqual({ reason: 'no suggestion: the head commit ddddddd has no such file' });
  });

  it('planReview places violations on the head lines (review: comments)', () => {
    const diff = new PullRequestDiff([{ filename: 'a.yaml', status: 'modified', hunks: parsePatch('@@ -1,2 +1,3 @@\n a\n+b\n c') }]);
    // The workspace has one line more on top: its line 3 is line 2 of the head.
    const place = (_file: string, start: number, end: number) => (start > 1 ? { startLine: start - 1, endLine: end - 1 } : { reason: 'changed' });
    const plan = planReview([finding('a.yaml', 3, 'error'), finding('a.yaml', 1, 'error')], diff, 'comments', () => ['top', 'a', 'b', 'c'], place);
    expect(plan.comments.map((comment) => [comment.key, comment.startLine, comment.line])).toEqual([['policy-error/rule:a.yaml:2', 2, 2]]);
  });
});
