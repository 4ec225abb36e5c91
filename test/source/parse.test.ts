import { describe, expect, it } from 'vitest';
import { expandLists, parseDocuments } from '../../src/source/parse.js';
import type { SourceDocument } from '../../src/source/types.js';
import type { JsonValue } from '../../src/types.js';

function values(text: string): JsonValue[] {
  return parseDocuments('t.yaml', text).documents.map((document) => document.value);
}

function problems(text: string): string[] {
  return parseDocuments('t.yaml', text).problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.message}`);
}

describe('multi-document files and positions', () => {
  it('numbers documents as Kyverno reads them and records the line each starts on', () => {
    const text = [
      '# leading comment', // 1
      '---', // 2
      'apiVersion: v1', // 3
      'kind: A', // 4
      '---', // 5
      '# only a comment', // 6
      '', // 7
      '---', // 8
      '--- # separator with a comment', // 9
      '', // 10
      'kind: B', // 11
      '---', // 12
      '~', // 13
    ].join('\n');
    const { documents, problems: found } = parseDocuments('f.yaml', text);
    expect(found).toEqual([]);
    expect(documents.map(({ index, line, value }) => ({ index, line, value }))).toEqual([
      { index: 0, line: 3, value: { apiVersion: 'v1', kind: 'A' } },
      { index: 1, line: 11, value: { kind: 'B' } },
      { index: 2, line: 13, value: null },
    ]);
    expect(documents.every((document) => document.file === 'f.yaml')).toBe(true);
  });

  it('splits only on lines starting with ---, like the Kubernetes YAML reader', () => {
    expect(values('a: 1\n  ---\nb: 2\n')).toEqual([{ a: '1 ---', b: 2 }]);
    expect(values('a: |\n  ---\n  x\n')).toEqual([{ a: '---\nx\n' }]);
    expect(values('a: 1\n---\n---\n---\nb: 2')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('reports a --- line followed by content and keeps reading the other documents', () => {
    const text = 'a: 1\n--- b: 2\nc: 3\n';
    expect(problems(text)).toEqual(['2:5 error invalid Yaml document separator: b: 2']);
    expect(values(text)).toEqual([{ a: 1 }, { c: 3 }]);
  });

  it('reads CRLF files and a byte order mark without shifting positions', () => {
    const { documents } = parseDocuments('f.yaml', '\uFEFFa: x\r\n---\r\n\r\nb: |\r\n  y\r\n');
    expect(documents.map(({ line, value }) => ({ line, value }))).toEqual([
      { line: 1, value: { a: 'x' } },
      { line: 4, value: { b: 'y\n' } },
    ]);
  });

  it('gives a block scalar on the last line its line break, as the Kubernetes reader does', () => {
    expect(values('a: |\n  x')).toEqual([{ a: 'x\n' }]);
  });

  it('warns that a document after ... in the same section is ignored', () => {
    expect(values('a: b\n...\nc: d\n')).toEqual([{ a: 'b' }]);
    expect(problems('a: b\n...\nc: d\n')).toEqual([
      "1:1 warning content after the document end marker '...' is ignored (Kyverno reads one document per '---' section)",
    ]);
  });

  it('reads JSON files', () => {
    const json = '{\n  "apiVersion": "v1",\n  "kind": "Pod",\n  "spec": {"replicas": 3, "ok": true, "x": null, "f": 1.5e3}\n}\n';
    expect(values(json)).toEqual([{ apiVersion: 'v1', kind: 'Pod', spec: { replicas: 3, ok: true, x: null, f: 1500 } }]);
    expect(values('[1, "on", {"a\\/b": "\\u00e9"}]')).toEqual([[1, 'on', { 'a/b': 'é' }]]);
  });

  it('returns an empty result for empty and comment-only files', () => {
    for (const text of ['', '\n\n', '# c\n  # d\n', '---\n---\n']) {
      expect(parseDocuments('e.yaml', text)).toEqual({ documents: [], problems: [] });
    }
  });
});

describe('malformed input', () => {
  it.each([
    ['a: 1\nb: [1, 2\n', '2:9 error'],
    ['a:\n  b: 1\n c: 2\n', '3:2 error'],
    ['a: "unterminated\n', '1:17 error'],
    ['key: value\n\t- tab\n', '2:1 error tab characters must not be used in indentation'],
    ['a: 1\na b\n', '2:4 error'],
    ['a: *missing\n', "1:4 error unknown anchor 'missing' referenced"],
    ['a: &x [*x]\n', "1:8 error anchor 'x' value contains itself"],
    ['? [a, b]\n: 1\n', '1:3 error invalid map key: a mapping key must be a scalar'],
    ['~: 1\n', '1:1 error unsupported map key of type: <nil>'],
    ['a: 1\n<<: 5\n', '2:5 error map merge requires map or sequence of maps as the value'],
  ])('%j is reported at file:line:column', (text, expected) => {
    const found = problems(text);
    expect(found).toHaveLength(1);
    expect(found[0].startsWith(expected)).toBe(true);
  });

  it('reports a bad document with its line in the file and keeps the others', () => {
    const text = 'kind: A\n---\nkind: B\nbad: [\n---\nkind: C\n---\nx: *y\n';
    const result = parseDocuments('multi.yaml', text);
    expect(result.documents.map((d) => [d.index, d.value])).toEqual([
      [0, { kind: 'A' }],
      [2, { kind: 'C' }],
    ]);
    expect(result.problems.map((p) => [p.file, p.line, p.severity])).toEqual([
      ['multi.yaml', 4, 'error'],
      ['multi.yaml', 8, 'error'],
    ]);
  });
});

describe('go-yaml v2 semantics beyond scalars', () => {
  it.each<[string, JsonValue]>([
    ['a: 1\n<<: {a: 2, b: 2}\n', { a: 2, b: 2 }],
    ['<<: {a: 2, b: 2}\na: 1\n', { a: 1, b: 2 }],
    ['<<: [{a: 1}, {a: 2, b: 2}]\n', { a: 1, b: 2 }],
    ['base: &b {p: 1, q: 2}\nd:\n  <<: *b\n  q: 3\n', { base: { p: 1, q: 2 }, d: { p: 1, q: 3 } }],
    ['a: &a {p: 1}\nb: &b {q: 2}\nc:\n  <<: [*a, *b, {p: 9}]\n', { a: { p: 1 }, b: { q: 2 }, c: { p: 1, q: 2 } }],
    ['{y: 1, n: 2, on: 3, off: 4}\n', { true: 3, false: 4 }],
    ['"<<": {a: 1}\n', { '<<': { a: 1 } }],
    ['a: 1\na: 2\n', { a: 2 }],
    ['1: a\n"1": b\n', { '1': 'b' }],
    ['a: &x 1\nb: *x\nc: &x 2\nd: *x\n', { a: 1, b: 1, c: 2, d: 2 }],
    ['&k key: v\n*k : w\n', { key: 'w' }],
    ['a: !!set {p, q}\n', { a: { p: null, q: null } }],
    ['a: !!omap [{x: 1}]\n', { a: [{ x: 1 }] }],
  ])('%j', (text, expected) => {
    expect(values(text)).toEqual([expected]);
  });

  it('rejects merging a sequence alias or a scalar', () => {
    expect(problems('s: &s [1]\nm:\n  <<: *s\n')).toEqual(['3:7 error map merge requires map or sequence of maps as the value']);
    expect(problems('<<: [{a: 1}, 2]\n')[0]).toMatch(/map merge requires map or sequence of maps/);
  });

  it('expands aliases into independent copies', () => {
    const [root] = values('a: &x {k: [1]}\nb: *x\nc:\n  <<: *x\n') as Array<Record<string, { k: number[] }>>;
    root.b.k.push(2);
    root.c.k.push(3);
    expect(root.a.k).toEqual([1]);
    expect(root.b.k).toEqual([1, 2]);
    expect(root.c.k).toEqual([1, 3]);
  });

  it('keeps __proto__ as an own data property without touching prototypes', () => {
    const [root] = values('__proto__: {polluted: yes}\nnested:\n  __proto__: [1]\n  constructor: x\n') as Array<
      Record<string, JsonValue>
    >;
    expect(Object.getPrototypeOf(root)).toBe(Object.prototype);
    expect(Object.keys(root)).toEqual(['__proto__', 'nested']);
    expect(Object.getOwnPropertyDescriptor(root, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const nested = root.nested as Record<string, JsonValue>;
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(nested, '__proto__')?.value).toEqual([1]);
    expect(JSON.parse(JSON.stringify(root))).toEqual(JSON.parse('{"__proto__":{"polluted":true},"nested":{"__proto__":[1],"constructor":"x"}}'));
  });

  it('keeps __proto__ keys merged from aliases as own data properties', () => {
    const [root] = values('a: &a {__proto__: {p: 1}}\nb:\n  <<: *a\n') as Array<Record<string, JsonValue>>;
    const b = root.b as Record<string, JsonValue>;
    expect(Object.getPrototypeOf(b)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(b, '__proto__')?.value).toEqual({ p: 1 });
  });
});

describe('expandLists', () => {
  const documents = (text: string): SourceDocument[] => parseDocuments('p.yaml', text).documents;

  it('replaces a v1 List by its items, keeping the list position', () => {
    const text = 'kind: ClusterPolicy\n---\napiVersion: v1\nkind: List\nitems:\n- kind: A\n- kind: B\n';
    expect(expandLists(documents(text))).toEqual([
      { file: 'p.yaml', index: 0, line: 1, value: { kind: 'ClusterPolicy' } },
      { file: 'p.yaml', index: 1, line: 3, value: { kind: 'A' }, listItem: 0 },
      { file: 'p.yaml', index: 1, line: 3, value: { kind: 'B' }, listItem: 1 },
    ]);
  });

  it('drops empty lists and leaves other documents alone', () => {
    expect(expandLists(documents('apiVersion: v1\nkind: List\nitems: []\n'))).toEqual([]);
    expect(expandLists(documents('apiVersion: v1\nkind: List\n'))).toEqual([]);
    const other = documents('apiVersion: v2\nkind: List\nitems: [1]\n---\n- kind: List\n');
    expect(expandLists(other)).toEqual(other);
  });
});
