import { describe, expect, it } from 'vitest';
import { GenerationError } from '../../../../../src/families/kyverno/engine/generate/errors.js';
import { manageLabels } from '../../../../../src/families/kyverno/engine/generate/labels.js';
import { decodePattern, describeTarget, kindFromGVK, patternDocument } from '../../../../../src/families/kyverno/engine/generate/pattern.js';
import { ObjectStore, StoreError } from '../../../../../src/families/kyverno/engine/generate/store.js';
import { manageData } from '../../../../../src/families/kyverno/engine/generate/targets.js';
import type { JsonObject } from '../../../../../src/types.js';

const secret = (name: string, namespace: string, labels: Record<string, string> = {}): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name, namespace, labels },
});

describe('kindFromGVK', () => {
  it.each([
    ['Secret', ['', 'Secret']],
    ['v1/Secret', ['v1', 'Secret']],
    ['apps/v1/Deployment', ['apps/v1', 'Deployment']],
    ['networking.k8s.io/v1/NetworkPolicy', ['networking.k8s.io/v1', 'NetworkPolicy']],
    ['Pod.status', ['', 'Pod/status']],
    ['Pod/status', ['', 'Pod/status']],
    ['v1/Pod/status', ['v1', 'Pod/status']],
    ['apps/v1/Deployment/scale', ['apps/v1', 'Deployment/scale']],
    ['*/*', ['', '*/*']],
    ['a/b/c/d/e', ['', '']],
  ])('%s', (text, expected) => {
    expect(kindFromGVK(text)).toEqual(expected);
  });
});

describe('generate patterns', () => {
  it('only the pattern fields of a generate block are substituted', () => {
    const block: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', name: 'x', synchronize: true, foreach: [], data: { a: 1 }, orphanDownstreamOnPolicyDelete: true };
    expect(patternDocument(block)).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', name: 'x', data: { a: 1 } });
  });

  it('decodes targets, clone and cloneList, treating null data as absent', () => {
    expect(
      decodePattern({
        apiVersion: 'v1',
        kind: 'Secret',
        namespace: 'ns',
        data: null,
        clone: { namespace: 'default', name: 'src' },
        cloneList: { namespace: 'default', kinds: ['v1/Secret'], selector: { matchLabels: { a: 'b' } } },
      }),
    ).toEqual({
      target: { apiVersion: 'v1', kind: 'Secret', namespace: 'ns', name: '' },
      data: undefined,
      clone: { namespace: 'default', name: 'src' },
      cloneList: { namespace: 'default', kinds: ['v1/Secret'], selector: { matchLabels: { a: 'b' } } },
    });
  });

  it.each([
    [{ name: 3 }, 'json: cannot unmarshal number into Go struct field GeneratePattern.name of type string'],
    [{ namespace: { a: 1 } }, 'json: cannot unmarshal object into Go struct field GeneratePattern.namespace of type string'],
    [{ cloneList: { kinds: 'v1/Secret' } }, 'json: cannot unmarshal string into Go struct field CloneList.kinds of type []string'],
    [{ clone: 'src' }, 'json: cannot unmarshal string into Go struct field GeneratePattern.clone of type v1.CloneFrom'],
  ])('a mistyped field is an error: %j', (document, message) => {
    expect(() => decodePattern(document as JsonObject)).toThrow(new GenerationError(message));
  });

  it('describes a target as Kyverno ResourceSpec.String does', () => {
    expect(describeTarget({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: '', name: 'web' })).toBe('apps/v1/Deployment//web');
  });
});

describe('ObjectStore', () => {
  it('keeps the first of two seeds with the same address and never shares objects with callers', () => {
    const first = secret('a', 'default', { n: '1' });
    const store = new ObjectStore([first, secret('a', 'default', { n: '2' })]);
    const read = store.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'default', name: 'a' });
    expect(read).toEqual(first);
    expect(read).not.toBe(first);
    (read.metadata as JsonObject).name = 'changed';
    expect(store.get({ apiVersion: '', kind: 'Secret', namespace: 'default', name: 'a' })).toEqual(first);
  });

  it.each([
    [{ apiVersion: 'v1', kind: 'Secret', namespace: 'default', name: 'missing' }, 'secrets "missing" not found'],
    [{ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', namespace: 'default', name: 'deny' }, 'networkpolicys.networking.k8s.io "deny" not found'],
    [{ apiVersion: 'v2', kind: 'Secret', namespace: 'default', name: 'a' }, 'secrets "a" not found'],
  ])('a missing object is NotFound: %j', (address, message) => {
    const store = new ObjectStore([secret('a', 'default')]);
    expect(() => store.get(address)).toThrow(new StoreError('NotFound', message));
  });

  it('files written objects under the requested address', () => {
    const store = new ObjectStore([]);
    const address = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'x' };
    store.create(address, { apiVersion: 'v1', kind: 'Other', metadata: { name: 'x' } });
    expect(store.get(address)).toEqual({ apiVersion: 'v1', kind: 'Other', metadata: { name: 'x' } });
    expect(() => store.create(address, {})).toThrow(new StoreError('AlreadyExists', 'configmaps "x" already exists'));
    store.update(address, { kind: 'ConfigMap' });
    expect(store.get(address)).toEqual({ kind: 'ConfigMap' });
    expect(() => store.update({ ...address, name: 'y' }, {})).toThrow(new StoreError('NotFound', 'configmaps "y" not found'));
  });

  it('lists a kind by namespace and label selector, in insertion order', () => {
    const store = new ObjectStore([
      secret('b', 'default', { team: 'x' }),
      secret('a', 'other', { team: 'x' }),
      secret('c', 'default'),
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'd', namespace: 'default', labels: { team: 'x' } } },
    ]);
    const names = (objects: JsonObject[]) => objects.map((object) => (object.metadata as JsonObject).name);
    expect(names(store.list('v1', 'Secret', 'default', null))).toEqual(['b', 'c']);
    expect(names(store.list('v1', 'Secret', '', { matchLabels: { team: 'x' } }))).toEqual(['b', 'a']);
    expect(names(store.list('', 'Secret', 'default', { matchExpressions: [{ key: 'team', operator: 'DoesNotExist' }] }))).toEqual(['c']);
    expect(names(store.list('v2', 'Secret', '', null))).toEqual([]);
  });
});

describe('manageData and labels', () => {
  const target = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'x' };

  it.each([
    { title: 'a missing target is created', seeds: [], synchronize: false, expected: { action: 'Create', target, data: { data: { a: '1' } } } },
    {
      title: 'an existing target is skipped without synchronize',
      seeds: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'ns' } }],
      synchronize: false,
      expected: { action: 'Skip', target },
    },
    {
      title: 'an existing target is updated with its resourceVersion when synchronizing',
      seeds: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'ns', resourceVersion: '7' } }],
      synchronize: true,
      expected: { action: 'Update', target, data: { data: { a: '1' }, metadata: { resourceVersion: '7' } } },
    },
  ])('$title', ({ seeds, synchronize, expected }) => {
    expect(manageData(new ObjectStore(seeds as JsonObject[]), target, { data: { a: '1' } }, synchronize)).toEqual(expected);
  });

  it('managed-by is always kyverno, other labels are kept, unreadable labels are dropped', () => {
    const trigger: JsonObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', uid: 'u-1' } };
    const object: JsonObject = { metadata: { labels: { 'app.kubernetes.io/managed-by': 'helm', keep: 'me' } } };
    manageLabels(object, trigger, { name: 'p', namespace: 'shop' }, 'r');
    expect((object.metadata as JsonObject).labels).toEqual({
      'app.kubernetes.io/managed-by': 'kyverno',
      keep: 'me',
      'generate.kyverno.io/policy-name': 'p',
      'generate.kyverno.io/policy-namespace': 'shop',
      'generate.kyverno.io/rule-name': 'r',
      'generate.kyverno.io/trigger-version': 'v1',
      'generate.kyverno.io/trigger-group': 'apps',
      'generate.kyverno.io/trigger-kind': 'Deployment',
      'generate.kyverno.io/trigger-namespace': 'shop',
      'generate.kyverno.io/trigger-uid': 'u-1',
    });
    const unreadable: JsonObject = { metadata: { labels: { count: 3, keep: 'me' } } };
    manageLabels(unreadable, trigger, { name: 'p', namespace: '' }, 'r');
    expect(((unreadable.metadata as JsonObject).labels as JsonObject).keep).toBeUndefined();
  });
});
