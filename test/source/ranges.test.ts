import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/types.js';
import { locate } from '../../src/source/locate.js';
import { expandLists, parseDocuments } from '../../src/source/parse.js';
import { hasRanges, locateInDocument } from '../../src/source/ranges.js';

const FIXTURES = path.resolve(__dirname, '../fixtures');
const CORPUS = path.resolve(__dirname, '../../../shared/corpus');
const CORPUS_SUITES = ['kyverno-policies', 'kyverno-cli-tests'];

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...yamlFiles(full));
    else if (/\.(ya?ml|json)$/.test(name)) out.push(full);
  }
  return out;
}

/** Every path from the root to every node, plus missing tails and keys joined with `/`. */
function pathsOf(value: JsonValue, prefix: (string | number)[], out: (string | number)[][]): void {
  out.push(prefix);
  if (value === null || typeof value !== 'object') {
    out.push([...prefix, 'missing']);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => pathsOf(item, [...prefix, index], out));
    out.push([...prefix, value.length], [...prefix, 'name']);
    return;
  }
  for (const key of Object.keys(value)) {
    pathsOf(value[key], [...prefix, key], out);
    if (key.includes('/')) out.push([...prefix, ...key.split('/')]);
  }
  out.push([...prefix, 'absent', 'tail']);
}

function compareFile(file: string, text: string): { documents: number; tabled: number; paths: number } {
  const { documents } = parseDocuments(file, text);
  let tabled = 0;
  let paths = 0;
  for (const document of documents) {
    if (hasRanges(document)) tabled++;
    const all: (string | number)[][] = [];
    pathsOf(document.value, [], all);
    for (const at of all) {
      expect(locateInDocument({ file, text }, document, at), `${file}#${document.index} ${at.join('/')}`).toEqual(
        locate(file, text, document.index, at),
      );
      paths++;
    }
    const joined = `/${all[all.length - 1].join('/')}/`;
    expect(locateInDocument({ file, text }, document, joined)).toEqual(locate(file, text, document.index, joined));
  }
  for (const document of expandLists(documents)) {
    if (document.listItem === undefined) continue;
    const all: (string | number)[][] = [];
    pathsOf(document.value, ['items', document.listItem], all);
    for (const at of all) expect(locateInDocument({ file, text }, document, at)).toEqual(locate(file, text, document.index, at));
  }
  return { documents: documents.length, tabled, paths };
}

const SAMPLES: Record<string, string> = {
  styles: 'a: "q"\nb: |\n  x\n\nc: [1, {d: }, ]\ne:\nf:\n  - 1\n  - 2\ng: >-\n  folded\n  text\n\n\nh: \'single\'\n',
  flow: '{a: [1, 2, {b: c}], "d": {e: f}, g: []}\n',
  nested: 'spec:\n  containers:\n  - name: a\n    ports:\n    - {containerPort: 80}\n    - containerPort: 81\n      protocol: TCP\n  volumes: [ ]\n',
  keys: 'on: push\n"quoted": 1\n0x10: hex\n1.0: one\na/b: slash\na: {b: nested}\n',
  duplicates: 'a: 1\nb: 2\na:\n  c: 3\n',
  emptyItem: 'a:\n- \n- x\n',
  multi: 'kind: A\nspec: {x: 1}\n---\n\nkind: B\nspec:\n  x: 2\n---\nbad: [\n---\nkind: C\nspec: {x: 3}\n',
  crlf: '\uFEFFkind: A\r\nspec:\r\n  image: x\r\n---\r\nkind: B\r\n',
  list: 'apiVersion: v1\nkind: List\nitems:\n- kind: ClusterPolicy\n  spec:\n    rules: []\n- kind: Pod\n  spec: {containers: [{name: a}]}\n',
  comments: '# c\na: 1 # x\nb:\n  - 2 # y\n',
  helm: '---\n# Source: chart/templates/a.yaml\napiVersion: v1 # trailing\nkind: ConfigMap\nmetadata:\n  name: a\n  labels: {a: b} # flow\ndata:\n  k: "v" # c\n  list:\n  - x: 1 # one\n    y: |\n      text # in the text\n  - 2 # two\n',
  commentLines: 'a:\n  b: 1\n  # about c\n  c:\n  - 1\n  # after the list\nd: 2\n',
  commentAfterBlockScalar: 'a:\n  b: >-\n    text\n  # after the text\nc: 1\n',
  // Which node takes in comment lines after the last value of a collection (see src/source/ranges.ts).
  trailingComments: [
    'metadata:\n  name: x\n# column 0\nspec:\n  a: 1\n',
    'metadata:\n  name: x\n  # at the map indent\nspec:\n  a: 1\n',
    'metadata:\n  name: x\n    # deeper than the map\nspec:\n  a: 1\n',
    'spec:\n  containers:\n  - name: a\n  # at the list indent\n  volumes: []\n',
    'spec:\n  containers:\n  - name: a\n    # at the item indent\n  volumes: []\n',
    'spec:\n  containers:\n    - name: a\n    # at the indented list indent\n  volumes: []\n',
    'spec:\n  m:\n    k: v\n\n  # after a blank line\n  n: 1\n',
    'a:\n  b: 1\n  # at the end\n',
    'a:\n  - 1\n  # at the end of a list\n',
    'a:\n- 1\n# after a list at column 0\nb: 2\n',
    'spec:\n  d:\n  - n: 1\n    s: 2\n  # c1\n\n  # c2\n',
    'a:\n  b: "quoted" # same line\n      # deeper\n\n      # deeper after a blank line\n  # at the map indent\n      # deeper again\nc: 1\n',
  ].join('---\n'),
  anchors: 'd: &d\n  image: base\nfirst:\n  <<: *d\n  image: own\nthird: *d\n',
  tags: 'a: !!str 1\nb: !!map {c: d}\n',
  multiline: 'a: plain\n  continued\nb: "double\n  quoted"\nc:\n  d: e\n\n\n',
  scalarRoot: 'just text\n',
  empty: 'a:\n',
};

describe('locateInDocument', () => {
  it.each(Object.entries(SAMPLES))('gives what locate gives (%s)', (name, text) => {
    compareFile(`${name}.yaml`, text);
  });

  it('records ranges for plain documents and shares them with List items', () => {
    const { documents } = parseDocuments('s.yaml', SAMPLES.list);
    expect(hasRanges(documents[0])).toBe(true);
    expect(expandLists(documents).every(hasRanges)).toBe(true);
    expect(hasRanges(parseDocuments('a.yaml', SAMPLES.anchors).documents[0])).toBe(false);
    // Documents with comments have ranges, but for comment lines after a block scalar that ends a collection.
    expect(hasRanges(parseDocuments('c.yaml', SAMPLES.comments).documents[0])).toBe(true);
    expect(hasRanges(parseDocuments('h.yaml', SAMPLES.helm).documents[0])).toBe(true);
    expect(hasRanges(parseDocuments('l.yaml', SAMPLES.commentLines).documents[0])).toBe(true);
    expect(hasRanges(parseDocuments('t.yaml', SAMPLES.commentAfterBlockScalar).documents[0])).toBe(false);
    const trailing = parseDocuments('t.yaml', SAMPLES.trailingComments).documents;
    expect(trailing).toHaveLength(12);
    expect(trailing.every(hasRanges)).toBe(true);
  });

  it('gives what locate gives on every fixture file', () => {
    let tabled = 0;
    for (const file of yamlFiles(FIXTURES)) tabled += compareFile(file, readFileSync(file, 'utf8')).tabled;
    expect(tabled).toBeGreaterThan(0);
  });

  it.skipIf(!existsSync(CORPUS)).each(CORPUS_SUITES)('gives what locate gives on the %s corpus', (suite) => {
    let documents = 0;
    let tabled = 0;
    for (const file of yamlFiles(path.join(CORPUS, suite))) {
      const compared = compareFile(file, readFileSync(file, 'utf8'));
      documents += compared.documents;
      tabled += compared.tabled;
    }
    // Nearly every document, comments included, is located without a second parse.
    expect(tabled / documents).toBeGreaterThan(0.98);
  }, 300_000);
});
