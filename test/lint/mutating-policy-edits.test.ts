/**
 * @file Minimal source edits of MutatingPolicy mutations over the Kyverno test suites: for every `patchedResources`
 * result of a MutatingPolicy test (kyverno/policies `*-mpol/…/.kyverno-test/`, kyverno/kyverno
 * `test/cli/test-mutating-policy/*`) whose resource file holds a single document, the repository scan run on the
 * test's policies and resource file with fixes computed gives the fix of that file; applying it to the original
 * text and parsing it again gives exactly the patched resource of the test, and every line the mutation does not
 * concern stays byte-identical.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeTest, type TestSpec } from '../../src/commands/test/test-file.js';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { applyEdits, computeEdits, sourceValueFor } from '../../src/source/edit.js';
import { parseDocuments } from '../../src/source/parse.js';
import { isKubernetesObject, namespaceOf, normalizeResource, type KubernetesObject } from '../../src/source/resource.js';
import type { JsonValue } from '../../src/types.js';
import { isObject, jsonEqual } from '../../src/util/json-value.js';
import { changedLines, concernedLines } from '../source/edit-lines.js';

const corpus = path.resolve(import.meta.dirname, '../..', '../shared/corpus');
const policiesRoot = path.join(corpus, 'kyverno-policies');
const cliRoot = path.join(corpus, 'kyverno-cli-tests/test-mutating-policy');
const available = existsSync(policiesRoot) && existsSync(cliRoot);
if (!available) console.warn(`test corpus not found at ${corpus}: skipping the MutatingPolicy corpus edit tests`);

interface EditCase {
  /** `<resource file> -> <patched file>`, relative to the corpus. */
  name: string;
  directory: string;
  test: TestSpec;
  resourceFile: string;
  expected: KubernetesObject;
}

/** The test files of the MutatingPolicy suites. */
function testFiles(): string[] {
  const policies = readdirSync(policiesRoot, { recursive: true, encoding: 'utf8' })
    .filter((name) => path.basename(name) === 'kyverno-test.yaml' && name.split(path.sep)[0]!.endsWith('-mpol') && name.includes('.kyverno-test'))
    .map((name) => path.join(policiesRoot, name));
  const cli = readdirSync(cliRoot, { recursive: true, encoding: 'utf8' })
    .filter((name) => path.basename(name) === 'kyverno-test.yaml')
    .map((name) => path.join(cliRoot, name));
  return [...policies, ...cli].sort();
}

function load(value: JsonValue): KubernetesObject | null {
  return isKubernetesObject(value) ? normalizeResource(structuredClone(value)) : null;
}

function identity(resource: KubernetesObject): string {
  const metadata = isObject(resource.metadata) ? resource.metadata : {};
  return JSON.stringify([resource.apiVersion, resource.kind, namespaceOf(resource), metadata.name ?? '']);
}

const documentsOf = (file: string) => parseDocuments(file, readFileSync(file, 'utf8')).documents.filter((document) => document.value !== null);

/**
 * Every (single-document resource file, expected patched resource) pair the MutatingPolicy tests declare, and the
 * pairs left out: of multi-document files, and of tests whose mutation needs the Test's `context` file (image data,
 * which the scan does not read). A mutate-existing target is in `targetResources`, not a resource file: the scan
 * fixes the scanned manifests, not the existing objects a trigger mutates, so those results are not cases.
 */
function collectCases(): { cases: EditCase[]; multiDocument: string[]; needsContext: string[] } {
  const cases = new Map<string, EditCase>();
  const multiDocument = new Set<string>();
  const needsContext = new Set<string>();
  for (const testFile of testFiles()) {
    const directory = path.dirname(testFile);
    for (const document of parseDocuments(testFile, readFileSync(testFile, 'utf8')).documents) {
      const test = decodeTest(document.value, testFile).test;
      if (test === undefined) continue;
      for (const result of test.results) {
        if (result.patchedResources === undefined || result.celKind !== 'MutatingPolicy') continue;
        const patchedFile = path.resolve(directory, result.patchedResources);
        if (!existsSync(patchedFile)) continue;
        const expectedByIdentity = new Map<string, KubernetesObject>();
        for (const patched of documentsOf(patchedFile)) {
          const loaded = load(patched.value);
          if (loaded !== null && !expectedByIdentity.has(identity(loaded))) expectedByIdentity.set(identity(loaded), loaded);
        }
        for (const resourcePath of test.resources) {
          const resourceFile = path.resolve(directory, resourcePath);
          if (!existsSync(resourceFile)) continue;
          const documents = documentsOf(resourceFile);
          for (const resourceDocument of documents) {
            const loaded = load(resourceDocument.value);
            const expected = loaded && expectedByIdentity.get(identity(loaded));
            if (!expected) continue;
            const name = `${path.relative(corpus, resourceFile)} -> ${path.relative(corpus, patchedFile)}`;
            if (documents.length !== 1) multiDocument.add(name);
            else if (test.context !== undefined) needsContext.add(name);
            else cases.set(name, { name, directory, test, resourceFile, expected });
          }
        }
      }
    }
  }
  return { cases: [...cases.values()].sort((a, b) => a.name.localeCompare(b.name)), multiDocument: [...multiDocument].sort(), needsContext: [...needsContext].sort() };
}

/**
 * The scan of the test's resource files with its policies, exceptions and values, fixes computed: the text of the
 * case's resource file, and that text once fixed.
 */
async function scanFix(testCase: EditCase): Promise<{ text: string; edited: string }> {
  const { directory, test, resourceFile } = testCase;
  const resolve = (file: string): string => path.resolve(directory, file);
  const config = { ...DEFAULT_CONFIG, ...(test.variables !== undefined ? { values: resolve(test.variables) } : {}) };
  // A repository holds the CRDs of its custom resources: the scan reads their schemas from there.
  const crdFiles = test.clusterResources.flatMap((file) =>
    documentsOf(resolve(file)).flatMap((document) => {
      const spec = (document.value as { spec?: { crds?: unknown } } | null)?.spec;
      return Array.isArray(spec?.crds) ? spec.crds.filter((crd): crd is string => typeof crd === 'string').map((crd) => path.resolve(path.dirname(resolve(file)), crd)) : [];
    }),
  );
  const result = await lint({
    cwd: directory,
    paths: [...new Set([...test.resources.map(resolve), ...crdFiles])],
    policyPaths: [...test.policies, ...test.exceptions].map(resolve),
    config,
    fixes: true,
  });
  expect(result.errors ?? []).toEqual([]);
  const text = readFileSync(resourceFile, 'utf8');
  const fixes = result.fixes.filter((fix) => fix.file === resourceFile);
  const reasons = result.report.findings.filter((finding) => finding.fix === undefined || finding.fix === null).map((finding) => `${finding.ruleId}: ${finding.message}`);
  // A mutation that would change its own result again (`"registry.io/" + image`) is reported without a fix; its edit is
  // still the minimal edit of the document to the patched resource.
  const unsettled = result.report.findings.some((finding) => finding.fix === undefined && /is not idempotent: it would change .* again once fixed/.test(finding.message));
  if (unsettled && fixes.length === 0) {
    const original = parseDocuments(resourceFile, text).documents.find((document) => document.value !== null)!;
    const after = sourceValueFor(original.value, load(original.value)!, testCase.expected);
    return { text, edited: applyEdits(text, computeEdits(text, original.index, after)) };
  }
  expect(fixes, `no fix of ${path.basename(resourceFile)}: ${reasons.join('; ') || 'no mutation reported'}`).toHaveLength(1);
  expect(fixes[0]!.before).toBe(text);
  return { text, edited: fixes[0]!.after };
}

async function check(testCase: EditCase): Promise<void> {
  const { text, edited } = await scanFix(testCase);
  const original = parseDocuments(testCase.resourceFile, text).documents.find((document) => document.value !== null)!;
  // The edited text reads exactly as the patched resource of the test.
  const reparsed = parseDocuments(testCase.resourceFile, edited);
  expect(reparsed.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  const documents = reparsed.documents.filter((document) => document.value !== null);
  expect(documents).toHaveLength(1);
  expect(load(documents[0]!.value)).toEqual(testCase.expected);
  // Every original line that is not kept byte-identical is one the mutation concerns.
  const concerned = concernedLines(text, original.index, original.value, documents[0]!.value);
  const stray = changedLines(text, edited).filter((line) => !concerned.has(line));
  expect(stray.map((line) => `${line}: ${text.split('\n')[line - 1]}`)).toEqual([]);
}

describe.skipIf(!available)('minimal source edits realise the patched resources of the MutatingPolicy tests', () => {
  const { cases, multiDocument, needsContext } = available ? collectCases() : { cases: [], multiDocument: [], needsContext: [] };

  it('finds the MutatingPolicy tests of both suites', () => {
    expect(cases.filter((testCase) => testCase.name.startsWith('kyverno-policies/')).length).toBeGreaterThanOrEqual(8);
    expect(cases.filter((testCase) => testCase.name.startsWith('kyverno-cli-tests/')).length).toBeGreaterThanOrEqual(4);
    // Every one of them really changes the resource.
    const unchanged = cases.filter((testCase) => jsonEqual(load(documentsOf(testCase.resourceFile)[0]!.value), testCase.expected, 'type'));
    expect(unchanged.map((testCase) => testCase.name)).toEqual([]);
    // Multi-document resource files are many in kyverno/policies; the image data test needs its context file.
    expect(multiDocument.length).toBeGreaterThanOrEqual(10);
    expect(needsContext).toEqual(['kyverno-cli-tests/test-mutating-policy/image-metadata/pod.yaml -> kyverno-cli-tests/test-mutating-policy/image-metadata/patched-pod.yaml']);
  });

  it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => check(testCase));
});
