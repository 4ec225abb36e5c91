/**
 * Sharded scans (`LintOptions.shard`) and parallel workers (`lintParallel`): the shards of a scan together report
 * what the whole scan does, and the workers' merged result is the single thread's.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint, type LintResult } from '../../src/lint/lint.js';
import type { LintOptions } from '../../src/lint/options.js';
import { lintParallel, lintWithJobs, mergeExchanges, WorkerOutOfMemory } from '../../src/lint/parallel.js';
import { compareFindings, planShard, stableHash } from '../../src/lint/shard.js';
import { scanUnits } from '../../src/lint/units.js';
import type { Finding } from '../../src/report/types.js';
import { scratchFolder } from '../commands/helpers.js';
import { SHARD_REPOSITORY } from './shard-repository.js';

const scratch = scratchFolder('kyverno-lint-shard-');

function options(extra: Partial<LintOptions> = {}): LintOptions {
  for (const [file, text] of Object.entries(SHARD_REPOSITORY)) scratch.write(file, text);
  return { cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: DEFAULT_CONFIG, fixes: true, ...extra };
}

const text = (finding: Finding): string => JSON.stringify(finding);

/** A result without its timing, for exact comparisons. */
function timeless(result: LintResult): unknown {
  return { ...result, report: { ...result.report, durationMs: 0 } };
}

/** A registry-bound error: located at its rule, naming no resource (every shard meeting it reports it). */
const isRegistryBound = (finding: Finding): boolean => finding.resource === undefined && finding.message.includes('reported once for the rule, at the rule');

describe('the repository of the shard tests', () => {
  it('has what the tests are about: a merged base finding, directives, an invalid manifest, fixes, registry-bound errors', async () => {
    const { report, fixes } = await lint(options());
    const messages = report.findings.map((finding) => `${finding.ruleId} ${finding.location.file} ${finding.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^require-app-label\/check-app base\/pod\.yaml .*\(in the builds of overlays\/a, overlays\/b\)$/));
    expect(messages).toContainEqual(expect.stringMatching(/^kyverno-lint\/unused-disable-directive apps\/d\.yaml /));
    expect(messages).toContainEqual(expect.stringMatching(/^kyverno-lint\/invalid-manifest apps\/e\.yaml /));
    expect(report.findings.filter(isRegistryBound).map((finding) => finding.location.file)).toEqual(expect.arrayContaining(['policies/registry.yaml']));
    expect(report.suppressedFindings?.map((finding) => `${finding.location.file} ${finding.ruleId}`)).toEqual(['apps/c.yaml require-app-label/check-app']);
    // The base's edit, wanted by both builds, is one fix.
    expect(fixes.map((fix) => fix.file.slice(scratch.dir.length + 1))).toEqual(['apps/a.yaml', 'apps/e.yaml', 'apps/g.yaml', 'apps/multi.yaml', 'base/pod.yaml', 'standalone/pod.yaml']);
  });
});

describe('sharded scans', () => {
  it.each([1, 2, 3, 4])('the %i shards together report the findings of the whole scan', async (count) => {
    const whole = await lint(options());
    const shards: LintResult[] = [];
    for (let index = 1; index <= count; index++) shards.push(await lint(options({ shard: { index, count } })));
    const all = shards.flatMap((shard) => shard.report.findings);
    // Each finding is one shard's, but for the registry-bound errors: the copies are the same finding.
    const seen = new Map<string, number>();
    for (const finding of all) seen.set(text(finding), (seen.get(text(finding)) ?? 0) + 1);
    expect(all.filter((finding) => seen.get(text(finding))! > 1 && !isRegistryBound(finding))).toEqual([]);
    expect([...seen.keys()].sort()).toEqual(whole.report.findings.map(text).sort());
    expect(new Set(shards.flatMap((shard) => (shard.report.suppressedFindings ?? []).map(text)))).toEqual(new Set((whole.report.suppressedFindings ?? []).map(text)));
    // Fixes: each file's are one shard's.
    expect(shards.flatMap((shard) => shard.fixes).sort((a, b) => (a.file < b.file ? -1 : 1))).toEqual(whole.fixes);
    // The shards count their own objects and rule results.
    expect(shards.reduce((sum, shard) => sum + shard.report.manifests, 0)).toBe(whole.report.manifests);
    for (const status of ['pass', 'fail', 'error', 'skip', 'warn'] as const) expect(shards.reduce((sum, shard) => sum + shard.report.statuses[status], 0)).toBe(whole.report.statuses[status]);
    expect(shards.map((shard) => shard.shard?.units ?? -1).reduce((a, b) => a + b, 0)).toBe(shards[0]!.shard!.totalUnits);
    // Warnings and errors are about the repository: every shard has them.
    for (const shard of shards) expect({ warnings: shard.warnings, errors: shard.errors, empty: shard.empty }).toEqual({ warnings: whole.warnings, errors: whole.errors, empty: whole.empty });
  });

  it('a shard with no unit of work checks nothing and is no empty scan', async () => {
    const result = await lint(options({ shard: { index: 40, count: 40 } }));
    expect(result.shard).toMatchObject({ index: 40, count: 40, units: 0, subjects: 0 });
    expect(result.shard!.totalUnits).toBeLessThan(40);
    expect(result.empty).toBeNull();
    expect(result.errors).toEqual([]);
    expect(result.report.manifests).toBe(0);
    expect(result.report.findings.filter((finding) => finding.resource !== undefined)).toEqual([]);
  });

  it('the Kustomize builds reading a common base are one unit: both overlays in one shard', () => {
    const subject = (file: string, builtBy?: string[]) => ({ file, builtBy }) as never;
    const subjects = [subject('/r/a.yaml'), subject('/r/base/pod.yaml', ['overlays/a']), subject('/r/base/pod.yaml', ['overlays/b']), subject('/r/b.yaml')];
    const builds = new Map([
      ['overlays/a', new Set(['overlays/a/kustomization.yaml', 'base/kustomization.yaml', 'base/pod.yaml'])],
      ['overlays/b', new Set(['overlays/b/kustomization.yaml', 'base/kustomization.yaml', 'base/pod.yaml'])],
    ]);
    const display = (file: string) => file.slice('/r/'.length);
    const plans = [1, 2, 3].map((index) => planShard(scanUnits(subjects, builds, display), subjects, display, { index, count: 3 }));
    // Every subject and every file is exactly one shard's.
    for (const index of subjects.keys()) expect(plans.filter((plan) => plan.owns(index))).toHaveLength(1);
    for (const file of ['a.yaml', 'b.yaml', 'base/pod.yaml', 'overlays/b/kustomization.yaml', 'policies/p.yaml']) expect(plans.filter((plan) => plan.ownsFile(file))).toHaveLength(1);
    const owner = plans.findIndex((plan) => plan.owns(1));
    expect(plans[owner]!.owns(2)).toBe(true);
    expect(plans[owner]!.ownsFile('overlays/a/kustomization.yaml')).toBe(true);
    expect(plans[owner]!.ownsFile('overlays/b/kustomization.yaml')).toBe(true);
    // A file in no unit goes to the shard its displayed name hashes to.
    expect(plans.findIndex((plan) => plan.ownsFile('policies/p.yaml'))).toBe(stableHash('policies/p.yaml') % 3);
  });
});

describe('findings in a total order', () => {
  const at = (message: string, name: string): Finding => ({
    ruleId: 'p/r',
    policy: 'p',
    rule: 'r',
    severity: 'error',
    status: 'fail',
    message,
    location: { file: 'a.yaml', line: 1, column: 1, endLine: 1, endColumn: 2 },
    resource: { apiVersion: 'v1', kind: 'Pod', namespace: '', name },
  });
  it.each([
    ['message', at('b', 'x'), at('a', 'x')],
    ['resource', at('a', 'y'), at('a', 'x')],
    ['anything else', { ...at('a', 'x'), severity: 'warning' as const }, at('a', 'x')],
  ])('ties on the place are broken by the %s', (_, later, earlier) => {
    expect(compareFindings(later, earlier)).toBeGreaterThan(0);
    expect(compareFindings(earlier, later)).toBeLessThan(0);
    expect([later, earlier].sort(compareFindings)).toEqual([earlier, later]);
  });
});

describe('parallel workers', () => {
  it('answer the exchange: every directive usage, each registry-bound error reported by the first worker meeting it', () => {
    const replies = mergeExchanges([
      { directives: [['a.yaml:1:1', ['x']]], registry: ['k1'] },
      { directives: [['a.yaml:1:1', ['y']], ['b.yaml:2:1', ['']]], registry: ['k1', 'k2'] },
      { directives: [], registry: ['k2', 'k3'] },
    ]);
    expect(replies.map((reply) => reply.dropRegistry)).toEqual([[], ['k1'], ['k2']]);
    expect(replies[2]!.directives).toEqual([
      ['a.yaml:1:1', ['x', 'y']],
      ['b.yaml:2:1', ['']],
    ]);
  });

  it.each([
    ['the whole scan', {}],
    ['a shard', { shard: { index: 1, count: 2 } }],
    ['with ignored rules', { config: { ...DEFAULT_CONFIG, ignore: ['image-checks/*', 'kyverno-lint/legacy-policy'] } }],
  ])('give the result of one thread exactly: %s', async (_, extra: Partial<LintOptions>) => {
    const single = await lint(options(extra));
    let progress = { done: 0, total: 0 };
    const parallel = await lintParallel(options({ ...extra, onProgress: (done, total) => (progress = { done, total }) }), 2);
    expect(timeless(parallel)).toStrictEqual(timeless(single));
    expect(JSON.stringify(timeless(parallel))).toBe(JSON.stringify(timeless(single)));
    expect(progress).toEqual({ done: progress.total, total: single.shard?.subjects ?? single.report.manifests });
  });

  it('report a worker that runs out of its heap as such, and the scan runs again on one thread', async () => {
    // 8 MB of heap does not hold the workspace.
    await expect(lintParallel(options(), 2, 8)).rejects.toBeInstanceOf(WorkerOutOfMemory);
    const single = await lint(options());
    const fallback = await lintWithJobs(options(), 2, true, 8);
    expect(fallback.warnings[0]).toMatch(/^scan worker [12] of 2 ran out of memory \(8 MB of heap\): the repository was scanned on one thread \(--jobs 1 skips the workers\)$/);
    expect(timeless({ ...fallback, warnings: fallback.warnings.slice(1) })).toEqual(timeless(single));
  });

  it('report a worker that fails as an error, never hang', async () => {
    // A configuration that cannot cross to a worker (a function) makes the worker fail.
    const bad = options({ config: { ...DEFAULT_CONFIG, severity: { ...DEFAULT_CONFIG.severity, broken: () => 0 } as never } });
    await expect(lintParallel(bad, 2)).rejects.toThrow();
  });
});
