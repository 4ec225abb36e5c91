/**
 * `run()` in-process with injected dependencies: a fake `core`, the environment, and `@actions/github`'s
 * Octokit pointed at the local stand-in for the REST API.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubApi } from '../../src/action/github-api.js';
import { run, type ActionCore } from '../../src/action/main.js';
import { patchFor, startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { exampleWorkspace, pullRequestEvent, ROOT } from './run-action.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function setup(checkedOut?: string): { dir: string; workspace: string } {
  const created = exampleWorkspace(checkedOut);
  cleanups.push(created.cleanup);
  return created;
}

function fakeCore(inputs: Record<string, string>) {
  const logs: string[] = [];
  const outputs: Record<string, string> = {};
  const secrets: string[] = [];
  const core: ActionCore = {
    getInput: (name) => (inputs[name] ?? '').trim(),
    setOutput: (name, value) => (outputs[name] = String(value)),
    setSecret: (secret) => secrets.push(secret),
    info: (message) => logs.push(message),
    startGroup: (name) => logs.push(`::group::${name}`),
    endGroup: () => logs.push('::endgroup::'),
  };
  return { core, logs, outputs, secrets };
}

function client(fake: FakeGitHub | undefined): (token: string) => Promise<GitHubApi> {
  return async (token) => {
    if (!fake) throw new Error('no API in this test');
    const octokit = getOctokit(token, { baseUrl: fake.url });
    return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
  };
}

function env(dir: string, workspace: string, eventName: string, payload: unknown): Record<string, string> {
  const eventPath = path.join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(payload));
  writeFileSync(path.join(dir, 'summary.md'), '');
  return { GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: 'octo/shop', GITHUB_SHA: 'a'.repeat(40), GITHUB_WORKSPACE: workspace, GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md') };
}

describe('run', () => {
  it('reports configuration problems as error annotations and exits 2', async () => {
    const { dir, workspace } = setup();
    writeFileSync(path.join(workspace, '.kyverno-lint.yaml'), 'polices: []\n');
    const { core, logs, outputs } = fakeCore({});
    expect(await run({ core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(2);
    expect(logs).toContain('::error file=.kyverno-lint.yaml,line=1,col=1::unknown key "polices" (did you mean "policies"?)');
    expect(outputs['exit-code']).toBe('2');
  });

  it("fails on the configuration's maxWarnings as the CLI does, unless fail-on is never", async () => {
    const { dir, workspace } = setup();
    writeFileSync(path.join(workspace, '.kyverno-lint.yaml'), 'maxWarnings: 0\nseverity:\n  enforce: warning\n');
    const strict = fakeCore({ 'fail-on': 'error' });
    expect(await run({ core: strict.core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(1);
    expect(strict.logs).toContain('kyverno-lint: too many warnings (maximum: 0)');
    const relaxed = fakeCore({ 'fail-on': 'never' });
    expect(await run({ core: relaxed.core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(0);
  });

  it('a config input that does not exist is an error', async () => {
    const { dir, workspace } = setup();
    const { core, logs } = fakeCore({ config: 'nope.yaml' });
    expect(await run({ core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(2);
    expect(logs).toContain('::error::input config: nope.yaml does not exist');
  });

  it('a path that does not exist is a tool error (exit 2) even with fail-on never', async () => {
    const { dir, workspace } = setup();
    const { core, logs, outputs } = fakeCore({ paths: 'manifests\nmissing', 'fail-on': 'never' });
    expect(await run({ core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(2);
    expect(logs.some((line) => line.startsWith('::error::missing:'))).toBe(true);
    expect(outputs).toMatchObject({ 'exit-code': '2' });
  });

  it('masks the token, and without a token on a pull request says which features are off', async () => {
    const { dir, workspace } = setup();
    const { core, logs, secrets } = fakeCore({ token: '' });
    expect(await run({ core, env: env(dir, workspace, 'pull_request', pullRequestEvent(3, 'h')), github: client(undefined) })).toBe(1);
    expect(secrets).toEqual([]);
    expect(logs).toContain('kyverno-lint: changed files off: no token (input token is empty)');
    expect(logs).toContain('kyverno-lint: review off: no token (input token is empty)');

    const withToken = fakeCore({ token: 'secret-value', review: 'off', annotations: 'false' });
    const fake = await startFakeGitHub({});
    cleanups.push(() => fake.close());
    await run({ core: withToken.core, env: env(dir, workspace, 'pull_request', pullRequestEvent(3, 'h')), github: client(fake) });
    expect(withToken.secrets).toEqual(['secret-value']);
    expect(withToken.logs).toContain('kyverno-lint: review off: input review is off');
    expect(withToken.logs).toContain('kyverno-lint: annotations off: input annotations is false');
    expect(withToken.logs.join('\n')).not.toContain('secret-value');
    expect(fake.writes()).toEqual([]);
  });

  it('workflow_run for a pull request from a fork: finds the pull request by its head and reviews it with the base token', async () => {
    const { dir, workspace } = setup('f'.repeat(40));
    const cache = readFileSync(path.join(workspace, 'manifests/cache.yaml'), 'utf8');
    const fake = await startFakeGitHub({
      checks: 'allowed',
      pulls: [{ number: 21, head: { sha: 'f'.repeat(40), ref: 'fix', label: 'someone:fix' } }],
      files: [{ filename: 'manifests/cache.yaml', status: 'modified', patch: patchFor(cache, 19, 33, (line) => line === 20) }],
    });
    cleanups.push(() => fake.close());
    const payload = { workflow_run: { head_sha: 'f'.repeat(40), head_branch: 'fix', event: 'pull_request', pull_requests: [], head_repository: { full_name: 'someone/shop', owner: { login: 'someone' } } } };
    const { core, logs } = fakeCore({ token: 't' });
    expect(await run({ core, env: env(dir, workspace, 'workflow_run', payload), github: client(fake) })).toBe(1);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`).slice(0, 2)).toEqual(['GET /repos/octo/shop/pulls', 'GET /repos/octo/shop/pulls/21/files']);
    const posts = fake.requests.filter((request) => request.method === 'POST' && request.path === '/repos/octo/shop/pulls/21/reviews');
    expect(posts.map((request) => [request.body!.commit_id, (request.body!.comments as { line: number }[]).map((comment) => comment.line)])).toEqual([['f'.repeat(40), [21, 27, 31]]]);
    expect(fake.checkRuns[0]!.bodies[0]).toMatchObject({ head_sha: 'f'.repeat(40) });
    expect(logs.filter((line) => line.includes(' off: '))).toEqual([]);
  });

  it('shard k/n: the check run, the job summary and the SARIF category name the shard; the shards annotate what one run does', async () => {
    const annotationsOf = (fake: FakeGitHub) =>
      fake.checkRuns.flatMap((checkRun) => checkRun.bodies.flatMap((body) => (body.output as { annotations: { path: string; start_line: number; title: string }[] }).annotations.map((item) => `${item.path}:${item.start_line} ${item.title}`)));
    const scan = async (shard: string) => {
      const { dir, workspace } = setup();
      const fake = await startFakeGitHub({ checks: 'allowed' });
      cleanups.push(() => fake.close());
      const { core, logs } = fakeCore({ token: 't', shard, 'sarif-file': 'out.sarif', 'fail-on': 'never' });
      const environment = env(dir, workspace, 'push', { ref: 'refs/heads/main' });
      expect(await run({ core, env: environment, github: client(fake) })).toBe(0);
      const sarif = JSON.parse(readFileSync(path.join(workspace, 'out.sarif'), 'utf8')) as { runs: { automationDetails?: { id: string } }[] };
      return { fake, logs, summary: readFileSync(environment.GITHUB_STEP_SUMMARY!, 'utf8'), sarif: sarif.runs[0]!, annotations: annotationsOf(fake) };
    };
    const whole = await scan('');
    expect(whole.fake.checkRuns[0]!.bodies[0]).toMatchObject({ name: 'kyverno-lint' });
    expect(whole.summary).toMatch(/^## kyverno-lint\n/);
    expect(whole.sarif.automationDetails).toBeUndefined();
    const shards = [await scan('1/2'), await scan('2/2')];
    for (const [index, shard] of shards.entries()) {
      expect(shard.fake.checkRuns[0]!.bodies[0]).toMatchObject({ name: `kyverno-lint (shard ${index + 1}/2)` });
      expect(shard.summary).toMatch(new RegExp(`^## kyverno-lint \\(shard ${index + 1}/2\\)\n`));
      expect(shard.sarif.automationDetails).toEqual({ id: `kyverno-lint/shard-${index + 1}-of-2/` });
      expect(shard.logs).toContainEqual(expect.stringMatching(new RegExp(`^kyverno-lint: shard ${index + 1}/2`)));
    }
    expect(shards.flatMap((shard) => shard.annotations).sort()).toEqual([...whole.annotations].sort());
  });

  it('reviews the head commit when the workspace is another commit; a file the head commit does not have goes to the summary', async () => {
    const { dir, workspace } = setup();
    const cache = readFileSync(path.join(workspace, 'manifests/cache.yaml'), 'utf8');
    const files = [{ filename: 'manifests/cache.yaml', status: 'modified', patch: patchFor(cache, 17, 28, (line) => line === 18) }];
    const head = 'c'.repeat(40);
    // No .git: GITHUB_SHA (aaaa…, the merge commit) is what was checked out; the contents API has no such file at the head.
    const fake = await startFakeGitHub({ checks: 'allowed', files, contents: { [head]: {} } });
    cleanups.push(() => fake.close());
    const environment = env(dir, workspace, 'pull_request', pullRequestEvent(7, head));
    const { core, logs } = fakeCore({ token: 't', review: 'comments' });
    expect(await run({ core, env: environment, github: client(fake) })).toBe(1);
    expect(logs).toContain('kyverno-lint: the workspace is aaaaaaa, not the head commit ccccccc: 1 file read at the head commit through the contents API (the head commit is not in the clone); 0 differ from the workspace (lines mapped)');
    expect(fake.requests.filter((request) => request.path.includes('/contents/')).map((request) => request.query.get('ref'))).toEqual([head]);
    expect(fake.reviews).toEqual([]);
    const summary = readFileSync(environment.GITHUB_STEP_SUMMARY!, 'utf8');
    expect(summary).toContain('no suggestion: the head commit ccccccc has no such file');
    expect(summary).toContain('manifests/cache.yaml line 21');

    // `.git/HEAD` naming a branch whose ref (packed) is the head commit: the workspace is the head, nothing is read.
    writeFileSync(environment.GITHUB_STEP_SUMMARY!, '');
    mkdirSync(path.join(workspace, '.git'));
    writeFileSync(path.join(workspace, '.git/HEAD'), 'ref: refs/heads/feature\n');
    writeFileSync(path.join(workspace, '.git/packed-refs'), `# pack-refs with: peeled fully-peeled sorted\n${head} refs/heads/feature\n`);
    const again = fakeCore({ token: 't' });
    const before = fake.requests.length;
    expect(await run({ core: again.core, env: environment, github: client(fake) })).toBe(1);
    expect(again.logs.filter((line) => line.startsWith('kyverno-lint: review') || line.startsWith('kyverno-lint: the workspace'))).toEqual([
      `kyverno-lint: review of pull request #7 on ccccccc (review ${fake.reviews[0]!.id}): 2 comments posted, 0 updated, 0 unchanged, 0 not posted; 5 edits outside the diff go to the summary`,
    ]);
    expect(fake.requests.slice(before).filter((request) => request.path.includes('/contents/'))).toEqual([]);
    expect(fake.comments.map((comment) => [comment.line, comment.commit_id])).toEqual([
      [21, head],
      [27, head],
    ]);
  });

  it('lists unsupported policy kinds under Skipped, and writes no summary when summary is false', async () => {
    const { dir, workspace } = setup();
    // Kyverno routes only the cluster-scoped kind of an Envoy policy to its authz processor.
    writeFileSync(path.join(workspace, 'policies/cel.yaml'), 'apiVersion: policies.kyverno.io/v1\nkind: NamespacedValidatingPolicy\nmetadata:\n  name: cel\n  namespace: shop\nspec:\n  evaluation:\n    mode: Envoy\n  validations:\n    - expression: "true"\n');
    const first = fakeCore({});
    const environment = env(dir, workspace, 'push', {});
    await run({ core: first.core, env: environment, github: client(undefined) });
    const summary = readFileSync(environment.GITHUB_STEP_SUMMARY!, 'utf8');
    expect(summary).toContain('### Skipped\n\n- `kyverno-lint/unsupported-policy-kind` (unsupported policy kinds, not evaluated): [policies/cel.yaml:1]');

    writeFileSync(environment.GITHUB_STEP_SUMMARY!, '');
    const second = fakeCore({ summary: 'false' });
    await run({ core: second.core, env: environment, github: client(undefined) });
    expect(readFileSync(environment.GITHUB_STEP_SUMMARY!, 'utf8')).toBe('');
    expect(second.logs).toContain('kyverno-lint: summary off: input summary is false');
  });

  it('annotates the legacy-policy notices only in the files a pull request changes, and lists them all in the summary', async () => {
    const { dir, workspace } = setup();
    const notices = (logs: string[]): string[] => logs.filter((line) => line.includes('title=kyverno-lint/legacy-policy::'));

    // A push: no annotation for them; the step passes on them as before (the example repository fails on its errors).
    const push = fakeCore({});
    const environment = env(dir, workspace, 'push', {});
    expect(await run({ core: push.core, env: environment, github: client(undefined) })).toBe(1);
    expect(notices(push.logs)).toEqual([]);
    expect(push.logs).toContain('kyverno-lint: 4 kyverno-lint/legacy-policy notices are not annotated (not a pull request); the job summary lists them');
    expect(push.outputs).toMatchObject({ errors: '2', warnings: '2', info: '8' });
    const summary = readFileSync(environment.GITHUB_STEP_SUMMARY!, 'utf8');
    expect(summary).toContain('### kyverno.io policies to migrate\n\n4 kyverno.io policies (ClusterPolicy, Policy), which Kyverno 1.20 no longer runs');
    expect(summary).toContain('- [policies/add-safe-defaults.yaml:4](https://github.com/octo/shop/blob/');
    expect(summary).toContain('#L4) ClusterPolicy add-safe-defaults\n');

    // A pull request changing one policy file: its notice is annotated (in the check run), the others are not.
    const policy = readFileSync(path.join(workspace, 'policies/restrict-replicas.yaml'), 'utf8');
    const fake = await startFakeGitHub({ checks: 'allowed', files: [{ filename: 'policies/restrict-replicas.yaml', status: 'modified', patch: patchFor(policy, 5, 8, (line) => line === 6) }] });
    cleanups.push(() => fake.close());
    const pull = fakeCore({ token: 't', review: 'off' });
    await run({ core: pull.core, env: env(dir, workspace, 'pull_request', pullRequestEvent(5, 'a'.repeat(40))), github: client(fake) });
    const annotations = fake.checkRuns[0]!.bodies.flatMap((body) => (body.output as { annotations: { path: string; title: string; annotation_level: string; start_line: number }[] }).annotations);
    expect(annotations.filter((annotation) => annotation.title === 'kyverno-lint/legacy-policy').map((annotation) => [annotation.path, annotation.start_line, annotation.annotation_level])).toEqual([
      ['policies/restrict-replicas.yaml', 1, 'notice'],
    ]);
    expect(pull.logs).toContain('kyverno-lint: 3 kyverno-lint/legacy-policy notices are not annotated (files the pull request does not change); the job summary lists them');
  });

  it('values-file and policies inputs reach the scan', async () => {
    const { dir, workspace } = setup();
    const { core, outputs } = fakeCore({ paths: 'manifests', policies: 'policies/restrict-replicas.yaml', 'values-file': 'missing-values.yaml' });
    expect(await run({ core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(2);
    expect(outputs['exit-code']).toBe('2');
    const ok = fakeCore({ paths: 'manifests', policies: 'policies/restrict-replicas.yaml' });
    expect(await run({ core: ok.core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(1);
    expect(ok.outputs).toMatchObject({ errors: '1', warnings: '0' });
  });
});

describe('run: a scan that checks nothing, and the configuration checked against the loaded policies', () => {
  it("scans a subfolder against the configuration's policies, as the CLI does", async () => {
    const { dir, workspace } = setup();
    writeFileSync(path.join(workspace, '.kyverno-lint.yaml'), 'policies: ["policies/**"]\n');
    const { core, outputs } = fakeCore({ paths: 'manifests' });
    expect(await run({ core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(1);
    expect(outputs).toMatchObject({ errors: '2', 'exit-code': '1' });
  });

  it.each<{ name: string; config: string; inputs: Record<string, string>; code: number }>([
    { name: 'no policy: fails the step, even with fail-on never', config: '', inputs: { 'fail-on': 'never' }, code: 2 },
    { name: 'input allow-empty: true', config: '', inputs: { 'allow-empty': 'true' }, code: 0 },
    { name: 'allowEmpty: true in the configuration', config: 'allowEmpty: true\n', inputs: {}, code: 0 },
    { name: 'input allow-empty: false over the configuration', config: 'allowEmpty: true\n', inputs: { 'allow-empty': 'false' }, code: 2 },
  ])('$name', async ({ config, inputs, code }) => {
    const { dir, workspace } = setup();
    writeFileSync(path.join(workspace, '.kyverno-lint.yaml'), `policies: ["nowhere/**"]\n${config}`);
    const { core, logs, outputs } = fakeCore({ paths: 'manifests', ...inputs });
    const environment = env(dir, workspace, 'push', {});
    expect(await run({ core, env: environment, github: client(undefined) })).toBe(code);
    expect(outputs['exit-code']).toBe(String(code));
    const message = "no policy found: the 5 manifests were not checked; the configuration's policies globs (nowhere/**) select no policy";
    const summary = readFileSync(environment.GITHUB_STEP_SUMMARY!, 'utf8');
    expect(summary).toContain(message);
    if (code === 2) expect(logs.some((line) => line.startsWith(`::error::${message}`) && line.includes('input allow-empty: true'))).toBe(true);
    else expect(logs).toContain(`kyverno-lint: warning: ${message}`);
  });

  it('a rule id naming no rule of a loaded policy is an error annotation at its line (exit 2); a policy not loaded a warning', async () => {
    const { dir, workspace } = setup();
    writeFileSync(path.join(workspace, '.kyverno-lint.yaml'), 'severity:\n  rules:\n    restrict-replicas/max-ten-replica: info\nignore:\n  - other-policy/*\n');
    const { core, logs, outputs } = fakeCore({});
    expect(await run({ core, env: env(dir, workspace, 'push', {}), github: client(undefined) })).toBe(2);
    expect(logs).toContain(
      '::error file=.kyverno-lint.yaml,line=3,col=5::severity.rules: "restrict-replicas/max-ten-replica" names no rule of policy restrict-replicas (did you mean "restrict-replicas/max-ten-replicas"?)',
    );
    expect(logs).toContain('kyverno-lint: warning: .kyverno-lint.yaml:5:5: ignore: "other-policy/*" matches no policy loaded in this run');
    expect(outputs['exit-code']).toBe('2');
  });
});

describe('run: MutatingPolicy mutations as one-click suggestions', () => {
  const HEAD = 'd'.repeat(40);

  /** A copy of test/fixtures/action/mutating-policy checked out at the pull request's head commit. */
  function mutatingPolicyWorkspace(): { dir: string; workspace: string } {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-action-mpol-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const workspace = path.join(dir, 'workspace');
    cpSync(path.join(ROOT, 'test/fixtures/action/mutating-policy'), workspace, { recursive: true });
    mkdirSync(path.join(workspace, '.git'));
    writeFileSync(path.join(workspace, '.git/HEAD'), `${HEAD}\n`);
    return { dir, workspace };
  }

  it('posts the edit of an apply configuration and of a JSON patch, each as a suggestion block holding exactly the new lines', async () => {
    const { dir, workspace } = mutatingPolicyWorkspace();
    const api = readFileSync(path.join(workspace, 'manifests/api.yaml'), 'utf8');
    const debug = readFileSync(path.join(workspace, 'manifests/debug.yaml'), 'utf8');
    const fake = await startFakeGitHub({
      checks: 'allowed',
      files: [
        // api.yaml: the labels were touched (line 8 rewritten); debug.yaml is new.
        { filename: 'manifests/api.yaml', status: 'modified', patch: patchFor(api, 5, 11, (line) => line === 8) },
        { filename: 'manifests/debug.yaml', status: 'added', patch: patchFor(debug, 1, 10, () => true) },
      ],
    });
    cleanups.push(() => fake.close());
    const { core, logs, outputs } = fakeCore({ token: 't', review: 'suggestions' });
    // Mutations are info findings: the step passes.
    expect(await run({ core, env: env(dir, workspace, 'pull_request', pullRequestEvent(9, HEAD)), github: client(fake) })).toBe(0);
    expect(outputs).toMatchObject({ errors: '0', warnings: '0', info: '2', 'exit-code': '0' });
    expect(logs.filter((line) => line.startsWith('kyverno-lint: review'))).toEqual([
      `kyverno-lint: review of pull request #9 on ddddddd (review ${fake.reviews[0]!.id}): 2 comments posted, 0 updated, 0 unchanged, 0 not posted; 0 edits outside the diff go to the summary`,
    ]);

    const posts = fake.requests.filter((request) => request.method === 'POST' && request.path === '/repos/octo/shop/pulls/9/reviews');
    expect(posts.map((request) => [request.body!.commit_id, request.body!.event])).toEqual([[HEAD, 'COMMENT']]);
    const comments = posts[0]!.body!.comments as { path: string; line: number; start_line?: number; side: string; body: string }[];
    expect(comments.map((comment) => [comment.path, comment.start_line, comment.line, comment.side])).toEqual([
      ['manifests/api.yaml', undefined, 8, 'RIGHT'],
      ['manifests/debug.yaml', undefined, 10, 'RIGHT'],
    ]);
    expect(comments.map((comment) => comment.body)).toEqual([
      [
        '<!-- kyverno-lint:add-owner-label:manifests/api.yaml:8 -->',
        '**kyverno-lint** `add-owner-label`: add-owner-label mutates Deployment/api',
        '',
        '```suggestion',
        '    app: api   # selected by the Service',
        '    owner: platform-team',
        '```',
        '',
      ].join('\n'),
      [
        '<!-- kyverno-lint:always-pull-images:manifests/debug.yaml:10 -->',
        '**kyverno-lint** `always-pull-images`: always-pull-images mutates Pod/debug',
        '',
        '```suggestion',
        '      command: ["sleep", "3600"]',
        '      imagePullPolicy: Always',
        '```',
        '',
      ].join('\n'),
    ]);

    // Accepting both suggestions gives the files the mutating policies ask for, and nothing else changes.
    const accept = (text: string, line: number, comment: string): string => {
      const lines = text.split('\n');
      const suggested = /```suggestion\n([\s\S]*?)```/.exec(comment)![1]!.replace(/\n$/, '');
      lines.splice(line - 1, 1, ...suggested.split('\n'));
      return lines.join('\n');
    };
    expect(accept(api, 8, comments[0]!.body)).toBe(api.replace('    app: api   # selected by the Service\n', '    app: api   # selected by the Service\n    owner: platform-team\n'));
    expect(accept(debug, 10, comments[1]!.body)).toBe(`${debug}      imagePullPolicy: Always\n`);
  });
});
