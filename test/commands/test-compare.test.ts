import path from 'node:path';
import { jsonEqual } from '../../src/util/json-value.js';
import { describe, expect, it } from 'vitest';
import { DiagnosticLog } from '../../src/commands/load/diagnostics.js';
import {
  compareWithAnyFile,
  compareWithFile,
  ExpectedFiles,
  findExpected,
  fixupGenerateLabels,
  formatResourceDiff,
  normalizeForComparison,
  tidy,
  toYaml,
} from '../../src/commands/test/compare.js';
import type { TestResult } from '../../src/commands/test/test-file.js';
import { cloneSourceLookup } from '../../src/commands/test/runner.js';
import { compilePolicy, type KyvernoPolicy } from '../../src/families/kyverno/compile.js';
import type { Rule } from '../../src/families/kyverno/policy/types.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { ROOT } from './helpers.js';

const DIR = path.join(ROOT, 'test/fixtures/cli/test-compare/expected');

const pod = (labels?: JsonValue, extra: JsonObject = {}): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: labels === undefined ? { name: 'web', namespace: 'default' } : { name: 'web', namespace: 'default', labels },
  spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] },
  ...extra,
});

describe('fixupGenerateLabels (resource/labels.go)', () => {
  it.each<{ name: string; object: JsonObject; metadata: JsonValue | undefined }>([
    {
      name: 'adds managed-by when there are no labels',
      object: { kind: 'Pod', metadata: { name: 'web' } },
      metadata: { name: 'web', labels: { 'app.kubernetes.io/managed-by': 'kyverno' } },
    },
    {
      name: 'creates metadata when absent',
      object: { kind: 'Pod' },
      metadata: { labels: { 'app.kubernetes.io/managed-by': 'kyverno' } },
    },
    {
      name: 'drops generate.kyverno.io labels and keeps the others',
      object: { metadata: { labels: { 'generate.kyverno.io/policy-name': 'p', 'generate.kyverno.io/rule-name': 'r', team: 'a' } } },
      metadata: { labels: { 'app.kubernetes.io/managed-by': 'kyverno', team: 'a' } },
    },
    {
      name: 'keeps a managed-by label the object sets',
      object: { metadata: { labels: { 'app.kubernetes.io/managed-by': 'helm' } } },
      metadata: { labels: { 'app.kubernetes.io/managed-by': 'helm' } },
    },
    {
      name: 'treats labels with a non-string value as none (Go GetLabels)',
      object: { metadata: { labels: { team: 'a', replicas: 3 } } },
      metadata: { labels: { 'app.kubernetes.io/managed-by': 'kyverno' } },
    },
    {
      name: 'leaves a metadata that is not a map alone',
      object: { metadata: 'x' },
      metadata: 'x',
    },
  ])('$name', ({ object, metadata }) => {
    const before = structuredClone(object);
    expect(fixupGenerateLabels(object).metadata).toEqual(metadata);
    expect(object).toEqual(before);
  });
});

describe('tidy (resource/tidy.go)', () => {
  it.each<{ value: JsonValue; tidied: JsonValue | undefined }>([
    { value: null, tidied: undefined },
    { value: {}, tidied: undefined },
    { value: [], tidied: undefined },
    { value: { a: null, b: {}, c: [], d: { e: { f: [] } } }, tidied: undefined },
    { value: [{}, 1, null, [], { a: null }, 'x'], tidied: [1, 'x'] },
    { value: { a: 0, b: false, c: '', d: [0] }, tidied: { a: 0, b: false, c: '', d: [0] } },
    { value: { spec: { containers: [{ name: 'app', env: [], resources: {} }] } }, tidied: { spec: { containers: [{ name: 'app' }] } } },
  ])('$value → $tidied', ({ value, tidied }) => {
    expect(tidy(value)).toEqual(tidied);
  });
});

describe('jsonEqual (empty merge patch)', () => {
  it.each<{ a: JsonValue; b: JsonValue; equal: boolean }>([
    { a: { x: [1, 2] }, b: { x: [1, 2] }, equal: true },
    { a: { x: [1, 2] }, b: { x: [2, 1] }, equal: false },
    { a: { x: 1 }, b: { x: 1.0 }, equal: true },
    { a: { x: '80' }, b: { x: 80 }, equal: false },
    { a: { x: true }, b: { x: 'true' }, equal: false },
    { a: { x: 1 }, b: { x: 1, y: 2 }, equal: false },
    { a: { x: 1, y: 2 }, b: { y: 2, x: 1 }, equal: true },
    { a: { x: null }, b: {}, equal: false },
    { a: [], b: {}, equal: false },
  ])('$a vs $b → $equal', ({ a, b, equal }) => {
    expect(jsonEqual(a, b, 'type')).toBe(equal);
    expect(jsonEqual(b, a, 'type')).toBe(equal);
  });
});

describe('normalizeForComparison', () => {
  it('makes objects equal that differ only by generate labels, null values and empty collections', () => {
    const actual = pod({ 'generate.kyverno.io/policy-name': 'p', team: 'a' }, { status: {} });
    const expected = pod({ team: 'a', 'app.kubernetes.io/managed-by': 'kyverno' }, { metadata: { name: 'web', namespace: 'default', annotations: null, labels: { team: 'a' } } });
    expect(normalizeForComparison(actual)).toEqual(normalizeForComparison(expected));
  });

  it('keeps what survives: the managed-by label always, a metadata that is not a map', () => {
    expect(normalizeForComparison({ metadata: 'x' })).toEqual({ metadata: 'x' });
    expect(normalizeForComparison({ spec: null })).toEqual({ metadata: { labels: { 'app.kubernetes.io/managed-by': 'kyverno' } } });
  });
});

describe('findExpected', () => {
  const objects: JsonObject[] = [
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'prod' } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { first: true } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { first: false } },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' } },
  ];

  it('picks the first document with the same apiVersion, kind, namespace and name', () => {
    expect(findExpected(objects, pod())).toBe(objects[1]);
    expect(findExpected(objects, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' } })).toBe(objects[3]);
  });

  it.each<JsonObject>([
    { apiVersion: 'v2', kind: 'Pod', metadata: { name: 'web', namespace: 'default' } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'dev' } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'api', namespace: 'default' } },
    {},
  ])('finds nothing for %j', (actual) => {
    expect(findExpected(objects, actual)).toBeUndefined();
  });
});

describe('ExpectedFiles', () => {
  it('loads every document like a test resource (namespace defaulted) and caches each file', () => {
    const files = new ExpectedFiles(DIR);
    const loaded = files.load('patched.yaml');
    expect('objects' in loaded && loaded.objects.map((object) => [object.kind, (object.metadata as JsonObject).namespace])).toEqual([
      ['Pod', 'default'],
      ['Secret', 'default'],
    ]);
    expect(files.load(path.join(DIR, 'patched.yaml'))).toBe(loaded);
  });

  it('reports a missing file or a YAML error as the error of the file, and passes the problems on once', () => {
    let stderr = '';
    const log = new DiagnosticLog({ stdout: () => {}, stderr: (text) => (stderr += text), cwd: ROOT });
    const files = new ExpectedFiles(DIR, log);
    const missing = files.load('missing.yaml');
    expect(missing).toEqual({ error: expect.stringContaining('ENOENT') });
    const broken = files.load('broken.yaml');
    expect(broken).toEqual({ error: expect.stringMatching(/^broken\.yaml:5:\d+: /) });
    files.load('broken.yaml');
    expect(log.errorCount).toBe(2);
    expect(stderr).toMatch(/^test\/fixtures\/cli\/test-compare\/expected\/missing\.yaml:1:1: ENOENT/m);
    expect(stderr).toMatch(/^test\/fixtures\/cli\/test-compare\/expected\/broken\.yaml:5:\d+: /m);
  });
});

describe('compareWithFile / compareWithAnyFile (getAndCompareResource, commands/test/compare.go; checkResult)', () => {
  const files = new ExpectedFiles(DIR);
  const policy: JsonObject = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: {
      name: 'default-deny',
      namespace: 'team-a',
      labels: { 'app.kubernetes.io/managed-by': 'kyverno', 'generate.kyverno.io/policy-name': 'add-networkpolicy' },
    },
    spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
  };

  it('is equal after normalisation', () => {
    expect(compareWithFile(pod({ team: 'a' }), 'patched.yaml', 'PatchedResources', files)).toEqual({ kind: 'equal' });
    expect(compareWithFile(policy, 'generated.yaml', 'GeneratedResource', files)).toEqual({ kind: 'equal' });
  });

  it('reports a difference with the normalised objects as YAML', () => {
    const actual = pod({ team: 'b' });
    const comparison = compareWithFile(actual, 'patched.yaml', 'PatchedResources', files);
    expect(comparison).toMatchObject({ kind: 'diff', message: "Patched resource didn't match the patched resource in the test result" });
    if (comparison.kind !== 'diff') throw new Error('expected a diff');
    expect(comparison.diff.actual).toBe(toYaml(normalizeForComparison(actual)));
    expect(comparison.diff.expected).toContain('team: a');
    expect(comparison.diff.expected).not.toContain('env:');
    expect(compareWithFile({ ...policy, spec: {} }, 'generated.yaml', 'GeneratedResource', files)).toMatchObject({
      kind: 'diff',
      message: "Patched resource didn't match the generated resource in the test result",
    });
  });

  it.each<{ file: string; field: 'PatchedResources' | 'GeneratedResource'; message: RegExp; missing: boolean }>([
    {
      file: 'generated.yaml',
      field: 'PatchedResources',
      message: /^error: failed to load PatchedResources resource \(resource with name web not found in manifest\)$/,
      missing: true,
    },
    { file: 'missing.yaml', field: 'GeneratedResource', message: /^error: failed to load GeneratedResource resource \(ENOENT.*\)$/, missing: false },
    { file: 'broken.yaml', field: 'PatchedResources', message: /^error: failed to load PatchedResources resource \(broken\.yaml:5:\d+: .*\)$/, missing: false },
  ])('Resource error for $file', ({ file, field, message, missing }) => {
    const comparison = compareWithFile(pod(), file, field, files);
    expect(comparison).toEqual({ kind: 'error', message: expect.stringMatching(message), missing });
  });

  it('accepts a match in any generatedResources file', () => {
    expect(compareWithAnyFile(policy, ['generated-other.yaml', 'generated.yaml'], files)).toEqual({ kind: 'equal' });
  });

  it('shows the diff against the first document found when no file matches', () => {
    const comparison = compareWithAnyFile({ ...policy, spec: { policyTypes: ['Egress'] } }, ['patched.yaml', 'generated-other.yaml', 'generated.yaml'], files);
    expect(comparison).toMatchObject({ kind: 'diff', message: "Generated resource didn't match any of the expected generated resources in the test result" });
    if (comparison.kind !== 'diff') throw new Error('expected a diff');
    expect(comparison.diff.expected).toContain('- Ingress');
    expect(comparison.diff.expected).not.toContain('Egress');
  });

  it('is a Resource error when no file holds the object or a file cannot be loaded', () => {
    expect(compareWithAnyFile(pod(), ['generated.yaml', 'generated-other.yaml'], files)).toEqual({
      kind: 'error',
      message: 'error: failed to load GeneratedResources resource (resource with name web not found in manifest)',
      missing: true,
    });
    expect(compareWithAnyFile(policy, ['missing.yaml', 'generated.yaml'], files)).toMatchObject({ kind: 'error', missing: false });
  });
});

describe('formatResourceDiff', () => {
  const diff = { expected: 'a: 1\nb: 2\n', actual: 'a: 1\nb: 3\n' };

  it('prints the legend and the unified diff from expected to actual', () => {
    expect(formatResourceDiff(diff, false)).toBe('(- only in expected, + only in actual)\n\n--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n a: 1\n-b: 2\n+b: 3\n');
  });

  it('colours the legend and the changed lines on request', () => {
    const coloured = formatResourceDiff(diff, true);
    expect(coloured).toContain('\u001b[31m- only in expected\u001b[0m');
    expect(coloured).toContain('\u001b[32m+b: 3\u001b[0m');
  });
});

describe('cloneSourceLookup (ruleToCloneSourceResource in runTest, commands/test/test.go)', () => {
  const files = new ExpectedFiles(DIR);
  const rule = (name: string, generate: JsonObject): Rule => ({ name, match: { any: [{ resources: { kinds: ['Namespace'] } }] }, generate });
  const clone = { apiVersion: 'v1', kind: 'Secret', name: 'creds', namespace: '{{request.object.metadata.name}}', clone: { namespace: 'default', name: 'creds' } };
  const cloneList = { namespace: '{{request.object.metadata.name}}', cloneList: { namespace: 'default', kinds: ['v1/Secret'] } };
  const data = { apiVersion: 'v1', kind: 'ConfigMap', name: 'cm', namespace: 'x', data: { data: { a: 'b' } }, clone: { name: '', namespace: '' } };
  const compiled = (kind: 'ClusterPolicy' | 'Policy', name: string, rules: Rule[], namespace?: string): KyvernoPolicy =>
    compilePolicy({ apiVersion: 'kyverno.io/v1', kind, metadata: { name, namespace }, spec: { rules } });
  const result = (policy: string, ruleName: string, cloneSourceResource?: string, extra: Partial<TestResult> = {}): TestResult => ({
    index: 0,
    policy,
    rule: ruleName,
    result: 'pass',
    kind: 'Namespace',
    failOnMissingResources: false,
    ...(cloneSourceResource ? { cloneSourceResource } : {}),
    ...extra,
  });
  const names = (objects: readonly JsonObject[]): string[] => objects.map((object) => `${object.kind}/${(object.metadata as JsonObject).name}`);

  const syncA = compiled('ClusterPolicy', 'sync-a', [rule('sync', clone)]);
  const syncB = compiled('ClusterPolicy', 'sync-b', [rule('sync', clone)]);
  const team = compiled('Policy', 'sync', [rule('sync', clone)], 'team');
  const list = compiled('ClusterPolicy', 'list', [rule('copy', cloneList), rule('data', data)]);
  const lookup = cloneSourceLookup(
    [syncA, syncB, team, list],
    [
      result('sync-b', 'sync', 'generated.yaml'),
      result('sync-a', 'sync', 'patched.yaml'),
      result('sync-a', 'sync', 'generated.yaml'),
      result('team/sync', 'sync', 'generated.yaml'),
      result('list', 'copy', 'patched.yaml', { celKind: 'GeneratingPolicy' }),
      result('list', 'copy', 'generated.yaml'),
      result('list', 'data', 'patched.yaml'),
    ],
    files,
  );

  it.each<{ policy: KyvernoPolicy; objects: string[] }>([
    { policy: syncA, objects: ['Pod/web', 'Secret/creds'] },
    { policy: syncB, objects: ['NetworkPolicy/default-deny'] },
    { policy: team, objects: ['NetworkPolicy/default-deny'] },
    { policy: list, objects: ['NetworkPolicy/default-deny'] },
  ])('registers the first result naming $policy.name and a cloning rule', ({ policy, objects }) => {
    expect(names(lookup(policy))).toEqual(objects);
  });

  it('needs the namespace of a namespaced Policy in the result', () => {
    const plain = cloneSourceLookup([team], [result('sync', 'sync', 'generated.yaml')], files);
    expect(plain(team)).toEqual([]);
  });

  it('gives nothing for a file that cannot be loaded', () => {
    expect(cloneSourceLookup([syncA], [result('sync-a', 'sync', 'missing.yaml')], files)(syncA)).toEqual([]);
  });
});
