/**
 * @file The scan on several threads (`--jobs N`): N workers (node:worker_threads) each load the workspace and run
 * the scan of part i/N of the units (shard.ts); the main thread answers their exchange (directive usage,
 * registry-bound errors) and merges their results into the result a single thread gives: the same findings in the
 * same (total) order, the same counts, fixes, warnings and errors.
 *
 * The worker is this module's bundle started again (dist/cli.js, dist/action.js: the entry points call
 * `runScanWorkerIfAsked` first), or from source worker-entry.ts, loaded through tsx as the main thread is.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { lint, type LintResult } from './lint.js';
import type { LintOptions } from './options.js';
import { compareFindings, type ShardExchange, type ShardExchangeReply } from './shard.js';
import { decodeFromThread, encodeForThread, transferables, type ThreadEncoded } from './thread-encoding.js';
import { byFixFile } from './fixes.js';
import { findFiles } from '../discovery/find-files.js';
import { globBase } from '../config/load.js';
import type { Finding, LintReport } from '../report/types.js';
import type { RuleStatus } from '../types.js';
import { DEFAULT_MAX_FILE_SIZE } from '../source/index.js';

/** Marks the workerData of a scan worker. */
const WORKER_MARK = 'kyverno-lint/scan-worker';

/**
 * Below this many (manifest, policy) pairs, one thread is used unless `--jobs` asks for more: each worker loads and
 * compiles the whole workspace again, and the main thread merges their findings, which pays only when the
 * evaluation outweighs it. Since the scan evaluates policy by policy over batches of objects, a pair costs about
 * 7 µs (`npm run bench`: 9.3 s for 5,000 manifests × 274 policies), and on the bench repository (1.37 million
 * pairs) two workers on two cores took as long as one thread (13.5 and 13.9 s against 14.0 and 13.2 s) with
 * 350 MiB more memory: the overhead is about half that evaluation.
 */
export const PARALLEL_MIN_PAIRS = 2_000_000;

/** Messages from a worker. */
type FromWorker =
  | { type: 'progress'; done: number; total: number }
  | { type: 'exchange'; local: ShardExchange }
  | { type: 'result'; result: EncodedResult }
  | { type: 'error'; message: string };

/**
 * A worker's result with its findings encoded (thread-encoding.ts): structured cloning copies their distinct strings
 * and moves their blocks of words, a fraction of what copying them as objects costs. `findings` is null when they
 * could not be encoded (a value other than JSON values and bigints, a cycle): they are then in `result`, cloned as
 * they are.
 */
export interface EncodedResult {
  result: LintResult;
  /** The findings and the suppressed findings. */
  findings: ThreadEncoded | null;
}

/** A worker's result as it posts it (with the blocks of `findings` transferred). */
export function encodeResult(result: LintResult): EncodedResult {
  let findings: ThreadEncoded;
  try {
    findings = encodeForThread([result.report.findings, result.report.suppressedFindings ?? []]);
  } catch {
    // Findings are plain data: this is a safety net, which structured cloning catches in turn when it cannot copy them.
    return { result, findings: null };
  }
  return { result: { ...result, report: { ...result.report, findings: [], suppressedFindings: [] } }, findings };
}

/** The result a worker posted, as it was before {@link encodeResult}. */
export function decodeResult(encoded: EncodedResult): LintResult {
  if (encoded.findings === null) return encoded.result;
  const [findings, suppressedFindings] = decodeFromThread(encoded.findings) as [Finding[], Finding[]];
  return { ...encoded.result, report: { ...encoded.result.report, findings, suppressedFindings } };
}

/** What a worker is given. */
interface WorkerInput {
  [WORKER_MARK]: true;
  options: LintOptions;
}

/**
 * The number of threads `--jobs` defaults to: the available CPUs, at most 4, since every worker holds a copy of the
 * workspace (about 1 GB for 5,000 manifests and 274 policies).
 */
export function defaultJobs(): number {
  return Math.min(availableParallelism(), 4);
}

/**
 * The old-generation heap of each worker, in MB. Each worker holds a copy of the workspace (its live heap is about
 * 250 MB on the bench repository), and V8 grows a heap well past what is live when nothing bounds it: two workers
 * of the bench repository peaked at 1,100 MiB unbounded, 888 MiB bounded so. A worker that runs out of it makes
 * the scan run again on one thread (`lintWithJobs`).
 */
export const WORKER_HEAP_MB = 1536;

/** A worker ran out of its heap (`WORKER_HEAP_MB`). */
export class WorkerOutOfMemory extends Error {}

/**
 * The scan with `jobs` threads: one thread when `jobs` is 1, when the scan reads standard input or a base
 * revision, with the results cache, or (unless `force`) when the scan is too small for threads to pay. When a
 * worker runs out of its `heapMb`, the scan runs again on one thread, with a warning.
 */
export async function lintWithJobs(options: LintOptions, jobs: number, force = false, heapMb = WORKER_HEAP_MB): Promise<LintResult> {
  // The results cache reads and writes whole scans: a cached scan runs in one thread.
  if (jobs <= 1 || options.base !== undefined || options.paths.includes('-') || options.cache !== undefined) return lint(options);
  if (!force && (await estimatePairs(options)) < PARALLEL_MIN_PAIRS) return lint(options);
  try {
    return await lintParallel(options, jobs, heapMb);
  } catch (error) {
    if (!(error instanceof WorkerOutOfMemory)) throw error;
    const result = await lint(options);
    result.warnings.unshift(`${error.message}: the repository was scanned on one thread (--jobs 1 skips the workers)`);
    return result;
  }
}

/** The kinds of policies (kyverno.io and CEL policies, admission policies). */
const POLICY_KINDS = '(?:ClusterPolicy|Policy|(?:Namespaced)?(?:Validating|Mutating|Generating|Deleting|ImageValidating)Policy|(?:Validating|Mutating)AdmissionPolicy)';
/** A policy document's kind line. */
const POLICY_KIND = new RegExp(`^kind:[ \\t]*["']?${POLICY_KINDS}["']?[ \\t]*$`, 'm');
const ANY_KIND = /^kind:/m;
/** A document in JSON syntax (YAML's flow style), whose top-level keys are not at the start of a line. */
const JSON_DOCUMENT = /^\s*(?:#[^\n]*\n\s*)*\{/;
const JSON_POLICY_KIND = new RegExp(`"kind"\\s*:\\s*"${POLICY_KINDS}"`);
const JSON_ANY_KIND = /"kind"\s*:/;

/**
 * About how many (manifest, policy) pairs the scan evaluates, from the text of the files discovery finds below the
 * scan paths and the `--policy` paths: each `---` document with a top-level policy kind counts as a policy, any other
 * with a top-level `kind` as a manifest (in a document in JSON syntax, a `"kind"` key anywhere). Reading the files
 * costs a fraction of parsing them; what this misses
 * (policies the configuration's globs select elsewhere, Kustomize builds) only keeps a scan on one thread.
 */
export async function estimatePairs(options: LintOptions): Promise<number> {
  const base = globBase(options.config, options.cwd);
  const found = await findFiles({ cwd: options.cwd, paths: [...options.paths, ...options.policyPaths], include: [], exclude: options.config.exclude, gitignore: true, base });
  let policies = 0;
  let manifests = 0;
  const limit = options.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  for (const file of new Set(found.files)) {
    let text: string;
    try {
      if (statSync(file).size > limit) continue;
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const document of text.split(/^---/m)) {
      const json = JSON_DOCUMENT.test(document);
      if ((json ? JSON_POLICY_KIND : POLICY_KIND).test(document)) policies++;
      else if ((json ? JSON_ANY_KIND : ANY_KIND).test(document)) manifests++;
    }
  }
  return policies * manifests;
}

/** The options a worker can be given (functions and the base revision do not cross threads). */
function workerOptions(options: LintOptions, index: number, count: number): LintOptions {
  const { onProgress: _progress, exchange: _exchange, ...rest } = options;
  return { ...rest, part: { index, count } };
}

/**
 * Where the worker's code is: this bundle, or from source worker-entry.ts, imported once tsx's loader is registered
 * in the worker (loaders registered with --import do not reach worker threads on Node 20).
 */
function workerEntry(): { code: URL | string; eval: boolean } {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith('.ts')) return { code: self, eval: false };
  const entry = new URL('./worker-entry.ts', import.meta.url).href;
  // tsx's `tsx/esm/api` (its ES module: the package's `import` condition, which require.resolve does not take).
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  return { code: `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`, eval: true };
}

/**
 * Runs the scan on `count` workers of `heapMb` old-generation heap each and merges their results; a worker's
 * failure rejects (never hangs), with a `WorkerOutOfMemory` when it ran out of its heap.
 */
export async function lintParallel(options: LintOptions, count: number, heapMb = WORKER_HEAP_MB): Promise<LintResult> {
  const started = performance.now();
  const entry = workerEntry();
  const workers: Worker[] = [];
  const progress = new Array<{ done: number; total: number }>(count).fill({ done: 0, total: 0 });
  const exchanges = new Array<ShardExchange | undefined>(count).fill(undefined);
  try {
    const results = await new Promise<LintResult[]>((resolve, reject) => {
      const results = new Array<LintResult | undefined>(count).fill(undefined);
      let finished = 0;
      let failed = false;
      const fail = (index: number, message: string, outOfMemory = false): void => {
        if (failed) return;
        failed = true;
        reject(
          outOfMemory
            ? new WorkerOutOfMemory(`scan worker ${index + 1} of ${count} ran out of memory (${heapMb} MB of heap)`)
            : new Error(`scan worker ${index + 1} of ${count} failed: ${message}`),
        );
      };
      const answer = (): void => {
        if (exchanges.some((item) => item === undefined)) return;
        const replies = mergeExchanges(exchanges as ShardExchange[]);
        for (const [index, worker] of workers.entries()) worker.postMessage(replies[index]);
      };
      for (let index = 0; index < count; index++) {
        const input: WorkerInput = { [WORKER_MARK]: true, options: workerOptions(options, index + 1, count) };
        const worker = new Worker(entry.code, { workerData: input, eval: entry.eval, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
        workers.push(worker);
        worker.on('message', (message: FromWorker) => {
          if (failed) return;
          try {
            handle(message);
          } catch (error) {
            fail(index, error instanceof Error ? (error.stack ?? error.message) : String(error));
          }
        });
        const handle = (message: FromWorker): void => {
          if (message.type === 'progress') {
            progress[index] = { done: message.done, total: message.total };
            options.onProgress?.(
              progress.reduce((sum, item) => sum + item.done, 0),
              progress.reduce((sum, item) => sum + item.total, 0),
            );
          } else if (message.type === 'exchange') {
            exchanges[index] = message.local;
            answer();
          } else if (message.type === 'result') {
            results[index] = decodeResult(message.result);
            if (++finished === count) resolve(results as LintResult[]);
          } else {
            fail(index, message.message);
          }
        };
        worker.on('error', (error) => {
          const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
          fail(index, error instanceof Error ? (error.stack ?? error.message) : String(error), outOfMemory);
        });
        worker.on('exit', (code) => {
          if (results[index] === undefined) fail(index, `it exited (code ${code}) without a result`);
        });
      }
    });
    return mergeResults(results, options, performance.now() - started);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * The answers to the workers' exchanges: every directive's usage, and for each worker the registry-bound errors a
 * worker before it met (reported by that one).
 */
export function mergeExchanges(exchanges: readonly ShardExchange[]): ShardExchangeReply[] {
  const usage = new Map<string, Set<string>>();
  for (const { directives } of exchanges) {
    for (const [key, ids] of directives) {
      let set = usage.get(key);
      if (set === undefined) usage.set(key, (set = new Set()));
      for (const id of ids) set.add(id);
    }
  }
  const directives: [string, string[]][] = [...usage].map(([key, ids]) => [key, [...ids]]);
  const met = new Set<string>();
  return exchanges.map(({ registry }) => {
    const dropRegistry = registry.filter((key) => met.has(key));
    for (const key of registry) met.add(key);
    return { directives, dropRegistry };
  });
}

/** The result of a single thread, from the workers' (each evaluated its own units; what they loaded is the same). */
export function mergeResults(results: readonly LintResult[], options: LintOptions, durationMs: number): LintResult {
  const first = results[0]!;
  const findings: Finding[] = results.flatMap((result) => result.report.findings).sort(compareFindings);
  const suppressedFindings: Finding[] = results.flatMap((result) => result.report.suppressedFindings ?? []).sort(compareFindings);
  const statuses: Record<RuleStatus, number> = { pass: 0, fail: 0, warn: 0, error: 0, skip: 0 };
  const counts: LintReport['counts'] = { error: 0, warning: 0, info: 0, suppressed: 0 };
  let manifests = 0;
  let subjects = 0;
  for (const { report } of results) {
    for (const status of Object.keys(statuses) as RuleStatus[]) statuses[status] += report.statuses[status];
    counts.suppressed += report.counts.suppressed;
    manifests += report.manifests;
  }
  for (const finding of findings) counts[finding.severity]++;
  for (const result of results) subjects += result.shard?.subjects ?? 0;
  const report: LintReport = { ...first.report, findings, suppressedFindings, counts, statuses, manifests, durationMs };
  // A file's fixes come from one worker (its unit's); a single thread lists them in the order of the scan's files.
  const fixes = results.flatMap((result) => result.fixes).sort(byFixFile);
  // Each worker's outcome is its part's: the run's sums them.
  const units = results.reduce((sum, result) => sum + (result.shard?.units ?? 0), 0);
  const shard = options.shard === undefined || first.shard === null ? null : { ...first.shard, index: options.shard.index, count: options.shard.count, units, subjects };
  return { ...first, report, fixes, shard };
}

/** In a worker started by `lintParallel`: runs its part of the scan and posts the result; false elsewhere. */
export async function runScanWorkerIfAsked(): Promise<boolean> {
  if (isMainThread || parentPort === null) return false;
  const input = workerData as Partial<WorkerInput> | null;
  if (input === null || typeof input !== 'object' || input[WORKER_MARK] !== true || input.options === undefined) return false;
  const port = parentPort;
  try {
    let last = 0;
    const result = await lint({
      ...input.options,
      onProgress: (done, total) => {
        const now = Date.now();
        if (done === total || now - last >= 50) {
          last = now;
          port.postMessage({ type: 'progress', done, total } satisfies FromWorker);
        }
      },
      exchange: (local) =>
        new Promise<ShardExchangeReply>((resolve) => {
          port.once('message', (reply: ShardExchangeReply) => resolve(reply));
          port.postMessage({ type: 'exchange', local } satisfies FromWorker);
        }),
    });
    const encoded = encodeResult(result);
    port.postMessage({ type: 'result', result: encoded } satisfies FromWorker, encoded.findings === null ? [] : transferables(encoded.findings));
  } catch (error) {
    port.postMessage({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromWorker);
  }
  return true;
}
