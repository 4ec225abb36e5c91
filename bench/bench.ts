/**
 * @file `npm run bench`: speed and memory figures, each a ratio to the floor measured in the same run. Each
 * measurement runs in its own child process so that its peak RSS is its own; the short ones are the median of
 * five runs.
 *  floor: reading the 500 workload files and parsing them with js-yaml, the fastest YAML parser for Node;
 *  (a) the whole conformance corpus (`kyverno-lint test` over both suites, in-process);
 *  (b) a generated workload of 5,000 manifests in 500 files evaluated against every kyverno.io policy of the
 *      corpus with the scan's evaluation options, in the scan's batches (loading, parsing, normalisation and
 *      evaluation included), and the
 *      evaluation's cost per (document, rule) pair and per rule response;
 *  (c) the repository scan (`kyverno-lint` on a folder holding those 500 files and the same policies, one file
 *      each): discovery, loading, evaluation, findings with their locations; in one thread, by default, with two
 *      workers, as two shards (whose findings together must be the unsharded run's), and with the results cache
 *      (cold, nothing changed, one manifest file changed);
 *  (d) the cold start of the bundled GitHub Action (bench/action-start.ts);
 *  (e) the same 5,000 manifests against the ValidatingPolicies of kyverno/policies (the `*-vpol` folders): the
 *      evaluation's cost per (document, policy) pair, set beside (b)'s cost per (document, rule) pair;
 *  (f) a repository of Kustomize applications (250 bases of ten workload manifests, two overlays each) scanned,
 *      set beside the scan of the same objects pre-rendered, medians of three runs.
 * Targets: (c) within 4× the floor, (b) within 3× and 3 µs per rule response; a cached scan within 1× the floor
 * with nothing changed and 1.2× with one file changed; each of two shards within 0.6× of the unsharded scan;
 * `--jobs 2` within 0.7× `--jobs 1`; (e) within 1.5× (b)'s per-rule cost; (f) within 1.5× the pre-rendered scan;
 * peak RSS under 1 GiB; (d) under 150 ms to the first output.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';
import { runConformance } from '../tools/conformance/runner.js';
import { DiagnosticLog } from '../src/commands/load/diagnostics.js';
import { evaluateResources, type EvaluationOptions } from '../src/evaluate/processor.js';
import { BATCH_SUBJECTS } from '../src/lint/lint.js';
import type { ResourceDocument } from '../src/evaluate/resource.js';
import { isCustomResourceDefinition, mockedCluster } from '../src/cluster/index.js';
import type { CliIo } from '../src/commands/io.js';
import { loadPolicies, type LoadedPolicy } from '../src/commands/load/policies.js';
import { loadResources } from '../src/commands/load/resources.js';
import { DEFAULT_CONFIG } from '../src/config/types.js';
import { defaultJobs, lintWithJobs } from '../src/lint/parallel.js';
import type { LintOptions } from '../src/lint/options.js';
import { parseShard } from '../src/lint/units.js';
import type { KyvernoPolicy } from '../src/families/kyverno/compile.js';
import { actionStartLines, measureActionStart } from './action-start.js';
import { generateWorkload } from './workload.js';
import { writeKustomizeRepositories } from './kustomize.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');
const SILENT: CliIo = { stdout: () => {}, stderr: () => {}, cwd: root };
const CEL_FAMILY = /-(cel|vpol|mpol|gpol|dpol)$/;
const VALIDATING_POLICIES = /-vpol$/;

interface Figures {
  seconds: number;
  peakRssMiB: number;
  detail: string;
  /** Evaluation only: microseconds per (document, rule) pair for (b), per (document, policy) pair for (e). */
  microsPerPair?: number;
  /** Evaluation only: microseconds per rule response for (b). */
  microsPerResponse?: number;
}

function finish(started: number, detail: string, microsPerPair?: number, microsPerResponse?: number): void {
  process.stdout.write(JSON.stringify(measured(started, detail, microsPerPair, microsPerResponse)));
}

function measured(started: number, detail: string, microsPerPair?: number, microsPerResponse?: number): Figures {
  const figures: Figures = {
    seconds: (performance.now() - started) / 1000,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    detail,
  };
  if (microsPerPair !== undefined) figures.microsPerPair = microsPerPair;
  if (microsPerResponse !== undefined) figures.microsPerResponse = microsPerResponse;
  return figures;
}

/** The non-CEL policy folders of the corpus (kyverno/policies families and the CLI test cases). */
function policyPaths(): string[] {
  const policiesSuite = path.join(corpus, 'kyverno-policies');
  const families = readdirNames(policiesSuite).filter((name) => !CEL_FAMILY.test(name) && name !== 'LICENSE');
  return [...families.map((name) => path.join(policiesSuite, name)), path.join(corpus, 'kyverno-cli-tests')];
}

function readdirNames(dir: string): string[] {
  return readdirSync(dir).sort();
}

function measureCorpus(): void {
  const started = performance.now();
  const suites = runConformance(corpus);
  const detail = suites.map((suite) => `${suite.suite} ${suite.results.matched}/${suite.results.total}`).join(', ');
  finish(started, detail);
}

/** The evaluation options of the repository scan (src/lint/lint.ts), so that (b) does the scan's evaluation work. */
function scanEvaluation(resources: readonly ResourceDocument[]): EvaluationOptions {
  const objects = resources.map((resource) => resource.value);
  return {
    numberMode: 'int64',
    operation: 'CREATE',
    external: { cluster: mockedCluster(objects), params: objects, crds: objects.filter(isCustomResourceDefinition), imageDataRequired: true },
    targets: objects,
    keepResourceOnMutateError: true,
  };
}

function measureWorkload(dir: string): void {
  const started = performance.now();
  const log = new DiagnosticLog(SILENT);
  const policySet = loadPolicies(policyPaths(), log);
  const policies = jmespathPolicies(policySet.policies).map(({ compiled }) => compiled);
  const resources = loadResources([dir], log, { dedupe: false });
  const rules = policies.reduce((sum, policy) => sum + policy.rules.length, 0);
  const evaluated = evaluateAll(policies, resources.resources, scanEvaluation(resources.resources));
  const pairs = resources.resources.length * rules;
  finish(
    started,
    `${resources.resources.length} manifests × ${policies.length} policies (${rules} rules) → ${evaluated.ruleResponses} rule responses; evaluation ${evaluated.seconds.toFixed(2)} s`,
    (evaluated.seconds * 1e6) / pairs,
    (evaluated.seconds * 1e6) / evaluated.ruleResponses,
  );
}

/** (e) The workload against the ValidatingPolicies of kyverno/policies. */
function measureCelWorkload(dir: string): void {
  const started = performance.now();
  const log = new DiagnosticLog(SILENT);
  const policiesSuite = path.join(corpus, 'kyverno-policies');
  const folders = readdirNames(policiesSuite).filter((name) => VALIDATING_POLICIES.test(name)).map((name) => path.join(policiesSuite, name));
  const policies = uniquePolicies(loadPolicies(folders, log).policies)
    .map(({ compiled }) => compiled)
    .filter((policy) => policy.kind === 'ValidatingPolicy' || policy.kind === 'NamespacedValidatingPolicy');
  const resources = loadResources([dir], log, { dedupe: false });
  const evaluated = evaluateAll(policies, resources.resources, scanEvaluation(resources.resources));
  const pairs = resources.resources.length * policies.length;
  finish(started, `${resources.resources.length} manifests × ${policies.length} ValidatingPolicies → ${evaluated.ruleResponses} rule responses`, pairs === 0 ? undefined : (evaluated.seconds * 1e6) / pairs);
}

/**
 * Evaluates every resource against every policy, as the scan does (src/lint/lint.ts): `BATCH_SUBJECTS` objects
 * at a time; the seconds spent and the rule responses.
 */
function evaluateAll(policies: Parameters<typeof evaluateResources>[0], resources: readonly ResourceDocument[], options: EvaluationOptions): { seconds: number; ruleResponses: number } {
  const started = performance.now();
  let ruleResponses = 0;
  for (let start = 0; start < resources.length; start += BATCH_SUBJECTS) {
    for (const responses of evaluateResources(policies, resources.slice(start, start + BATCH_SUBJECTS), options)) {
      for (const { response } of responses) ruleResponses += response.rules.length;
    }
  }
  return { seconds: (performance.now() - started) / 1000, ruleResponses };
}

/** What a scan child is asked: the scan's options beyond the defaults, and where to write its findings. */
interface ScanRequest {
  shard?: string;
  jobs?: number;
  cache?: string;
  /** A file to write the findings to (one JSON text per line, sorted), to compare runs. */
  findings?: string;
}

/** (c) The repository scan of `kyverno-lint` on a repository holding the workload and the policies, discovery included. */
async function measureScan(repo: string, request: ScanRequest): Promise<void> {
  const started = performance.now();
  const options: LintOptions = { cwd: repo, paths: [repo], policyPaths: [], config: DEFAULT_CONFIG };
  if (request.shard !== undefined) {
    const shard = parseShard(request.shard);
    if (typeof shard === 'string') throw new Error(shard);
    options.shard = shard;
  }
  if (request.cache !== undefined) options.cache = request.cache;
  // As the CLI runs it: threads from the CPU count unless `jobs` is given.
  const result = await lintWithJobs(options, request.jobs ?? defaultJobs(), request.jobs !== undefined);
  const { report } = result;
  const evaluated = Object.values(report.statuses).reduce((sum, count) => sum + count, 0);
  // The figures are taken before the findings are written out for the comparison of runs.
  const figures = measured(started, `${report.manifests} manifests × ${report.policies} policies → ${evaluated} rule responses, ${report.findings.length} findings`);
  if (request.findings !== undefined) writeFileSync(request.findings, `${report.findings.map((finding) => JSON.stringify(finding)).sort().join('\n')}\n`);
  process.stdout.write(JSON.stringify(figures));
}

/** The unique policies of the JMESPath family (the CLI test cases hold CEL policies too). */
function jmespathPolicies(policies: readonly LoadedPolicy[]): LoadedPolicy[] {
  return uniquePolicies(policies).filter(({ compiled }) => compiled.family === 'kyverno');
}

/** The first of the valid policies of each kind, namespace (as written) and name. */
function uniquePolicies(policies: readonly LoadedPolicy[]): LoadedPolicy[] {
  const seen = new Set<string>();
  return policies.filter(({ compiled, document }) => {
    const metadata = (document.value as { metadata?: { namespace?: unknown } }).metadata;
    const key = `${compiled.kind}/${typeof metadata?.namespace === 'string' ? metadata.namespace : ''}/${compiled.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Writes the deduplicated, valid non-CEL policies of the corpus (or of `folders` of it) into `dir`, one file each. */
function writePolicies(dir: string, folders = policyPaths()): number {
  const log = new DiagnosticLog(SILENT);
  let count = 0;
  mkdirSync(dir, { recursive: true });
  for (const { compiled } of jmespathPolicies(loadPolicies(folders, log).policies)) {
    const policy = (compiled as KyvernoPolicy).policy;
    const { source: _source, ...document } = policy;
    writeFileSync(path.join(dir, `${String(count).padStart(3, '0')}-${policy.metadata.name}.yaml`), `${JSON.stringify(document, null, 1)}\n`);
    count++;
  }
  return count;
}

function measureFloor(dir: string): void {
  const started = performance.now();
  let documents = 0;
  for (const name of readdirNames(dir)) {
    documents += loadAll(readFileSync(path.join(dir, name), 'utf8')).length;
  }
  finish(started, `${documents} documents parsed with js-yaml`);
}

function child(mode: string, dir = '', request: ScanRequest = {}): Figures {
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, dir, JSON.stringify(request)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output) as Figures;
}

/** The run of median time of `runs` runs of `measure`. */
function medianRun(runs: number, measure: (run: number) => Figures): Figures & { runs: number } {
  const results = Array.from({ length: runs }, (_, run) => measure(run));
  const sorted = [...results].sort((a, b) => a.seconds - b.seconds);
  return { ...sorted[Math.floor(sorted.length / 2)]!, runs };
}

function line(label: string, figures: Figures & { runs?: number }, floor?: Figures): string {
  const ratio = floor === undefined ? '' : ` ${(figures.seconds / floor.seconds).toFixed(2).padStart(6)}× floor`;
  const runs = figures.runs === undefined ? '' : ` (median of ${figures.runs})`;
  return `${label.padEnd(30)} ${figures.seconds.toFixed(2).padStart(7)} s${ratio}  ${figures.peakRssMiB.toFixed(0).padStart(5)} MiB peak RSS  ${figures.detail}${runs}`;
}

/** The findings lines of a file written by a scan child. */
function findingLines(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter((text) => text !== '');
}

/** Whether two sorted lists of findings are the same multiset; the first difference otherwise. */
function sameFindings(expected: readonly string[], actual: readonly string[]): string | null {
  const sorted = [...actual].sort();
  for (let i = 0; i < Math.max(expected.length, sorted.length); i++) {
    if (expected[i] !== sorted[i]) return `first difference at ${i}: expected ${expected[i]?.slice(0, 200) ?? '(none)'}, got ${sorted[i]?.slice(0, 200) ?? '(none)'}`;
  }
  return null;
}

/** Changes the text of one manifest file (a label value), so that its content hash changes. */
function touchManifest(file: string, run: number): void {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/^(\s+team: )(\S+?)(-touched-\d+)?$/m, `$1$2-touched-${run}`) + (/team: /.test(text) ? '' : `# touched ${run}\n`));
}

const SHORT_RUNS = 5;
const args = process.argv.slice(2);
if (args[0] === '--child') {
  const [, mode, dir, request] = args;
  if (mode === 'corpus') measureCorpus();
  else if (mode === 'workload') measureWorkload(dir ?? '');
  else if (mode === 'cel-workload') measureCelWorkload(dir ?? '');
  else if (mode === 'scan') await measureScan(dir ?? '', JSON.parse(request ?? '{}') as ScanRequest);
  else measureFloor(dir ?? '');
} else {
  if (!existsSync(corpus)) {
    process.stderr.write(`bench: the corpus folder ${corpus} is missing\n`);
    process.exit(1);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-bench-'));
  const out = (text: string): void => void process.stdout.write(`${text}\n`);
  try {
    const manifests = path.join(dir, 'manifests');
    mkdirSync(manifests);
    const workload = generateWorkload(manifests, 500, 10);
    const policyCount = writePolicies(path.join(dir, 'policies'));
    out(`workload: ${workload.manifests} manifests in ${workload.files.length} files, ${policyCount} policies (${dir})`);
    const floor = medianRun(SHORT_RUNS, () => child('floor', manifests));
    out(line('floor: read + js-yaml', floor));
    const corpusRun = child('corpus');
    out(line('(a) conformance corpus', corpusRun));
    const evaluation = child('workload', manifests);
    out(line('(b) 5,000 manifests', evaluation, floor));
    const celEvaluation = child('cel-workload', manifests);
    out(line('(e) ValidatingPolicies', celEvaluation));
    const findings = path.join(dir, 'findings');
    mkdirSync(findings);
    // (c) The scan, in one thread and as it runs by default (workers when the machine has several cores).
    const single = child('scan', dir, { jobs: 1, findings: path.join(findings, 'single') });
    out(line('(c) repository scan, --jobs 1', single, floor));
    const scan = child('scan', dir, { findings: path.join(findings, 'default') });
    out(line('(c) repository scan (default)', scan, floor));
    const jobs2 = child('scan', dir, { jobs: 2, findings: path.join(findings, 'jobs2') });
    out(line('    --jobs 2', jobs2, floor));
    const expected = findingLines(path.join(findings, 'single'));
    const jobsSame = sameFindings(expected, findingLines(path.join(findings, 'jobs2')));
    const defaultSame = sameFindings(expected, findingLines(path.join(findings, 'default')));
    // Shards: each evaluates its part; together they must give the unsharded findings.
    const shards = [1, 2].map((index) => child('scan', dir, { jobs: 1, shard: `${index}/2`, findings: path.join(findings, `shard${index}`) }));
    shards.forEach((figures, index) => out(line(`    --shard ${index + 1}/2 --jobs 1`, figures, floor)));
    // Their union as a set: a finding located at a policy's rule (a registry-bound error) is the same finding in both.
    const shardLines = [1, 2].flatMap((index) => findingLines(path.join(findings, `shard${index}`)));
    const shardUnion = [...new Set(shardLines)];
    const shardSame = sameFindings([...new Set(expected)].sort(), shardUnion);
    out(`    the shards reported ${shardLines.length} findings, ${shardUnion.length} distinct (the unsharded run: ${expected.length})`);
    // The results cache: a cold run, runs with nothing changed, runs after one manifest file changed.
    const cache = path.join(dir, 'cache');
    const cold = child('scan', dir, { cache, findings: path.join(findings, 'cold') });
    out(line('    --cache, cold', cold, floor));
    const hit = medianRun(SHORT_RUNS, () => child('scan', dir, { cache, findings: path.join(findings, 'hit') }));
    out(line('    --cache, nothing changed', hit, floor));
    const hitSame = sameFindings(findingLines(path.join(findings, 'cold')), findingLines(path.join(findings, 'hit')));
    const touched = path.join(manifests, readdirNames(manifests)[250]!);
    const touch = medianRun(SHORT_RUNS, (run) => {
      touchManifest(touched, run);
      return child('scan', dir, { cache });
    });
    out(line('    --cache, one file changed', touch, floor));
    // (f) Kustomize: 250 applications, two overlays each, against the best-practices and pod-security policies.
    const kustomizeDir = path.join(dir, 'kustomize-bench');
    const kustomizePolicies = path.join(kustomizeDir, 'policies');
    const kustomizePolicyCount = writePolicies(kustomizePolicies, ['best-practices', 'pod-security'].map((name) => path.join(corpus, 'kyverno-policies', name)));
    const builtObjects = writeKustomizeRepositories(kustomizeDir, manifests, kustomizePolicies, 250);
    const built = medianRun(3, () => child('scan', path.join(kustomizeDir, 'kustomize')));
    const rendered = medianRun(3, () => child('scan', path.join(kustomizeDir, 'rendered')));
    out(line('(f) Kustomize overlays', built));
    out(line('    the same, pre-rendered', rendered));
    out(`    (f): 250 bases × 2 overlays → ${builtObjects} objects, ${kustomizePolicyCount} policies`);
    const perRule = evaluation.microsPerPair ?? Number.NaN;
    const perResponse = evaluation.microsPerResponse ?? Number.NaN;
    const perPolicy = celEvaluation.microsPerPair ?? Number.NaN;
    out(`    evaluation only: ${perRule.toFixed(2)} µs per (document, rule) and ${perResponse.toFixed(2)} µs per rule response in (b), ${perPolicy.toFixed(2)} µs per (document, ValidatingPolicy) in (e)`);
    const ratio = (figures: Figures, base: Figures = floor): number => figures.seconds / base.seconds;
    const peak = Math.max(evaluation.peakRssMiB, corpusRun.peakRssMiB, single.peakRssMiB, scan.peakRssMiB, jobs2.peakRssMiB);
    const targets = [
      [`(c) scan within 4× the floor (${ratio(scan).toFixed(2)}×; --jobs 1: ${ratio(single).toFixed(2)}×)`, ratio(scan) <= 4],
      [`(b) evaluation within 3× the floor (${ratio(evaluation).toFixed(2)}×)`, ratio(evaluation) <= 3],
      [`(b) at most 3 µs per rule response (${perResponse.toFixed(2)} µs)`, perResponse <= 3],
      [`cached scan, nothing changed, within 1× the floor (${ratio(hit).toFixed(2)}×)${hitSame === null ? '' : `: findings differ, ${hitSame}`}`, ratio(hit) <= 1 && hitSame === null],
      [`cached scan, one file changed, within 1.2× the floor (${ratio(touch).toFixed(2)}×)`, ratio(touch) <= 1.2],
      [`the union of --shard 1/2 and 2/2 is the unsharded findings${shardSame === null ? '' : `: ${shardSame}`}`, shardSame === null],
      [`each shard within 0.6× the unsharded scan (${shards.map((figures) => ratio(figures, single).toFixed(2)).join(', ')})`, shards.every((figures) => ratio(figures, single) <= 0.6)],
      [`--jobs 2 within 0.7× --jobs 1 (${ratio(jobs2, single).toFixed(2)})${jobsSame === null ? '' : `: findings differ, ${jobsSame}`}`, ratio(jobs2, single) <= 0.7 && jobsSame === null],
      [`the default scan gives the --jobs 1 findings${defaultSame === null ? '' : `: ${defaultSame}`}`, defaultSame === null],
      [`(e) within 1.5× (b)'s per-rule cost (${(perPolicy / perRule).toFixed(2)}×)`, perPolicy / perRule <= 1.5],
      [`(f) Kustomize scan within 1.5× the pre-rendered scan (${ratio(built, rendered).toFixed(2)}×)`, ratio(built, rendered) <= 1.5],
      [`peak RSS under 1 GiB (${peak.toFixed(0)} MiB)`, peak < 1024],
    ] as const;
    for (const [text, met] of targets) out(`${met ? 'met    ' : 'MISSED '} ${text}`);
    for (const text of actionStartLines(await measureActionStart())) out(text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
