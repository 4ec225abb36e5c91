import { afterEach, describe, expect, it } from 'vitest';
import { getOctokit } from '@actions/github';
import type { GitHubApi } from '../../src/action/github-api.js';
import { parsePatch, PullRequestDiff } from '../../src/action/pr-context.js';
import { MAX_PROBES, planReview, publishReview, suggestionBody, suggestionFor } from '../../src/action/review.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { finding } from './findings.js';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function api(url: string): GitHubApi {
  const octokit = getOctokit('t', { baseUrl: url });
  return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
}

const LINES = ['kind: Pod', 'spec:', '  containers:', '  - name: a', '    image: x'];
const PATCH = '@@ -1,4 +1,5 @@\n kind: Pod\n spec:\n   containers:\n+  - name: a\n     image: x';
const PULL = { owner: 'octo', repo: 'shop', number: 5, headSha: 'h' };

describe('suggestionFor', () => {
  it('replaces the edited lines with the replacement', () => {
    expect(suggestionFor({ file: 'a', startLine: 4, endLine: 5, replacement: '  - name: b\n' }, LINES)).toEqual({ startLine: 4, endLine: 5, text: '  - name: b\n' });
  });
  it('deletes with an empty suggestion', () => {
    expect(suggestionFor({ file: 'a', startLine: 2, endLine: 2, replacement: '' }, LINES)).toEqual({ startLine: 2, endLine: 2, text: '' });
  });
  it('anchors an insertion on the line before it, or on line 1 at the top of the file', () => {
    expect(suggestionFor({ file: 'a', startLine: 3, endLine: 2, replacement: '  x: 1\n' }, LINES)).toEqual({ startLine: 2, endLine: 2, text: 'spec:\n  x: 1\n' });
    expect(suggestionFor({ file: 'a', startLine: 1, endLine: 0, replacement: '# top\n' }, LINES)).toEqual({ startLine: 1, endLine: 1, text: '# top\nkind: Pod\n' });
    expect(suggestionFor({ file: 'a', startLine: 1, endLine: 0, replacement: '# top\n' }, [])).toBeUndefined();
  });
  it('adds the missing final line break', () => {
    expect(suggestionFor({ file: 'a', startLine: 5, endLine: 5, replacement: '    image: y' }, LINES)?.text).toBe('    image: y\n');
  });
});

describe('suggestionBody', () => {
  it('uses a longer fence when the replacement holds backticks', () => {
    const body = suggestionBody('k', finding('a', 1, 'info'), { startLine: 1, endLine: 1, text: 'x: "```"\n' });
    expect(body).toBe('<!-- kyverno-lint:k -->\n**kyverno-lint** `policy-info/rule`: info at a:1\n\n````suggestion\nx: "```"\n````\n');
  });
});

describe('planReview', () => {
  const diff = new PullRequestDiff([{ filename: 'a.yaml', status: 'modified', hunks: parsePatch(PATCH) }]);
  const lines = (file: string) => (file === 'a.yaml' || file === 'b.yaml' ? LINES : undefined);

  it('posts the edits inside one hunk and leaves the others for the summary', () => {
    const mutation = finding('a.yaml', 1, 'info', {
      fix: [
        { file: 'a.yaml', startLine: 4, endLine: 5, replacement: '  - name: a\n    image: y\n' },
        { file: 'a.yaml', startLine: 7, endLine: 7, replacement: 'z\n' },
      ],
    });
    const elsewhere = finding('b.yaml', 1, 'info', { fix: [{ file: 'b.yaml', startLine: 2, endLine: 2, replacement: 'spec: {}\n' }] });
    const plan = planReview([mutation, elsewhere], diff, 'suggestions', lines);
    expect(plan.comments.map((comment) => [comment.path, comment.startLine, comment.line, comment.key])).toEqual([['a.yaml', 4, 5, 'policy-info/rule:a.yaml:4']]);
    expect(plan.comments[0]!.body).toContain('```suggestion\n  - name: a\n    image: y\n```');
    expect(plan.unposted.map((item) => [item.edit.file, item.edit.startLine, item.reason])).toEqual([
      ['a.yaml', 7, 'the lines are outside the pull request diff'],
      ['b.yaml', 2, 'the file is not changed by the pull request'],
    ]);
  });

  it('review: comments adds the violations on added lines only', () => {
    const onAdded = finding('a.yaml', 4, 'error', { location: { file: 'a.yaml', line: 4, column: 3, endLine: 5, endColumn: 9 } });
    const onContext = finding('a.yaml', 2, 'warning');
    const notice = finding('a.yaml', 4, 'info');
    expect(planReview([onAdded, onContext, notice], diff, 'suggestions', lines).comments).toEqual([]);
    const plan = planReview([onAdded, onContext, notice], diff, 'comments', lines);
    expect(plan.comments.map((comment) => [comment.kind, comment.startLine, comment.line, comment.body])).toEqual([
      ['violation', 4, 5, '<!-- kyverno-lint:policy-error/rule:a.yaml:4 -->\n**kyverno-lint error** `policy-error/rule`: error at a.yaml:4\n'],
    ]);
  });
});

describe('publishReview', () => {
  const files = [{ filename: 'a.yaml', status: 'modified', patch: PATCH }];
  const plan = () =>
    planReview(
      [
        finding('a.yaml', 4, 'error', { ruleId: 'p/one' }),
        finding('a.yaml', 5, 'error', { ruleId: 'p/two' }),
        finding('a.yaml', 2, 'error', { ruleId: 'p/three' }),
      ].map((item) => ({ ...item, location: { ...item.location } })),
      new PullRequestDiff([{ filename: 'a.yaml', status: 'modified', hunks: parsePatch('@@ -1,5 +1,5 @@\n+a\n+b\n+c\n+d\n+e') }]),
      'comments',
      () => LINES,
    ).comments;

  it('updates its earlier comment (found by the marker) and posts the others as ONE review on the head commit', async () => {
    fake = await startFakeGitHub({
      files: [{ filename: 'a.yaml', status: 'modified', patch: '@@ -1,5 +1,5 @@\n+a\n+b\n+c\n+d\n+e' }],
      comments: [
        { id: 1, path: 'a.yaml', line: 4, body: '<!-- kyverno-lint:p/one:a.yaml:4 -->\nold' },
        // Outdated (line null): a new comment is posted instead.
        { id: 2, path: 'a.yaml', line: null, body: '<!-- kyverno-lint:p/two:a.yaml:5 -->\nold' },
      ],
    });
    const outcome = await publishReview(api(fake.url), PULL, plan());
    expect(outcome.updated.map((comment) => comment.key)).toEqual(['p/one:a.yaml:4']);
    expect(outcome.created.map((comment) => comment.key)).toEqual(['p/three:a.yaml:2', 'p/two:a.yaml:5']);
    expect(fake.writes().map((request) => `${request.method} ${request.path}`)).toEqual(['PATCH /repos/octo/shop/pulls/comments/1', 'POST /repos/octo/shop/pulls/5/reviews']);
    const review = fake.writes()[1]!.body!;
    expect(review).toMatchObject({ commit_id: 'h', event: 'COMMENT', body: '**kyverno-lint**: 2 violations.' });
    expect((review.comments as Record<string, unknown>[]).map((comment) => [comment.path, comment.line, comment.side])).toEqual([
      ['a.yaml', 2, 'RIGHT'],
      ['a.yaml', 5, 'RIGHT'],
    ]);
    expect(outcome.reviewId).toBe(fake.reviews[0]!.id);
  });

  it('an outdated earlier comment leads to one new comment, which later runs find (no duplicates)', async () => {
    fake = await startFakeGitHub({
      files: [{ filename: 'a.yaml', status: 'modified', patch: '@@ -1,5 +1,5 @@\n+a\n+b\n+c\n+d\n+e' }],
      comments: [{ id: 2, path: 'a.yaml', line: null, body: '<!-- kyverno-lint:p/two:a.yaml:5 -->\nold' }],
    });
    const runs = [];
    for (let index = 0; index < 3; index++) runs.push(await publishReview(api(fake.url), PULL, plan()));
    expect(runs.map((outcome) => [outcome.created.length, outcome.updated.length, outcome.unchanged.length])).toEqual([
      [3, 0, 0],
      [0, 0, 3],
      [0, 0, 3],
    ]);
    expect(fake.comments.filter((comment) => comment.body.includes('p/two:a.yaml:5')).map((comment) => comment.line)).toEqual([null, 5]);
  });

  it('prefers the comment on the same lines, else updates the newest current one; outdated ones are left alone', async () => {
    const [one] = plan().filter((comment) => comment.key === 'p/one:a.yaml:4');
    fake = await startFakeGitHub({
      files: [{ filename: 'a.yaml', status: 'modified', patch: '@@ -1,5 +1,5 @@\n+a\n+b\n+c\n+d\n+e' }],
      comments: [
        { id: 3, path: 'a.yaml', line: 4, start_line: null, body: one!.body },
        { id: 7, path: 'a.yaml', line: 2, body: '<!-- kyverno-lint:p/one:a.yaml:4 -->\nmoved' },
        { id: 9, path: 'a.yaml', line: null, body: '<!-- kyverno-lint:p/one:a.yaml:4 -->\noutdated' },
        { id: 4, path: 'a.yaml', line: 1, body: '<!-- kyverno-lint:p/two:a.yaml:5 -->\nolder' },
        { id: 8, path: 'a.yaml', line: 3, body: '<!-- kyverno-lint:p/two:a.yaml:5 -->\nnewer' },
        { id: 10, path: 'a.yaml', line: null, body: '<!-- kyverno-lint:p/two:a.yaml:5 -->\noutdated' },
      ],
    });
    const outcome = await publishReview(api(fake.url), PULL, plan());
    expect(outcome.unchanged.map((comment) => comment.key)).toEqual(['p/one:a.yaml:4']);
    expect(outcome.updated.map((comment) => comment.key)).toEqual(['p/two:a.yaml:5']);
    expect(fake.writes().map((request) => `${request.method} ${request.path}`)).toEqual(['PATCH /repos/octo/shop/pulls/comments/8', 'POST /repos/octo/shop/pulls/5/reviews']);
  });

  it('a refused review (422) is resubmitted without the refused comments, found by bisection; a 403 stops the review', async () => {
    fake = await startFakeGitHub({ files: [{ filename: 'a.yaml', status: 'modified', patch: '@@ -1,5 +1,5 @@\n+a\n+b\n+c\n+d\n+e' }], rejectComment: (comment) => comment.line === 4 });
    const outcome = await publishReview(api(fake.url), PULL, plan());
    expect(outcome.created.map((comment) => comment.line)).toEqual([2, 5]);
    expect(outcome.failed.map(({ comment, reason }) => [comment.line, reason])).toEqual([[4, expect.stringMatching(/^GitHub refused the line \(HTTP 422: Unprocessable Entity: "Line could not be resolved".*\): it is not in the pull request's diff at h$/)]]);
    expect(outcome.stopped).toBeUndefined();
    expect(fake.reviews.map((review) => [review.state, review.comments.map((comment) => comment.line)])).toEqual([['COMMENTED', [2, 5]]]);
    expect(fake.writes().map((request) => `${request.method} ${request.status} ${request.body?.event ?? ''} ${((request.body?.comments as { line: number }[] | undefined) ?? []).map((comment) => comment.line).join(',')}`)).toEqual([
      'POST 422 COMMENT 2,4,5',
      // Probes: pending reviews (no event), deleted when accepted.
      'POST 422  2,4',
      'POST 200  2',
      'DELETE 200  ',
      'POST 200  5',
      'DELETE 200  ',
      'POST 200 COMMENT 2,5',
    ]);

    await fake.close();
    fake = await startFakeGitHub({ files, readOnly: true });
    const stopped = await publishReview(api(fake.url), PULL, plan());
    expect(stopped.stopped).toMatch(/^the token cannot write pull-request reviews \(HTTP 403.*\); it needs pull-requests: write$/);
    expect(stopped.failed).toHaveLength(3);
    expect(fake.writes()).toHaveLength(1);
  });

  it('finds several refused comments among many within the probe budget; undecided ones count as refused', async () => {
    const patch = `@@ -1,0 +1,20 @@\n${Array.from({ length: 20 }, (_, i) => `+l${i + 1}`).join('\n')}`;
    const lines = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
    const many = () =>
      planReview(
        Array.from({ length: 16 }, (_, i) => ({ ...finding('a.yaml', i + 1, 'error', { ruleId: `p/r${i + 1}` }) })),
        new PullRequestDiff([{ filename: 'a.yaml', status: 'added', hunks: parsePatch(patch) }]),
        'comments',
        () => lines,
      ).comments;
    const refuse = (comment: Record<string, unknown>) => comment.line === 3 || comment.line === 11;
    fake = await startFakeGitHub({ files: [{ filename: 'a.yaml', status: 'added', patch }], rejectComment: refuse });
    const outcome = await publishReview(api(fake.url), PULL, many());
    expect(outcome.failed.map(({ comment }) => comment.line)).toEqual([3, 11]);
    expect(fake.reviews.map((review) => review.comments.length)).toEqual([14]);
    const probes = fake.requests.filter((request) => request.method === 'POST' && request.body?.event === undefined);
    expect(probes.length).toBeLessThanOrEqual(MAX_PROBES);

    await fake.close();
    fake = await startFakeGitHub({ files: [{ filename: 'a.yaml', status: 'added', patch }], rejectComment: refuse });
    const bounded = await publishReview(api(fake.url), PULL, many(), { maxProbes: 2 });
    expect(fake.requests.filter((request) => request.method === 'POST' && request.body?.event === undefined)).toHaveLength(2);
    // Two probes split 16 into 8 (refused) and 8 (refused): nothing is decided further, all 16 stay out.
    expect(bounded.failed).toHaveLength(16);
    expect(fake.reviews).toEqual([]);
  });

  it('marks an earlier current comment resolved when its rule no longer reports anything in its file, once', async () => {
    fake = await startFakeGitHub({
      files: [{ filename: 'a.yaml', status: 'modified', patch: '@@ -1,5 +1,5 @@\n+a\n+b\n+c\n+d\n+e' }],
      comments: [
        { id: 1, path: 'a.yaml', line: 3, body: '<!-- kyverno-lint:p/gone:a.yaml:3 -->\nold' },
        // Outdated: left as GitHub shows it (collapsed).
        { id: 2, path: 'a.yaml', line: null, body: '<!-- kyverno-lint:p/gone:a.yaml:1 -->\nold' },
        // Its rule still reports in the file (on another line): left.
        { id: 3, path: 'a.yaml', line: 1, body: '<!-- kyverno-lint:p/one:a.yaml:1 -->\nold' },
      ],
    });
    const stillReported = (ruleId: string, file: string) => file === 'a.yaml' && ['p/one', 'p/two', 'p/three'].includes(ruleId);
    const outcome = await publishReview(api(fake.url), PULL, plan(), { stillReported });
    expect(outcome.resolved).toEqual([1]);
    expect(fake.comments.find((comment) => comment.id === 1)!.body).toBe('<!-- kyverno-lint:p/gone:a.yaml:3 -->\n**kyverno-lint**: resolved — `p/gone` is no longer reported in this file at h.\n');
    expect(fake.comments.filter((comment) => comment.id !== 1).map((comment) => comment.body)).toEqual(['<!-- kyverno-lint:p/gone:a.yaml:1 -->\nold', '<!-- kyverno-lint:p/one:a.yaml:1 -->\nold', ...plan().map((comment) => comment.body)]);
    const again = await publishReview(api(fake.url), PULL, plan(), { stillReported });
    expect(again.resolved).toEqual([]);
    expect(fake.writes().filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('writes at most maxWrites comments; the others are reported, unchanged ones do not count', async () => {
    fake = await startFakeGitHub({ files: [{ filename: 'a.yaml', status: 'modified', patch: '@@ -1,5 +1,5 @@\n+a\n+b\n+c\n+d\n+e' }] });
    const outcome = await publishReview(api(fake.url), PULL, plan(), { maxWrites: 2 });
    expect(outcome.created.map((comment) => comment.line)).toEqual([2, 4]);
    expect(outcome.failed.map(({ comment, reason }) => [comment.line, reason])).toEqual([[5, 'at most 2 review comments are written per run (GitHub rate-limits bursts of comments)']]);
    const again = await publishReview(api(fake.url), PULL, plan(), { maxWrites: 2 });
    expect(again.unchanged.map((comment) => comment.line)).toEqual([2, 4]);
    expect(again.created.map((comment) => comment.line)).toEqual([5]);
  });
});
