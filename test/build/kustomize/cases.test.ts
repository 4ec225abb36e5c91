/**
 * Builds kustomization roots taken from kustomize's own examples and krusty tests (test/fixtures/kustomize/cases,
 * each folder naming its source in its kustomization) and the shop fixture, and compares the objects with the
 * output `kubectl kustomize` printed for them (kustomize v5.5.0), committed as expected YAML.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildKustomization, type ReadFile } from '../../../src/build/kustomize/build.js';
import { parseDocuments } from '../../../src/source/index.js';
import type { JsonObject } from '../../../src/types.js';

const FIXTURES = path.resolve(__dirname, '../../fixtures/kustomize');
const CASES = path.join(FIXTURES, 'cases');

const readFile: ReadFile = (file) => {
  try {
    const text = readFileSync(file, 'utf8');
    return { path: file, text, documents: parseDocuments(file, text).documents };
  } catch (error) {
    return (error as Error).message;
  }
};

/** An object's key: apiVersion/kind/namespace/name. */
function keyOf(object: JsonObject): string {
  const metadata = (object.metadata ?? {}) as JsonObject;
  return [object.apiVersion, object.kind, metadata.namespace ?? '', metadata.name ?? ''].map(String).join('/');
}

function byKey(objects: JsonObject[]): Record<string, JsonObject> {
  const out: Record<string, JsonObject> = {};
  for (const object of objects) {
    const key = keyOf(object);
    expect(out, `duplicate object ${key}`).not.toHaveProperty([key]);
    out[key] = object;
  }
  return out;
}

function expectedObjects(file: string): JsonObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as JsonObject | null)
    .filter((value): value is JsonObject => value !== null);
}

/** A case folder's root: the folder named in its `root` file, or the case folder itself. */
function rootOf(dir: string): string {
  const file = path.join(dir, 'root');
  return existsSync(file) ? path.join(dir, readFileSync(file, 'utf8').trim()) : dir;
}

const cases = readdirSync(CASES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({ name: entry.name, root: rootOf(path.join(CASES, entry.name)), expected: path.join(CASES, entry.name, 'expected.yaml') }));

const shop = ['base', 'overlays/dev', 'overlays/prod'].map((root) => ({
  name: `shop ${root}`,
  root: path.join(FIXTURES, 'shop', root),
  expected: path.join(FIXTURES, 'shop-expected', `${path.basename(root)}.yaml`),
}));

describe('kustomize build cases', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each([...cases, ...shop])('$name builds as kubectl kustomize does', ({ root, expected }) => {
    const result = buildKustomization(root, readFile);
    expect(result.problems.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([]);
    const built = byKey(result.objects.map((object) => object.value));
    const wanted = byKey(expectedObjects(expected));
    expect(Object.keys(built).sort()).toEqual(Object.keys(wanted).sort());
    for (const key of Object.keys(wanted)) expect(built[key], key).toEqual(wanted[key]);
  });
});

describe('kustomize build through a symbolic link', () => {
  it('resolves relative paths from the real folder, as the kustomize loader does', () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'kustomize-link-'));
    try {
      symlinkSync(path.join(CASES, 'example-ldap-staging', 'overlays', 'staging'), path.join(temp, 'staging'));
      const result = buildKustomization(path.join(temp, 'staging'), readFile);
      expect(result.problems).toEqual([]);
      const wanted = byKey(expectedObjects(path.join(CASES, 'example-ldap-staging', 'expected.yaml')));
      expect(byKey(result.objects.map((object) => object.value))).toEqual(wanted);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

/** Roots kustomize refuses to build (api/krusty/component_test.go TestComponentErrors, …): each is a problem of the build. */
describe('kustomize build errors', () => {
  const ERRORS = path.join(FIXTURES, 'errors');
  it.each([
    { root: 'components/compinres', message: /comp\/kustomization\.yaml is a Component: list it under components, not resources/ },
    { root: 'components/kustincomponents', message: /base\/kustomization\.yaml is listed under components but is a Kustomization/ },
    { root: 'components/filesincomponents', message: /component stub\.yaml: no kustomization file in .*stub\.yaml/ },
    { root: 'replicas', message: /^replicas: no Deployment, ReplicationController, ReplicaSet or StatefulSet named missing$/ },
  ])('$root', ({ root, message }) => {
    const result = buildKustomization(path.join(ERRORS, root), readFile);
    // kustomize stops at this error; the builder goes on without the entry, which may leave more problems.
    expect(result.problems[0]).toMatchObject({ message: expect.stringMatching(message), severity: 'error' });
  });

  it('an inclusion problem is located at the entry that includes the folder', () => {
    const result = buildKustomization(path.join(ERRORS, 'components/compinres'), readFile);
    expect(result.problems[0]).toMatchObject({ file: path.join(ERRORS, 'components/compinres/kustomization.yaml'), path: ['resources', 1] });
  });

  it('a cycle ends with a problem at the entry that closes it', () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'kustomize-cycle-'));
    try {
      for (const [name, other] of [['a', 'b'], ['b', 'a']] as const) {
        mkdirSync(path.join(temp, name));
        writeFileSync(path.join(temp, name, 'kustomization.yaml'), `resources:\n  - ../${other}\n`);
      }
      const result = buildKustomization(path.join(temp, 'a'), readFile);
      expect(result.problems).toEqual([
        expect.objectContaining({ file: path.join(realpathSync(temp), 'b', 'kustomization.yaml'), path: ['resources', 0], message: `cycle through ${path.join(realpathSync(temp), 'a', 'kustomization.yaml')}` }),
      ]);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
