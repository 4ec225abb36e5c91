/**
 * @file Runs the committed bundle `dist/action.js` as the GitHub runner does: a fresh `node` process with
 * only the `GITHUB_*` and `INPUT_*` variables of a step (input names upper-cased with their hyphens kept),
 * an event payload file, and `GITHUB_STEP_SUMMARY` / `GITHUB_OUTPUT` files, which are read back.
 * Nothing is built here: a missing bundle fails with a message saying to run `npm run build`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ACTION_BUNDLE = path.join(ROOT, 'dist/action.js');

export function requireBundle(): void {
  if (!existsSync(ACTION_BUNDLE)) throw new Error(`${ACTION_BUNDLE} is missing: run \`npm run build\` (dist/ is committed; these tests run the bundle, they do not build it)`);
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  summary: string;
  outputs: Record<string, string>;
}

/**
 * A temporary workspace holding a copy of examples/ (manifests/ and policies/). With `checkedOut`, it has a
 * `.git/HEAD` naming that commit, as `actions/checkout` leaves it (detached); without, the action falls
 * back to `GITHUB_SHA`, which `runAction` sets to `aaaa…` (the merge commit of a `pull_request` event).
 */
export function exampleWorkspace(checkedOut?: string): { dir: string; workspace: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-action-'));
  const workspace = path.join(dir, 'workspace');
  cpSync(path.join(ROOT, 'examples'), workspace, { recursive: true });
  if (checkedOut !== undefined) {
    mkdirSync(path.join(workspace, '.git'));
    writeFileSync(path.join(workspace, '.git/HEAD'), `${checkedOut}\n`);
  }
  return { dir, workspace, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `name<<delimiter\nvalue\ndelimiter` records of a `GITHUB_OUTPUT` file. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[index]!);
    if (match) {
      const [, name, delimiter] = match;
      const value: string[] = [];
      for (index++; index < lines.length && lines[index] !== delimiter; index++) value.push(lines[index]!);
      outputs[name!] = value.join('\n');
    } else if (lines[index]!.includes('=')) {
      const at = lines[index]!.indexOf('=');
      outputs[lines[index]!.slice(0, at)] = lines[index]!.slice(at + 1);
    }
  }
  return outputs;
}

export interface RunActionOptions {
  /** The folder for the event, summary and output files. */
  dir: string;
  workspace: string;
  eventName: string;
  payload?: unknown;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  apiUrl?: string;
}

export function runAction(options: RunActionOptions): Promise<ActionRun> {
  requireBundle();
  const eventPath = path.join(options.dir, 'event.json');
  const summaryPath = path.join(options.dir, 'summary.md');
  const outputPath = path.join(options.dir, 'output.txt');
  writeFileSync(eventPath, JSON.stringify(options.payload ?? {}));
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  // A clean environment, as on a runner step: nothing of the test process's own GITHUB_* or proxy settings.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? options.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'octo/shop',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '42',
    GITHUB_ACTOR: 'octocat',
    RUNNER_TEMP: options.dir,
    ...(options.apiUrl ? { GITHUB_API_URL: options.apiUrl } : {}),
    ...options.env,
  };
  // Defaults of action.yml, which the runner passes as inputs.
  const inputs: Record<string, string> = { paths: '.', 'fail-on': 'error', annotations: 'true', review: 'suggestions', summary: 'true', 'only-changed': 'false', base: 'auto', ...options.inputs };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ACTION_BUNDLE], { cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr, summary: readFileSync(summaryPath, 'utf8'), outputs: parseOutputs(readFileSync(outputPath, 'utf8')) });
    });
  });
}

/** The `pull_request` event payload of pull request `number` in octo/shop (from a fork when `fork`). */
export function pullRequestEvent(number: number, headSha: string, fork = false): Record<string, unknown> {
  const base = { full_name: 'octo/shop', owner: { login: 'octo' } };
  const head = fork ? { full_name: 'someone/shop', owner: { login: 'someone' } } : base;
  return {
    action: 'synchronize',
    number,
    pull_request: { number, head: { sha: headSha, ref: 'feature', repo: head }, base: { sha: 'b'.repeat(40), ref: 'main', repo: base } },
    repository: base,
  };
}
