/**
 * @file `npm run bench`: speed and memory figures. Each measurement runs in its own child process so that
 * its peak RSS is its own:
 *  (a) the whole conformance corpus (`kyverno-lint test` over both suites, in-process);
 *  (b) a generated workload of 5,000 manifests in 500 files evaluated against every non-CEL policy of the
 *      corpus (loading, parsing, normalisation and evaluation included);
 *  (c) the repository scan (`kyverno-lint` on a folder holding those 500 files and the same policies, one
 *      file each): discovery, loading, evaluation, findings with their locations and the edits of mutations;
 *  floor: reading the same 500 files and parsing them with js-yaml, the fastest YAML parser for Node.
 *  (d) the cold start of the bundled GitHub Action (bench/action-start.ts);
 *  (f) a repository of Kustomize applications (250 bases of ten workload manifests, two overlays each) scanned,
 *      set beside the scan of the same objects pre-rendered, medians of three runs;
 *  (e) the same 5,000 manifests against the ValidatingPolicies of kyverno/policies (the `*-vpol` folders):
 *      the evaluation's cost per (document, policy) pair, set beside (b)'s cost per (document, rule) pair
 *      (evaluation only, loading excluded, in both).
 * Targets: (b) and (c) within 4× the floor, (b) under 20 s, peak RSS under 1 GiB, (d) under 500 ms, (e) within
 * 1.5× (b)'s per-rule cost, (f) within 1.5× the pre-rendered scan.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';
import { runConformance } from '../tools/conformance/runner.js';
import { DiagnosticLog } from '../src/commands/load/diagnostics.js';
import { evaluateResource } from '../src/evaluate/processor.js';
import type { CliIo } from '../src/commands/io.js';
import { loadPolicies, type LoadedPolicy } from '../src/commands/load/policies.js';
import { loadResources } from '../src/commands/load/resources.js';
import { DEFAULT_CONFIG } from '../src/config/types.js';
import { lint } from '../src/lint/lint.js';
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
}

function finish(started: number, detail: string, microsPerPair?: number): void {
  const figures: Figures = {
    seconds: (performance.now() - started) / 1000,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    detail,
  };
  if (microsPerPair !== undefined) figures.microsPerPair = microsPerPair;
  process.stdout.write(JSON.stringify(figures));
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

function measureWorkload(dir: string): void {
  const started = performance.now();
  const log = new DiagnosticLog(SILENT);
  const policySet = loadPolicies(policyPaths(), log);
  const policies = jmespathPolicies(policySet.policies).map(({ compiled }) => compiled);
  const resources = loadResources([dir], log, { dedupe: false });
  const rules = policies.reduce((sum, policy) => sum + policy.rules.length, 0);
  const evaluated = evaluateAll(policies, resources.resources);
  const pairs = resources.resources.length * rules;
  finish(started, `${resources.resources.length} manifests × ${policies.length} policies (${rules} rules) → ${evaluated.ruleResponses} rule responses`, (evaluated.seconds * 1e6) / pairs);
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
  const evaluated = evaluateAll(policies, resources.resources);
  const pairs = resources.resources.length * policies.length;
  finish(started, `${resources.resources.length} manifests × ${policies.length} ValidatingPolicies → ${evaluated.ruleResponses} rule responses`, pairs === 0 ? undefined : (evaluated.seconds * 1e6) / pairs);
}

/** Evaluates every resource against every policy; the seconds spent and the rule responses. */
function evaluateAll(policies: Parameters<typeof evaluateResource>[0], resources: readonly Parameters<typeof evaluateResource>[1][]): { seconds: number; ruleResponses: number } {
  const started = performance.now();
  let ruleResponses = 0;
  for (const resource of resources) {
    for (const { response } of evaluateResource(policies, resource, { numberMode: 'int64' })) ruleResponses += response.rules.length;
  }
  return { seconds: (performance.now() - started) / 1000, ruleResponses };
}

/** (c) The repository scan of `kyverno-lint` on a repository holding the workload and the policies, discovery included. */
async function measureScan(repo: string): Promise<void> {
  const started = performance.now();
  const result = await lint({ cwd: repo, paths: [repo], policyPaths: [], config: DEFAULT_CONFIG });
  const { report } = result;
  const evaluated = Object.values(report.statuses).reduce((sum, count) => sum + count, 0);
  finish(started, `${report.manifests} manifests × ${report.policies} policies → ${evaluated} rule responses, ${report.findings.length} findings`);
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

function child(mode: string, dir = ''): Figures {
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, dir], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output) as Figures;
}

function line(label: string, figures: Figures): string {
  return `${label.padEnd(26)} ${figures.seconds.toFixed(2).padStart(7)} s  ${figures.peakRssMiB.toFixed(0).padStart(5)} MiB peak RSS  ${figures.detail}`;
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  const [, mode, dir] = args;
  if (mode === 'corpus') measureCorpus();
  else if (mode === 'workload') measureWorkload(dir ?? '');
  else if (mode === 'cel-workload') measureCelWorkload(dir ?? '');
  else if (mode === 'scan') await measureScan(dir ?? '');
  else measureFloor(dir ?? '');
} else {
  if (!existsSync(corpus)) {
    process.stderr.write(`bench: the corpus folder ${corpus} is missing\n`);
    process.exit(1);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-bench-'));
  try {
    const manifests = path.join(dir, 'manifests');
    mkdirSync(manifests);
    const workload = generateWorkload(manifests, 500, 10);
    const policyCount = writePolicies(path.join(dir, 'policies'));
    process.stdout.write(`workload: ${workload.manifests} manifests in ${workload.files.length} files, ${policyCount} policies (${dir})\n`);
    const floor = child('floor', manifests);
    const evaluation = child('workload', manifests);
    const celEvaluation = child('cel-workload', manifests);
    const scan = child('scan', dir);
    // (f) Kustomize: 250 applications, two overlays each, against the best-practices and pod-security policies.
    const kustomizeDir = path.join(dir, 'kustomize-bench');
    const kustomizePolicies = path.join(kustomizeDir, 'policies');
    const kustomizePolicyCount = writePolicies(kustomizePolicies, ['best-practices', 'pod-security'].map((name) => path.join(corpus, 'kyverno-policies', name)));
    const builtObjects = writeKustomizeRepositories(kustomizeDir, manifests, kustomizePolicies, 250);
    const kustomizeScans = [0, 1, 2].map(() => ({ built: child('scan', path.join(kustomizeDir, 'kustomize')), rendered: child('scan', path.join(kustomizeDir, 'rendered')) }));
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const kustomizeSeconds = median(kustomizeScans.map((run) => run.built.seconds));
    const renderedSeconds = median(kustomizeScans.map((run) => run.rendered.seconds));
    const corpusRun = child('corpus');
    process.stdout.write(`${line('(a) conformance corpus', corpusRun)}\n`);
    process.stdout.write(`${line('(b) 5,000 manifests', evaluation)}\n`);
    process.stdout.write(`${line('(c) repository scan', scan)}\n`);
    process.stdout.write(`${line('(e) ValidatingPolicies', celEvaluation)}\n`);
    process.stdout.write(`${line('(f) Kustomize overlays', kustomizeScans[0]!.built)}\n`);
    process.stdout.write(`${line('    the same, pre-rendered', kustomizeScans[0]!.rendered)}\n`);
    process.stdout.write(`    (f): 250 bases × 2 overlays → ${builtObjects} objects, ${kustomizePolicyCount} policies; medians of 3: ${kustomizeSeconds.toFixed(2)} s built, ${renderedSeconds.toFixed(2)} s pre-rendered\n`);
    process.stdout.write(`${line('    floor: read + js-yaml', floor)}\n`);
    const perRule = evaluation.microsPerPair ?? Number.NaN;
    const perPolicy = celEvaluation.microsPerPair ?? Number.NaN;
    process.stdout.write(`    evaluation only: ${perRule.toFixed(2)} µs per (document, rule) in (b), ${perPolicy.toFixed(2)} µs per (document, ValidatingPolicy) in (e)\n`);
    const ratio = evaluation.seconds / floor.seconds;
    const scanRatio = scan.seconds / floor.seconds;
    const targets = [
      [`(b) within 4× the floor (${ratio.toFixed(2)}×)`, ratio <= 4],
      [`(c) scan within 4× the floor (${scanRatio.toFixed(2)}×)`, scanRatio <= 4],
      [`(b) under 20 s (${evaluation.seconds.toFixed(2)} s)`, evaluation.seconds < 20],
      [`(e) within 1.5× (b)'s per-rule cost (${(perPolicy / perRule).toFixed(2)}×)`, perPolicy / perRule <= 1.5],
      [`(f) Kustomize scan within 1.5× the pre-rendered scan (${(kustomizeSeconds / renderedSeconds).toFixed(2)}×)`, kustomizeSeconds / renderedSeconds <= 1.5],
      [`peak RSS under 1 GiB (${Math.max(evaluation.peakRssMiB, corpusRun.peakRssMiB).toFixed(0)} MiB)`, Math.max(evaluation.peakRssMiB, corpusRun.peakRssMiB) < 1024],
    ] as const;
    for (const [text, met] of targets) process.stdout.write(`${met ? 'met    ' : 'MISSED '} ${text}\n`);
    for (const text of actionStartLines(await measureActionStart())) process.stdout.write(`${text}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
