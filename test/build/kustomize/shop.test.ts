import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildKustomization, type BuildFile } from '../../../src/build/kustomize/build.js';
import { parseDocuments } from '../../../src/source/index.js';
import { ROOT } from '../../commands/helpers.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/kustomize/shop');

function read(file: string): BuildFile | string {
  try {
    const text = readFileSync(file, 'utf8');
    return { path: file, text, documents: parseDocuments(file, text).documents };
  } catch (error) {
    return (error as Error).message;
  }
}

/** Objects by `apiVersion/kind/namespace/name`. */
function byId(objects: readonly unknown[]): Map<string, unknown> {
  return new Map(
    objects.map((object) => {
      const { apiVersion, kind, metadata } = object as { apiVersion: string; kind: string; metadata: { name: string; namespace?: string } };
      return [`${apiVersion}/${kind}/${metadata.namespace ?? ''}/${metadata.name}`, object];
    }),
  );
}

describe('the shop fixture builds as kustomize builds it (expected outputs from kubectl kustomize v5.5)', () => {
  it.each(['dev', 'prod'])('overlays/%s', (overlay) => {
    const built = buildKustomization(path.join(FIXTURE, 'overlays', overlay), read);
    expect(built.problems).toEqual([]);
    const expected = parseAllDocuments(readFileSync(path.join(ROOT, 'test/fixtures/kustomize/shop.expected', `${overlay}.yaml`), 'utf8')).map((document) => document.toJS());
    expect(byId(built.objects.map((object) => object.value))).toEqual(byId(expected));
  });

  it('reads the kustomizations, resources and patches, and nothing else', () => {
    const built = buildKustomization(path.join(FIXTURE, 'overlays', 'prod'), read);
    expect([...built.inputs].map((file) => path.relative(FIXTURE, file)).sort()).toEqual([
      'base/deployment.yaml',
      'base/kustomization.yaml',
      'base/service.yaml',
      'base/worker.yaml',
      'overlays/prod/drop-cleanup.yaml',
      'overlays/prod/kustomization.yaml',
      'overlays/prod/namespace.yaml',
      'overlays/prod/web-hardening.yaml',
      'overlays/prod/worker-port.yaml',
    ]);
  });
});
