/**
 * The Action's base revision (input `base`): `run()` in-process on a workspace holding the second commit of
 * test/fixtures/lint/base-revision (a pull request), its base read through the local stand-in for the REST API (the
 * tree of the base commit, then the blobs of the files that differ), or from a clone that holds it.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubApi } from '../../src/action/github-api.js';
import { run, type ActionCore } from '../../src/action/main.js';
import { testRepository } from '../lint/git-repository.js';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from './fake-github.js';
import { pullRequestEvent, ROOT } from './run-action.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/lint/base-revision');
/** The base commit `pullRequestEvent` names (`pull_request.base.sha`, branch main). */
const BASE = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** The files below `dirs` by path relative to each (later folders win). */
function filesOf(...dirs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (root: string, dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(root, file);
      else out[path.relative(root, file).split(path.sep).join('/')] = readFileSync(file, 'utf8');
    }
  };
  for (const dir of dirs) walk(dir, dir);
  return out;
}

const BASE_FILES = filesOf(path.join(FIXTURE, 'shared'), path.join(FIXTURE, 'commit-1'));

/** A workspace holding the pull request's files (no .git: the base commit is not in the clone). */
function workspace(): { dir: string; workspace: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-action-base-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const ws = path.join(dir, 'workspace');
  cpSync(path.join(FIXTURE, 'shared'), ws, { recursive: true });
  cpSync(path.join(FIXTURE, 'commit-2'), ws, { recursive: true });
  return { dir, workspace: ws };
}

function fakeCore(inputs: Record<string, string>) {
  const logs: string[] = [];
  const outputs: Record<string, string> = {};
  const core: ActionCore = {
    getInput: (name) => (inputs[name] ?? '').trim(),
    setOutput: (name, value) => (outputs[name] = String(value)),
    setSecret: () => {},
    info: (message) => logs.push(message),
    startGroup: (name) => logs.push(`::group::${name}`),
    endGroup: () => logs.push('::endgroup::'),
  };
  return { core, logs, outputs };
}

function client(fake: FakeGitHub): (token: string) => Promise<GitHubApi> {
  return async (token) => {
    const octokit = getOctokit(token, { baseUrl: fake.url });
    return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
  };
}

async function server(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const fake = await startFakeGitHub(options);
  cleanups.push(() => fake.close());
  return fake;
}

function environment(dir: string, ws: string, eventName: string, payload: unknown): Record<string, string> {
  const eventPath = path.join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(payload));
  writeFileSync(path.join(dir, 'summary.md'), '');
  return { GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: 'octo/shop', GITHUB_SHA: 'a'.repeat(40), GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md') };
}

/** The check run's annotations as `[path, start_line, message]`. */
function annotations(fake: FakeGitHub): [string, number, string][] {
  return fake.checkRuns.flatMap((checkRun) =>
    checkRun.bodies.flatMap((body) => ((body.output as { annotations?: { path: string; start_line: number; message: string }[] } | undefined)?.annotations ?? []).map((annotation) => [annotation.path, annotation.start_line, annotation.message] as [string, number, string])),
  );
}

const blobSha = (text: string): string => createHash('sha1').update(`blob ${Buffer.byteLength(text)}\0`).update(text).digest('hex');

const gets = (fake: FakeGitHub, part: string): string[] => fake.requests.filter((request) => request.method === 'GET' && request.path.includes(part)).map((request) => request.path.split('/').at(-1)!);

describe('the base revision of a pull request', () => {
  it("is passed automatically: read through the tree and blobs API (only the files that differ), each object is an UPDATE of its base version", async () => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({ checks: 'allowed', trees: { [BASE]: BASE_FILES } });
    const { core, logs, outputs } = fakeCore({ token: 't', review: 'off', base: 'auto' });
    const env = environment(dir, ws, 'pull_request', pullRequestEvent(7, HEAD));
    expect(await run({ core, env, github: client(fake) })).toBe(1);
    expect(fake.requests.filter((request) => request.path.includes('/git/trees/')).map((request) => [request.path, request.query.get('recursive')])).toEqual([[`/repos/octo/shop/git/trees/${BASE}`, '1']]);
    // deploy/base and the policies are the same in the workspace: reused, not read.
    expect(gets(fake, '/git/blobs/').sort()).toEqual(['deploy/prod/kustomization.yaml', 'manifests/settings.yaml', 'manifests/web.yaml'].map((file) => blobSha(BASE_FILES[file]!)).sort());
    expect(logs).toContain('kyverno-lint: base revision compared with main (read from the GitHub API): 2 updated, 2 new, 1 removed objects');
    expect(annotations(fake)).toEqual([
      ['apps/web.yaml', 1, 'spec.selector of web is immutable (UPDATE from main)'],
      ['apps/web.yaml', 1, 'web: replicas may not be lowered from 3 to 2 (UPDATE from main)'],
      ['apps/web.yaml', 6, 'labels may not be removed (UPDATE from main)'],
      ['deploy/base/api.yaml', 1, 'api: replicas may not be lowered from 4 to 1 (UPDATE from main) (in the build of deploy/prod)'],
      // A file the pull request deletes: the annotation is at its base path and line.
      ['manifests/settings.yaml', 1, 'ConfigMap settings is protected (DELETE: removed since main)'],
    ]);
    expect(outputs).toMatchObject({ errors: '5', 'exit-code': '1' });
  });

  it.each<{ name: string; options: FakeGitHubOptions; warning: string }>([
    { name: 'the tree cannot be listed', options: {}, warning: 'cannot read the base revision main through the GitHub API (HTTP 404: Not Found - https://docs.github.com/rest/git/trees#get-a-tree); the manifests are checked as new objects (CREATE)' },
    {
      name: 'a blob cannot be read',
      options: { trees: { [BASE]: BASE_FILES }, blobStatus: 500 },
      warning: 'cannot read the base revision main: Server Error; the manifests were checked as new objects (CREATE)',
    },
  ])('when $name: a warning in the log and the summary, and the run goes on as a CREATE', async ({ options, warning }) => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({ checks: 'allowed', ...options });
    const { core, logs, outputs } = fakeCore({ token: 't', review: 'off', base: 'auto' });
    const env = environment(dir, ws, 'pull_request', pullRequestEvent(7, HEAD));
    expect(await run({ core, env, github: client(fake) })).toBe(0);
    expect(logs).toContain(`kyverno-lint: warning: ${warning}`);
    expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toContain(`- ${warning}`);
    // The UPDATE and DELETE policies see no UPDATE or DELETE.
    expect(annotations(fake)).toEqual([]);
    expect(outputs).toMatchObject({ errors: '0', 'exit-code': '0' });
  });

  it.each<{ name: string; eventName: string; payload: unknown; base: string; tree: string | null; log?: string }>([
    { name: "base: '' turns it off", eventName: 'pull_request', payload: pullRequestEvent(7, HEAD), base: '', tree: null },
    { name: 'base: false turns it off', eventName: 'pull_request', payload: pullRequestEvent(7, HEAD), base: 'false', tree: null },
    { name: 'base names another ref', eventName: 'pull_request', payload: pullRequestEvent(7, HEAD), base: 'release', tree: 'release' },
    { name: 'a push compares with the commit it started from', eventName: 'push', payload: { before: 'd'.repeat(40), after: HEAD }, base: 'auto', tree: 'd'.repeat(40) },
    { name: 'a push creating its branch has no base', eventName: 'push', payload: { before: '0'.repeat(40), after: HEAD }, base: 'auto', tree: null, log: 'kyverno-lint: no base revision: the push created its branch: there is no earlier commit' },
    { name: 'workflow_dispatch has no base', eventName: 'workflow_dispatch', payload: {}, base: 'auto', tree: null, log: 'kyverno-lint: no base revision: the workflow_dispatch event names no base commit' },
    {
      name: 'workflow_run names the base of its pull request',
      eventName: 'workflow_run',
      payload: { workflow_run: { head_sha: HEAD, pull_requests: [{ number: 7, head: { sha: HEAD, ref: 'fix' }, base: { sha: 'e'.repeat(40), ref: 'main' } }] } },
      base: 'auto',
      tree: 'e'.repeat(40),
    },
  ])('$name', async ({ eventName, payload, base, tree, log }) => {
    const { dir, workspace: ws } = workspace();
    const fake = await server({});
    const { core, logs } = fakeCore({ token: 't', review: 'off', annotations: 'false', base });
    await run({ core, env: environment(dir, ws, eventName, payload), github: client(fake) });
    expect(gets(fake, '/git/trees/')).toEqual(tree === null ? [] : [tree]);
    if (log !== undefined) expect(logs).toContain(log);
  });

  it('is read from the clone when it holds the base commit: no API request, no token needed', async () => {
    const repo = testRepository('kyverno-lint-action-clone-');
    cleanups.push(() => repo.remove());
    const first = repo.commit('first', path.join(FIXTURE, 'shared'), path.join(FIXTURE, 'commit-1'));
    repo.commit('second', path.join(FIXTURE, 'shared'), path.join(FIXTURE, 'commit-2'));
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-action-clone-run-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const payload = pullRequestEvent(7, HEAD) as { pull_request: { base: { sha: string } } };
    payload.pull_request.base.sha = first;
    const { core, logs, outputs } = fakeCore({ token: '', base: 'auto' });
    const github = async (): Promise<GitHubApi> => {
      throw new Error('no API in this test');
    };
    expect(await run({ core, env: environment(dir, repo.dir, 'pull_request', payload), github })).toBe(1);
    expect(logs).toContain('kyverno-lint: base revision compared with main (read from the clone): 2 updated, 2 new, 1 removed objects');
    expect(outputs).toMatchObject({ errors: '5' });
  });
});
