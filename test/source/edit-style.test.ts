import { describe, expect, it } from 'vitest';
import { applyEdits, computeEdits, sourceValueFor } from '../../src/source/edit.js';
import { parseDocuments } from '../../src/source/parse.js';
import { normalizeResource, type KubernetesObject } from '../../src/source/resource.js';
import type { JsonValue } from '../../src/types.js';

function edit(text: string, change: (value: any) => void): string {
  const before = parseDocuments('t.yaml', text).documents[0].value;
  const after = structuredClone(before);
  change(after);
  const edited = applyEdits(text, computeEdits(text, 0, after));
  expect(parseDocuments('t.yaml', edited).documents[0].value).toEqual(after);
  return edited;
}

describe('new lines follow the layout of the document', () => {
  it('keeps sequences unindented under their key when the document does', () => {
    const text = 'spec:\n  containers:\n  - name: a\n';
    expect(edit(text, (v) => (v.spec.volumes = [{ name: 'v', emptyDir: {} }]))).toBe(
      'spec:\n  containers:\n  - name: a\n  volumes:\n  - name: v\n    emptyDir: {}\n',
    );
  });

  it('indents sequences when the document does', () => {
    const text = 'spec:\n  containers:\n    - name: a\n';
    expect(edit(text, (v) => (v.spec.volumes = [{ name: 'v' }]))).toBe('spec:\n  containers:\n    - name: a\n  volumes:\n    - name: v\n');
  });

  it('uses the indentation width of the document', () => {
    const text = 'metadata:\n    name: a\n';
    expect(edit(text, (v) => (v.metadata.labels = { app: 'a', tier: { x: 1 } }))).toBe('metadata:\n    name: a\n    labels:\n        app: a\n        tier:\n            x: 1\n');
  });
});

describe('sourceValueFor', () => {
  const raw = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', labels: null }, spec: { containers: [{ name: 'c', nodeSelector: null }] } } as JsonValue;
  const loaded = normalizeResource(structuredClone(raw) as KubernetesObject);

  it('leaves out what the loader added when the mutation did not change it', () => {
    expect(loaded.metadata).toEqual({ name: 'a', labels: {}, namespace: 'default' });
    const patched = structuredClone(loaded) as any;
    patched.metadata.annotations = { x: 'y' };
    expect(sourceValueFor(raw, loaded, patched)).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'a', labels: null, annotations: { x: 'y' } },
      spec: { containers: [{ name: 'c', nodeSelector: null }] },
    });
  });

  it('takes the patched value where the mutation changed a normalised field', () => {
    const patched = structuredClone(loaded) as any;
    patched.metadata.labels = { team: 'x' };
    patched.metadata.namespace = 'prod';
    const value = sourceValueFor(raw, loaded, patched) as any;
    expect(value.metadata).toEqual({ name: 'a', labels: { team: 'x' }, namespace: 'prod' });
  });

  it('follows list elements that a mutation moved or inserted', () => {
    const patched = structuredClone(loaded) as any;
    patched.spec.containers.unshift({ name: 'sidecar', image: 's' });
    patched.spec.containers[1].image = 'c:1';
    expect((sourceValueFor(raw, loaded, patched) as any).spec.containers).toEqual([
      { name: 'sidecar', image: 's' },
      { name: 'c', nodeSelector: null, image: 'c:1' },
    ]);
  });

  it('creates the loader-made metadata only with what the mutation put in it', () => {
    const bare = { apiVersion: 'v1', kind: 'ConfigMap' } as JsonValue;
    const normalised = normalizeResource(structuredClone(bare) as KubernetesObject);
    const patched = { ...normalised, metadata: { namespace: 'default', labels: { a: 'b' } } };
    expect(sourceValueFor(bare, normalised, patched)).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { labels: { a: 'b' } } });
    expect(sourceValueFor(bare, normalised, normalised)).toEqual(bare);
  });
});
