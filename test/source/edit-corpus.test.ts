/**
 * @file Minimal source edits over the Kyverno mutate tests: for every `patchedResources` result of
 * kyverno/kyverno `test/cli/test-mutate`, `test-mutating-policy` and `test-mutating-admission-policy` and of
 * kyverno/policies (its `*-mpol` MutatingPolicies included), with mutate-existing targets, the edit computed from the original
 * resource document to the expected patched resource must (a) give exactly the patched resource when the
 * edited text is loaded again and (b) leave byte-identical every line the mutation does not concern.
 * Resource files holding a single document are the required set; multi-document files are checked too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeTest } from '../../src/commands/test/test-file.js';
import { applyEdits, computeEdits, sourceValueFor } from '../../src/source/edit.js';
import { parseDocuments } from '../../src/source/parse.js';
import { isKubernetesObject, namespaceOf, normalizeResource, type KubernetesObject } from '../../src/source/resource.js';
import type { JsonValue } from '../../src/types.js';
import { isObject as isPlainObject, jsonEqual } from '../../src/util/json-value.js';
import { changedLines, concernedLines } from './edit-lines.js';

const deepEqual = (a: JsonValue, b: JsonValue): boolean => jsonEqual(a, b, 'type');

const corpus = path.resolve(import.meta.dirname, '../..', '../shared/corpus');
const roots = [
  path.join(corpus, 'kyverno-cli-tests/test-mutate'),
  path.join(corpus, 'kyverno-cli-tests/test-mutating-policy'),
  path.join(corpus, 'kyverno-cli-tests/test-mutating-admission-policy'),
  path.join(corpus, 'kyverno-policies'),
];
const available = roots.every((root) => existsSync(root));
if (!available) console.warn(`test corpus not found at ${corpus}: skipping the corpus edit tests`);

interface EditCase {
  /** `<resource file>[#document] -> <patched file>`, relative to the corpus. */
  name: string;
  resourceFile: string;
  documentIndex: number;
  /** The expected patched object, as written in the test's patchedResources file. */
  expected: KubernetesObject;
  /** The resource file holds only this document. */
  single: boolean;
}

function testFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => path.basename(name) === 'kyverno-test.yaml')
    .map((name) => path.join(directory, name))
    .sort();
}

function load(value: JsonValue): KubernetesObject | null {
  return isKubernetesObject(value) ? normalizeResource(structuredClone(value)) : null;
}

function identity(resource: KubernetesObject): string {
  const metadata = isPlainObject(resource.metadata) ? resource.metadata : {};
  return JSON.stringify([resource.apiVersion, resource.kind, namespaceOf(resource), metadata.name ?? '']);
}

/** Every (resource document, expected patched document) pair the mutate tests declare. */
function collectCases(): EditCase[] {
  const cases = new Map<string, EditCase>();
  for (const testFile of roots.flatMap(testFiles)) {
    const directory = path.dirname(testFile);
    for (const document of parseDocuments(testFile, readFileSync(testFile, 'utf8')).documents) {
      const test = decodeTest(document.value, testFile).test;
      if (test === undefined) continue;
      for (const result of test.results) {
        if (result.patchedResources === undefined) continue;
        const patchedFile = path.resolve(directory, result.patchedResources);
        if (!existsSync(patchedFile)) continue;
        const expectedByIdentity = new Map<string, KubernetesObject>();
        for (const patched of parseDocuments(patchedFile, readFileSync(patchedFile, 'utf8')).documents) {
          const loaded = load(patched.value);
          if (loaded !== null && !expectedByIdentity.has(identity(loaded))) expectedByIdentity.set(identity(loaded), loaded);
        }
        // Mutate-existing results patch an object of the target resources.
        for (const resourcePath of [...test.resources, ...test.targetResources]) {
          const resourceFile = path.resolve(directory, resourcePath);
          if (!existsSync(resourceFile)) continue;
          const documents = parseDocuments(resourceFile, readFileSync(resourceFile, 'utf8')).documents.filter((d) => d.value !== null);
          for (const resourceDocument of documents) {
            const loaded = load(resourceDocument.value);
            const expected = loaded && expectedByIdentity.get(identity(loaded));
            if (!expected) continue;
            const suffix = documents.length === 1 ? '' : `#${resourceDocument.index}`;
            const name = `${path.relative(corpus, resourceFile)}${suffix} -> ${path.relative(corpus, patchedFile)}`;
            cases.set(name, { name, resourceFile, documentIndex: resourceDocument.index, expected, single: documents.length === 1 });
          }
        }
      }
    }
  }
  return [...cases.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function check(testCase: EditCase): void {
  const text = readFileSync(testCase.resourceFile, 'utf8');
  const original = parseDocuments(testCase.resourceFile, text).documents;
  const raw = original.find((document) => document.index === testCase.documentIndex)!.value;
  const loaded = load(raw)!;
  const after = sourceValueFor(raw, loaded, testCase.expected);
  const edits = computeEdits(text, testCase.documentIndex, after);
  const edited = applyEdits(text, edits);

  // (a) loading the edited text gives exactly the patched resource; the other documents are unchanged.
  const reparsed = parseDocuments(testCase.resourceFile, edited);
  expect(reparsed.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  expect(reparsed.documents.map((document) => document.index)).toEqual(original.map((document) => document.index));
  for (const document of reparsed.documents) {
    if (document.index === testCase.documentIndex) expect(load(document.value)).toEqual(testCase.expected);
    else expect(document.value).toEqual(original.find((o) => o.index === document.index)!.value);
  }
  // (b) every original line that is not kept byte-identical is one the mutation concerns.
  const concerned = concernedLines(text, testCase.documentIndex, raw, after);
  const stray = changedLines(text, edited).filter((line) => !concerned.has(line));
  expect(stray.map((line) => `${line}: ${text.split('\n')[line - 1]}`)).toEqual([]);
  // The edits are what the check saw: lines outside them are untouched.
  for (const edit of edits) expect(edit.startLine).toBeLessThanOrEqual(edit.endLine);
}

describe.skipIf(!available)('minimal source edits realise the patched resources of the Kyverno mutate tests', () => {
  const cases = available ? collectCases() : [];
  const single = cases.filter((testCase) => testCase.single);
  const multi = cases.filter((testCase) => !testCase.single);

  it('finds the mutate tests', () => {
    expect(single.length).toBeGreaterThanOrEqual(30);
    // Most of them really change the resource.
    const changing = single.filter((testCase) => {
      const text = readFileSync(testCase.resourceFile, 'utf8');
      const raw = parseDocuments(testCase.resourceFile, text).documents.find((d) => d.index === testCase.documentIndex)!.value;
      return !deepEqual(load(raw), testCase.expected);
    });
    expect(changing.length).toBeGreaterThanOrEqual(25);
  });

  describe('resource files with a single document', () => {
    it.each(single.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => check(testCase));
  });

  describe('documents of multi-document resource files', () => {
    it.each(multi.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => check(testCase));
  });
});

describe('the untouched-line check itself', () => {
  const text = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: web', '  labels:', '    app: web', 'spec:', '  containers:', '  - name: app', '    image: nginx', ''].join('\n');
  const before = parseDocuments('pod.yaml', text).documents[0].value;

  it('accepts a change of the concerned line only', () => {
    const after = structuredClone(before) as { metadata: { labels: Record<string, string> } };
    after.metadata.labels.app = 'api';
    const edited = text.replace('app: web', 'app: api');
    const concerned = concernedLines(text, 0, before, after);
    expect([...concerned]).toEqual([6]);
    expect(changedLines(text, edited)).toEqual([6]);
  });

  it('catches a rewrite of a line the mutation does not concern', () => {
    const after = structuredClone(before) as { metadata: { labels: Record<string, string> } };
    after.metadata.labels.team = 'a';
    // Same value, but the untouched `name` line is re-quoted.
    const edited = text.replace('  name: web', "  name: 'web'").replace('    app: web\n', '    app: web\n    team: a\n');
    const concerned = concernedLines(text, 0, before, after);
    expect(changedLines(text, edited).filter((line) => !concerned.has(line))).toEqual([4]);
  });

  it('counts the lines of a removed list item and of a rewritten flow collection', () => {
    const flow = 'a: [1, 2]\nb:\n- x: 1\n  y: 2\n- z: 3\n';
    const value = parseDocuments('f.yaml', flow).documents[0].value;
    expect([...concernedLines(flow, 0, value, { a: [1], b: [{ z: 3 }] })].sort()).toEqual([1, 3, 4]);
  });
});
