/**
 * The pieces of the Kustomize builder checked against what kustomize (v5.5.0, `kubectl kustomize`) printed: name
 * hashes, base64 line wrapping, image references, field spec walks and kustomization decoding.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { encodeBase64, nameHash } from '../../../src/build/kustomize/generators.js';
import { imageMatches, splitImage, updatedImage } from '../../../src/build/kustomize/transformers.js';
import { visitFields } from '../../../src/build/kustomize/field-specs.js';
import { decodeKustomization, KustomizationError } from '../../../src/build/kustomize/kustomization.js';
import type { JsonObject } from '../../../src/types.js';

const CASES = path.resolve(__dirname, '../../fixtures/kustomize/cases');

function expectedObject(caseName: string, name: string): JsonObject {
  const found = parseAllDocuments(readFileSync(path.join(CASES, caseName, 'expected.yaml'), 'utf8'))
    .map((document) => document.toJS() as JsonObject)
    .find((object) => (object.metadata as JsonObject).name === name);
  if (found === undefined) throw new Error(`${name} not in ${caseName}`);
  return found;
}

/** Generated objects and the hash suffixes kubectl kustomize gave them (in the cases' expected.yaml). */
const HASHES: { name: string; object: JsonObject }[] = [
  { name: 'testCase-gmfch8gkbt', object: { kind: 'ConfigMap', data: { base: 'apple', overlay: 'peach' } } },
  { name: 'cm-o2-5k95kd76ft', object: { kind: 'ConfigMap', data: { big: 'crunch', foo: 'bar' } } },
  { name: 'o1-cm-ft9mmdc8c6', object: { kind: 'ConfigMap', data: { big: 'bang', foo: 'bar' } } },
  { name: 'staging-configmap-in-overlay-dc6fm46dhm', object: { kind: 'ConfigMap', data: { hello: 'world' } } },
  { name: 'a-example-configmap-6ct58987ht', object: { kind: 'ConfigMap' } },
  {
    name: 'staging-team-foo-secret-in-base-k2k4692t9g',
    object: { kind: 'Secret', type: 'Opaque', data: { password: 'c29tZXB3', proxy: 'aGFwcm94eQ==', username: 'YWRtaW4=' } },
  },
];

describe('nameHash', () => {
  it.each(HASHES)('$name', ({ name, object }) => {
    expect(nameHash({ apiVersion: 'v1', metadata: { name: 'ignored' }, ...object })).toBe(name.slice(-10));
  });

  it.each([
    { caseName: 'generator-basics', name: 'blah-bob-md6bf7fh2h' },
    { caseName: 'generator-basics', name: 'blah-bob-7hftd2f22b' },
    { caseName: 'generator-basics', name: 'blah-json-m8529t979f' },
    { caseName: 'base-overlay-medium', name: expectedName('base-overlay-medium', 'ConfigMap') },
  ])('$caseName $name, as kubectl printed it', ({ caseName, name }) => {
    expect(nameHash(expectedObject(caseName, name))).toBe(name.slice(-10));
  });
});

function expectedName(caseName: string, kind: string): string {
  const found = parseAllDocuments(readFileSync(path.join(CASES, caseName, 'expected.yaml'), 'utf8'))
    .map((document) => document.toJS() as JsonObject)
    .find((object) => object.kind === kind);
  return String((found?.metadata as JsonObject).name);
}

describe('encodeBase64', () => {
  it.each([
    { input: '', output: '' },
    { input: 'admin', output: 'YWRtaW4=' },
    // 51 bytes: 68 characters, one line and no line break.
    { input: 'x'.repeat(51), output: 'eHh4'.repeat(17) },
    // 52 bytes: 72 characters, lines of 70 each ended by a line break.
    { input: 'x'.repeat(52), output: `${'eHh4'.repeat(17)}eA\n==\n` },
  ])('$input.length bytes', ({ input, output }) => {
    expect(encodeBase64(input)).toBe(output);
    expect(Buffer.from(output.replace(/\n/g, ''), 'base64').toString('utf8')).toBe(input);
  });
});

describe('splitImage', () => {
  it.each([
    { image: 'nginx', name: 'nginx', tag: '', digest: '' },
    { image: 'nginx:1.25', name: 'nginx', tag: '1.25', digest: '' },
    { image: 'nginx@sha256:abc', name: 'nginx', tag: '', digest: 'sha256:abc' },
    { image: 'nginx:1.25@sha256:abc', name: 'nginx', tag: '1.25', digest: 'sha256:abc' },
    { image: 'registry:5000/team/app', name: 'registry:5000/team/app', tag: '', digest: '' },
    { image: 'registry:5000/team/app:2.0', name: 'registry:5000/team/app', tag: '2.0', digest: '' },
    { image: 'registry:5000/team/app@sha256:abc', name: 'registry:5000/team/app', tag: '', digest: 'sha256:abc' },
    { image: 'registry:5000/team/app:2.0@sha256:abc', name: 'registry:5000/team/app', tag: '2.0', digest: 'sha256:abc' },
  ])('$image', ({ image, ...parts }) => {
    expect(splitImage(image)).toEqual(parts);
  });
});

describe('updatedImage', () => {
  // Entries and images of api/krusty/transformersimage_test.go TestTransfomersImageDefaultConfig, with the images
  // kubectl kustomize printed for them (test/fixtures/kustomize/cases/images-default-config).
  it.each([
    { image: 'nginx', entry: { name: 'nginx', newTag: 'v2' }, result: 'nginx:v2' },
    { image: 'nginx:v1', entry: { name: 'nginx', newTag: 'v2' }, result: 'nginx:v2' },
    { image: 'my-nginx:latest', entry: { name: 'nginx', newTag: 'v2' }, result: null },
    { image: 'my-nginx:latest', entry: { name: 'my-nginx', newTag: 'previous' }, result: 'my-nginx:previous' },
    { image: 'myprivaterepohostname:1234/my/image:latest', entry: { name: 'myprivaterepohostname:1234/my/image', newTag: 'v1.0.1' }, result: 'myprivaterepohostname:1234/my/image:v1.0.1' },
    { image: 'myprivaterepohostname:1234/my/image', entry: { name: 'myprivaterepohostname:1234/my/image', newTag: 'v1.0.1' }, result: 'myprivaterepohostname:1234/my/image:v1.0.1' },
    { image: 'foobar:1', entry: { name: 'foobar', digest: 'sha256:24a0c4b4' }, result: 'foobar@sha256:24a0c4b4' },
    { image: 'alpine:1.8.0', entry: { name: 'alpine', newName: 'myprivaterepohostname:1234/my/cool-alpine' }, result: 'myprivaterepohostname:1234/my/cool-alpine:1.8.0' },
    { image: 'gcr.io:8080/my-project/my-cool-app:latest', entry: { name: 'gcr.io:8080/my-project/my-cool-app', newName: 'my-cool-app' }, result: 'my-cool-app:latest' },
    { image: 'postgres:1.8.0', entry: { name: 'postgres', newName: 'my-postgres', newTag: 'v3' }, result: 'my-postgres:v3' },
    { image: 'docker:latest', entry: { name: 'docker', newName: 'my-docker', digest: 'sha256:25a0d4b4' }, result: 'my-docker@sha256:25a0d4b4' },
    { image: 'nginx:1.25@sha256:abc', entry: { name: 'nginx', newTag: '1.26' }, result: 'nginx:1.26' },
    { image: 'nginx:1.25', entry: { name: 'nginx', newTag: '1.26', digest: 'sha256:def' }, result: 'nginx:1.26@sha256:def' },
    { image: 'nginx:1.25@sha256:abc', entry: { name: 'nginx', tagSuffix: '-debug' }, result: 'nginx:1.25-debug' },
  ])('$image with $entry.name', ({ image, entry, result }) => {
    expect(updatedImage(image, entry)).toBe(result);
  });

  it('reads the entry name as a regular expression, and matches nothing when it is not one', () => {
    expect(imageMatches('nginx:1.25', 'ngin.')).toBe(true);
    expect(imageMatches('nginx:1.25', 'ngin')).toBe(false);
    expect(imageMatches('nginx:1.25', '[')).toBe(false);
  });
});

describe('visitFields', () => {
  it('creates missing maps but never a list marked []', () => {
    const object: JsonObject = { apiVersion: 'apps/v1', kind: 'StatefulSet', spec: {} };
    const set = (): string => 'x';
    visitFields(object, { path: 'spec/volumeClaimTemplates[]/metadata/labels', create: true }, set);
    visitFields(object, { path: 'spec/template/metadata/labels', create: true }, set);
    expect(object).toEqual({ apiVersion: 'apps/v1', kind: 'StatefulSet', spec: { template: { metadata: { labels: 'x' } } } });
  });

  it('visits each element of a list on the way', () => {
    const object: JsonObject = { kind: 'StatefulSet', spec: { volumeClaimTemplates: [{ metadata: {} }, { metadata: { labels: { a: 'b' } } }] } };
    const paths: unknown[] = [];
    visitFields(object, { path: 'spec/volumeClaimTemplates[]/metadata/labels', create: true }, (_value, at) => (paths.push(at), { c: 'd' }));
    expect(paths).toEqual([
      ['spec', 'volumeClaimTemplates', 0, 'metadata', 'labels'],
      ['spec', 'volumeClaimTemplates', 1, 'metadata', 'labels'],
    ]);
  });
});

describe('decodeKustomization', () => {
  it('matches field names regardless of case and locates entries at the keys the file spells', () => {
    const decoded = decodeKustomization({
      NamePrefix: 'p-',
      patchesJSON6902: [{ Target: { Kind: 'Deployment', name: 'web' }, Patch: '[]' }],
      imageTags: [{ name: 'nginx', newTag: '1.26' }],
    });
    expect(decoded.namePrefix).toEqual({ value: 'p-', path: ['NamePrefix'] });
    expect(decoded.json6902).toEqual([{ value: { patch: '[]', target: { kind: 'Deployment', name: 'web' }, json6902: true }, path: ['patchesJSON6902', 0] }]);
    expect(decoded.images).toEqual([{ value: { name: 'nginx', newTag: '1.26' }, path: ['imageTags', 0] }]);
  });

  it('an exact field name wins over one spelled differently', () => {
    expect(decodeKustomization({ namespace: 'a', Namespace: 'b' }).namespace).toEqual({ value: 'a', path: ['namespace'] });
  });

  it('reports a bad entry at the key the file spells', () => {
    let error: unknown;
    try {
      decodeKustomization({ Resources: 'not-a-list' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KustomizationError);
    expect((error as KustomizationError).path).toEqual(['Resources']);
  });

  it('takes a patchesStrategicMerge entry as the patch when it reads as resources, else as a path', () => {
    const decoded = decodeKustomization({
      patchesStrategicMerge: ['patch.yaml', '{apiVersion: apps/v1, kind: Deployment, metadata: {name: d}}', 'kind: Deployment\nmetadata:\n  name: d\n', 'a: b'],
    });
    expect(decoded.patches.map((entry) => entry.value)).toEqual([
      { path: 'patch.yaml' },
      { patch: '{apiVersion: apps/v1, kind: Deployment, metadata: {name: d}}' },
      { patch: 'kind: Deployment\nmetadata:\n  name: d\n' },
      { path: 'a: b' },
    ]);
  });

  it('reads the labels fields and patch options', () => {
    const decoded = decodeKustomization({
      labels: [{ pairs: { a: 'b' }, fields: [{ path: 'spec/selector', kind: 'MyCRD', create: true }] }],
      patches: [{ path: 'p.yaml', options: { allowNameChange: true } }],
    });
    expect(decoded.labels[0]!.value.fields).toEqual([{ path: 'spec/selector', kind: 'MyCRD', create: true }]);
    expect(decoded.patches[0]!.value).toEqual({ path: 'p.yaml', allowNameChange: true });
  });
});
