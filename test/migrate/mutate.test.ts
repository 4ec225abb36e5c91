/**
 * Differential tests of the mutate translation: each rule is evaluated as Kyverno evaluates it (the JMESPath family)
 * and as its MutatingPolicy translation (the CEL family), on resources chosen to take each branch of the translation
 * (anchors holding and not, keys present and absent, values of another kind, list orders), and the two must agree on
 * the rule status and on the patched resource.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/types.js';
import { celOutcome, clusterPolicy, kyvernoOutcome, migrate } from './mutate-harness.js';

const POD = (spec: JsonObject, metadata: JsonObject = {}): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod', namespace: 'default', ...metadata }, spec });
const C = (name: string, extra: JsonObject = {}): JsonObject => ({ name, image: `${name}:1.0`, ...extra });
const DEPLOYMENT = (podSpec: JsonObject, podMetadata: JsonObject = {}): JsonObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'deploy', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' }, ...podMetadata }, spec: podSpec } },
});
const CRONJOB = (podSpec: JsonObject): JsonObject => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'cron', namespace: 'default' },
  spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: podSpec } } } },
});

interface Case {
  readonly name: string;
  readonly rule: JsonObject;
  readonly resources: readonly JsonObject[];
  /** Autogen controllers annotation (default: none, unless the case is about autogen). */
  readonly autogen?: boolean;
  /** A Policy in namespace `default` instead of a ClusterPolicy. */
  readonly namespaced?: boolean;
  /** Statuses the resources must take between them (so that the case exercises what it claims). */
  readonly statuses?: readonly string[];
}

const pods = (kinds: string[] = ['Pod']): JsonObject => ({ any: [{ resources: { kinds } }] });

const CASES: readonly Case[] = [
  {
    name: 'labels merged into a map',
    rule: { match: pods(), mutate: { patchStrategicMerge: { metadata: { labels: { foo: 'bar', 'app.kubernetes.io/name': 'x' } } } } },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a')] }, { labels: { other: '1' } }),
      POD({ containers: [C('a')] }, { labels: { foo: 'bar', 'app.kubernetes.io/name': 'x' } }),
      POD({ containers: [C('a')] }, { labels: { foo: 'baz' } }),
      POD({ containers: [C('a')] }, { labels: null }),
      POD({ containers: [C('a')] }, { labels: 'text' }),
      POD({ containers: [C('a')] }, { labels: { foo: { nested: true } } }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: 'scalars of other types, null deletes',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { priority: 1000, hostNetwork: false, dnsPolicy: null, overhead: { cpu: '1' } } } } },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a')], priority: 1000, hostNetwork: false, overhead: { cpu: '1' } }),
      POD({ containers: [C('a')], priority: '1000', hostNetwork: 'false', dnsPolicy: 'None' }),
      POD({ containers: [C('a')], priority: 1000, hostNetwork: false, dnsPolicy: null, overhead: { cpu: '1' } }),
      POD({ containers: [C('a')], overhead: 'x' }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: '+() adds a key only when absent',
    rule: { match: pods(), mutate: { patchStrategicMerge: { metadata: { annotations: { '+(a)': 'v', b: 'w' } }, spec: { '+(runtimeClassName)': 'gvisor' } } } },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a')], runtimeClassName: 'runc' }, { annotations: { a: 'x', b: 'w' } }),
      POD({ containers: [C('a')], runtimeClassName: null }, { annotations: { a: null } }),
      POD({ containers: [C('a')] }, { annotations: { b: 'w' } }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: '+() with a map value',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { '+(securityContext)': { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } } } } } },
    resources: [POD({ containers: [C('a')] }), POD({ containers: [C('a')], securityContext: {} }), POD({ containers: [C('a')], securityContext: { runAsUser: 1 } })],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'conditional anchors decide for the whole patch',
    rule: { match: pods(), mutate: { patchStrategicMerge: { metadata: { labels: { '(env)': 'prod*' }, annotations: { checked: 'yes' } }, spec: { '(hostNetwork)': false } } } },
    resources: [
      POD({ containers: [C('a')], hostNetwork: false }, { labels: { env: 'production' } }),
      POD({ containers: [C('a')], hostNetwork: false }, { labels: { env: 'dev' } }),
      POD({ containers: [C('a')], hostNetwork: 'false' }, { labels: { env: 'prod' } }),
      POD({ containers: [C('a')] }, { labels: { env: 'prod' } }),
      POD({ containers: [C('a')], hostNetwork: false }),
      POD({ containers: [C('a')], hostNetwork: false }, { labels: { env: { x: 1 } } }),
      POD({ containers: [C('a')], hostNetwork: false }, { labels: { env: 'prod' }, annotations: { checked: 'yes' } }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'conditions on numbers compare their text',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { '(priority)': 10, '(enableServiceLinks)': true, schedulerName: 's' } } } },
    resources: [
      POD({ containers: [C('a')], priority: 10, enableServiceLinks: true }),
      POD({ containers: [C('a')], priority: '10', enableServiceLinks: 'true' }),
      POD({ containers: [C('a')], priority: 11, enableServiceLinks: true }),
      POD({ containers: [C('a')], priority: '>5', enableServiceLinks: true }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'operators in condition patterns',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { '(priority)': '>5', '(schedulerName)': '!default*', nodeName: 'n' } } } },
    resources: [POD({ containers: [C('a')], priority: 10, schedulerName: 'mine' }), POD({ containers: [C('a')], priority: 1, schedulerName: 'mine' }), POD({ containers: [C('a')], priority: 10, schedulerName: 'default-scheduler' })],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'global anchors',
    rule: { match: pods(), mutate: { patchStrategicMerge: { metadata: { '<(namespace)': 'default', labels: { x: 'y' } } } } },
    resources: [POD({ containers: [C('a')] }), POD({ containers: [C('a')] }, { namespace: 'other' })],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'containers merged by name: Prepend order, new and deleted elements',
    rule: {
      match: pods(),
      mutate: { patchStrategicMerge: { spec: { containers: [{ name: 'b', image: 'b:2' }, { name: 'new', image: 'n:1' }, { name: 'gone', $patch: 'delete' }] } } },
    },
    resources: [
      POD({ containers: [C('a'), C('b'), C('gone')] }),
      POD({ containers: [C('b')] }),
      POD({ containers: [{ name: 'new', image: 'n:1' }, { name: 'b', image: 'b:2' }] }),
      POD({ containers: [{ name: 'b', image: 'b:2' }, { name: 'new', image: 'n:1' }] }),
      POD({}),
      POD({ containers: 'x' }),
      POD({ containers: [C('a', { env: [{ name: 'E', value: '1' }] })] }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: 'nested lists merged by key inside a keyed element',
    rule: {
      match: pods(),
      mutate: {
        patchStrategicMerge: {
          spec: {
            containers: [{ name: 'a', env: [{ name: 'E', value: '2' }], volumeMounts: [{ mountPath: '/m', name: 'v' }], args: ['--x'] }],
            volumes: [{ name: 'v', emptyDir: {} }],
          },
        },
      },
    },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('z'), C('a', { env: [{ name: 'F', value: '1' }, { name: 'E', value: '1' }], args: ['--y'] })], volumes: [{ name: 'w', emptyDir: {} }] }),
      POD({ containers: [C('a', { env: [{ name: 'E', value: '2' }], volumeMounts: [{ mountPath: '/m', name: 'v' }], args: ['--x'] })], volumes: [{ name: 'v', emptyDir: {} }] }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'an anchored list element is copied for each matching element',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { containers: [{ '(image)': '*:latest', imagePullPolicy: 'IfNotPresent' }] } } } },
    resources: [
      POD({ containers: [{ name: 'a', image: 'a:latest' }, { name: 'b', image: 'b:1' }, { name: 'c', image: 'c:latest' }] }),
      POD({ containers: [{ name: 'b', image: 'b:1' }, { name: 'a', image: 'a:latest' }] }),
      POD({ containers: [{ name: 'b', image: 'b:1' }] }),
      POD({ containers: [{ name: 'a', image: 'a:latest', imagePullPolicy: 'IfNotPresent' }] }),
      POD({ containers: [{ image: 'x:latest' }, { name: '', image: 'y:latest' }] }),
      POD({}),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: '+() in an anchored element: decided on the first element reaching it',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { containers: [{ '(name)': '?*', '+(imagePullPolicy)': 'Always', securityContext: { '+(runAsNonRoot)': true } }] } } } },
    resources: [
      POD({ containers: [C('a'), C('b')] }),
      POD({ containers: [C('a', { imagePullPolicy: 'Never' }), C('b')] }),
      POD({ containers: [C('a'), C('b', { imagePullPolicy: 'Never', securityContext: { runAsNonRoot: false } })] }),
      POD({ containers: [C('a', { securityContext: { runAsNonRoot: false } }), C('b')] }),
      POD({ containers: [C('a', { imagePullPolicy: 'Never', securityContext: { runAsNonRoot: false } })] }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'an anchored element next to a keyed one',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { containers: [{ name: 'side', image: 's:1' }, { '(name)': 'a*', resources: { limits: { cpu: '1' } } }] } } } },
    resources: [POD({ containers: [C('x'), C('a1'), C('a2')] }), POD({ containers: [C('side', { image: 's:1' })] }), POD({ containers: [C('side', { image: 's:1' }), C('ab', { resources: { limits: { cpu: '1' } } })] })],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'a list kyaml merges by key in one version of a kind and replaces in another',
    rule: { match: pods(['Deployment']), mutate: { patchStrategicMerge: { spec: { template: { spec: { containers: [{ name: 'a', image: 'a:2' }] } } } } } },
    resources: [
      DEPLOYMENT({ containers: [C('b'), C('a')] }),
      { ...DEPLOYMENT({ containers: [C('b'), C('a')] }), apiVersion: 'apps/v1beta1' },
      { ...DEPLOYMENT({ containers: [C('a', { image: 'a:2' })] }), apiVersion: 'apps/v1beta1' },
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'lists kyaml replaces and sets',
    rule: { match: pods(), mutate: { patchStrategicMerge: { metadata: { finalizers: ['a', 'b'] }, spec: { dnsConfig: { options: [{ name: 'ndots', value: '1' }] }, tolerations: [{ key: 'k', operator: 'Exists' }] } } } },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a')], dnsConfig: { options: [{ name: 'x' }], nameservers: ['1.1.1.1'] }, tolerations: [{ key: 'z' }] }, { finalizers: ['z', 'b'] }),
      POD({ containers: [C('a')], dnsConfig: { options: [{ name: 'ndots', value: '1' }] }, tolerations: [{ key: 'k', operator: 'Exists' }] }, { finalizers: ['a', 'b'] }),
      POD({ containers: [C('a')], tolerations: { key: 'k' } }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: '$patch directives on maps',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { securityContext: { $patch: 'replace', runAsUser: 1 }, affinity: { $patch: 'delete' } } } } },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a')], securityContext: { runAsUser: 2, fsGroup: 3 }, affinity: { nodeAffinity: {} } }),
      POD({ containers: [C('a')], securityContext: { runAsUser: 1 } }),
      POD({ containers: [C('a')], affinity: 'x' }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: 'variables in values',
    rule: {
      match: pods(),
      context: [{ name: 'owner', variable: { jmesPath: "request.object.metadata.labels.owner || 'nobody'" } }],
      mutate: { patchStrategicMerge: { metadata: { annotations: { owner: '{{ owner }}', op: '{{request.operation}}', named: 'pod-{{request.object.metadata.name}}' } } } },
    },
    resources: [POD({ containers: [C('a')] }), POD({ containers: [C('a')] }, { labels: { owner: 'me' }, annotations: { owner: 'me', op: 'CREATE', named: 'pod-pod' } })],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'a variable of unknown type: null deletes',
    rule: { match: pods(), mutate: { patchStrategicMerge: { metadata: { annotations: { copy: '{{ request.object.metadata.labels.copy }}' } } } } },
    resources: [POD({ containers: [C('a')] }, { labels: { copy: 'x' } }), POD({ containers: [C('a')] }, { labels: { copy: null }, annotations: { copy: 'old' } }), POD({ containers: [C('a')] })],
    statuses: ['pass', 'error'],
  },
  {
    name: 'preconditions',
    rule: {
      match: pods(),
      preconditions: {
        all: [
          { key: "{{request.object.metadata.labels.team || ''}}", operator: 'Equals', value: 'a' },
          { key: '{{request.object.metadata.annotations."inject" || ""}}', operator: 'NotEquals', value: 'no' },
        ],
      },
      mutate: { patchStrategicMerge: { spec: { runtimeClassName: 'x' } } },
    },
    resources: [
      POD({ containers: [C('a')] }, { labels: { team: 'a' } }),
      POD({ containers: [C('a')] }, { labels: { team: 'a' }, annotations: { inject: 'yes' } }),
      POD({ containers: [C('a')] }, { labels: { team: 'b' }, annotations: { inject: 'yes' } }),
      POD({ containers: [C('a')] }, { labels: { team: 'a' }, annotations: { inject: 'no' } }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'patchesJson6902: add, parents created, appends, indices',
    rule: {
      match: pods(),
      mutate: {
        patchesJson6902: [
          '- op: add',
          '  path: /metadata/annotations/a',
          '  value: "1"',
          '- op: add',
          '  path: /spec/dnsConfig/options/-',
          '  value: {name: ndots, value: "2"}',
          '- op: add',
          '  path: /spec/containers/0/env/0',
          '  value: {name: E, value: v}',
          '- op: add',
          '  path: /spec/tolerations/-1',
          '  value: {key: t}',
        ].join('\n'),
      },
    },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a', { env: [{ name: 'F' }] })], dnsConfig: { options: [] }, tolerations: [{ key: 'z' }] }, { annotations: { a: '1' } }),
      POD({ containers: [] }),
      POD({ containers: [C('a')], dnsConfig: 'x' }),
    ],
    statuses: ['pass', 'error'],
  },
  {
    name: 'patchesJson6902: remove and replace',
    rule: {
      match: pods(),
      mutate: {
        patchesJson6902: ['- op: remove', '  path: /spec/priority', '- op: replace', '  path: /spec/schedulerName', '  value: s', '- op: remove', '  path: /spec/containers/1'].join('\n'),
      },
    },
    resources: [
      POD({ containers: [C('a'), C('b')], priority: 1, schedulerName: 'x' }),
      POD({ containers: [C('a')], schedulerName: 's' }),
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a')], schedulerName: null }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: 'foreach: each element merges its own entry, the rest once',
    rule: {
      match: pods(),
      mutate: {
        foreach: [
          {
            list: 'request.object.spec.containers',
            patchStrategicMerge: {
              spec: {
                containers: [{ name: '{{ element.name }}', volumeMounts: [{ name: 'certs', mountPath: '/etc/ssl/certs' }] }],
                volumes: [{ name: 'certs', configMap: { name: 'ca' } }],
              },
            },
          },
        ],
      },
    },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a'), C('b')], volumes: [{ name: 'data', emptyDir: {} }] }),
      POD({ containers: [C('a', { volumeMounts: [{ name: 'certs', mountPath: '/etc/ssl/certs' }] })], volumes: [{ name: 'certs', configMap: { name: 'ca' } }] }),
      POD({ containers: [] }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'foreach: element preconditions, order, entries for another list',
    rule: {
      match: pods(),
      mutate: {
        foreach: [
          {
            list: 'request.object.spec.initContainers',
            order: 'Ascending',
            preconditions: { all: [{ key: '{{ element.image }}', operator: 'Equals', value: '*:latest' }] },
            patchStrategicMerge: { spec: { containers: [{ name: '{{ element.name }}', image: 'sidecar:{{ element.name }}' }] } },
          },
        ],
      },
    },
    resources: [
      POD({ containers: [C('a')], initContainers: [{ name: 'i1', image: 'i:latest' }, { name: 'i2', image: 'i:1' }, { name: 'a', image: 'a:latest' }] }),
      POD({ containers: [C('a')], initContainers: [{ name: 'i2', image: 'i:1' }] }),
      POD({ containers: [C('a')] }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: 'foreach: an anchored element per iteration, +() decided on its own element',
    rule: {
      match: pods(),
      mutate: {
        foreach: [
          {
            list: 'request.object.spec.[ephemeralContainers, initContainers, containers][]',
            patchStrategicMerge: { spec: { containers: [{ '(name)': '{{element.name}}', resources: { requests: { '+(memory)': '100Mi', '+(cpu)': '100m' } } }] } },
          },
        ],
      },
    },
    resources: [
      POD({ containers: [C('a')] }),
      POD({ containers: [C('a', { resources: { requests: { memory: '200Mi', cpu: '200m' } } })] }),
      POD({ containers: [C('a', { resources: { requests: { memory: '200Mi' } } }), C('b'), C('c', { resources: { limits: { cpu: '1' } } })], initContainers: [C('i')] }),
      POD({ containers: [C('b'), C('a', { resources: { requests: { memory: '1Mi', cpu: '1m' } } })] }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'foreach: regex_replace_all on each element, the element written into the regex call',
    rule: {
      match: pods(),
      mutate: {
        foreach: [
          {
            list: 'request.object.spec.containers',
            patchStrategicMerge: {
              spec: {
                containers: [
                  { name: '{{ element.name }}', image: "{{ regex_replace_all('^(localhost/|(?:[a-z0-9]+\\.)+[a-z0-9]+/)?(.*)$', '{{element.image}}', 'my.registry/$2' )}}" },
                ],
              },
            },
          },
        ],
      },
    },
    resources: [
      POD({ containers: [{ name: 'a', image: 'nginx:1' }, { name: 'b', image: 'docker.io/library/busybox' }, { name: 'c', image: 'localhost/x' }] }),
      POD({ containers: [{ name: 'a', image: 'my.registry/nginx:1' }] }),
      POD({ containers: [{ name: 'a', image: "it's" }] }),
    ],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'namespaced Policy and numbers in patches',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { terminationGracePeriodSeconds: 30, securityContext: { runAsUser: 1000, fsGroup: 2000 } } } } },
    resources: [POD({ containers: [C('a')] }), POD({ containers: [C('a')], terminationGracePeriodSeconds: 30, securityContext: { runAsUser: 1000, fsGroup: 2000 } }), POD({ containers: [C('a')] }, { namespace: 'other' })],
    statuses: ['pass', 'skip', 'none'],
    namespaced: true,
  },
  {
    name: 'foreach patchesJson6902: operations inside each element, variables in quoted values',
    rule: {
      match: pods(),
      mutate: {
        foreach: [
          {
            list: 'request.object.spec.containers',
            preconditions: { all: [{ key: '{{ element.name }}', operator: 'NotEquals', value: 'skip' }] },
            patchesJson6902: ['- op: add', '  path: /spec/containers/{{elementIndex}}/env/-', '  value:', '    name: IMAGE', '    value: "{{ element.image }} #{{elementIndex}}"', '- op: remove', '  path: /spec/containers/{{elementIndex}}/args'].join('\n'),
          },
        ],
      },
    },
    resources: [
      POD({ containers: [C('a'), C('skip'), C('b', { env: [{ name: 'X' }], args: ['1'] })] }),
      POD({ containers: [C('a', { image: 'has"quote' })] }),
      POD({ containers: [] }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
  {
    name: 'foreach patchesJson6902 over a projection',
    rule: {
      match: pods(),
      mutate: { foreach: [{ list: 'request.object.spec.initContainers[]', patchesJson6902: "- op: add\n  path: /spec/initContainers/{{elementIndex}}/securityContext\n  value: {runAsNonRoot: true}" }] },
    },
    resources: [POD({ containers: [C('a')], initContainers: [C('i'), C('j', { securityContext: { runAsNonRoot: true } })] }), POD({ containers: [C('a')] }), POD({ containers: [C('a')], initContainers: [C('i', { securityContext: { runAsNonRoot: true } })] })],
    statuses: ['pass', 'skip'],
  },
  {
    name: 'autogen: the rule on Pods also patches Pod controllers',
    autogen: true,
    rule: {
      match: pods(),
      context: [{ name: 'volumes', variable: { jmesPath: "join(',', request.object.spec.volumes[?persistentVolumeClaim].name)" } }],
      mutate: { patchStrategicMerge: { metadata: { annotations: { volumes: '{{ volumes }}' } }, spec: { containers: [{ '(name)': '*', imagePullPolicy: 'Always' }] } } },
    },
    resources: [
      POD({ containers: [C('a')], volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'c' } }] }),
      DEPLOYMENT({ containers: [C('a'), C('b')], volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'c' } }, { name: 'w', emptyDir: {} }] }),
      DEPLOYMENT({ containers: [C('a', { imagePullPolicy: 'Always' })], volumes: [] }, { annotations: { volumes: '' } }),
      CRONJOB({ containers: [C('a')] }),
    ],
    statuses: ['pass', 'skip', 'error'],
  },
];

describe('mutate translation agrees with Kyverno', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const cluster = clusterPolicy(c.rule, c.autogen === true ? {} : { 'pod-policies.kyverno.io/autogen-controllers': 'none' });
      const document = c.namespaced === true ? { ...cluster, kind: 'Policy', metadata: { ...(cluster.metadata as JsonObject), namespace: 'default' } } : cluster;
      const migration = migrate(document);
      expect(migration.untranslatable).toEqual([]);
      const seen = new Set<string>();
      for (const resource of c.resources) {
        // Numbers as `kyverno test` reads them (float64) and as admission does (int64).
        for (const [operation, numberMode] of [['CREATE', 'float64'], ['UPDATE', 'float64'], ['CREATE', 'int64']] as const) {
          const expected = kyvernoOutcome(document, resource, { operation, numberMode });
          const actual = celOutcome(migration, resource, { operation, numberMode });
          seen.add(expected.status);
          const label = `${JSON.stringify(resource)} ${operation} ${numberMode}\nkyverno: ${expected.message}\ncel: ${actual.message}`;
          // A rule that does not apply has no response in Kyverno; a MutatingPolicy whose match condition is false
          // reports `skip` (its selection beyond kinds and operations is in match conditions).
          const status = (o: { status: string }): string => (o.status === 'none' ? 'skip' : o.status);
          expect(status(actual), label).toBe(status(expected));
          expect(actual.resource, label).toEqual(expected.resource);
        }
      }
      for (const status of c.statuses ?? []) expect([...seen], `status ${status} exercised`).toContain(status);
    });
  }
});

const UNTRANSLATABLE: readonly { name: string; rule: JsonObject; reason: RegExp; path: readonly (string | number)[]; policy?: JsonObject }[] = [
  {
    name: 'a list kyaml merges by several keys',
    rule: { match: pods(['Service']), mutate: { patchStrategicMerge: { spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] } } } },
    reason: /several keys/,
    path: ['spec', 'rules', 0, 'mutate', 'patchStrategicMerge', 'spec', 'ports'],
  },
  {
    name: 'mutate-existing targets',
    rule: { match: pods(), mutate: { targets: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'x' }], patchStrategicMerge: { metadata: { labels: { a: 'b' } } } } },
    reason: /mutate-existing/,
    path: ['spec', 'rules', 0, 'mutate', 'targets'],
  },
  {
    name: 'two anchored elements in a list',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { containers: [{ '(name)': 'a', image: 'x' }, { '(name)': 'b', image: 'y' }] } } } },
    reason: /stale index/,
    path: ['spec', 'rules', 0, 'mutate', 'patchStrategicMerge', 'spec', 'containers'],
  },
  {
    name: 'an anchor in a list kyaml replaces',
    rule: { match: pods(), mutate: { patchStrategicMerge: { spec: { tolerations: [{ '(key)': 'a', effect: 'NoSchedule' }] } } } },
    reason: /does not merge by `name`/,
    path: ['spec', 'rules', 0, 'mutate', 'patchStrategicMerge', 'spec', 'tolerations'],
  },
  {
    name: 'a test operation',
    rule: { match: pods(), mutate: { patchesJson6902: '- op: test\n  path: /spec/x\n  value: 1' } },
    reason: /`test` operation/,
    path: ['spec', 'rules', 0, 'mutate', 'patchesJson6902', 0],
  },
  {
    name: 'a foreach whose element parts are outside one keyed list',
    rule: { match: pods(), mutate: { foreach: [{ list: 'request.object.spec.containers', patchStrategicMerge: { metadata: { annotations: { last: '{{element.name}}' } } } }] } },
    reason: /element parts are not one element/,
    path: ['spec', 'rules', 0, 'mutate', 'foreach', 0, 'patchStrategicMerge'],
  },
  {
    name: 'nested variables outside a raw string',
    rule: { match: pods(), mutate: { patchStrategicMerge: { metadata: { annotations: { a: '{{ images.containers."{{request.object.metadata.name}}".path }}' } } } } },
    reason: /nested variable/,
    path: ['spec', 'rules', 0, 'mutate', 'patchStrategicMerge', 'metadata', 'annotations', 'a'],
  },
];

describe('mutate rules without a faithful translation stay', () => {
  for (const c of UNTRANSLATABLE) {
    it(c.name, () => {
      const migration = migrate(clusterPolicy(c.rule, { 'pod-policies.kyverno.io/autogen-controllers': 'none' }));
      expect(migration.translated).toEqual([]);
      expect(migration.untranslatable).toHaveLength(1);
      expect(migration.untranslatable[0]!.reason).toMatch(c.reason);
      expect(migration.untranslatable[0]!.path).toEqual(c.path);
    });
  }

  it('applyRules: One with several mutate rules', () => {
    const document = clusterPolicy({ match: pods(), mutate: { patchStrategicMerge: { metadata: { labels: { a: 'b' } } } } });
    const spec = document.spec as JsonObject;
    spec.applyRules = 'One';
    spec.rules = [...(spec.rules as JsonObject[]), { name: 'second', match: pods(), mutate: { patchStrategicMerge: { metadata: { labels: { c: 'd' } } } } }];
    const migration = migrate(document);
    expect(migration.untranslatable.map((u) => u.path)).toEqual([
      ['spec', 'applyRules'],
      ['spec', 'applyRules'],
    ]);
  });
});
