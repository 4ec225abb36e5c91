/**
 * The parts of a scan against a base revision that need no repository: pairing objects by identity, and
 * materialising a revision's files (reused from the working tree when equal, written from blobs otherwise).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitBlobSha, type Revision, type RevisionFile } from '../../src/discovery/revision.js';
import { resourceDocument, type ResourceDocument } from '../../src/evaluate/resource.js';
import { baseOptions, filesToRead, materialize, pairByIdentity } from '../../src/lint/base-revision.js';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import type { KubernetesObject } from '../../src/source/index.js';

/** `file#index apiVersion kind namespace/name` (or `generateName=` for a nameless object). */
function object(spec: string): ResourceDocument {
  const [where, apiVersion, kind, id] = spec.split(' ') as [string, string, string, string];
  const [file, index] = where.split('#') as [string, string];
  const [namespace, name] = id.includes('/') ? id.split('/') : ['', id];
  const metadata: Record<string, string> = name!.startsWith('generateName=') ? { generateName: name!.slice('generateName='.length) } : { name: name! };
  if (namespace) metadata.namespace = namespace;
  return resourceDocument({ apiVersion, kind, metadata } as KubernetesObject, file, Number(index));
}

const where = (resource: ResourceDocument): string => `${resource.file}#${resource.documentIndex}`;

describe('pairByIdentity', () => {
  it.each<{ name: string; head: string[]; base: string[]; pairs: [string, string][]; removed: string[] }>([
    { name: 'the same object in another file', head: ['b.yaml#0 apps/v1 Deployment shop/web'], base: ['a.yaml#0 apps/v1 Deployment shop/web'], pairs: [['b.yaml#0', 'a.yaml#0']], removed: [] },
    { name: 'the API group pairs, not its version', head: ['a.yaml#0 apps/v1 Deployment shop/web'], base: ['a.yaml#0 apps/v1beta2 Deployment shop/web'], pairs: [['a.yaml#0', 'a.yaml#0']], removed: [] },
    { name: 'another group is another object', head: ['a.yaml#0 apps/v1 Deployment shop/web'], base: ['a.yaml#0 extensions/v1beta1 Deployment shop/web'], pairs: [], removed: ['a.yaml#0'] },
    { name: 'another namespace is another object', head: ['a.yaml#0 v1 ConfigMap prod/settings'], base: ['a.yaml#0 v1 ConfigMap shop/settings'], pairs: [], removed: ['a.yaml#0'] },
    { name: 'a namespaced object without a namespace is in default', head: ['a.yaml#0 v1 ConfigMap settings'], base: ['a.yaml#0 v1 ConfigMap default/settings'], pairs: [['a.yaml#0', 'a.yaml#0']], removed: [] },
    { name: 'a cluster-scoped object has no namespace', head: ['a.yaml#0 v1 Namespace shop'], base: ['b.yaml#3 v1 Namespace shop'], pairs: [['a.yaml#0', 'b.yaml#3']], removed: [] },
    {
      name: 'one identity twice: the same file first, then in scan order',
      head: ['b.yaml#0 v1 ConfigMap shop/x', 'c.yaml#0 v1 ConfigMap shop/x'],
      base: ['a.yaml#0 v1 ConfigMap shop/x', 'b.yaml#0 v1 ConfigMap shop/x'],
      pairs: [
        ['b.yaml#0', 'b.yaml#0'],
        ['c.yaml#0', 'a.yaml#0'],
      ],
      removed: [],
    },
    {
      name: 'one identity twice at the base, once at the head: the one of the same file pairs, the other is removed',
      head: ['b.yaml#0 v1 ConfigMap shop/x'],
      base: ['a.yaml#0 v1 ConfigMap shop/x', 'b.yaml#1 v1 ConfigMap shop/x'],
      pairs: [['b.yaml#0', 'b.yaml#1']],
      removed: ['a.yaml#0'],
    },
    {
      name: 'one identity twice at the head, once at the base: the first pairs, the second is new',
      head: ['a.yaml#0 v1 ConfigMap shop/x', 'a.yaml#1 v1 ConfigMap shop/x'],
      base: ['z.yaml#0 v1 ConfigMap shop/x'],
      pairs: [['a.yaml#0', 'z.yaml#0']],
      removed: [],
    },
    { name: 'objects without a name are never paired, nor removed', head: ['a.yaml#0 batch/v1 Job ci/generateName=run-'], base: ['a.yaml#0 batch/v1 Job ci/generateName=run-'], pairs: [], removed: [] },
  ])('$name', ({ head, base, pairs, removed }) => {
    const result = pairByIdentity(head.map(object), base.map(object), (resource) => resource.file);
    expect([...result.pairs].map(([from, to]) => [where(from), where(to)])).toEqual(pairs);
    expect(result.removed.map(where)).toEqual(removed);
  });
});

describe('materialize', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-working-'));
    dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-materialized-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, text: string, extra: Partial<RevisionFile> = {}): RevisionFile => ({ path: name, type: 'file', sha: gitBlobSha(Buffer.from(text)), size: Buffer.byteLength(text), ...extra });

  it('reuses the working files whose blob is the same, reads the others in one call, and writes placeholders for files over the size limit', async () => {
    mkdirSync(path.join(root, 'apps'));
    writeFileSync(path.join(root, 'apps/same.yaml'), 'kind: Same\n');
    writeFileSync(path.join(root, 'apps/changed.yaml'), 'kind: Changed2\n');
    writeFileSync(path.join(root, 'exclude'), 'secret/\n');
    const files = [
      file('apps/same.yaml', 'kind: Same\n'),
      file('apps/changed.yaml', 'kind: Changed\n'),
      file('gone/deleted.yaml', 'kind: Deleted\n'),
      file('big.yaml', 'x'.repeat(100)),
      file('../escape.yaml', 'kind: Escape\n'),
    ];
    const asked: string[][] = [];
    const contents = new Map([
      [files[1]!.sha, Buffer.from('kind: Changed\n')],
      [files[2]!.sha, Buffer.from('kind: Deleted\n')],
    ]);
    const revision: Revision = {
      label: 'main',
      root,
      files,
      excludeFile: path.join(root, 'exclude'),
      readBlobs: async (shas) => {
        asked.push([...shas]);
        return new Map(shas.map((sha) => [sha, contents.get(sha)!]));
      },
    };
    expect(await materialize(revision, dir, 50)).toEqual({ reused: 1, written: 3 });
    expect(asked).toEqual([[files[1]!.sha, files[2]!.sha]]);
    expect(readFileSync(path.join(dir, 'apps/same.yaml'), 'utf8')).toBe('kind: Same\n');
    // A hard link to the working file (both are in the temporary folder's file system).
    expect(statSync(path.join(dir, 'apps/same.yaml')).ino).toBe(statSync(path.join(root, 'apps/same.yaml')).ino);
    expect(readFileSync(path.join(dir, 'apps/changed.yaml'), 'utf8')).toBe('kind: Changed\n');
    expect(readFileSync(path.join(dir, 'gone/deleted.yaml'), 'utf8')).toBe('kind: Deleted\n');
    expect(statSync(path.join(dir, 'big.yaml')).size).toBe(100);
    expect(existsSync(path.join(path.dirname(dir), 'escape.yaml'))).toBe(false);
    // The folder is a repository root for discovery, with the repository's exclude rules.
    expect(readFileSync(path.join(dir, '.git/info/exclude'), 'utf8')).toBe('secret/\n');
  });

  it('a revision that knows which files changed is believed: no file is hashed', async () => {
    writeFileSync(path.join(root, 'a.yaml'), 'kind: Working\n');
    const files = [file('a.yaml', 'kind: Base\n')];
    const revision: Revision = { label: 'main', root, files, sameInWorkingTree: () => true, readBlobs: async () => new Map() };
    expect(await materialize(revision, dir, 1000)).toEqual({ reused: 1, written: 0 });
    expect(readFileSync(path.join(dir, 'a.yaml'), 'utf8')).toBe('kind: Working\n');
  });

  it('a blob that cannot be read fails the whole materialisation', async () => {
    const revision: Revision = { label: 'main', root, files: [file('a.yaml', 'kind: Base\n')], readBlobs: async () => Promise.reject(new Error('HTTP 404: Not Found')) };
    await expect(materialize(revision, dir, 1000)).rejects.toThrow('HTTP 404: Not Found');
  });
});

describe('baseOptions', () => {
  it('maps the working directory, the scan paths and the configuration file into the materialised root; paths outside the repository and standard input are left out or kept', () => {
    const options = baseOptions(
      { cwd: '/repo/deploy', paths: ['/repo/deploy', '-', '/elsewhere/manifests'], policyPaths: ['/repo/policies'], config: { ...DEFAULT_CONFIG, file: '/repo/.kyverno-lint.yaml' }, fixes: true, reportFiles: ['/repo/deploy/a.yaml'] },
      '/repo',
      '/tmp/base',
    );
    expect(options).toEqual({ cwd: '/tmp/base/deploy', paths: ['/tmp/base/deploy', '/elsewhere/manifests'], policyPaths: [], config: { ...DEFAULT_CONFIG, file: '/tmp/base/.kyverno-lint.yaml' } });
  });
});

describe('filesToRead', () => {
  const file = (name: string): RevisionFile => ({ path: name, type: 'file', sha: '0'.repeat(40) });
  it('keeps what discovery and the Kustomize builds may read, and the named files; leaves out source code, documents and images', () => {
    const names = [
      'README.md',
      '.gitignore',
      'src/main.ts',
      'docs/logo.png',
      'deploy/app.yaml',
      'deploy/values.YML',
      'deploy/data.json',
      'overlays/prod/kustomization.yaml',
      'overlays/prod/app.properties',
      'overlays/prod/files/.env',
      'overlays/prodx/script.sh',
      'base/Kustomization',
      'base/nested/config.txt',
      'scripts/render.sh',
      'manifests/Custom.manifest',
    ];
    expect(filesToRead(names.map(file), new Set(['manifests/Custom.manifest'])).map((kept) => kept.path)).toEqual([
      '.gitignore',
      'deploy/app.yaml',
      'deploy/values.YML',
      'deploy/data.json',
      'overlays/prod/kustomization.yaml',
      'overlays/prod/app.properties',
      'overlays/prod/files/.env',
      'base/Kustomization',
      'base/nested/config.txt',
      'manifests/Custom.manifest',
    ]);
  });

  it('a kustomization at the root makes every file readable', () => {
    expect(filesToRead(['kustomization.yaml', 'src/main.ts', 'a/b/c.txt'].map(file), new Set()).map((kept) => kept.path)).toEqual(['kustomization.yaml', 'src/main.ts', 'a/b/c.txt']);
  });
});
