import { describe, expect, it } from 'vitest';
import { locate } from '../../src/source/locate.js';
import { parseDocuments } from '../../src/source/parse.js';

const POD = [
  'apiVersion: v1', // 1
  'kind: Pod', // 2
  'metadata:', // 3
  '  name: web', // 4
  '  annotations:', // 5
  '    app.kubernetes.io/name: web', // 6
  'spec:', // 7
  '  containers:', // 8
  '  - name: app', // 9
  '    image: nginx:1.25', // 10
  '    ports:', // 11
  '    - containerPort: 80', // 12
  '  - name: "sidecar"', // 13
  '    image: busybox', // 14
  '  volumes: [{name: data, emptyDir: {}}]', // 15
  '',
].join('\n');

describe('locate', () => {
  it.each([
    ['/spec/containers/0/image/', { line: 10, column: 5, endLine: 10, endColumn: 22 }],
    ['spec/containers/0/image', { line: 10, column: 5, endLine: 10, endColumn: 22 }],
    ['/spec/containers/0/ports/0/containerPort/', { line: 12, column: 7, endLine: 12, endColumn: 24 }],
    ['/spec/containers/1/name/', { line: 13, column: 5, endLine: 13, endColumn: 20 }],
    ['/spec/containers/1/', { line: 13, column: 5, endLine: 14, endColumn: 19 }],
    ['/spec/containers/', { line: 8, column: 3, endLine: 14, endColumn: 19 }],
    ['/spec/volumes/0/emptyDir/', { line: 15, column: 26, endLine: 15, endColumn: 38 }],
    ['/metadata/annotations/app.kubernetes.io/name/', { line: 6, column: 5, endLine: 6, endColumn: 32 }],
    ['/metadata/', { line: 3, column: 1, endLine: 6, endColumn: 32 }],
  ])('maps %s to its key and value', (path, expected) => {
    expect(locate('pod.yaml', POD, 0, path)).toEqual({ file: 'pod.yaml', ...expected });
  });

  it.each([
    ['/spec/containers/0/resources/limits/', { line: 9, column: 5, endLine: 12, endColumn: 24 }],
    ['/spec/containers/7/image/', { line: 8, column: 3, endLine: 14, endColumn: 19 }],
    ['/spec/containers/name/', { line: 8, column: 3, endLine: 14, endColumn: 19 }],
    ['/metadata/name/extra/', { line: 4, column: 3, endLine: 4, endColumn: 12 }],
  ])('falls back to the deepest existing node for %s', (path, expected) => {
    expect(locate('pod.yaml', POD, 0, path)).toEqual({ file: 'pod.yaml', ...expected });
  });

  it('gives the document start when nothing on the path exists', () => {
    expect(locate('pod.yaml', POD, 0, '/status/')).toEqual({ file: 'pod.yaml', line: 1, column: 1 });
    expect(locate('pod.yaml', POD, 0, '/')).toEqual({ file: 'pod.yaml', line: 1, column: 1 });
    expect(locate('pod.yaml', POD, 0, [])).toEqual({ file: 'pod.yaml', line: 1, column: 1 });
    expect(locate('pod.yaml', POD, 5, '/spec/')).toEqual({ file: 'pod.yaml', line: 1, column: 1 });
  });

  it('takes segment arrays with numeric indexes and raw keys', () => {
    expect(locate('pod.yaml', POD, 0, ['spec', 'containers', 1, 'image'])).toMatchObject({ line: 14, column: 5 });
    expect(locate('pod.yaml', POD, 0, ['metadata', 'annotations', 'app.kubernetes.io/name'])).toMatchObject({ line: 6 });
  });

  it('matches keys as the parser converts them (YAML 1.1 booleans, numbers, quotes)', () => {
    const text = 'on: push\n"quoted": 1\n0x10: hex\n1.0: one\n';
    expect(locate('keys.yaml', text, 0, ['true'])).toMatchObject({ line: 1 });
    expect(locate('keys.yaml', text, 0, ['quoted'])).toMatchObject({ line: 2 });
    expect(locate('keys.yaml', text, 0, ['16'])).toMatchObject({ line: 3 });
    expect(locate('keys.yaml', text, 0, ['1'])).toMatchObject({ line: 4 });
    expect(locate('keys.yaml', text, 0, ['on'])).toEqual({ file: 'keys.yaml', line: 1, column: 1 });
  });

  it('follows merge keys and aliases with go-yaml v2 precedence', () => {
    const text = [
      'defaults: &d', // 1
      '  image: base', // 2
      '  pull: Always', // 3
      'first:', // 4
      '  image: own', // 5
      '  <<: *d', // 6
      'second:', // 7
      '  <<: *d', // 8
      '  image: own', // 9
      'third: *d', // 10
      '',
    ].join('\n');
    expect(values(text)).toEqual({
      defaults: { image: 'base', pull: 'Always' },
      first: { image: 'base', pull: 'Always' },
      second: { image: 'own', pull: 'Always' },
      third: { image: 'base', pull: 'Always' },
    });
    expect(locate('m.yaml', text, 0, '/first/image/')).toMatchObject({ line: 2 });
    expect(locate('m.yaml', text, 0, '/first/pull/')).toMatchObject({ line: 3 });
    expect(locate('m.yaml', text, 0, '/second/image/')).toMatchObject({ line: 9 });
    expect(locate('m.yaml', text, 0, '/third/pull/')).toMatchObject({ line: 3 });
  });

  it('numbers documents exactly as parseDocuments does', () => {
    const text = [
      '# header comment', // 1
      '---', // 2
      '---', // 3
      '# empty document', // 4
      '---', // 5
      'kind: A', // 6
      'spec: {x: 1}', // 7
      '--- # comment', // 8
      '', // 9
      'kind: B', // 10
      'spec:', // 11
      '  x: 2', // 12
      '---', // 13
      'bad: [', // 14
      '---', // 15
      'kind: C', // 16
      'spec: {x: 3}', // 17
    ].join('\n');
    const { documents } = parseDocuments('multi.yaml', text);
    expect(documents.map((d) => [d.index, d.line, (d.value as { kind: string }).kind])).toEqual([
      [0, 6, 'A'],
      [1, 10, 'B'],
      [3, 16, 'C'],
    ]);
    for (const document of documents) {
      const spec = locate('multi.yaml', text, document.index, '/spec/x/');
      const expectedLine = { A: 7, B: 12, C: 17 }[(document.value as { kind: 'A' | 'B' | 'C' }).kind];
      expect(spec.line).toBe(expectedLine);
      expect(locate('multi.yaml', text, document.index, '/nothing/').line).toBe(document.line);
    }
    expect(locate('multi.yaml', text, 2, '/bad/')).toMatchObject({ line: 14 });
  });

  it('counts positions after a byte order mark and across CRLF line ends', () => {
    const text = '\uFEFFkind: A\r\nspec:\r\n  image: x\r\n---\r\nkind: B\r\n';
    expect(locate('crlf.yaml', text, 0, '/spec/image/')).toEqual({
      file: 'crlf.yaml',
      line: 3,
      column: 3,
      endLine: 3,
      endColumn: 11,
    });
    expect(locate('crlf.yaml', text, 1, '/kind/')).toMatchObject({ line: 5, column: 1 });
    expect(locate('crlf.yaml', text, 0, '/kind/')).toMatchObject({ line: 1, column: 1, endColumn: 8 });
  });

  it('re-reads a file whose text changed and keeps several files apart', () => {
    expect(locate('a.yaml', 'x: 1\n', 0, '/x/')).toMatchObject({ line: 1 });
    expect(locate('b.yaml', '\n\nx: 1\n', 0, '/x/')).toMatchObject({ line: 3 });
    expect(locate('a.yaml', '\nx: 1\n', 0, '/x/')).toMatchObject({ line: 2 });
    for (let i = 0; i < 40; i++) locate(`f${i}.yaml`, `${'\n'.repeat(i)}x: 1\n`, 0, '/x/');
    expect(locate('b.yaml', '\n\nx: 1\n', 0, '/x/')).toMatchObject({ line: 3 });
  });

  it('locates items of an expanded List under items/<n>', () => {
    const text = 'apiVersion: v1\nkind: List\nitems:\n- kind: ClusterPolicy\n  spec:\n    rules: []\n';
    expect(locate('list.yaml', text, 0, ['items', 0, 'spec', 'rules'])).toMatchObject({ line: 6, column: 5 });
  });
});

function values(text: string): unknown {
  return parseDocuments('m.yaml', text).documents[0].value;
}
