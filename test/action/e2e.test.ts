/**
 * End-to-end tests of the bundled action: `node dist/action.js` with a step's environment, against a local
 * stand-in for the GitHub REST API that records what it receives. The workspace is a copy of examples/;
 * the simulated pull request changes manifests/cache.yaml (lines 17–28 in the diff, line 18 added) and adds
 * manifests/worker.yaml.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { patchFor, startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from './fake-github.js';
import { exampleWorkspace, pullRequestEvent, requireBundle, runAction, type ActionRun } from './run-action.js';

const TOKEN = 'ghs_e2eSecretToken0123456789';
const HEAD = 'c'.repeat(40);
const PR = 7;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

beforeAll(() => requireBundle());

/** A workspace checked out at the pull request's head commit (`.git/HEAD`), as the README's workflow does. */
function workspace(): { dir: string; workspace: string } {
  const created = exampleWorkspace(HEAD);
  cleanups.push(created.cleanup);
  return created;
}

/** The pull request's files: cache.yaml modified (hunk 17–28, line 18 added), worker.yaml added. */
function pullRequestFiles(ws: string): FakeGitHubOptions['files'] {
  const cache = readFileSync(path.join(ws, 'manifests/cache.yaml'), 'utf8');
  const worker = readFileSync(path.join(ws, 'manifests/worker.yaml'), 'utf8');
  const workerLines = worker.replace(/\n$/, '').split('\n').length;
  return [
    { filename: 'manifests/cache.yaml', status: 'modified', patch: patchFor(cache, 17, 28, (line) => line === 18) },
    { filename: 'manifests/worker.yaml', status: 'added', patch: patchFor(worker, 1, workerLines, () => true) },
  ];
}

async function server(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const fake = await startFakeGitHub(options);
  cleanups.push(() => fake.close());
  return fake;
}

/** The reviews submitted (event COMMENT, accepted). */
function reviewPosts(fake: FakeGitHub) {
  return fake.requests.filter((request) => request.method === 'POST' && request.path === `/repos/octo/shop/pulls/${PR}/reviews` && request.body?.event === 'COMMENT' && request.status === 200);
}

/** The comments of the submitted reviews. */
function commentPosts(fake: FakeGitHub): Record<string, unknown>[] {
  return reviewPosts(fake).flatMap((request) => request.body!.comments as Record<string, unknown>[]);
}

/** The token appears only in the `::add-mask::` command, which tells the runner to hide it in every log. */
function expectNoToken(run: ActionRun): void {
  const lines = run.stdout.split('\n');
  expect(lines.filter((line) => line.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`]);
  expect(lines.findIndex((line) => line.includes(TOKEN))).toBeLessThan(2);
  expect(run.stderr).not.toContain(TOKEN);
  expect(run.summary).not.toContain(TOKEN);
}

const SUGGESTIONS = {
  cache21: "        fsGroup: 1000     # the volume's group\n        runAsNonRoot: true\n",
  cache27: '          readOnlyRootFilesystem: true   # data lives in /data\n          allowPrivilegeEscalation: false\n',
  worker19: '          image: ghcr.io/example/worker:latest\n          securityContext:\n            allowPrivilegeEscalation: false\n',
  worker21: '          image: prom/statsd-exporter\n          securityContext:\n            allowPrivilegeEscalation: false\n      securityContext:\n        runAsNonRoot: true\n',
};

describe('pull request with write permissions', () => {
  it('posts one suggestion per mutation edit inside the diff, a check run with every annotation, and the rest in the summary', async () => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({ files: pullRequestFiles(ws), checks: 'allowed' });
    const run = await runAction({ dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD), apiUrl: fake.url, inputs: { token: TOKEN, 'sarif-file': 'results/kyverno-lint.sarif' } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);

    // Reads: the changed files (paginated, 100 per page) and the existing comments.
    const files = fake.requests.find((request) => request.path === `/repos/octo/shop/pulls/${PR}/files`);
    expect(files?.query.get('per_page')).toBe('100');
    expect(files?.authorization).toBe(`token ${TOKEN}`);

    // One check run on the head commit holding all 8 annotations in one request.
    expect(fake.checkRuns).toHaveLength(1);
    const [created] = fake.checkRuns[0]!.bodies;
    expect(created).toMatchObject({ name: 'kyverno-lint', head_sha: HEAD, status: 'completed', conclusion: 'failure' });
    const annotations = (created!.output as { annotations: Record<string, unknown>[] }).annotations;
    expect(annotations).toHaveLength(8);
    // Ranked: the changed lines first, errors before warnings.
    expect(annotations[0]).toMatchObject({ path: 'manifests/worker.yaml', start_line: 2, end_line: 2, start_column: 1, annotation_level: 'failure', title: 'restrict-replicas/max-ten-replicas' });
    expect(annotations.find((annotation) => annotation.title === 'require-team-label/autogen-check-team-label')).toMatchObject({ start_line: 14, end_line: 15 });
    expect(annotations.find((annotation) => annotation.title === 'require-team-label/autogen-check-team-label')).not.toHaveProperty('start_column');
    // No workflow-command annotations when the check run holds them.
    expect(run.stdout).not.toMatch(/^::(error|warning|notice) /m);

    // The review: exactly the four edits inside the diff, on exactly their lines, with the replacement lines.
    expect(reviewPosts(fake).map((request) => request.body!.commit_id)).toEqual([HEAD]);
    const posts = commentPosts(fake);
    expect(posts.map((comment) => [comment.path, comment.start_line, comment.line, comment.side])).toEqual([
      ['manifests/cache.yaml', undefined, 21, 'RIGHT'],
      ['manifests/cache.yaml', undefined, 27, 'RIGHT'],
      ['manifests/worker.yaml', undefined, 19, 'RIGHT'],
      ['manifests/worker.yaml', undefined, 21, 'RIGHT'],
    ]);
    const suggestion = (body: unknown): string => /```suggestion\n([\s\S]*?)```/.exec(String(body))![1]!;
    expect(posts.map((comment) => suggestion(comment.body))).toEqual([SUGGESTIONS.cache21, SUGGESTIONS.cache27, SUGGESTIONS.worker19, SUGGESTIONS.worker21]);
    expect(String(posts[0]!.body)).toContain('<!-- kyverno-lint:add-safe-defaults/autogen-add-run-as-non-root:manifests/cache.yaml:21 -->');
    // One write: the review (one notification for the author).
    expect(fake.writes().filter((request) => request.path.includes('/pulls/'))).toHaveLength(1);

    // The summary: totals, the rule table with links to the head commit, the edits outside the diff as diffs.
    expect(run.summary).toContain('❌ failed (fail-on: error): 2 errors, 2 warnings, 8 info');
    expect(run.summary).toContain(`[manifests/worker.yaml:2](https://github.com/octo/shop/blob/${HEAD}/manifests/worker.yaml#L2)`);
    expect(run.summary).toContain('| `restrict-replicas/max-ten-replicas` | error | 1 |');
    expect(run.summary).toContain('### Mutations not posted as suggestions');
    const mutations = run.summary.slice(run.summary.indexOf('### Mutations'), run.summary.indexOf('### Annotations'));
    expect(mutations).toContain('manifests/cache.yaml line 31');
    expect(mutations).toContain('manifests/debug-pod.yaml line 12');
    expect(mutations).toContain('manifests/web.yaml line 22');
    expect(mutations).not.toContain('manifests/cache.yaml line 21');
    expect(mutations).not.toContain('manifests/worker.yaml');
    expect(mutations).toContain('+        securityContext:\n+          allowPrivilegeEscalation: false');
    expect(mutations).toContain('the lines are outside the pull request diff');
    expect(mutations).toContain('the file is not changed by the pull request');
    expect(run.summary).toContain('8 annotations in the check run');
    expect(run.summary).toContain('4 comments posted, 0 updated, 0 unchanged.');

    // Outputs and SARIF.
    const sarifFile = path.join(ws, 'results/kyverno-lint.sarif');
    expect(run.outputs).toEqual({ errors: '2', warnings: '2', info: '8', 'sarif-file': sarifFile, 'exit-code': '1' });
    const sarif = JSON.parse(readFileSync(sarifFile, 'utf8')) as { runs: { results: unknown[] }[] };
    // Every finding, the four legacy-policy notices of the example policies included (annotated only in changed files).
    expect(sarif.runs[0]!.results).toHaveLength(12);
    expectNoToken(run);
  });

  it('updates its own earlier comments on a re-run instead of adding duplicates', async () => {
    const { dir, workspace: ws } = workspace();
    const stale = { id: 1, path: 'manifests/cache.yaml', line: 21, body: '<!-- kyverno-lint:add-safe-defaults/autogen-add-run-as-non-root:manifests/cache.yaml:21 -->\nold text', user: { login: 'github-actions[bot]' } };
    const someoneElse = { id: 2, path: 'manifests/cache.yaml', line: 27, body: 'LGTM', user: { login: 'reviewer' } };
    const fake = await server({ files: pullRequestFiles(ws), checks: 'allowed', comments: [stale, someoneElse] });
    const options = { dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD), apiUrl: fake.url, inputs: { token: TOKEN } };
    const first = await runAction(options);
    expect(first.code).toBe(1);
    const patches = fake.requests.filter((request) => request.method === 'PATCH' && request.path.startsWith('/repos/octo/shop/pulls/comments/'));
    expect(patches.map((request) => request.path)).toEqual(['/repos/octo/shop/pulls/comments/1']);
    expect(String(patches[0]!.body!.body)).toContain(SUGGESTIONS.cache21);
    expect(commentPosts(fake)).toHaveLength(3);
    expect(first.summary).toContain('3 comments posted, 1 updated, 0 unchanged.');

    // A second run finds all four and changes nothing.
    const before = fake.writes().filter((request) => request.path.includes('/pulls/')).length;
    const second = await runAction(options);
    expect(second.code).toBe(1);
    expect(fake.writes().filter((request) => request.path.includes('/pulls/')).length).toBe(before);
    expect(second.summary).toContain('0 comments posted, 0 updated, 4 unchanged.');
    expect(fake.comments.filter((comment) => comment.body.includes('<!-- kyverno-lint:'))).toHaveLength(4);
  });

  it('an outdated earlier comment is replaced once: three runs post no duplicates', async () => {
    const { dir, workspace: ws } = workspace();
    const key = 'add-safe-defaults/autogen-add-run-as-non-root:manifests/worker.yaml:19';
    const outdated = { id: 1, path: 'manifests/worker.yaml', line: null, body: `<!-- kyverno-lint:${key} -->\nold`, user: { login: 'github-actions[bot]' } };
    const fake = await server({ files: pullRequestFiles(ws), checks: 'allowed', comments: [outdated] });
    const options = { dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD), apiUrl: fake.url, inputs: { token: TOKEN } };
    const summaries: string[] = [];
    for (let index = 0; index < 3; index++) summaries.push((await runAction(options)).summary);
    expect(summaries[0]).toContain('4 comments posted, 0 updated, 0 unchanged.');
    expect(summaries[1]).toContain('0 comments posted, 0 updated, 4 unchanged.');
    expect(summaries[2]).toContain('0 comments posted, 0 updated, 4 unchanged.');
    expect(commentPosts(fake)).toHaveLength(4);
    expect(fake.comments.filter((comment) => comment.body.includes(key)).map((comment) => comment.line)).toEqual([null, 19]);
  });

  it('resubmits the review without the comment GitHub refuses (422), and shows the refused edit in the summary', async () => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({
      files: pullRequestFiles(ws),
      checks: 'allowed',
      rejectComment: (comment) => comment.path === 'manifests/worker.yaml' && comment.line === 19,
    });
    const run = await runAction({ dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD), apiUrl: fake.url, inputs: { token: TOKEN } });
    expect(run.code).toBe(1);
    expect(commentPosts(fake).map((comment) => [comment.path, comment.line])).toEqual([
      ['manifests/cache.yaml', 21],
      ['manifests/cache.yaml', 27],
      ['manifests/worker.yaml', 21],
    ]);
    expect(fake.reviews.map((review) => review.state)).toEqual(['COMMENTED']);
    expect(run.stdout).toContain('review comment on manifests/worker.yaml:19 not posted: GitHub refused the line (HTTP 422');
    expect(run.summary).toContain('3 comments posted, 0 updated, 0 unchanged, **1 not posted**');
    const mutations = run.summary.slice(run.summary.indexOf('### Mutations'), run.summary.indexOf('### Annotations'));
    expect(mutations).toContain('manifests/worker.yaml line 19');
    expect(mutations).toContain('GitHub refused the line (HTTP 422');
    expect(mutations).not.toContain('manifests/worker.yaml line 21');
  });

  it('review: comments adds a comment for each violation on an added line', async () => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({ files: pullRequestFiles(ws), checks: 'allowed' });
    const run = await runAction({ dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD), apiUrl: fake.url, inputs: { token: TOKEN, review: 'comments' } });
    expect(run.code).toBe(1);
    const violations = commentPosts(fake).filter((comment) => !String(comment.body).includes('```suggestion'));
    expect(violations.map((comment) => [comment.path, comment.start_line, comment.line])).toEqual([
      ['manifests/worker.yaml', undefined, 2],
      ['manifests/worker.yaml', 14, 15],
      ['manifests/worker.yaml', undefined, 19],
      ['manifests/worker.yaml', undefined, 21],
    ]);
    expect(String(violations[0]!.body)).toContain('**kyverno-lint error** `restrict-replicas/max-ten-replicas`: worker asks for 25 replicas');
    expect(commentPosts(fake)).toHaveLength(8);
  });

  it('only-changed reports the findings of the changed files only', async () => {
    const { dir, workspace: ws } = workspace();
    const files = pullRequestFiles(ws)!.filter((file) => file.filename === 'manifests/cache.yaml');
    const fake = await server({ files, checks: 'allowed' });
    const run = await runAction({ dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD), apiUrl: fake.url, inputs: { token: TOKEN, 'only-changed': 'true' } });
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ errors: '0', warnings: '0', info: '1', 'exit-code': '0' });
    expect(commentPosts(fake).map((comment) => comment.line)).toEqual([21, 27]);
    expect(fake.checkRuns[0]!.bodies[0]).toMatchObject({ conclusion: 'success' });
  });
});

describe('read-only token', () => {
  it('on a pull request from a fork: no write is attempted, annotations and the summary still work, and the log says why', async () => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({ files: pullRequestFiles(ws), readOnly: true });
    const run = await runAction({ dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD, true), apiUrl: fake.url, inputs: { token: TOKEN } });
    expect(run.code).toBe(1);
    expect(fake.writes()).toEqual([]);
    // Reads only: the changed files, and the base commit's tree (the workspace is not a clone holding it; the stand-in has no such tree).
    expect(fake.requests.map((request) => `${request.method} ${request.path}`).filter((request) => !request.includes('/git/trees/'))).toEqual([`GET /repos/octo/shop/pulls/${PR}/files`]);
    expect(run.stdout).toContain('kyverno-lint: check run off: the pull request comes from a fork (someone/shop)');
    expect(run.stdout).toContain('kyverno-lint: review off: the pull request comes from a fork (someone/shop)');
    expect(run.stdout).toContain('::error file=manifests/worker.yaml,line=2,col=1,endLine=2,endColumn=20,title=restrict-replicas/max-ten-replicas::worker asks for 25 replicas');
    expect(run.stdout.match(/^::(error|warning|notice) /gm)).toHaveLength(8);
    expect(run.summary).toContain('### Features that were off');
    expect(run.summary).toContain('**review**: the pull request comes from a fork');
    // Every edit is in the summary, as no suggestion could be posted.
    const mutations = run.summary.slice(run.summary.indexOf('### Mutations'));
    for (const where of ['cache.yaml line 21', 'cache.yaml line 27', 'cache.yaml line 31', 'worker.yaml line 19', 'worker.yaml line 21', 'debug-pod.yaml line 12', 'web.yaml line 22']) {
      expect(mutations).toContain(`manifests/${where}`);
    }
    expect(run.outputs['exit-code']).toBe('1');
    expectNoToken(run);
  });

  it('on a token without write permissions (403): falls back to workflow commands and stops the review after the first refusal', async () => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({ files: pullRequestFiles(ws), readOnly: true });
    const run = await runAction({ dir, workspace: ws, eventName: 'pull_request', payload: pullRequestEvent(PR, HEAD), apiUrl: fake.url, inputs: { token: TOKEN } });
    expect(run.code).toBe(1);
    expect(fake.writes().map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      'POST /repos/octo/shop/check-runs 403',
      `POST /repos/octo/shop/pulls/${PR}/reviews 403`,
    ]);
    expect(run.stdout).toContain('kyverno-lint: check run off: the token cannot create check runs (HTTP 403: Resource not accessible by integration');
    expect(run.stdout).toContain('kyverno-lint: review off: the token cannot write pull-request reviews (HTTP 403');
    expect(run.stdout.match(/^::(error|warning|notice) /gm)).toHaveLength(8);
    expect(run.summary).toContain('0 comments posted, 0 updated, 0 unchanged, **4 not posted**');
    expectNoToken(run);
  });
});

describe('other events and limits', () => {
  it('on push: scans, annotates, writes the summary and SARIF, and skips the review (no API call without a token)', async () => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({});
    const run = await runAction({ dir, workspace: ws, eventName: 'push', payload: { ref: 'refs/heads/main' }, apiUrl: fake.url, inputs: { token: '', 'sarif-file': 'kyverno-lint.sarif', 'fail-on': 'never' } });
    expect(run.code).toBe(0);
    expect(fake.requests).toEqual([]);
    expect(run.stdout).toContain('kyverno-lint: review off: not a pull request (event push)');
    expect(run.stdout.match(/^::(error|warning|notice) /gm)).toHaveLength(8);
    expect(run.summary).toContain('✅ passed: 2 errors, 2 warnings, 8 info');
    expect(run.summary).toContain('### Mutations\n');
    expect(run.outputs).toEqual({ errors: '2', warnings: '2', info: '8', 'sarif-file': path.join(ws, 'kyverno-lint.sarif'), 'exit-code': '0' });
  });

  it('caps workflow-command annotations at 10 per severity and says how many were not shown', async () => {
    const { dir, workspace: ws } = workspace();
    const pods = Array.from({ length: 30 }, (_, index) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p${index}\n  namespace: shop\n  labels:\n    team: a\nspec:\n  containers:\n    - name: c\n      image: nginx:latest\n`).join('---\n');
    writeFileSync(path.join(ws, 'manifests/many.yaml'), pods);
    const run = await runAction({ dir, workspace: ws, eventName: 'push', inputs: { token: '' } });
    expect(run.code).toBe(1);
    const shown = run.stdout.match(/^::(error|warning|notice) /gm) ?? [];
    expect(shown.filter((line) => line.startsWith('::warning'))).toHaveLength(10);
    expect(shown.filter((line) => line.startsWith('::notice'))).toHaveLength(10);
    expect(shown.filter((line) => line.startsWith('::error'))).toHaveLength(2);
    // 32 warnings and 34 notices in all.
    expect(run.stdout).toContain('kyverno-lint: 46 annotations were not shown: GitHub keeps 10 per severity and step.');
    expect(run.summary).toContain('22 annotations shown; **46 not shown**');
  });

  it('sends a check run with more than 50 annotations in batches of 50', async () => {
    const { dir, workspace: ws } = workspace();
    const pods = Array.from({ length: 60 }, (_, index) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p${index}\n  namespace: shop\n  labels:\n    team: a\nspec:\n  containers:\n    - name: c\n      image: nginx:latest\n`).join('---\n');
    writeFileSync(path.join(ws, 'manifests/many.yaml'), pods);
    const fake = await server({ checks: 'allowed' });
    const run = await runAction({ dir, workspace: ws, eventName: 'push', apiUrl: fake.url, inputs: { token: TOKEN } });
    expect(run.code).toBe(1);
    const checkRequests = fake.requests.filter((request) => request.path.startsWith('/repos/octo/shop/check-runs'));
    // 8 findings of the examples + 60 warnings + 60 mutations = 128 annotations.
    expect(checkRequests.map((request) => [request.method, (request.body!.output as { annotations: unknown[] }).annotations.length, request.body!.status])).toEqual([
      ['POST', 50, 'in_progress'],
      ['PATCH', 50, 'in_progress'],
      ['PATCH', 28, 'completed'],
    ]);
    expect(checkRequests[1]!.path).toBe(`/repos/octo/shop/check-runs/${fake.checkRuns[0]!.id}`);
    expect(checkRequests[2]!.body).toMatchObject({ conclusion: 'failure' });
    expect(checkRequests[0]!.body).toMatchObject({ head_sha: 'a'.repeat(40), details_url: 'https://github.com/octo/shop/actions/runs/42' });
    expect(run.stdout).not.toMatch(/^::(error|warning|notice) /m);
    expect(run.summary).toContain('128 annotations in the check run');
    expectNoToken(run);
  });

  it('fails with exit code 2 on an invalid input, naming it', async () => {
    const { dir, workspace: ws } = workspace();
    const run = await runAction({ dir, workspace: ws, eventName: 'push', inputs: { token: '', 'fail-on': 'sometimes' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('::error::input fail-on: "sometimes" is not one of error, warning, never');
    expect(run.outputs['exit-code']).toBe('2');
  });
});
