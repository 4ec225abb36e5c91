/**
 * @file `configMap` context entries translated to `resource.Get` agree with the JMESPath family: both policies
 * (the kyverno.io original and its migration) are evaluated by the processor on the same requests against a
 * mocked cluster holding (or not) the ConfigMaps; the Values a Test gives those entries become Context objects.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/types.js';
import type { Policy } from '../../src/families/kyverno/policy/types.js';
import { acceptPolicy } from '../../src/evaluate/family.js';
import { evaluate } from '../../src/evaluate/evaluate.js';
import type { CompiledPolicy } from '../../src/evaluate/types.js';
import { mockedCluster } from '../../src/cluster/mock-cluster.js';
import { migratePolicy, type PolicyMigration } from '../../src/migrate/policy.js';
import { contextObjectsFromValues, withContextObjects } from '../../src/migrate/test-file.js';

type Verdict = 'pass' | 'fail' | 'error' | 'skip';

function accept(document: JsonObject): CompiledPolicy {
  const accepted = acceptPolicy(document);
  if (accepted.status !== 'accepted') throw new Error(`policy not accepted: ${JSON.stringify(accepted).slice(0, 1000)}`);
  return accepted.policy;
}

function verdict(policy: CompiledPolicy, resource: JsonObject, cluster: JsonObject[], operation: 'CREATE' | 'UPDATE'): Verdict {
  const rules = evaluate([policy], resource, { operation, numberMode: 'float64', external: { cluster: mockedCluster(cluster) } }).flatMap((r) => r.response.rules);
  if (rules.length === 0) return 'skip';
  if (rules.length !== 1) throw new Error(`expected one rule response, got ${JSON.stringify(rules)}`);
  const status = rules[0]!.status;
  if (status === 'warn') return 'fail';
  return status as Verdict;
}

function clusterPolicy(rule: JsonObject, kind = 'ClusterPolicy', namespace?: string): JsonObject {
  return {
    apiVersion: 'kyverno.io/v1',
    kind,
    metadata: { name: 'cm-policy', ...(namespace !== undefined ? { namespace } : {}), annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' } },
    spec: { validationFailureAction: 'Audit', background: true, rules: [{ name: 'check', match: { any: [{ resources: { kinds: ['Pod'] } }] }, ...rule }] },
  };
}

function migrate(document: JsonObject): PolicyMigration {
  return migratePolicy(document as unknown as Policy, document);
}

const configMap = (namespace: string, name: string, data: Record<string, string> | null): JsonObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace },
  ...(data === null ? {} : { data }),
});

const pod = (namespace: string, priority: JsonValue | undefined): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace },
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...(priority === undefined ? {} : { priorityClassName: priority }) },
});

/** The rule of kyverno/policies other/allowed-pod-priorities, and rules reading the entry in other ways. */
const rules: [string, JsonObject][] = [
  [
    'allowed-pod-priorities (a JSON list per namespace, the namespace in a quoted name)',
    {
      context: [{ name: 'podprioritydict', configMap: { name: 'allowed-pod-priorities', namespace: 'default' } }],
      validate: {
        message: 'The Pod PriorityClass {{ request.object.spec.priorityClassName }} is not in {{ podprioritydict.data."{{request.namespace}}" }}.',
        deny: { conditions: { any: [{ key: "{{ request.object.spec.priorityClassName || '' }}", operator: 'AnyNotIn', value: '{{ podprioritydict.data."{{request.namespace}}" || "" }}' }] } },
      },
    },
  ],
  [
    'a key read strictly, the ConfigMap named by a variable, in the namespace of the request',
    {
      context: [{ name: 'settings', configMap: { name: '{{ request.object.metadata.labels.settings }}', namespace: '{{ request.namespace }}' } }],
      validate: { message: 'm', deny: { conditions: { all: [{ key: '{{ request.object.spec.priorityClassName }}', operator: 'NotEquals', value: '{{ settings.data.priority }}' }] } } },
    },
  ],
  [
    'a namespace substituted to "" (the default namespace), read through a context variable',
    {
      context: [
        { name: 'settings', configMap: { name: 'settings', namespace: '{{ request.object.metadata.labels.ns || \'\' }}' } },
        { name: 'allowed', variable: { jmesPath: 'settings.data.priority' } },
      ],
      validate: { message: 'm', deny: { conditions: { all: [{ key: '{{ allowed }}', operator: 'Equals', value: 'forbidden' }] } } },
    },
  ],
  [
    'preconditions reading the ConfigMap',
    {
      context: [{ name: 'settings', configMap: { name: 'settings', namespace: 'default' } }],
      preconditions: { all: [{ key: "{{ settings.data.enabled || 'false' }}", operator: 'Equals', value: 'true' }] },
      validate: { message: 'm', deny: { conditions: { all: [{ key: '{{ request.object.spec.priorityClassName }}', operator: 'Equals', value: 'high' }] } } },
    },
  ],
];

const clusters: [string, JsonObject[]][] = [
  ['the ConfigMaps', [
    configMap('default', 'allowed-pod-priorities', { 'team-a': '["high", "low"]', default: '["low"]', 'team-c': 'not json' }),
    configMap('default', 'settings', { priority: 'forbidden', enabled: 'true' }),
    configMap('team-a', 'team-settings', { priority: 'high' }),
    configMap('team-b', 'team-settings', {}),
  ]],
  ['ConfigMaps without data', [configMap('default', 'allowed-pod-priorities', null), configMap('default', 'settings', null), configMap('team-a', 'team-settings', null)]],
  ['no ConfigMap', []],
];

const resources: JsonObject[] = [
  ...['team-a', 'team-b', 'team-c', 'default'].flatMap((namespace) => ['high', 'low', 'forbidden', '', undefined].map((priority) => pod(namespace, priority))),
  { ...pod('team-a', 'high'), metadata: { name: 'p', namespace: 'team-a', labels: { settings: 'team-settings' } } },
  { ...pod('team-b', 'low'), metadata: { name: 'p', namespace: 'team-b', labels: { settings: 'team-settings' } } },
  { ...pod('team-b', 'forbidden'), metadata: { name: 'p', namespace: 'team-b', labels: { ns: 'default', settings: 3 } } },
];

describe('configMap context entries', () => {
  it.each(rules)('%s: the translation agrees with the JMESPath family', (_name, rule) => {
    const document = clusterPolicy(rule);
    const migration = migrate(document);
    expect(migration.untranslatable).toEqual([]);
    const kyverno = accept(document);
    const cel = accept(migration.translated[0]!.document);
    const seen = new Set<Verdict>();
    for (const [clusterName, cluster] of clusters) {
      for (const resource of resources) {
        for (const operation of ['CREATE', 'UPDATE'] as const) {
          // Without the ConfigMap, Kyverno fails the query that loads the entry (pkg/engine/context/deferred.go
          // `LoadMatching` returns the loader's error); the JMESPath family reads the entry as absent instead.
          const expected = cluster.length === 0 ? 'error' : verdict(kyverno, resource, cluster, operation);
          seen.add(expected);
          expect(verdict(cel, resource, cluster, operation), `${clusterName} ${JSON.stringify(resource.metadata)} ${JSON.stringify((resource.spec as JsonObject).priorityClassName)} ${operation}`).toBe(expected);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('reads a namespaced Policy’s own namespace', () => {
    const rule = rules[1]![1];
    const document = clusterPolicy({ ...rule, context: [{ name: 'settings', configMap: { name: 'team-settings', namespace: 'team-a' } }] }, 'Policy', 'team-a');
    const migration = migrate(document);
    expect(migration.untranslatable).toEqual([]);
    expect(migration.translated[0]!.configMaps).toEqual([{ context: 'settings', namespace: 'team-a', name: 'team-settings' }]);
    const kyverno = accept(document);
    const cel = accept(migration.translated[0]!.document);
    for (const [, cluster] of clusters.slice(0, 2)) {
      for (const resource of resources.filter((r) => (r.metadata as JsonObject).namespace === 'team-a')) {
        expect(verdict(cel, resource, cluster, 'CREATE')).toBe(verdict(kyverno, resource, cluster, 'CREATE'));
      }
    }
  });

  it.each([
    ['the metadata of the ConfigMap', { context: [{ name: 'cm', configMap: { name: 'x', namespace: 'default' } }], validate: { message: '{{ cm.metadata.name }}', deny: {} } }, ['spec', 'rules', 0, 'context', 0, 'configMap'], 'than its `data`'],
    ['the whole entry', { context: [{ name: 'cm', configMap: { name: 'x', namespace: 'default' } }], validate: { deny: { conditions: { all: [{ key: '{{ cm }}', operator: 'Equals', value: 'x' }] } } } }, ['spec', 'rules', 0, 'context', 0, 'configMap'], 'than its `data`'],
  ] as const)('a rule reading %s is untranslatable', (_name, rule, path, reason) => {
    const migration = migrate(clusterPolicy(rule as unknown as JsonObject));
    expect(migration.untranslatable).toHaveLength(1);
    expect(migration.untranslatable[0]!.path).toEqual(path);
    expect(migration.untranslatable[0]!.reason).toContain(reason);
  });

  it('a namespaced Policy reading another namespace is untranslatable', () => {
    const migration = migrate(clusterPolicy({ context: [{ name: 'cm', configMap: { name: 'x', namespace: 'other' } }], validate: { deny: {} } }, 'Policy', 'team-a'));
    expect(migration.untranslatable.map((u) => u.path)).toEqual([['spec', 'rules', 0, 'context', 0, 'configMap', 'namespace']]);
  });
});

describe('contextObjectsFromValues', () => {
  const document = clusterPolicy(rules[0]![1]);
  const migrations = new Map([['cm-policy', migrate(document)]]);

  it('gives the ConfigMaps the Values give the entries, merged over resources and rules', () => {
    const values: JsonObject = {
      policies: [
        {
          name: 'cm-policy',
          resources: [
            { name: 'a', values: { 'podprioritydict.data.default': '["low"]', 'request.namespace': 'default' } },
            { name: 'b', values: { 'podprioritydict.data.production': '["high"]' } },
          ],
          rules: [{ name: 'autogen-check', values: { 'podprioritydict.data': { staging: '[]' } } }],
        },
      ],
    };
    const { objects, problems } = contextObjectsFromValues(values, migrations);
    expect(problems).toEqual([]);
    expect(objects).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'allowed-pod-priorities', namespace: 'default' }, data: { default: '["low"]', production: '["high"]', staging: '[]' } },
    ]);
    const context = withContextObjects({ apiVersion: 'cli.kyverno.io/v1alpha1', kind: 'Context', metadata: { name: 'c' }, spec: { resources: [configMap('default', 'allowed-pod-priorities', { other: 'x' }), configMap('x', 'y', {})] } }, objects);
    expect((context.spec as JsonObject).resources).toEqual([configMap('x', 'y', {}), configMap('default', 'allowed-pod-priorities', { other: 'x', default: '["low"]', production: '["high"]', staging: '[]' })]);
  });

  it.each([
    ['a value that is not a string', { globalValues: { 'podprioritydict.data.default': 3 } }, 'strings only'],
    ['two values for one key', { policies: [{ name: 'cm-policy', resources: [{ name: 'a', values: { 'podprioritydict.data.x': 'a' } }, { name: 'b', values: { 'podprioritydict.data.x': 'b' } }] }] }, 'another value'],
    ['another key of the entry', { globalValues: { 'podprioritydict.metadata.name': 'x' } }, 'not the data'],
  ] as const)('reports %s', (_name, values, problem) => {
    const { problems } = contextObjectsFromValues(values as unknown as JsonObject, migrations);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });
});

const namespace = (name: string, annotations: Record<string, string> = {}): JsonObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, annotations } });
const ingress = (ns: string, name: string, hosts: string[]): JsonObject => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name, namespace: ns },
  spec: { rules: hosts.map((host) => ({ host })) },
});

/** Rules with `apiCall` entries of kyverno/policies (other/advanced-restrict-image-registries, unique ingress hosts). */
const apiCallRules: [string, JsonObject, JsonObject[]][] = [
  [
    'a Namespace GET with a jmesPath (a registry annotation)',
    {
      match: { any: [{ resources: { kinds: ['Pod'] } }] },
      context: [{ name: 'nsregistries', apiCall: { urlPath: '/api/v1/namespaces/{{request.namespace}}', jmesPath: 'metadata.annotations."corp.com/allowed-registries" || \'\'' } }],
      validate: { message: 'm', deny: { conditions: { all: [{ key: '{{ request.object.spec.containers[0].image }}', operator: 'NotEquals', value: '{{ nsregistries }}' }] } } },
    },
    [
      { ...pod('team-a', 'high'), spec: { containers: [{ name: 'c', image: 'docker.io/nginx' }] } },
      { ...pod('team-b', 'high'), spec: { containers: [{ name: 'c', image: 'ghcr.io/x' }] } },
      { ...pod('team-c', 'high'), spec: { containers: [{ name: 'c', image: 'ghcr.io/x' }] } },
    ],
  ],
  [
    'a list across namespaces (every ingress host)',
    {
      match: { any: [{ resources: { kinds: ['Ingress'] } }] },
      context: [{ name: 'hosts', apiCall: { urlPath: '/apis/networking.k8s.io/v1/ingresses', jmesPath: 'items[].spec.rules[].host' } }],
      validate: { message: 'm', deny: { conditions: { any: [{ key: '{{ request.object.spec.rules[].host }}', operator: 'AnyIn', value: '{{ hosts }}' }] } } },
    },
    [ingress('team-a', 'new', ['a.example.com']), ingress('team-b', 'new', ['z.example.com']), ingress('team-b', 'none', [])],
  ],
  [
    'a list in the request namespace, the jmesPath holding a variable',
    {
      match: { any: [{ resources: { kinds: ['Ingress'] } }] },
      context: [{ name: 'others', apiCall: { urlPath: '/apis/networking.k8s.io/v1/namespaces/{{ request.namespace }}/ingresses', jmesPath: "items[?metadata.name != '{{ request.object.metadata.name }}'] | length(@)" } }],
      validate: { message: 'm', deny: { conditions: { all: [{ key: '{{ others }}', operator: 'GreaterThan', value: 0 }] } } },
    },
    [ingress('team-a', 'first', ['a.example.com']), ingress('team-a', 'other', []), ingress('team-b', 'first', []), ingress('team-c', 'x', [])],
  ],
];

const apiCluster: JsonObject[] = [
  namespace('team-a', { 'corp.com/allowed-registries': 'docker.io/*' }),
  namespace('team-b'),
  ingress('team-a', 'first', ['a.example.com', 'b.example.com']),
  ingress('team-b', 'second', ['c.example.com']),
];

describe('apiCall context entries', () => {
  it.each(apiCallRules)('%s: the translation agrees with the JMESPath family', (_name, rule, requests) => {
    const document: JsonObject = { ...clusterPolicy(rule), spec: { validationFailureAction: 'Audit', background: true, rules: [{ name: 'check', ...rule }] } };
    const migration = migrate(document);
    expect(migration.untranslatable).toEqual([]);
    const kyverno = accept(document);
    const cel = accept(migration.translated[0]!.document);
    const seen = new Set<Verdict>();
    for (const resource of requests) {
      for (const operation of ['CREATE', 'UPDATE'] as const) {
        const expected = verdict(kyverno, resource, apiCluster, operation);
        seen.add(expected);
        expect(verdict(cel, resource, apiCluster, operation), `${JSON.stringify(resource.metadata)} ${operation}`).toBe(expected);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it.each([
    ['a service call', { service: { url: 'https://example.com/x' }, jmesPath: 'x' }, ['apiCall', 'service']],
    ['a POST', { urlPath: '/api/v1/namespaces', method: 'POST', data: [] }, ['apiCall', 'method']],
    ['a default', { urlPath: '/api/v1/namespaces/x', default: 'none' }, ['apiCall', 'default']],
    ['a label selector', { urlPath: '/api/v1/pods?labelSelector=app%3Dweb', jmesPath: 'items' }, ['apiCall', 'urlPath']],
    ['a list without jmesPath', { urlPath: '/api/v1/pods' }, ['apiCall', 'urlPath']],
    ['a list read beyond its items', { urlPath: '/api/v1/pods', jmesPath: 'metadata.resourceVersion' }, ['apiCall', 'jmesPath']],
    ['the kind of list items', { urlPath: '/api/v1/pods', jmesPath: 'items[].kind' }, ['apiCall', 'jmesPath']],
    ['a subresource', { urlPath: '/api/v1/namespaces/a/pods/b/status' }, ['apiCall', 'urlPath']],
  ] as const)('%s is untranslatable', (_name, apiCall, path) => {
    const rule = { context: [{ name: 'data', apiCall }], validate: { message: 'm', deny: { conditions: { all: [{ key: '{{ data }}', operator: 'Equals', value: 'x' }] } } } };
    const migration = migrate(clusterPolicy(rule as unknown as JsonObject));
    expect(migration.untranslatable.map((u) => u.path)).toEqual([['spec', 'rules', 0, 'context', 0, ...path]]);
  });
});
