/**
 * @file Minimal source edits over the Kyverno mutate tests: for every `patchedResources` result of
 * kyverno/kyverno `test/cli/test-mutate` and of kyverno/policies, the edit computed from the original
 * resource document to the expected patched resource must (a) give exactly the patched resource when the
 * edited text is loaded again and (b) leave byte-identical every line the mutation does not concern.
 * Resource files holding a single document are the required set; multi-document files are checked too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { diffLines } from 'diff';
import { describe, expect, it } from 'vitest';
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair } from 'yaml';
import { decodeTest } from '../../src/commands/test/test-file.js';
import { applyEdits, computeEdits, sourceValueFor } from '../../src/source/edit.js';
import { keyOf } from '../../src/source/locate.js';
import { parseDocuments } from '../../src/source/parse.js';
import { isKubernetesObject, namespaceOf, normalizeResource, type KubernetesObject } from '../../src/source/resource.js';
import { splitDocuments } from '../../src/source/split.js';
import type { JsonValue } from '../../src/types.js';
import { isObject as isPlainObject, jsonEqual } from '../../src/util/json-value.js';

const deepEqual = (a: JsonValue, b: JsonValue): boolean => jsonEqual(a, b, 'type');

const corpus = path.resolve(import.meta.dirname, '../..', '../shared/corpus');
const roots = [path.join(corpus, 'kyverno-cli-tests/test-mutate'), path.join(corpus, 'kyverno-policies')];
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
        for (const resourcePath of test.resources) {
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

/** 1-based line of an offset. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The lines of the original document a change from `before` to `after` concerns: the lines of
 * removed or rewritten nodes (with the key or dash line that introduces them). Inserted entries
 * concern no original line. Flow collections, aliases, anchors and tags count as one node.
 */
function concernedLines(text: string, documentIndex: number, before: JsonValue, after: JsonValue): Set<number> {
  const chunk = splitDocuments(text).chunks[documentIndex];
  const body = text.slice(chunk.start, chunk.end);
  const document = parseDocument(body, { schema: 'failsafe', uniqueKeys: false, strict: false, keepSourceTokens: true });
  const lines = new Set<number>();
  const line = (offset: number): number => lineOf(text, chunk.start + offset);
  const end = (node: Node): number => {
    let at = node.range![1];
    while (at > node.range![0] && /\s/.test(body[at - 1])) at--;
    return Math.max(at - 1, node.range![0]);
  };
  const mark = (from: number, to: number): void => {
    for (let l = line(from); l <= line(to); l++) lines.add(l);
  };
  const whole = (node: Node | null, head: number): void => mark(head, node?.range ? end(node) : head);

  const walk = (doc: Document, node: Node | null, b: JsonValue, a: JsonValue, head: number): void => {
    if (deepEqual(b, a)) return;
    if (node === null || isAlias(node) || !node.range || ('anchor' in node && node.anchor) || node.tag !== undefined) return whole(node, head);
    if (isMap(node) && !node.flow && isPlainObject(b) && isPlainObject(a) && Object.keys(a).length > 0) {
      const pairs = node.items as Pair[];
      const keys = pairs.map((pair) => keyOf(doc, pair.key));
      if (keys.some((key, i) => key === null || key === '<<' || keys.indexOf(key) !== i)) return whole(node, head);
      pairs.forEach((pair, i) => {
        const key = keys[i]!;
        const keyNode = pair.key as Node;
        const value = (pair.value as Node | null) ?? null;
        if (!Object.hasOwn(a, key)) whole(value, keyNode.range![0]);
        else walk(doc, value, b[key], a[key], keyNode.range![0]);
      });
      return;
    }
    if (isSeq(node) && !node.flow && Array.isArray(b) && Array.isArray(a) && a.length > 0) {
      const items = node.items as Node[];
      const dash = (item: Node): number => body.lastIndexOf('-', item.range![0] - 1);
      if (items.some((item) => !item?.range)) return whole(node, head);
      // Longest common subsequence of equal items; the items between two matches are paired when
      // both sides have as many, else the original ones are all concerned.
      const n = b.length;
      const m = a.length;
      const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
      for (let i = n - 1; i >= 0; i--) {
        for (let j = m - 1; j >= 0; j--) table[i][j] = deepEqual(b[i], a[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
      const matches: [number, number][] = [];
      for (let i = 0, j = 0; i < n && j < m; ) {
        if (deepEqual(b[i], a[j]) && table[i][j] === table[i + 1][j + 1] + 1) matches.push([i++, j++]);
        else if (table[i + 1][j] >= table[i][j + 1]) i++;
        else j++;
      }
      let i = 0;
      let j = 0;
      for (const [toI, toJ] of [...matches, [n, m] as [number, number]]) {
        if (toI - i === toJ - j) {
          for (let k = 0; k < toI - i; k++) walk(doc, items[i + k], b[i + k], a[j + k], dash(items[i + k]));
        } else {
          for (let k = i; k < toI; k++) whole(items[k], dash(items[k]));
        }
        i = toI + 1;
        j = toJ + 1;
      }
      return;
    }
    if (isScalar(node) || isMap(node) || isSeq(node)) return whole(node, head);
  };

  const root = (document.contents as Node | null) ?? null;
  walk(document, root, before, after, root?.range?.[0] ?? 0);
  return lines;
}

/**
 * 1-based lines of `before` that are not kept byte-identical in `after`. A last line without a line
 * break counts as unchanged when it only gains one (needed to add content after it).
 */
function changedLines(before: string, after: string): number[] {
  const terminated = (text: string): string => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  const changed: number[] = [];
  let line = 1;
  for (const part of diffLines(terminated(before), terminated(after))) {
    const count = part.count ?? 0;
    if (part.added) continue;
    if (part.removed) for (let i = 0; i < count; i++) changed.push(line + i);
    line += count;
  }
  return changed;
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
