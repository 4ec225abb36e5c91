/**
 * Anchor pre-processing of `patchStrategicMerge` (`PreProcessPattern`, kyverno/kyverno
 * pkg/engine/mutate/patch/strategicPreprocessing.go): the vectors of Kyverno's
 * `Test_preProcessStrategicMergePatch_multipleAnchors` (expected rewritten patches) and the quirks.
 */
import { describe, expect, it } from 'vitest';
import { preprocessPatch } from '../../../../../../src/families/kyverno/engine/mutate/strategic-merge/index.js';
import type { JsonValue } from '../../../../../../src/types.js';

const pod = (spec: JsonValue, metadata: JsonValue = { name: 'p' }): JsonValue => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });

const HOSTPATH_POD = pod({
  containers: [{ name: 'nginx', image: 'nginx:latest', imagePullPolicy: 'Never', volumeMounts: [{ mountPath: '/cache', name: 'cache-volume' }] }],
  volumes: [{ name: 'cache-volume', hostPath: { path: '/data', type: 'Directory' } }],
});

interface Vector {
  name: string;
  patch: JsonValue;
  resource: JsonValue;
  expected: JsonValue;
  skipped?: boolean;
}

const VECTORS: Vector[] = [
  {
    name: 'global anchor on a volume gates the patch; the volumes list is not patched',
    patch: { metadata: { annotations: { '+(cluster-autoscaler.kubernetes.io/safe-to-evict)': 'true' } }, spec: { volumes: [{ '<(emptyDir)': {} }] } },
    resource: pod({ containers: [{ name: 'web', image: '1nginx' }], volumes: [{ emptyDir: {}, name: 'cache-volume' }, { secret: { secretName: 't' }, name: 't' }] }, { name: 'static-web', labels: { role: 'myrole' } }),
    expected: { metadata: { annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' } } },
  },
  {
    name: 'a null value is kept',
    patch: { metadata: null },
    resource: pod({ containers: [{ name: 'hello', image: 'busybox' }] }),
    expected: { metadata: null },
  },
  {
    name: '(name): "*" is specialised for each named container',
    patch: { spec: { containers: [{ '(name)': '*', image: 'gcr.io/google-containers/busybox:latest' }], imagePullSecrets: [{ name: 'regcred' }] } },
    resource: pod({ containers: [{ name: 'hello', image: 'busybox' }] }),
    expected: { spec: { containers: [{ name: 'hello', image: 'gcr.io/google-containers/busybox:latest' }], imagePullSecrets: [{ name: 'regcred' }] } },
  },
  {
    name: 'several conditions in one element, all satisfied',
    patch: { spec: { containers: [{ '(name)': '*', '(image)': 'gcr.io/google-containers/busybox:*', new_filed: 'must be inserted' }], imagePullSecrets: [{ name: 'regcred' }] } },
    resource: pod({ containers: [{ name: 'hello', image: 'gcr.io/google-containers/busybox:latest' }] }),
    expected: { spec: { containers: [{ name: 'hello', new_filed: 'must be inserted' }], imagePullSecrets: [{ name: 'regcred' }] } },
  },
  {
    name: 'an element of conditions only adds nothing',
    patch: { spec: { containers: [{ '(image)': 'gcr.io/google-containers/busybox:latest' }], imagePullSecrets: [{ name: 'regcred' }] } },
    resource: pod({ containers: [{ name: 'hello', image: 'gcr.io/google-containers/busybox:latest' }] }),
    expected: { spec: { imagePullSecrets: [{ name: 'regcred' }] } },
  },
  {
    name: 'conditions only, three containers, one not matching',
    patch: { spec: { containers: [{ '(image)': 'gcr.io/google-containers/busybox:*' }], imagePullSecrets: [{ name: 'regcred' }] } },
    resource: pod({ containers: [
      { name: 'hello', image: 'gcr.io/google-containers/busybox:latest' },
      { name: 'hello2', image: 'gcr.io/google-containers/busybox:latest' },
      { name: 'hello3', image: 'gcr.io/google-containers/nginx:latest' },
    ] }),
    expected: { spec: { imagePullSecrets: [{ name: 'regcred' }] } },
  },
  {
    name: 'global anchor with a nested map value',
    patch: { metadata: { annotations: { '+(cluster-autoscaler.kubernetes.io/safe-to-evict)': true }, labels: { '+(add-labels)': 'add' } }, spec: { volumes: [{ '<(hostPath)': { path: '*' } }] } },
    resource: HOSTPATH_POD,
    expected: { metadata: { annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': true }, labels: { 'add-labels': 'add' } } },
  },
  {
    name: '+() on an existing key removes it; the empty map is dropped',
    patch: { metadata: { annotations: { '+(cluster-autoscaler.kubernetes.io/safe-to-evict)': true } }, spec: { volumes: [{ '<(hostPath)': { path: '*' } }] } },
    resource: pod((HOSTPATH_POD as { spec: JsonValue }).spec, { name: 'nginx', annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false' } }),
    expected: {},
  },
  {
    name: 'all +() keys present: nothing left',
    patch: { metadata: { annotations: { '+(a)': 'HTTPS', '+(kubernetes.io/ingress.class)': 'alb' } } },
    resource: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'argocd', annotations: { a: 'HTTPS', 'kubernetes.io/ingress.class': 'test' } } },
    expected: {},
  },
  {
    name: 'sticky +() in an anchored element: decided on the first container',
    patch: { spec: { template: { spec: { containers: [{ '(name)': '*', resources: { limits: { '+(memory)': '300Mi', '+(cpu)': '100' } } }] } } } },
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'qos-demo' }, spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:latest', resources: { limits: { cpu: '50m' } } }] } } } },
    expected: { spec: { template: { spec: { containers: [{ resources: { limits: { memory: '300Mi' } }, name: 'nginx' }] } } } },
  },
  {
    name: 'conditional anchor on a list, and per-container image conditions',
    patch: {
      metadata: { annotations: { '+(annotation1)': 'atest1', '+(annotation2)': 'atest2' }, labels: { '+(label1)': 'test1' } },
      spec: { '(volumes)': [{ '(hostPath)': { path: '/var/run/docker.sock' } }], containers: [{ '(image)': '*:latest', command: ['ls'], imagePullPolicy: 'Always' }] },
    },
    resource: pod(
      {
        containers: [
          { command: ['ll'], image: 'nginx:latest', imagePullPolicy: 'Never', name: 'nginx' },
          { image: 'busybox:latest', imagePullPolicy: 'Never', name: 'busybox' },
        ],
        volumes: [{ hostPath: { path: '/var/run/docker.sock' }, name: 'test-volume' }],
      },
      { annotations: { annotation1: 'atest2' }, labels: { label1: 'test2', label2: 'test2' }, name: 'check-root-user' },
    ),
    expected: {
      metadata: { annotations: { annotation2: 'atest2' } },
      spec: { containers: [
        { command: ['ls'], imagePullPolicy: 'Always', name: 'nginx' },
        { command: ['ls'], imagePullPolicy: 'Always', name: 'busybox' },
      ] },
    },
  },
  {
    name: 'a null annotation (deletion) is kept',
    patch: { metadata: { annotations: { annotation1: null } } },
    resource: pod({}, { annotations: { annotation1: 'atest2' } }),
    expected: { metadata: { annotations: { annotation1: null } } },
  },
  {
    name: 'global anchor nested in a list element map',
    patch: { metadata: { annotations: { '+(safe-to-evict)': true } }, spec: { volumes: [{ hostPath: { '<(path)': '*data' } }] } },
    resource: HOSTPATH_POD,
    expected: { metadata: { annotations: { 'safe-to-evict': true } } },
  },
  {
    name: 'initContainers and containers selected by name',
    patch: { spec: { securityContext: { runAsNonRoot: true }, initContainers: [{ '(name)': '*', securityContext: { runAsNonRoot: true } }], containers: [{ '(name)': '*', securityContext: { runAsNonRoot: true } }] } },
    resource: { spec: { initContainers: [{ name: 'initbusy', image: 'busybox:1.28' }], containers: [{ image: 'busybox:1.28', name: 'busybox' }] } },
    expected: { spec: { securityContext: { runAsNonRoot: true }, initContainers: [{ name: 'initbusy', securityContext: { runAsNonRoot: true } }], containers: [{ name: 'busybox', securityContext: { runAsNonRoot: true } }] } },
  },
  // Outcomes of the algorithm beyond Kyverno's own vectors.
  {
    name: 'a failed conditional anchor in a map cancels the whole patch',
    patch: { metadata: { annotations: { '(inject)': 'true' } }, spec: { hostNetwork: false } },
    resource: pod({}, { annotations: { inject: 'false' } }),
    expected: {},
    skipped: true,
  },
  {
    name: 'a missing conditional key cancels the whole patch',
    patch: { metadata: { annotations: { '(inject)': 'true' } }, spec: { hostNetwork: false } },
    resource: pod({}),
    expected: {},
    skipped: true,
  },
  {
    name: 'a satisfied conditional anchor is removed (its value being a scalar)',
    patch: { metadata: { annotations: { '(inject)': 'true' } }, spec: { hostNetwork: false } },
    resource: pod({}, { annotations: { inject: 'true' } }),
    expected: { spec: { hostNetwork: false } },
  },
  {
    name: 'conditions compare scalar texts: a boolean condition matches a string value',
    patch: { metadata: { labels: { '(x)': true } }, spec: { a: 1 } },
    resource: pod({}, { labels: { x: 'true' } }),
    expected: { spec: { a: 1 } },
  },
  {
    name: 'a failed global anchor in a list cancels the whole patch',
    patch: { metadata: { labels: { a: 'b' } }, spec: { volumes: [{ '<(emptyDir)': {} }] } },
    resource: pod({ volumes: [{ name: 'v', hostPath: { path: '/x' } }] }),
    expected: {},
    skipped: true,
  },
  {
    name: 'a global anchor in a list with the list absent cancels the whole patch',
    patch: { metadata: { labels: { a: 'b' } }, spec: { volumes: [{ '<(emptyDir)': {} }] } },
    resource: pod({}),
    expected: {},
    skipped: true,
  },
  {
    name: 'a conditional anchor with +() content only checks existence, then is renamed',
    patch: { spec: { '(securityContext)': { '+(runAsNonRoot)': true } } },
    resource: pod({ securityContext: { runAsUser: 1 } }),
    expected: { spec: { securityContext: { runAsNonRoot: true } } },
  },
  {
    name: 'containers without a name get no specialised copy',
    patch: { spec: { containers: [{ '(image)': '*', imagePullPolicy: 'Always' }] } },
    resource: pod({ containers: [{ image: 'nginx' }] }),
    expected: {},
  },
  {
    name: 'non-anchored elements first, then the specialised copies in resource order',
    patch: { spec: { containers: [{ '(image)': 'c*', imagePullPolicy: 'Always' }, { name: 'side', image: 'side' }] } },
    resource: pod({ containers: [{ name: 'a', image: 'a' }, { name: 'b', image: 'c1' }, { name: 'c', image: 'c2' }] }),
    expected: { spec: { containers: [
      { name: 'side', image: 'side' },
      { imagePullPolicy: 'Always', name: 'b' },
      { imagePullPolicy: 'Always', name: 'c' },
    ] } },
  },
  {
    name: '=() and X() keys are ordinary keys at patch level',
    patch: { metadata: { labels: { '=(a)': 'b', 'X(c)': 'd' } } },
    resource: pod({}),
    expected: { metadata: { labels: { '=(a)': 'b', 'X(c)': 'd' } } },
  },
  {
    name: 'an empty map in the patch is removed by the clean-up',
    patch: { spec: { volumes: [{ name: 'cache', emptyDir: {} }] } },
    resource: pod({}),
    expected: { spec: { volumes: [{ name: 'cache' }] } },
  },
  {
    name: 'an empty list in the policy is kept',
    patch: { spec: { tolerations: [] } },
    resource: pod({}),
    expected: { spec: { tolerations: [] } },
  },
];

describe('patchStrategicMerge anchor pre-processing', () => {
  it.each(VECTORS)('$name', ({ patch, resource, expected, skipped }) => {
    const result = preprocessPatch(patch, resource);
    expect('error' in result).toBe(false);
    if ('error' in result) return;
    expect(result.patch).toStrictEqual(expected);
    expect(result.skipped !== undefined).toBe(skipped === true);
  });

  it('does not modify its arguments', () => {
    const patch: JsonValue = { metadata: { labels: { '+(a)': 'b' } } };
    const copy = structuredClone(patch);
    preprocessPatch(patch, pod({}));
    expect(patch).toStrictEqual(copy);
  });

  it('reports the condition that failed', () => {
    const result = preprocessPatch({ metadata: { labels: { '(team)': 'x' } } }, pod({}));
    expect(result).toStrictEqual({ patch: {}, skipped: 'condition failed: could not found "team" key in the resource' });
  });

  it('reports a global condition failure', () => {
    const result = preprocessPatch({ metadata: { labels: { '<(team)': 'x' } } }, pod({}));
    expect(result).toStrictEqual({ patch: {}, skipped: 'global condition failed: could not found "team" key in the resource' });
  });

  it('an anchored list against a resource map is an error', () => {
    const result = preprocessPatch({ spec: { containers: [{ '(name)': '*', a: 1 }] } }, pod({ containers: { name: 'x' } }));
    expect(result).toStrictEqual({ error: 'failed to preProcess rule: wrong Node Kind for  expected: SequenceNode was MappingNode: value: {{"name":"x"}}' });
  });
});
