import { describe, expect, it } from 'vitest';
import {
  apiGroupOf,
  isClusterScoped,
  isKubernetesObject,
  namespaceOf,
  normalizeResource,
  partitionDuplicates,
  resourceKey,
  type KubernetesObject,
} from '../../src/source/resource.js';
import type { JsonValue } from '../../src/types.js';

function resource(value: Record<string, JsonValue>): KubernetesObject {
  if (!isKubernetesObject(value)) throw new Error('not a Kubernetes object');
  return value;
}

describe('isKubernetesObject', () => {
  it.each<[JsonValue, boolean]>([
    [{ apiVersion: 'v1', kind: 'Pod' }, true],
    [{ apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', spec: {} }, true],
    [{ kind: 'Pod' }, false],
    [{ apiVersion: 'v1' }, false],
    [{ apiVersion: 'v1', kind: '' }, false],
    [{ apiVersion: 1, kind: 'Pod' }, false],
    [{ apiVersion: 'v1', kind: ['Pod'] }, false],
    [[{ apiVersion: 'v1', kind: 'Pod' }], false],
    ['apiVersion: v1', false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isKubernetesObject(value)).toBe(expected);
  });
});

describe('API groups and scope', () => {
  it.each([
    ['v1', ''],
    ['apps/v1', 'apps'],
    ['rbac.authorization.k8s.io/v1', 'rbac.authorization.k8s.io'],
    ['', ''],
    ['/', ''],
    ['a/b/c', null],
  ])('apiGroupOf(%j) = %j', (apiVersion, group) => {
    expect(apiGroupOf(apiVersion)).toBe(group);
  });

  it.each([
    ['v1', 'Namespace', true],
    ['v1', 'Node', true],
    ['v1', 'PersistentVolume', true],
    ['rbac.authorization.k8s.io/v1', 'ClusterRole', true],
    ['rbac.authorization.k8s.io/v1beta1', 'ClusterRoleBinding', true],
    ['storage.k8s.io/v1', 'StorageClass', true],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', true],
    ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', true],
    ['networking.k8s.io/v1', 'IngressClass', true],
    ['v1', 'Pod', false],
    ['v1', 'ConfigMap', false],
    ['rbac.authorization.k8s.io/v1', 'Role', false],
    ['networking.k8s.io/v1', 'Ingress', false],
    ['apps/v1', 'Namespace', false],
    ['kyverno.io/v1', 'ClusterPolicy', false],
    ['example.com/v1', 'ClusterWidget', false],
  ])('%s %s cluster-scoped: %s', (apiVersion, kind, expected) => {
    expect(isClusterScoped(apiVersion, kind)).toBe(expected);
  });
});

describe('normalizeResource', () => {
  it.each<[string, Record<string, JsonValue>, string | undefined]>([
    ['a Pod without namespace', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }, 'default'],
    ['a Pod with an empty namespace', { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: '' } }, 'default'],
    ['a Pod with a non-string namespace', { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 5 } }, 'default'],
    ['a Pod in a namespace', { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'prod' } }, 'prod'],
    ['a custom resource', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} }, 'default'],
    ['a Namespace', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n' } }, undefined],
    ['a ClusterRole', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: {} }, undefined],
    ['a namespaced cluster-scoped kind', { apiVersion: 'v1', kind: 'Node', metadata: { namespace: 'x' } }, 'x'],
  ])('%s', (_name, value, namespace) => {
    const normalized = normalizeResource(resource(value));
    expect((normalized.metadata as Record<string, JsonValue>).namespace).toBe(namespace);
  });

  it('creates metadata when missing and leaves a non-map metadata alone', () => {
    expect(normalizeResource(resource({ apiVersion: 'v1', kind: 'Pod' })).metadata).toEqual({ namespace: 'default' });
    expect(normalizeResource(resource({ apiVersion: 'v1', kind: 'Pod', metadata: null })).metadata).toBeNull();
    expect(normalizeResource(resource({ apiVersion: 'v1', kind: 'Pod', metadata: 'x' })).metadata).toBe('x');
  });

  it('turns null label-like maps into empty maps at any depth', () => {
    const deployment = resource({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', labels: null, annotations: null },
      spec: {
        selector: { matchLabels: null },
        template: {
          metadata: { annotations: null, labels: { app: 'x' } },
          spec: { nodeSelector: null, containers: [{ name: 'c', env: null, resources: { limits: null } }] },
        },
      },
      data: null,
      stringData: null,
      other: null,
    });
    expect(normalizeResource(deployment)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', labels: {}, annotations: {}, namespace: 'default' },
      spec: {
        selector: { matchLabels: {} },
        template: {
          metadata: { annotations: {}, labels: { app: 'x' } },
          spec: { nodeSelector: {}, containers: [{ name: 'c', env: null, resources: { limits: null } }] },
        },
      },
      data: {},
      stringData: {},
      other: null,
    });
  });

  it('reads the namespace as Kyverno does', () => {
    expect(namespaceOf(resource({ apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'a' } }))).toBe('a');
    expect(namespaceOf(resource({ apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 1 } }))).toBe('');
    expect(namespaceOf(resource({ apiVersion: 'v1', kind: 'Pod' }))).toBe('');
  });
});

describe('duplicate detection', () => {
  const pod = (name: string, namespace: string, apiVersion = 'v1', kind = 'Pod'): KubernetesObject =>
    resource({ apiVersion, kind, metadata: { name, namespace } });

  it('keys resources by group, kind, namespace and name', () => {
    expect(resourceKey(pod('a', 'n'))).toBe(resourceKey(pod('a', 'n')));
    expect(resourceKey(pod('a', 'n', 'apps/v1', 'Deployment'))).toBe(resourceKey(pod('a', 'n', 'apps/v1beta1', 'Deployment')));
    expect(resourceKey(pod('a', 'n'))).not.toBe(resourceKey(pod('a', 'm')));
    expect(resourceKey(pod('a', 'n'))).not.toBe(resourceKey(pod('b', 'n')));
    expect(resourceKey(pod('a', 'n'))).not.toBe(resourceKey(pod('a', 'n', 'v1', 'Service')));
    expect(resourceKey(pod('a', 'n', 'apps/v1', 'Deployment'))).not.toBe(resourceKey(pod('a', 'n', 'extensions/v1', 'Deployment')));
    expect(resourceKey(pod('a', 'n', 'a/b/c', 'X'))).toBe(resourceKey(pod('a', 'n', 'd/e/f', 'Y')));
  });

  it('keeps the first occurrence of each resource', () => {
    const items = [
      { file: 'a.yaml', resource: pod('web', 'default') },
      { file: 'b.yaml', resource: pod('web', 'prod') },
      { file: 'c.yaml', resource: pod('web', 'default') },
      { file: 'd.yaml', resource: pod('web', 'default', 'apps/v1', 'Deployment') },
      { file: 'e.yaml', resource: pod('web', 'default') },
    ];
    const { unique, duplicates } = partitionDuplicates(items, (item) => item.resource);
    expect(unique.map((item) => item.file)).toEqual(['a.yaml', 'b.yaml', 'd.yaml']);
    expect(duplicates.map((item) => item.file)).toEqual(['c.yaml', 'e.yaml']);
  });
});
