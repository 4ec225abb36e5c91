import { describe, expect, it } from 'vitest';
import { applyEdits, computeEdits, type LineEdit } from '../../src/source/edit.js';
import { parseDocuments } from '../../src/source/parse.js';
import type { JsonObject, JsonValue } from '../../src/types.js';

const POD = [
  '# a pod', // 1
  'apiVersion: v1', // 2
  'kind: Pod', // 3
  'metadata:', // 4
  '  name: web # the name', // 5
  '  labels:', // 6
  "    app: 'web'", // 7
  '    tier: "frontend"', // 8
  'spec:', // 9
  '  containers:', // 10
  '  - name: app', // 11
  '    image: nginx:1.25', // 12
  '    ports:', // 13
  '    - containerPort: 80', // 14
  '  # sidecar follows', // 15
  '  - name: sidecar', // 16
  '    image: busybox', // 17
  '  volumes: [{name: data, emptyDir: {}}]', // 18
  '',
].join('\n');

const MULTI = ['a: 1', 'b: x', '---', '# second', 'a: 2', 'b: y', '---', 'a: 3', ''].join('\n');

type Mutation = (doc: any) => void;

interface Case {
  name: string;
  text: string;
  document?: number;
  mutate: Mutation;
  /** Original lines the edits cover. */
  touched: number[];
}

const CASES: Case[] = [
  { name: 'no change', text: POD, mutate: () => {}, touched: [] },
  { name: 'plain scalar keeps its trailing comment', text: POD, mutate: (d) => (d.metadata.name = 'api'), touched: [5] },
  { name: 'single-quoted scalar stays single-quoted', text: POD, mutate: (d) => (d.metadata.labels.app = "it's"), touched: [7] },
  { name: 'double-quoted scalar stays double-quoted', text: POD, mutate: (d) => (d.metadata.labels.tier = 'back\tend'), touched: [8] },
  { name: 'string that reads as a boolean gets quoted', text: POD, mutate: (d) => (d.spec.containers[0].image = 'yes'), touched: [12] },
  { name: 'number replaces a string', text: POD, mutate: (d) => (d.spec.containers[0].ports[0].containerPort = 8080), touched: [14] },
  { name: 'scalar in a nested list item', text: POD, mutate: (d) => (d.spec.containers[1].image = 'busybox:1.36'), touched: [17] },
  { name: 'first key of a compact list entry', text: POD, mutate: (d) => (d.spec.containers[1].name = 'helper'), touched: [16] },
  { name: 'added key goes after its siblings', text: POD, mutate: (d) => (d.metadata.labels.team = 'platform'), touched: [8] },
  {
    name: 'added nested map',
    text: POD,
    mutate: (d) => (d.metadata.annotations = { 'example.com/team': 'platform', 'b': 'x' }),
    touched: [8],
  },
  {
    name: 'added key in a list entry',
    text: POD,
    mutate: (d) => (d.spec.containers[1].resources = { limits: { memory: '1Gi' } }),
    touched: [17],
  },
  { name: 'added top-level key at the end of the file', text: POD, mutate: (d) => (d.status = { phase: 'Running' }), touched: [18] },
  { name: 'removed key removes its line', text: POD, mutate: (d) => delete d.metadata.labels.tier, touched: [8] },
  { name: 'removed nested map removes its lines', text: POD, mutate: (d) => delete d.metadata.labels, touched: [6, 7, 8] },
  {
    name: 'removed block with a nested list',
    text: POD,
    mutate: (d) => delete d.spec.containers[0].ports,
    touched: [13, 14],
  },
  { name: 'removed list item', text: POD, mutate: (d) => d.spec.containers.splice(1, 1), touched: [16, 17] },
  { name: 'removed first list item', text: POD, mutate: (d) => d.spec.containers.splice(0, 1), touched: [11, 12, 13, 14] },
  {
    name: 'added list item at the end',
    text: POD,
    mutate: (d) => d.spec.containers.push({ name: 'third', image: 'alpine' }),
    touched: [17],
  },
  {
    name: 'added list item at the start',
    text: POD,
    mutate: (d) => d.spec.containers.unshift({ name: 'zero', image: 'alpine' }),
    touched: [10],
  },
  { name: 'added scalar list item', text: POD, mutate: (d) => d.spec.containers[0].ports.push({ containerPort: 443 }), touched: [14] },
  { name: 'flow collection is rewritten', text: POD, mutate: (d) => d.spec.volumes.push({ name: 'tmp' }), touched: [18] },
  { name: 'map replaced by a scalar', text: POD, mutate: (d) => (d.metadata.labels = 'none'), touched: [6, 7, 8] },
  { name: 'scalar replaced by a map', text: POD, mutate: (d) => (d.kind = { a: 1 }), touched: [3] },
  { name: 'scalar replaced by a multi-line string', text: POD, mutate: (d) => (d.kind = 'a\nb'), touched: [3] },
  { name: 'all keys of a map removed', text: POD, mutate: (d) => (d.metadata.labels = {}), touched: [6, 7, 8] },
  { name: 'empty value gets a value', text: 'a:\nb: 1\n', mutate: (d) => (d.a = { x: [1, 2] }), touched: [1] },
  { name: 'key removed and key added', text: 'a: 1\nb: 2\n', mutate: (d) => { delete d.b; d.c = 3; }, touched: [2] },
  { name: 'file without a final line break', text: 'a: 1\nb: 2', mutate: (d) => (d.c = 'x'), touched: [2] },
  { name: 'changed last value and added key', text: 'a: 1\nb: 2\n', mutate: (d) => { d.b = 3; d.c = 4; }, touched: [2] },
  { name: 'comments between keys are kept', text: 'a:\n  x: 1\n# about b\nb: 2\n', mutate: (d) => delete d.a.x && (d.a.y = 2), touched: [2] },
  { name: 'second document only', text: MULTI, document: 1, mutate: (d) => { d.a = 20; d.c = 'new'; }, touched: [5, 6] },
  { name: 'last document', text: MULTI, document: 2, mutate: (d) => delete d.a && (d.z = true), touched: [8] },
  { name: 'CRLF line breaks', text: 'a: 1\r\nb:\r\n  c: 2\r\n', mutate: (d) => { d.b.d = 3; d.a = 'x'; }, touched: [1, 3] },
  {
    name: 'anchored value is rewritten as a whole',
    text: 'base: &b {x: 1}\nother: *b\n',
    mutate: (d) => (d.other = { x: 2 }),
    touched: [2],
  },
  { name: 'strings that need quoting in YAML 1.1', text: 'a: 1\n', mutate: (d) => Object.assign(d, { b: 'on', c: '0777', d: '1e3', e: '', f: '~' }), touched: [1] },
];

function documentsOf(text: string): JsonValue[] {
  const parsed = parseDocuments('test.yaml', text);
  expect(parsed.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  return parsed.documents.map((document) => document.value);
}

/** The edited text rebuilt line by line: uncovered lines verbatim, covered ones by their edit. */
function rebuild(text: string, edits: LineEdit[]): string {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let out = '';
  for (let line = 1; line <= lines.length; line++) {
    const edit = edits.find((e) => e.startLine <= line && line <= e.endLine);
    if (edit === undefined) out += lines[line - 1];
    else if (edit.startLine === line) out += edit.replacement;
  }
  return out;
}

describe('computeEdits', () => {
  it.each(CASES)('$name', ({ text, document = 0, mutate, touched }) => {
    const before = documentsOf(text);
    const after = structuredClone(before[document]) as JsonObject;
    mutate(after);
    const edits = computeEdits(text, document, after);
    const edited = applyEdits(text, edits);
    // (a) the target document now reads as `after`, the others as before
    const expected = [...before];
    expected[document] = after;
    expect(documentsOf(edited)).toEqual(expected);
    // (b) lines outside the edits are byte-identical
    expect(edited).toBe(rebuild(text, edits));
    const covered = edits.flatMap((e) => Array.from({ length: e.endLine - e.startLine + 1 }, (_, i) => e.startLine + i));
    expect(covered).toEqual(touched);
  });

  it('keeps the quoting style of a changed scalar', () => {
    const text = "a: 'x'\nb: \"y\"\nc: z\n";
    const edits = computeEdits(text, 0, { a: 'x2', b: 'y2', c: 'z2' });
    expect(applyEdits(text, edits)).toBe("a: 'x2'\nb: \"y2\"\nc: z2\n");
  });

  it('indents added keys like their siblings', () => {
    const text = 'spec:\n    containers:\n    -   name: a\n';
    const edits = computeEdits(text, 0, { spec: { containers: [{ name: 'a', image: 'b' }], x: 1 } });
    expect(applyEdits(text, edits)).toBe('spec:\n    containers:\n    -   name: a\n        image: b\n    x: 1\n');
  });

  it('removes the lines of removed keys', () => {
    const text = 'a: 1\nb:\n  c: 2\nd: 3\n';
    expect(applyEdits(text, computeEdits(text, 0, { a: 1, d: 3 }))).toBe('a: 1\nd: 3\n');
    expect(computeEdits(text, 0, { a: 1, d: 3 })).toEqual([{ startLine: 2, endLine: 3, replacement: '' }]);
  });

  it('rejects a missing document', () => {
    expect(() => computeEdits('a: 1\n', 3, {})).toThrow(RangeError);
  });
});

describe('applyEdits', () => {
  it('replaces and removes whole lines', () => {
    const text = 'one\ntwo\nthree\nfour';
    expect(
      applyEdits(text, [
        { startLine: 2, endLine: 2, replacement: 'TWO\n2b\n' },
        { startLine: 3, endLine: 3, replacement: '' },
        { startLine: 4, endLine: 4, replacement: 'FOUR' },
      ]),
    ).toBe('one\nTWO\n2b\nFOUR');
  });
});

describe('computeEdits with the loader view of the document', () => {
  it('keeps what only the loader can read (a !!binary scalar) when the mutation does not touch it', () => {
    const text = 'metadata:\n  name: "bin"\n  annotations: {a: !!binary aGVsbG8=}\nspec:\n  x: 1\n';
    const loaded = parseDocuments('a.yaml', text).documents[0]!.value as JsonObject;
    const after = { ...loaded, spec: { x: 1, z: 2 } };
    const edits = computeEdits(text, 0, after, loaded);
    const fixed = applyEdits(text, edits);
    expect(fixed).toBe('metadata:\n  name: "bin"\n  annotations: {a: !!binary aGVsbG8=}\nspec:\n  x: 1\n  z: 2\n');
    // Without the loader's view the unreadable map is rewritten as a whole.
    expect(applyEdits(text, computeEdits(text, 0, after))).not.toContain('!!binary');
  });
});
