/**
 * `applyStrategicMergePatch`: kyaml merge2 semantics as Kyverno applies them (`strategicMergePatch`,
 * kyverno/kyverno pkg/engine/mutate/patch/strategicMergePatch.go, through kustomize's
 * api/filters/patchstrategicmerge `Filter` and kyaml/yaml/merge2/merge2.go) —
 * maps, scalars, null deletion, `$patch` directives, associative lists of the v1.21.2 schema with
 * Prepend ordering, atomic lists, kinds without schema, and errors.
 */
import { describe, expect, it } from 'vitest';
import { applyStrategicMergePatch } from '../../../../../../src/families/kyverno/engine/mutate/strategic-merge/index.js';
import type { JsonObject, JsonValue } from '../../../../../../src/types.js';

const pod = (spec: JsonObject, metadata: JsonObject = { name: 'p' }): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });
const deployment = (podSpec: JsonObject): JsonObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd' },
  spec: { template: { metadata: { labels: { app: 'x' } }, spec: podSpec } },
});

interface Vector {
  name: string;
  resource: JsonObject;
  patch: JsonValue;
  expected: JsonObject;
}

const VECTORS: Vector[] = [
  {
    name: 'maps merge key by key; scalars are overwritten',
    resource: pod({ hostNetwork: true, dnsPolicy: 'Default' }, { name: 'p', labels: { a: '1', b: '2' } }),
    patch: { metadata: { labels: { b: '3', c: '4' } }, spec: { hostNetwork: false } },
    expected: pod({ hostNetwork: false, dnsPolicy: 'Default' }, { name: 'p', labels: { a: '1', b: '3', c: '4' } }),
  },
  {
    name: 'null deletes a key; deleting a missing key is a no-op',
    resource: pod({ hostNetwork: true }, { name: 'p', labels: { a: '1', b: '2' } }),
    patch: { metadata: { labels: { a: null, z: null } }, spec: { hostNetwork: null } },
    expected: pod({}, { name: 'p', labels: { b: '2' } }),
  },
  {
    name: 'explicit nulls of the resource not touched by the patch are kept',
    resource: pod({ nodeName: null }, { name: 'p', creationTimestamp: null }),
    patch: { metadata: { labels: { a: 'b' } } },
    expected: pod({ nodeName: null }, { name: 'p', creationTimestamp: null, labels: { a: 'b' } }),
  },
  {
    name: 'a new key receives the patch subtree',
    resource: pod({}),
    patch: { spec: { securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } } } },
    expected: pod({ securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } } }),
  },
  {
    name: 'containers merge by name, patch elements first (Prepend)',
    resource: deployment({ containers: [{ name: 'nginx', image: 'nginx' }] }),
    patch: { spec: { template: { spec: { containers: [{ name: 'vault-agent', image: 'vault' }] } } } },
    expected: deployment({ containers: [{ name: 'vault-agent', image: 'vault' }, { name: 'nginx', image: 'nginx' }] }),
  },
  {
    name: 'a matched container is merged in place of the patch element',
    resource: pod({ containers: [{ name: 'a', image: 'a' }, { name: 'b', image: 'b', args: ['x'] }] }),
    patch: { spec: { containers: [{ name: 'b', args: ['y', 'z'], imagePullPolicy: 'Always' }] } },
    expected: pod({ containers: [{ name: 'b', image: 'b', args: ['y', 'z'], imagePullPolicy: 'Always' }, { name: 'a', image: 'a' }] }),
  },
  {
    name: 'a conditional anchor matching the third of three containers moves it first',
    resource: pod({ containers: [{ name: 'c1', image: 'a' }, { name: 'c2', image: 'b' }, { name: 'c3', image: 'x:latest' }] }),
    patch: { spec: { containers: [{ '(image)': '*:latest', imagePullPolicy: 'Always' }] } },
    expected: pod({ containers: [{ name: 'c3', image: 'x:latest', imagePullPolicy: 'Always' }, { name: 'c1', image: 'a' }, { name: 'c2', image: 'b' }] }),
  },
  {
    name: 'env merges by name, volumeMounts by mountPath, volumes by name',
    resource: pod({
      containers: [{ name: 'c', env: [{ name: 'A', value: '1' }], volumeMounts: [{ name: 'v', mountPath: '/a' }] }],
      volumes: [{ name: 'v', emptyDir: { medium: 'Memory' } }],
    }),
    patch: {
      spec: {
        containers: [{ name: 'c', env: [{ name: 'A', value: '2' }, { name: 'B', value: '3' }], volumeMounts: [{ name: 'w', mountPath: '/b' }] }],
        volumes: [{ name: 'w', configMap: { name: 'cm' } }],
      },
    },
    expected: pod({
      containers: [{
        name: 'c',
        env: [{ name: 'A', value: '2' }, { name: 'B', value: '3' }],
        volumeMounts: [{ name: 'w', mountPath: '/b' }, { name: 'v', mountPath: '/a' }],
      }],
      volumes: [{ name: 'w', configMap: { name: 'cm' } }, { name: 'v', emptyDir: { medium: 'Memory' } }],
    }),
  },
  {
    name: 'imagePullSecrets merge by name',
    resource: pod({ imagePullSecrets: [{ name: 'a' }] }),
    patch: { spec: { imagePullSecrets: [{ name: 'b' }, { name: 'a' }] } },
    expected: pod({ imagePullSecrets: [{ name: 'b' }, { name: 'a' }] }),
  },
  {
    name: 'atomic lists are replaced (tolerations, args)',
    resource: pod({ tolerations: [{ key: 'a', operator: 'Exists' }], containers: [{ name: 'c', args: ['1', '2'] }] }),
    patch: { spec: { tolerations: [{ key: 'b', operator: 'Exists' }], containers: [{ name: 'c', args: ['3'] }] } },
    expected: pod({ tolerations: [{ key: 'b', operator: 'Exists' }], containers: [{ name: 'c', args: ['3'] }] }),
  },
  {
    name: 'kinds without schema have no associative lists',
    resource: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', finalizers: ['a'] }, spec: { containers: [{ name: 'a', image: 'a' }] } },
    patch: { metadata: { finalizers: ['b'] }, spec: { containers: [{ name: 'b', image: 'b' }] } },
    expected: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', finalizers: ['b'] }, spec: { containers: [{ name: 'b', image: 'b' }] } },
  },
  {
    name: 'finalizers are a primitive set: union, patch values first',
    resource: pod({}, { name: 'p', finalizers: ['a', 'b'] }),
    patch: { metadata: { finalizers: ['c', 'a'] } },
    expected: pod({}, { name: 'p', finalizers: ['c', 'a', 'b'] }),
  },
  {
    name: 'Service ports merge by port and protocol',
    resource: { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] } },
    patch: { spec: { ports: [{ port: 80, protocol: 'TCP', name: 'http' }] } },
    expected: { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080, name: 'http' }] } },
  },
  {
    name: 'two-key lists: patch-only elements first, then the resource elements in resource order',
    resource: pod({ containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP', name: 'a' }, { containerPort: 443, protocol: 'TCP' }] }] }),
    patch: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 443, protocol: 'TCP', name: 'https' }, { containerPort: 8080, protocol: 'TCP' }] }] } },
    expected: pod({ containers: [{ name: 'c', ports: [
      { containerPort: 8080, protocol: 'TCP' },
      { containerPort: 80, protocol: 'TCP', name: 'a' },
      { containerPort: 443, protocol: 'TCP', name: 'https' },
    ] }] }),
  },
  {
    name: '$patch: delete removes a map',
    resource: pod({ securityContext: { runAsUser: 0 }, hostNetwork: true }),
    patch: { spec: { securityContext: { $patch: 'delete' } } },
    expected: pod({ hostNetwork: true }),
  },
  {
    name: '$patch: replace replaces a map',
    resource: pod({ securityContext: { runAsUser: 0, fsGroup: 1 } }),
    patch: { spec: { securityContext: { $patch: 'replace', runAsNonRoot: true } } },
    expected: pod({ securityContext: { runAsNonRoot: true } }),
  },
  {
    name: '$patch: merge is the default',
    resource: pod({ securityContext: { runAsUser: 0 } }),
    patch: { spec: { securityContext: { $patch: 'merge', runAsNonRoot: true } } },
    expected: pod({ securityContext: { runAsUser: 0, runAsNonRoot: true } }),
  },
  {
    name: 'an associative element with $patch: delete removes the matching element',
    resource: pod({ volumes: [{ name: 'a', emptyDir: { medium: 'Memory' } }, { name: 'b', secret: { secretName: 's' } }] }),
    patch: { spec: { volumes: [{ name: 'a', $patch: 'delete' }] } },
    expected: pod({ volumes: [{ name: 'b', secret: { secretName: 's' } }] }),
  },
  {
    name: 'a {$patch: replace} element makes the patch list replace the resource list',
    resource: pod({ containers: [{ name: 'a', image: 'a' }, { name: 'b', image: 'b' }] }),
    patch: { spec: { containers: [{ $patch: 'replace' }, { name: 'c', image: 'c' }] } },
    expected: pod({ containers: [{ name: 'c', image: 'c' }] }),
  },
  {
    name: 'a {$patch: delete} element deletes the whole associative list',
    resource: pod({ containers: [{ name: 'a' }], imagePullSecrets: [{ name: 'x' }] }),
    patch: { spec: { imagePullSecrets: [{ $patch: 'delete' }] } },
    expected: pod({ containers: [{ name: 'a' }] }),
  },
  {
    name: 'directive elements of non-associative lists are kept verbatim',
    resource: pod({ tolerations: [{ key: 'a' }] }),
    patch: { spec: { tolerations: [{ $patch: 'replace' }, { key: 'b' }] } },
    expected: pod({ tolerations: [{ $patch: 'replace' }, { key: 'b' }] }),
  },
  {
    name: 'a failed condition leaves the resource unchanged',
    resource: pod({ hostNetwork: true }, { name: 'p', labels: { inject: 'no' } }),
    patch: { metadata: { labels: { '(inject)': 'yes' } }, spec: { hostNetwork: false } },
    expected: pod({ hostNetwork: true }, { name: 'p', labels: { inject: 'no' } }),
  },
  {
    name: 'add-if-not-present keeps existing values',
    resource: pod({}, { name: 'p', labels: { team: 'ops' } }),
    patch: { metadata: { labels: { '+(team)': 'dev', '+(tier)': 'web' } } },
    expected: pod({}, { name: 'p', labels: { team: 'ops', tier: 'web' } }),
  },
  {
    name: '(name): "*" applies a change to every container',
    resource: pod({ containers: [{ name: 'a', image: 'a' }, { name: 'b', image: 'b' }] }),
    patch: { spec: { containers: [{ '(name)': '*', securityContext: { privileged: false } }] } },
    expected: pod({ containers: [{ name: 'a', image: 'a', securityContext: { privileged: false } }, { name: 'b', image: 'b', securityContext: { privileged: false } }] }),
  },
  {
    name: 'Pod controllers: the template pod spec is associative too (CronJob)',
    resource: { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c' }, spec: { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'a' }] } } } } } },
    patch: { spec: { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'b' }] } } } } } },
    expected: { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c' }, spec: { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'b' }, { name: 'a' }] } } } } } },
  },
];

describe('applyStrategicMergePatch', () => {
  it.each(VECTORS)('$name', ({ resource, patch, expected }) => {
    const before = structuredClone(resource);
    const patchBefore = structuredClone(patch);
    expect(applyStrategicMergePatch(resource, patch)).toStrictEqual({ resource: expected });
    expect(resource).toStrictEqual(before);
    expect(patch).toStrictEqual(patchBefore);
  });

  it('an unknown $patch value is an error', () => {
    expect(applyStrategicMergePatch(pod({ securityContext: {} }), { spec: { securityContext: { $patch: 'remove' } } })).toStrictEqual({
      error: "unknown patch strategy 'remove'",
    });
  });

  it('a map patched onto a scalar is an error', () => {
    expect(applyStrategicMergePatch(pod({ hostNetwork: true }), { spec: { hostNetwork: { a: 1 } } })).toStrictEqual({
      error: 'wrong Node Kind for  expected: ScalarNode was MappingNode: value: {{"a":1}}',
    });
  });

  it('a scalar patched onto a map is an error', () => {
    expect(applyStrategicMergePatch(pod({ securityContext: { runAsUser: 1 } }), { spec: { securityContext: 'x' } })).toStrictEqual({
      error: 'wrong Node Kind for  expected: MappingNode was ScalarNode: value: {x}',
    });
  });

  it('pre-processing errors carry Kyverno\'s prefix', () => {
    const result = applyStrategicMergePatch(pod({ containers: { name: 'x' } }), { spec: { containers: [{ '(name)': '*', a: 1 }] } });
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error.startsWith('failed to preProcess rule: ')).toBe(true);
  });
});

describe('applyStrategicMergePatch: parts of the resource the patch does not reach', () => {
  it('still drops empty and repeated elements of associative lists there, and leaves the resource as it was', () => {
    const resource: JsonObject = {
      ...pod({ containers: [{ name: 'a', image: 'one' }, {}, { name: 'a', image: 'two' }, null], nodeSelector: { zone: 'x' } }, { name: 'p', labels: { a: '1' } }),
      status: { conditions: [{ type: 'Ready' }, { type: 'Ready', status: 'True' }] },
    };
    const before = JSON.stringify(resource);
    expect(applyStrategicMergePatch(resource, { metadata: { labels: { b: '2' } } })).toEqual({
      resource: {
        ...pod({ containers: [{ name: 'a', image: 'one' }], nodeSelector: { zone: 'x' } }, { name: 'p', labels: { a: '1', b: '2' } }),
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      },
    });
    expect(JSON.stringify(resource)).toBe(before);
  });

  it('finds associative lists by the apiVersion and kind of a nested object without schema', () => {
    const wrapper: JsonObject = {
      apiVersion: 'example.com/v1',
      kind: 'Wrapper',
      metadata: { name: 'w' },
      spec: { template: { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'c' }, {}, { name: 'c', image: 'z' }] } } },
    };
    expect(applyStrategicMergePatch(wrapper, { metadata: { labels: { b: '2' } } })).toEqual({
      resource: { ...wrapper, metadata: { name: 'w', labels: { b: '2' } }, spec: { template: { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'c' }] } } } },
    });
  });
});

