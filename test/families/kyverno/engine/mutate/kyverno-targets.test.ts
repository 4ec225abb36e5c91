/**
 * Target selection of mutate-existing rules, ported from kyverno/kyverno
 * pkg/engine/handlers/mutation/load_targets_test.go `Test_match` (the wildcard namespace/name
 * filter of LIST results) and `Test_getTargets` (the resolved group/version/kind), the latter
 * through `mutateResource` on a fake cluster.
 */
import { describe, expect, it } from 'vitest';
import { mutateResource } from '../../../../../src/families/kyverno/engine/mutate/index.js';
import { namesMatch } from '../../../../../src/families/kyverno/engine/mutate/targets.js';
import { compilePolicy } from '../../../../../src/families/kyverno/compile.js';
import type { Policy } from '../../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../../src/types.js';

// [testName, namespacePattern, namePattern, namespace, name, expectedResult]
const MATCH: [string, string, string, string, string, boolean][] = [
  ['empty-namespacePattern-namePattern-1', '', '', 'foo', 'bar', true],
  ['empty-namespacePattern-namePattern-2', '', '', '', 'bar', true],
  ['empty-namespacePattern-1', '', 'bar', '', 'bar', true],
  ['empty-namespacePattern-2', '', 'ba*', '', 'bar', true],
  ['empty-namespacePattern-3', '', 'ba*', '', 'random', false],
  ['empty-namespacePattern-4', '', 'bar', 'foo', 'bar', true],
  ['empty-namespacePattern-5', '', 'ba*', 'foo', 'bar', true],
  ['empty-namespacePattern-6', '', 'ba*', 'foo', 'random', false],
  ['empty-namePattern-1', 'foo', '', '', 'bar', false],
  ['empty-namePattern-2', 'foo', '', 'foo', 'bar', true],
  ['empty-namePattern-3', 'fo*', '', 'foo', 'bar', true],
  ['empty-namePattern-4', 'fo*', '', 'random', 'bar', false],
  ['empty-namePattern-5', 'fo*', '', '', 'bar', false],
  ['no-empty-pattern-1', 'foo', 'bar', '', '', false],
  ['no-empty-pattern-2', 'foo', 'bar', 'foo', 'bar', true],
  ['no-empty-pattern-3', 'foo', 'bar', '', 'bar', false],
  ['no-empty-pattern-4', 'foo', 'bar', 'random', 'bar', false],
  ['no-empty-pattern-5', 'foo', 'bar', 'foo', 'random', false],
  ['no-empty-pattern-6', 'fo*', 'bar', 'foo', 'bar', true],
  ['no-empty-pattern-7', 'fo*', 'bar', 'random', 'bar', false],
  ['no-empty-pattern-8', 'fo*', 'bar', '', 'bar', false],
  ['no-empty-pattern-9', 'foo', 'ba*', 'foo', 'bar', true],
  ['no-empty-pattern-10', 'foo', 'ba*', 'foo', 'random', false],
];

describe('kyverno/kyverno pkg/engine/handlers/mutation/load_targets_test.go Test_match', () => {
  it.each(MATCH)('%s', (_name, namespacePattern, namePattern, namespace, name, expected) => {
    expect(namesMatch(namespacePattern, namePattern, namespace, name)).toBe(expected);
  });
});

function existingPolicy(target: JsonObject): Policy {
  return {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'targets' },
    spec: {
      rules: [
        {
          name: 'label-targets',
          match: { any: [{ resources: { kinds: ['ConfigMap'] } }] },
          mutate: { targets: [target], patchStrategicMerge: { metadata: { labels: { patched: 'yes' } } } },
        },
      ],
    },
  } as unknown as Policy;
}

const TRIGGER: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'trigger', namespace: 'default' } };

function patchedTargets(target: JsonObject, cluster: JsonObject[]): (JsonObject | string)[] {
  const response = mutateResource(compilePolicy(existingPolicy(target)), { resource: TRIGGER, numberMode: 'float64', targets: cluster });
  return response.rules.map((rule) => rule.patchedTarget ?? `${rule.status}: ${rule.message}`);
}

describe('kyverno/kyverno pkg/engine/handlers/mutation/load_targets_test.go Test_getTargets', () => {
  const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'demo-frontend', namespace: 'default' } };
  const knative = { apiVersion: 'serving.knative.dev/v1', kind: 'Service', metadata: { name: 'demo-knative-service', namespace: 'default' } };
  const labelled = (object: JsonObject): JsonObject => ({ ...object, metadata: { ...(object.metadata as JsonObject), labels: { patched: 'yes' } } });

  it('core-api-group: a v1 Service is fetched by namespace and name', () => {
    expect(patchedTargets({ apiVersion: 'v1', kind: 'Service', namespace: 'default', name: 'demo-frontend' }, [TRIGGER, service])).toEqual([labelled(service)]);
  });

  it('preserve-non-core-api-group: a serving.knative.dev/v1 Service is fetched', () => {
    expect(patchedTargets({ apiVersion: 'serving.knative.dev/v1', kind: 'Service', namespace: 'default', name: 'demo-knative-service' }, [TRIGGER, knative])).toEqual([labelled(knative)]);
  });
});

/**
 * Kind resolution of the CLI's fake cluster (kyverno/kyverno pkg/clients/dclient/fake.go
 * `fakeDiscoveryClient.FindResources`, used by `dclient.GetResources` from `getTargets`): a target
 * kind resolves to every registered resource whose plural is `<lower-cased kind>s`, whatever the
 * target's apiVersion (Test_mutate_existing_resources targets `apiVersion: v1, kind: Deployment`
 * and patches apps/v1 Deployments). Resources are registered under apimachinery's
 * `UnsafeGuessKindToResource` plural, so a kind ending in `s` or `y` is never found.
 */
describe('kyverno/kyverno pkg/clients/dclient/fake.go FindResources (target kind resolution)', () => {
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' } };
  const policy = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'deny', namespace: 'default' } };
  const labelled = (object: JsonObject): JsonObject => ({ ...object, metadata: { ...(object.metadata as JsonObject), labels: { patched: 'yes' } } });

  it('ignores the group and version of the target spec', () => {
    expect(patchedTargets({ apiVersion: 'v1', kind: 'Deployment', namespace: 'default', name: 'web' }, [TRIGGER, deployment])).toEqual([labelled(deployment)]);
    expect(patchedTargets({ apiVersion: 'v1', kind: 'Deployment', namespace: 'default' }, [TRIGGER, deployment])).toEqual([labelled(deployment)]);
  });

  it('finds no resource type for a kind whose plural is not <kind>s', () => {
    expect(patchedTargets({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', namespace: 'default', name: 'deny' }, [TRIGGER, policy])).toEqual(['error: : not found']);
  });

  it('reports a missing object of a known type as the API server would', () => {
    expect(patchedTargets({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'absent' }, [TRIGGER, deployment])).toEqual(['error: : deployments "absent" not found']);
  });
});
