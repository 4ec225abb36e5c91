/**
 * @file (d) Cold start of the bundled GitHub Action: `node dist/action.js` spawned as a runner step would
 * (no token, a push event, a workspace with one policy and one compliant manifest, so no findings), timed
 * from the spawn to the first line on stdout, and to the exit of the process (the whole run: inputs, scan,
 * summary, outputs). Each run is a fresh process; the median of {@link RUNS} runs is reported.
 * Target: first output under 150 ms.
 *
 * `node --import tsx bench/action-start.ts` prints the figures; `measureActionStart()` returns them for
 * `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist/action.js');
const RUNS = 7;
export const ACTION_START_TARGET_MS = 150;

const POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team-label
spec:
  validationFailureAction: Enforce
  rules:
    - name: check-team-label
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: "The label team is required."
        pattern:
          metadata:
            labels:
              team: "?*"
`;

const MANIFEST = `apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    team: storefront
spec:
  containers:
    - name: web
      image: ghcr.io/example/web:1.4.2
`;

export interface ActionStart {
  /** Median milliseconds from spawn to the first line on stdout. */
  firstOutputMs: number;
  /** Median milliseconds from spawn to the exit of the process. */
  exitMs: number;
  runs: number;
  exitCode: number | null;
}

function once(workspace: string, dir: string): Promise<{ firstOutputMs: number; exitMs: number; exitCode: number | null }> {
  const summary = path.join(dir, 'summary.md');
  const output = path.join(dir, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REPOSITORY: 'octo/bench',
    GITHUB_SHA: '0'.repeat(40),
    GITHUB_WORKSPACE: workspace,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    'INPUT_FAIL-ON': 'error',
    INPUT_TOKEN: '',
  };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstOutputMs = -1;
    const child = spawn(process.execPath, [bundle], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => {
      if (firstOutputMs < 0 && chunk.includes(10)) firstOutputMs = performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ firstOutputMs, exitMs: performance.now() - started, exitCode: code }));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function measureActionStart(): Promise<ActionStart> {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build`);
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-action-start-'));
  try {
    const workspace = path.join(dir, 'workspace');
    mkdirSync(workspace);
    writeFileSync(path.join(workspace, 'policy.yaml'), POLICY);
    writeFileSync(path.join(workspace, 'pod.yaml'), MANIFEST);
    const results = [];
    for (let run = 0; run < RUNS; run++) results.push(await once(workspace, dir));
    const failed = results.find((result) => result.exitCode !== 0);
    return {
      firstOutputMs: median(results.map((result) => result.firstOutputMs)),
      exitMs: median(results.map((result) => result.exitMs)),
      runs: RUNS,
      exitCode: failed?.exitCode ?? 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The report lines: the figure, then whether the target is met. */
export function actionStartLines(figures: ActionStart): string[] {
  const met = figures.firstOutputMs < ACTION_START_TARGET_MS;
  return [
    `${'(d) action cold start'.padEnd(26)} ${figures.firstOutputMs.toFixed(0).padStart(7)} ms to the first output, ${figures.exitMs.toFixed(0)} ms to exit (median of ${figures.runs} runs, no findings${figures.exitCode === 0 ? '' : `, exit code ${figures.exitCode}!`})`,
    `${met ? 'met    ' : 'MISSED '} (d) action cold start under ${ACTION_START_TARGET_MS} ms (${figures.firstOutputMs.toFixed(0)} ms)`,
  ];
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const figures = await measureActionStart();
  for (const text of actionStartLines(figures)) process.stdout.write(`${text}\n`);
}
