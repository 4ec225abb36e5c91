import { readFileSync } from 'node:fs';
import path from 'node:path';
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

describe('the shop fixture (its outputs are compared with kubectl kustomize in cases.test.ts)', () => {
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
