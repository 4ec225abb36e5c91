/**
 * Property-based test of hostile document shapes: real policies and manifests (the repository's examples
 * and, when `../shared/corpus/kyverno-policies` is present, a bounded sample of it) have fields removed,
 * nulled or retyped at any depth (the whole document, `metadata`, `spec`, rules, `match`, …), and go
 * through the scan (`lint()`) and `apply` (the CLI in-process). Whatever the shape: no exception escapes,
 * no stack trace is printed, the exit code is 0, 1 or 2, and the files left untouched keep their results.
 *
 * The run is bounded (fixed seed, `numRuns` below). To search longer or with another seed:
 *   HOSTILE_RUNS=2000 HOSTILE_SEED=$RANDOM npx vitest run test/lint/hostile-documents.test.ts
 * A failure prints the seed and the shrunk counterexample (file, path and operation) to replay it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import type { Finding } from '../../src/report/types.js';
import type { JsonValue } from '../../src/types.js';
import { runCli, ROOT } from '../commands/helpers.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 60);
const SEED = Number(process.env.HOSTILE_SEED ?? 1126);
const CORPUS_POLICIES = path.resolve(ROOT, '../shared/corpus/kyverno-policies');
/** Corpus policy folders sampled (every n-th, in sorted order), so the workspace stays small. */
const CORPUS_SAMPLE = 6;

/** What the generator may put in place of a value. */
const REPLACEMENTS: { name: string; make: () => JsonValue | undefined }[] = [
  { name: 'remove', make: () => undefined },
  { name: 'null', make: () => null },
  { name: 'string', make: () => 'x' },
  { name: 'empty string', make: () => '' },
  { name: 'number', make: () => 42 },
  { name: 'boolean', make: () => true },
  { name: 'list', make: () => ['x'] },
  { name: 'empty list', make: () => [] },
  { name: 'empty map', make: () => ({}) },
];

/** Fields every loader reads before anything else: where a wrong shape is most likely to be trusted. */
const READ_FIRST = new Set(['metadata', 'name', 'namespace', 'annotations', 'labels', 'spec', 'rules', 'match', 'exclude', 'any', 'all', 'resources', 'kinds', 'items', 'exceptions', 'template', 'containers']);

type Segment = string | number;

/** Every path of a value, the root included, parents before children. */
function paths(value: JsonValue, prefix: Segment[] = [], out: Segment[][] = []): Segment[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => paths(item, [...prefix, index], out));
  else if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) paths(value[key]!, [...prefix, key], out);
  return out;
}

/** `value` with the node at `at` replaced (`undefined`: removed); the root replaced by `undefined` becomes `null`. */
function replaced(value: JsonValue, at: Segment[], by: JsonValue | undefined): JsonValue {
  if (at.length === 0) return by === undefined ? null : by;
  const [head, ...rest] = at;
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = head as number;
    if (rest.length === 0 && by === undefined) copy.splice(index, 1);
    else copy[index] = replaced(copy[index]!, rest, by);
    return copy;
  }
  const copy = { ...(value as Record<string, JsonValue>) };
  if (rest.length === 0 && by === undefined) delete copy[head as string];
  else copy[head as string] = replaced(copy[head as string]!, rest, by);
  return copy;
}

interface SourceFile {
  /** Relative to the workspace: `policies/…` or `manifests/…`. */
  name: string;
  text: string;
  documents: JsonValue[];
}

function readFolder(dir: string, prefix: string, filter: (text: string) => boolean = () => true): SourceFile[] {
  const out: SourceFile[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(entry)) continue;
    const text = readFileSync(path.join(dir, entry), 'utf8');
    if (!filter(text)) continue;
    const documents = parseAllDocuments(text).map((document) => document.toJSON() as JsonValue);
    out.push({ name: `${prefix}/${entry}`, text, documents });
  }
  return out;
}

/**
 * Policies whose results on one manifest depend on other manifests (context entries reading the cluster,
 * mutate-existing targets) are left out of the sample: for them a changed manifest may rightly change
 * another file's results.
 */
const CLUSTER_DEPENDENT = /apiCall|configMap:|globalReference|targets:|generate:|cloneList/;

function sources(): SourceFile[] {
  const files = [...readFolder(path.join(ROOT, 'examples/policies'), 'policies'), ...readFolder(path.join(ROOT, 'examples/manifests'), 'manifests')];
  if (!existsSync(CORPUS_POLICIES)) {
    console.warn(`hostile documents: ${CORPUS_POLICIES} is missing; only the examples are used`);
    return files;
  }
  const folders: string[] = [];
  for (const family of readdirSync(CORPUS_POLICIES).sort()) {
    if (/cel|vpol|mpol|gpol|dpol/i.test(family) || !existsSync(path.join(CORPUS_POLICIES, family)) || family === 'LICENSE') continue;
    for (const name of readdirSync(path.join(CORPUS_POLICIES, family)).sort()) folders.push(path.join(family, name));
  }
  folders
    .filter((_, index) => index % Math.max(1, Math.floor(folders.length / CORPUS_SAMPLE)) === 0)
    .slice(0, CORPUS_SAMPLE)
    .forEach((folder, n) => {
      const dir = path.join(CORPUS_POLICIES, folder);
      const policies = readFolder(dir, 'policies', (text) => !CLUSTER_DEPENDENT.test(text) && /^kind:\s*(Cluster)?Policy\s*$/m.test(text));
      if (policies.length === 0) return;
      files.push(...policies.map((file) => ({ ...file, name: `policies/c${n}-${path.basename(file.name)}` })));
      const tests = path.join(dir, '.kyverno-test');
      if (existsSync(tests)) {
        const manifests = readFolder(tests, 'manifests', (text) => /^kind:/m.test(text) && !/^kind:\s*(Test|Values|UserInfo)\s*$/m.test(text));
        files.push(...manifests.map((file) => ({ ...file, name: `manifests/c${n}-${path.basename(file.name)}` })));
      }
    });
  return files;
}

function write(dir: string, files: readonly SourceFile[]): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'policies'), { recursive: true });
  mkdirSync(path.join(dir, 'manifests'), { recursive: true });
  for (const file of files) writeFileSync(path.join(dir, file.name), file.text);
}

/** The names of the ClusterPolicy/Policy documents of a file (whose results legitimately change with it). */
function policyNames(file: SourceFile): Set<string> {
  const names = new Set<string>();
  if (!file.name.startsWith('policies/')) return names;
  for (const document of file.documents) {
    const metadata = (document as { metadata?: { name?: unknown } } | null)?.metadata;
    if (typeof metadata?.name === 'string') names.add(metadata.name);
  }
  return names;
}

/** Whether a policy file mutates resources: other policies then see different resources when it breaks. */
function mutates(file: SourceFile): boolean {
  return file.name.startsWith('policies/') && /\bmutate:/.test(file.text);
}

/** The results that must not change when `changed` is altered: other files', from policies of other files. */
function stable<T>(items: readonly T[], fileOf: (item: T) => string, policyOf: (item: T) => string, changed: SourceFile): T[] {
  const names = policyNames(changed);
  return items.filter((item) => {
    const file = fileOf(item);
    if (file.endsWith(changed.name)) return false;
    // A broken mutate policy changes what every other policy sees: only the policy files' own problems stay.
    if (mutates(changed)) return file.includes('policies/');
    return !names.has(policyOf(item));
  });
}

const STACK_TRACE = /\n\s+at .+[(:]\d+:\d+\)?|internal error|Maximum call stack|TypeError|ReferenceError/;

interface Mutation {
  file: number;
  document: number;
  edits: { at: number; replacement: number }[];
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  file: fc.nat(),
  document: fc.nat(),
  edits: fc.array(
    fc.record({
      at: fc.nat(),
      // Removing and nulling are what real files do most (a forgotten or empty key): three times as likely.
      replacement: fc.oneof({ arbitrary: fc.constantFrom(0, 1), weight: 6 }, { arbitrary: fc.integer({ min: 2, max: REPLACEMENTS.length - 1 }), weight: REPLACEMENTS.length - 2 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

/**
 * The altered file and a description of the alterations. A quarter of the paths are picked among the top
 * level (`apiVersion`, `kind`, `metadata`, `spec`), a quarter among the fields the loaders read first
 * (`READ_FIRST`, at any depth), a quarter down to `spec.rules[0].match.any[0]`, a quarter among all.
 */
function apply(files: readonly SourceFile[], m: Mutation): { file: SourceFile; original: SourceFile; description: string } {
  const original = files[m.file % files.length]!;
  const documents = [...original.documents];
  const index = m.document % documents.length;
  let document: JsonValue = documents[index] as JsonValue;
  const steps: string[] = [];
  for (const edit of m.edits) {
    const all = paths(document);
    const pools = [all.filter((p) => p.length <= 1), all.filter((p) => READ_FIRST.has(String(p.at(-1)))), all.filter((p) => p.length <= 5), all];
    const pool = pools[edit.at % pools.length]!;
    const at = pool.length > 0 ? pool[Math.floor(edit.at / pools.length) % pool.length]! : [];
    const replacement = REPLACEMENTS[edit.replacement]!;
    document = replaced(document, at, replacement.make());
    steps.push(`${replacement.name} at ${JSON.stringify(at)}`);
  }
  documents[index] = document;
  const text = documents.map((value) => stringify(value)).join('---\n');
  return {
    file: { name: original.name, text, documents },
    original,
    description: `${original.name} document ${index}: ${steps.join(', ')}`,
  };
}

function findingKey(finding: Finding): string {
  return JSON.stringify([finding.location?.file, finding.location?.line, finding.ruleId, finding.severity, finding.status, finding.message]);
}

interface ApplyResult {
  policy: string;
  rule: string;
  status: string;
  message?: string;
  resource: { kind: string; name: string; namespace?: string };
  source?: { file: string; line: number };
}

function applyResults(stdout: string): ApplyResult[] {
  const start = stdout.indexOf('{');
  if (start === -1) return [];
  return (JSON.parse(stdout.slice(start)) as { results?: ApplyResult[] }).results ?? [];
}

function resultKey(result: ApplyResult): string {
  return JSON.stringify([result.policy, result.rule, result.status, result.message, result.resource, result.source]);
}

describe('hostile document shapes (property-based)', () => {
  const files = sources();
  let dir = '';
  let baselineFindings: Finding[] = [];
  let baselineApply: ApplyResult[] = [];

  async function scan(): Promise<Finding[]> {
    const result = await lint({ cwd: dir, paths: ['.'], policyPaths: [], config: DEFAULT_CONFIG });
    return result.report.findings;
  }

  async function applyCli(): Promise<{ code: number; stdout: string; stderr: string }> {
    return runCli(['apply', 'policies', '-r', 'manifests', '--format', 'json'], { cwd: dir });
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-hostile-'));
    write(dir, files);
    baselineFindings = await scan();
    const run = await applyCli();
    expect([0, 1]).toContain(run.code);
    baselineApply = applyResults(run.stdout);
    expect(baselineApply.length).toBeGreaterThan(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the scan survives any shape, and the untouched files keep their findings', async () => {
    const expected = (changed: SourceFile) =>
      stable(baselineFindings, (f) => f.location?.file ?? '', (f) => f.policy, changed).map(findingKey).sort();
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const { file, original } = apply(files, m);
        write(dir, files.map((f) => (f === original ? file : f)));
        const findings = await scan();
        for (const finding of findings) expect(finding.message).not.toMatch(STACK_TRACE);
        const got = stable(findings, (f) => f.location?.file ?? '', (f) => f.policy, original).map(findingKey).sort();
        expect(got).toEqual(expected(original));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 60_000);

  it('apply survives any shape, and the untouched files keep their results', async () => {
    const expected = (changed: SourceFile) =>
      stable(baselineApply, (r) => r.source?.file ?? '', (r) => r.policy, changed).map(resultKey).sort();
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const { file, original } = apply(files, m);
        write(dir, files.map((f) => (f === original ? file : f)));
        const run = await applyCli();
        expect([0, 1, 2]).toContain(run.code);
        expect(run.stdout + run.stderr).not.toMatch(STACK_TRACE);
        const got = stable(applyResults(run.stdout), (r) => r.source?.file ?? '', (r) => r.policy, original).map(resultKey).sort();
        expect(got).toEqual(expected(original));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 60_000);
});
