/**
 * Patch-level vectors ported from Kyverno's Go unit tests (kyverno/kyverno
 * pkg/engine/mutate/patch/{strategicPreprocessing,strategicMergePatch,patchesUtils,patchJSON6902}_test.go
 * and pkg/engine/mutate/mutation_test.go): anchor pre-processing, strategic merge, RFC 6902 patches
 * and the patch step's status (`applyMutation`). Fixtures: test/fixtures/engine/mutate-vectors/.
 */
import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from '../../../../../src/families/kyverno/engine/mutate/json-patch/index.js';
import { applyMutation } from '../../../../../src/families/kyverno/engine/mutate/patch.js';
import { applyStrategicMergePatch, preprocessPatch } from '../../../../../src/families/kyverno/engine/mutate/strategic-merge/index.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';
import { assertKnownIdsExist, assertVector, copy, loadVectors } from './kyverno-vectors.js';

/**
 * Vectors whose result differs from Kyverno because of code outside src/families/kyverno/engine/mutate (id → reason).
 * Each listed vector is asserted to still differ.
 */
const KNOWN_DIFFERENCES: Readonly<Record<string, string>> = {};

interface PreprocessVector {
  test: string;
  index?: number;
  patch: JsonValue;
  resource: JsonObject;
  expected: JsonValue;
  skipped?: string;
}

interface MergeVector {
  source: string;
  test: string;
  patch: JsonValue;
  resource: JsonObject;
  expected: JsonObject;
}

interface JsonPatchVector {
  test: string;
  patch: string;
  resource: JsonObject;
  expected: JsonObject;
}

const preprocessVectors = loadVectors<PreprocessVector>('strategic-preprocessing.yaml');
const mergeVectors = loadVectors<MergeVector>('patch-merge.yaml');
const jsonPatchVectors = loadVectors<JsonPatchVector>('patch-json6902.yaml');

const preprocessId = (v: PreprocessVector): string => (v.index === undefined ? v.test : `${v.test}/${v.index}`);

describe('known differences', () => {
  it('name vectors of this suite', () => {
    assertKnownIdsExist(KNOWN_DIFFERENCES, [
      ...preprocessVectors.map(preprocessId),
      ...mergeVectors.map((v) => v.test),
      ...jsonPatchVectors.map((v) => v.test),
      ...MUTATION_VECTORS.map((v) => v.test),
    ]);
  });
});

describe('kyverno/kyverno pkg/engine/mutate/patch/strategicPreprocessing_test.go', () => {
  it.each(preprocessVectors.map((v) => [preprocessId(v), v] as const))('%s', (id, vector) => {
    assertVector(id, KNOWN_DIFFERENCES, () => {
      const result = preprocessPatch(copy(vector.patch), copy(vector.resource));
      if ('error' in result) throw new Error(result.error);
      expect(result.patch).toEqual(vector.expected);
      expect(result.skipped).toBe(vector.skipped);
    });
  });

  it('does not modify its arguments', () => {
    const vector = preprocessVectors[0]!;
    const patch = copy(vector.patch);
    const resource = copy(vector.resource);
    preprocessPatch(patch, resource);
    expect(patch).toEqual(vector.patch);
    expect(resource).toEqual(vector.resource);
  });
});

describe('kyverno/kyverno pkg/engine/mutate/patch/{strategicMergePatch,patchesUtils}_test.go', () => {
  it.each(mergeVectors.map((v) => [v.test, v] as const))('%s', (id, vector) => {
    assertVector(id, KNOWN_DIFFERENCES, () => {
      const result = applyStrategicMergePatch(copy(vector.resource), copy(vector.patch));
      if ('error' in result) throw new Error(result.error);
      expect(result.resource).toEqual(vector.expected);
    });
  });
});

describe('kyverno/kyverno pkg/engine/mutate/patch/patchJSON6902_test.go', () => {
  it.each(jsonPatchVectors.map((v) => [v.test, v] as const))('%s', (id, vector) => {
    assertVector(id, KNOWN_DIFFERENCES, () => {
      const result = applyJsonPatch(copy(vector.resource), vector.patch);
      if ('error' in result) throw new Error(result.error);
      expect(result.resource).toEqual(vector.expected);
    });
  });
});

/**
 * kyverno/kyverno pkg/engine/mutate/mutation_test.go (`TestProcessPatches_*`, a JSON patch rule on
 * an Endpoints document). The file is commented out in recent Kyverno versions; the vectors are
 * kept where they agree with the patch options Kyverno applies now (`applyPatchesWithOptions`,
 * pkg/engine/mutate/patch/patchJSON6902.go: EnsurePathExistsOnAdd / AllowMissingPathOnRemove). Its
 * `TestProcessPatches_AddPathDoesntExist` expected `skip` for an add under a missing parent, from
 * before `EnsurePathExistsOnAdd`: ported with the current behaviour (the parents are created).
 */
const ENDPOINTS: JsonObject = {
  kind: 'Endpoints',
  apiVersion: 'v1',
  metadata: { name: 'my-endpoint-service', labels: { originalLabel: 'isHere' } },
  subsets: [{ addresses: [{ ip: '1.2.3.4' }], ports: [{ port: 9376 }] }],
};

function withChanges(change: (doc: JsonObject) => void): JsonObject {
  const doc = copy(ENDPOINTS);
  change(doc);
  return doc;
}

interface MutationVector {
  test: string;
  patches?: JsonValue[];
  status: 'pass' | 'skip' | 'error';
  message?: string;
  expected?: JsonObject;
}

const labels = (doc: JsonObject): JsonObject => (doc.metadata as JsonObject).labels as JsonObject;

const MUTATION_VECTORS: MutationVector[] = [
  { test: 'TestProcessPatches_EmptyPatches', status: 'error', message: 'empty mutate rule' },
  {
    test: 'TestProcessPatches_AddPathDoesntExist',
    patches: [{ path: '/metadata/additional/is-mutated', op: 'add', value: 'true' }],
    status: 'pass',
    expected: withChanges((doc) => ((doc.metadata as JsonObject).additional = { 'is-mutated': 'true' })),
  },
  {
    test: 'TestProcessPatches_RemovePathDoesntExist',
    patches: [{ path: '/metadata/labels/is-mutated', op: 'remove' }],
    status: 'skip',
    message: 'no patches applied',
    expected: ENDPOINTS,
  },
  {
    test: 'TestProcessPatches_AddAndRemovePathsDontExist_EmptyResult',
    patches: [
      { path: '/metadata/labels/is-mutated', op: 'remove' },
      { path: '/spec/labels/label3', op: 'add', value: 'label3Value' },
    ],
    status: 'pass',
    expected: withChanges((doc) => (doc.spec = { labels: { label3: 'label3Value' } })),
  },
  {
    test: 'TestProcessPatches_AddAndRemovePathsDontExist_ContinueOnError_NotEmptyResult',
    patches: [
      { path: '/metadata/labels/is-mutated', op: 'remove' },
      { path: '/spec/labels/label2', op: 'remove', value: 'label2Value' },
      { path: '/metadata/labels/label3', op: 'add', value: 'label3Value' },
    ],
    status: 'pass',
    expected: withChanges((doc) => (labels(doc).label3 = 'label3Value')),
  },
  {
    test: 'TestProcessPatches_RemovePathDoesntExist_EmptyResult',
    patches: [{ path: '/metadata/labels/is-mutated', op: 'remove' }],
    status: 'skip',
    expected: ENDPOINTS,
  },
  {
    test: 'TestProcessPatches_RemovePathDoesntExist_NotEmptyResult',
    patches: [
      { path: '/metadata/labels/is-mutated', op: 'remove' },
      { path: '/metadata/labels/label2', op: 'add', value: 'label2Value' },
    ],
    status: 'pass',
    expected: withChanges((doc) => (labels(doc).label2 = 'label2Value')),
  },
];

describe('kyverno/kyverno pkg/engine/mutate/mutation_test.go', () => {
  it.each(MUTATION_VECTORS.map((v) => [v.test, v] as const))('%s', (id, vector) => {
    assertVector(id, KNOWN_DIFFERENCES, () => {
      const patchString = vector.patches === undefined ? undefined : JSON.stringify(vector.patches);
      const outcome = applyMutation(copy(ENDPOINTS), undefined, patchString);
      expect(outcome.status).toBe(vector.status);
      if (vector.message !== undefined) expect(outcome.message).toBe(vector.message);
      if (vector.expected !== undefined && outcome.status !== 'error') expect(outcome.resource).toEqual(vector.expected);
    });
  });
});
