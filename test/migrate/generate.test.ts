/**
 * @file Generate rules translated into GeneratingPolicies: for each rule, the objects the original generates (the
 * JMESPath family, as `kyverno test` runs it with the trigger and its clone sources) and the objects the translation
 * generates (the GeneratingPolicy engine, clone sources in the Context file) on trigger resources and variants,
 * normalised as `kyverno test` compares them (generate labels fixed up, then tidied). Then the evaluation settings,
 * the documented differences and what stays untranslatable.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/types.js';
import type { CompiledPolicy, EvaluationRequest } from '../../src/evaluate/types.js';
import type { Policy } from '../../src/families/kyverno/policy/types.js';
import { acceptPolicy } from '../../src/evaluate/family.js';
import { checkPolicy } from '../../src/families/kyverno/policy/check.js';
import { migratePolicy, type PolicyMigration } from '../../src/migrate/policy.js';
import { normalizeForComparison } from '../../src/commands/test/compare.js';

type Verdict = 'none' | 'generated' | 'error';

interface Run {
  verdict: Verdict;
  objects: JsonObject[];
  message: string;
}

interface Trigger {
  resource: JsonObject;
  operation?: 'CREATE' | 'UPDATE';
  /** Clone sources (the Test's `cloneSourceResource`; the Context file's resources for the translation). */
  sources?: JsonObject[];
}

function accept(document: JsonObject): CompiledPolicy {
  const accepted = acceptPolicy(document);
  if (accepted.status !== 'accepted') throw new Error(`policy not accepted: ${JSON.stringify(accepted).slice(0, 3000)}`);
  return accepted.policy;
}

function migrate(document: JsonObject): PolicyMigration {
  expect(checkPolicy(document)).toEqual([]);
  return migratePolicy(document as unknown as Policy, document);
}

function request(trigger: Trigger): EvaluationRequest {
  const out: EvaluationRequest = { resource: trigger.resource, numberMode: 'float64', external: { celContext: { resources: trigger.sources ?? [], images: [] } } };
  if (trigger.operation !== undefined) out.operation = trigger.operation;
  return out;
}

function identity(object: JsonObject): string {
  const metadata = (object.metadata ?? {}) as JsonObject;
  return `${String(object.apiVersion)}/${String(object.kind)}/${String(metadata.namespace ?? '')}/${String(metadata.name ?? '')}`;
}

function generated(objects: readonly JsonObject[] | undefined): JsonObject[] {
  return (objects ?? []).map(normalizeForComparison).sort((a, b) => identity(a).localeCompare(identity(b)));
}

/** The original rule through the JMESPath family: a skip (preconditions false) generates nothing, as no response does. */
function kyvernoRun(policy: CompiledPolicy, trigger: Trigger): Run {
  const outcome = policy.generate!(request(trigger), () => trigger.sources ?? []);
  if (outcome === null) return { verdict: 'none', objects: [], message: '' };
  if (outcome.generationError !== undefined) return { verdict: 'error', objects: [], message: outcome.generationError };
  const rules = outcome.response.rules;
  expect(rules).toHaveLength(1);
  const rule = rules[0]!;
  if (rule.status === 'skip') return { verdict: 'none', objects: [], message: rule.message ?? '' };
  if (rule.status !== 'pass') return { verdict: 'error', objects: [], message: `${rule.status}: ${rule.message ?? ''}` };
  return { verdict: 'generated', objects: generated(rule.generatedResources), message: '' };
}

/** The translation through the GeneratingPolicy engine. */
function celRun(policy: CompiledPolicy, trigger: Trigger): Run {
  const outcome = policy.generate!(request(trigger), () => []);
  if (outcome === null) return { verdict: 'none', objects: [], message: '' };
  const rules = outcome.response.rules;
  expect(rules).toHaveLength(1);
  const rule = rules[0]!;
  if (rule.status !== 'pass') return { verdict: 'error', objects: [], message: `${rule.status}: ${rule.message ?? ''}` };
  return { verdict: 'generated', objects: generated(rule.generatedResources), message: '' };
}

function clusterPolicy(name: string, rule: JsonObject, spec: JsonObject = {}): JsonObject {
  return { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name }, spec: { ...spec, rules: [{ name: 'gen', ...rule }] } };
}

function matchKinds(...kinds: string[]): JsonObject {
  return { any: [{ resources: { kinds } }] };
}

function namespace(name: string, labels?: Record<string, string>): JsonObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...(labels ? { labels } : {}) } };
}

function object(apiVersion: string, kind: string, ns: string, name: string, rest: JsonObject = {}, labels?: Record<string, JsonValue>): JsonObject {
  return { apiVersion, kind, metadata: { name, namespace: ns, ...(labels ? { labels } : {}) }, ...rest };
}

const VMI = (ns: string, name: string, uid?: string): JsonObject => ({
  apiVersion: 'kubevirt.io/v1',
  kind: 'VirtualMachineInstance',
  metadata: { name, namespace: ns, ...(uid ? { uid } : {}), labels: { 'kubevirt.io/domain': name } },
  spec: {},
});

const REGCRED = object('v1', 'Secret', 'default', 'regcred', { type: 'Opaque', data: { password: 'MWYyZDFlMmU2N2Rm' } }, { app: 'registry' });

interface Case {
  name: string;
  policy: JsonObject;
  /**
   * Each trigger with what the original does on it: the number of objects it generates (its rule passes), `none`
   * (no response or a skip) or `error` (the variants exercise what they are meant to).
   */
  triggers: [Trigger, number | 'none' | 'error'][];
  /** The translation may be untranslatable for this reason (string formatting of values of unknown type). */
  mayRefuse?: RegExp;
}

const CASES: Case[] = [
  {
    name: 'data: a Service per VirtualMachineInstance (owner references, labels from the trigger, synchronize)',
    policy: clusterPolicy(
      'add-services',
      {
        match: matchKinds('VirtualMachineInstance'),
        generate: {
          apiVersion: 'v1',
          kind: 'Service',
          name: '{{request.object.metadata.name}}',
          namespace: '{{request.object.metadata.namespace}}',
          synchronize: true,
          data: {
            metadata: { ownerReferences: [{ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', name: '{{request.object.metadata.name}}', uid: '{{request.object.metadata.uid}}' }] },
            spec: { ports: [{ protocol: 'TCP', port: 22 }], selector: { 'kubevirt.io/domain': '{{request.object.metadata.name}}' }, type: 'ClusterIP' },
          },
        },
      },
      { background: false },
    ),
    triggers: [
      [{ resource: VMI('default', 'vmi-name', 'feb5a62b-8784-41d2-b104-bf6ebc4a0000') }, 1],
      [{ resource: VMI('team-a', 'other', 'u-2'), operation: 'UPDATE' }, 1],
      // `{{request.object.metadata.uid}}` is not found: the substitution fails.
      [{ resource: VMI('default', 'no-uid') }, 'error'],
      [{ resource: object('v1', 'Pod', 'default', 'pod') }, 'none'],
    ],
  },
  {
    name: 'data: a NetworkPolicy per Namespace (empty maps, lists of strings)',
    policy: clusterPolicy('add-networkpolicy', {
      match: matchKinds('Namespace'),
      generate: {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        name: 'default-deny',
        namespace: '{{request.object.metadata.name}}',
        data: { spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] } },
      },
    }),
    triggers: [
      [{ resource: namespace('hello-world') }, 1],
      [{ resource: namespace('labelled', { team: 'a' }), operation: 'UPDATE' }, 1],
      [{ resource: object('v1', 'ConfigMap', 'default', 'cm') }, 'none'],
    ],
  },
  {
    name: 'no data: an object of a custom kind with only its name and namespace',
    policy: clusterPolicy('test-policy', {
      match: matchKinds('Deployment'),
      generate: { apiVersion: 'foo/v1', kind: 'Foo', name: '{{request.object.metadata.name}}', namespace: '{{request.object.metadata.namespace}}' },
    }),
    triggers: [
      [{ resource: object('apps/v1', 'Deployment', 'default', 'resource-a') }, 1],
      [{ resource: object('apps/v1', 'Deployment', 'prod', 'resource-b') }, 1],
    ],
  },
  {
    name: 'data: metadata of data overwritten (name, namespace, resourceVersion), the managed-by label, annotations, kind of data',
    policy: clusterPolicy('config', {
      match: matchKinds('Namespace'),
      generate: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        name: 'settings',
        namespace: '{{request.object.metadata.name}}',
        data: {
          kind: 'ConfigMap',
          metadata: {
            name: 'ignored',
            namespace: 'elsewhere',
            resourceVersion: '12',
            labels: { app: 'demo', 'app.kubernetes.io/managed-by': 'helm', 'generate.kyverno.io/policy-name': 'x', owner: '{{request.object.metadata.name}}' },
            annotations: { note: 'hi', from: '{{request.object.metadata.name}}' },
          },
          data: { team: '{{request.object.metadata.labels.team}}', fixed: 'value' },
        },
      },
    }),
    triggers: [
      [{ resource: namespace('blue', { team: 'blue' }) }, 1],
      // The label is not found.
      [{ resource: namespace('unlabelled') }, 'error'],
    ],
  },
  {
    name: 'data: labels that are not all strings are dropped',
    policy: clusterPolicy('labels', {
      match: matchKinds('Namespace'),
      generate: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        name: 'labelled',
        namespace: '{{request.object.metadata.name}}',
        data: { metadata: { labels: { tier: 1, app: 'x' } }, data: { a: 'b' } },
      },
    }),
    triggers: [[{ resource: namespace('n1') }, 1]],
  },
  {
    name: 'data: labels copied from the trigger, values of every JSON type, whole-object variables',
    policy: clusterPolicy('values', {
      match: matchKinds('Deployment'),
      generate: {
        apiVersion: 'example.com/v1',
        kind: 'Settings',
        name: '{{request.object.metadata.name}}',
        namespace: '{{request.object.metadata.namespace}}',
        data: {
          metadata: { labels: '{{request.object.metadata.labels}}' },
          spec: {
            replicas: '{{request.object.spec.replicas}}',
            selector: '{{request.object.spec.selector}}',
            ratio: 0.5,
            count: 3,
            flags: [true, false],
            nothing: null,
            mixed: [{ a: 1 }, 'x', 2.5],
            '{{request.object.metadata.name}}': 'keyed by the trigger name',
          },
        },
      },
    }),
    triggers: [
      [{ resource: object('apps/v1', 'Deployment', 'default', 'web', { spec: { replicas: 2, selector: { matchLabels: { app: 'web' } } } }, { app: 'web' }) }, 1],
      // `request.object.spec.replicas` is not found.
      [{ resource: object('apps/v1', 'Deployment', 'default', 'bare', { spec: { selector: { matchLabels: { app: 'bare' } } } }) }, 'error'],
    ],
  },
  {
    name: 'data: a PodDisruptionBudget per Deployment (the name formats the trigger name)',
    policy: clusterPolicy('create-default-pdb', {
      match: matchKinds('Deployment'),
      generate: {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        name: '{{request.object.metadata.name}}-default-pdb',
        namespace: '{{request.object.metadata.namespace}}',
        data: { spec: { minAvailable: 1, selector: '{{request.object.spec.selector}}' } },
      },
    }),
    triggers: [
      [{ resource: object('apps/v1', 'Deployment', 'hello-world', 'nginx-deployment', { spec: { replicas: 1, selector: { matchLabels: { app: 'nginx' } } } }) }, 1],
    ],
    mayRefuse: /formatted into a string/,
  },
  {
    name: 'context variables and preconditions: a skip generates nothing, as no match does',
    policy: clusterPolicy('quota', {
      match: matchKinds('Namespace'),
      exclude: { any: [{ resources: { names: ['kube-*'] } }] },
      context: [{ name: 'team', variable: { jmesPath: 'request.object.metadata.labels.team' } }],
      preconditions: { all: [{ key: '{{team}}', operator: 'AnyIn', value: ['blue', 'green'] }] },
      generate: {
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        name: 'default-resourcequota',
        namespace: '{{request.object.metadata.name}}',
        data: { metadata: { labels: { team: '{{team}}' } }, spec: { hard: { 'requests.cpu': '4', 'requests.memory': '16Gi' } } },
      },
    }),
    triggers: [
      [{ resource: namespace('payments', { team: 'blue' }) }, 1],
      [{ resource: namespace('search', { team: 'red' }) }, 'none'],
      [{ resource: namespace('kube-extra', { team: 'green' }) }, 'none'],
      // The context variable is not found: the preconditions fail.
      [{ resource: namespace('unlabelled') }, 'error'],
    ],
  },
  {
    name: 'match by namespace and label selector (a kyverno-match condition)',
    policy: clusterPolicy('selected', {
      match: { any: [{ resources: { kinds: ['ConfigMap'], namespaces: ['team-*'], selector: { matchLabels: { copy: 'yes' } } } }] },
      generate: { apiVersion: 'v1', kind: 'Secret', name: '{{request.object.metadata.name}}', namespace: '{{request.object.metadata.namespace}}', data: { type: 'Opaque' } },
    }),
    triggers: [
      [{ resource: object('v1', 'ConfigMap', 'team-a', 'one', {}, { copy: 'yes' }) }, 1],
      [{ resource: object('v1', 'ConfigMap', 'team-a', 'two', {}, { copy: 'no' }) }, 'none'],
      [{ resource: object('v1', 'ConfigMap', 'other', 'three', {}, { copy: 'yes' }) }, 'none'],
    ],
  },
  {
    name: 'clone: a Secret copied into each new Namespace (not onto itself; a missing source fails)',
    policy: clusterPolicy('sync-secrets', {
      match: matchKinds('Namespace'),
      generate: { apiVersion: 'v1', kind: 'Secret', name: 'regcred', namespace: '{{request.object.metadata.name}}', synchronize: true, clone: { namespace: 'default', name: 'regcred' } },
    }),
    triggers: [
      [{ resource: namespace('hello-world-namespace'), sources: [REGCRED] }, 1],
      [{ resource: namespace('default'), sources: [REGCRED] }, 0],
      [{ resource: namespace('no-source'), sources: [] }, 'error'],
    ],
  },
  {
    name: 'clone: source namespace from the trigger',
    policy: clusterPolicy('clone-from-label', {
      match: matchKinds('Namespace'),
      generate: { apiVersion: 'v1', kind: 'ConfigMap', name: 'shared', namespace: '{{request.object.metadata.name}}', clone: { namespace: '{{request.object.metadata.labels.source}}', name: 'shared' } },
    }),
    triggers: [
      [{ resource: namespace('target', { source: 'platform' }), sources: [object('v1', 'ConfigMap', 'platform', 'shared', { data: { k: 'v' } })] }, 1],
      [{ resource: namespace('platform', { source: 'platform' }), sources: [object('v1', 'ConfigMap', 'platform', 'shared', { data: { k: 'v' } })] }, 0],
    ],
  },
  {
    name: 'cloneList: the labelled Secrets of a namespace',
    policy: clusterPolicy('clone-list-secrets', {
      match: matchKinds('Namespace'),
      generate: {
        namespace: '{{request.object.metadata.name}}',
        synchronize: true,
        cloneList: { namespace: 'default', kinds: ['v1/Secret'], selector: { matchLabels: { allowedToBeCloned: 'true' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['secret'] }] } },
      },
    }),
    triggers: [
      [
        {
          resource: namespace('hello-world-namespace'),
          sources: [
            object('v1', 'Secret', 'default', 'regcred', { data: { p: 'MQ==' } }, { allowedToBeCloned: 'true' }),
            object('v1', 'Secret', 'default', 'tiered', { data: { p: 'Mg==' } }, { allowedToBeCloned: 'true', tier: 'secret' }),
            object('v1', 'Secret', 'default', 'missing-label', { data: { p: 'Mw==' } }),
            object('v1', 'Secret', 'elsewhere', 'other-ns', { data: { p: 'NA==' } }, { allowedToBeCloned: 'true' }),
            object('v1', 'ConfigMap', 'default', 'cm', { data: { p: '5' } }, { allowedToBeCloned: 'true' }),
          ],
        },
        1,
      ],
      [{ resource: namespace('default'), sources: [object('v1', 'Secret', 'default', 'regcred', {}, { allowedToBeCloned: 'true' })] }, 0],
    ],
  },
  {
    name: 'foreach data: a NetworkPolicy in each namespace a ConfigMap lists, but the excluded one',
    policy: clusterPolicy('foreach-data', {
      match: matchKinds('ConfigMap'),
      generate: {
        synchronize: true,
        foreach: [
          {
            list: "split(request.object.data.namespaces, ',')",
            preconditions: { all: [{ key: '{{element}}', operator: 'NotEquals', value: 'skipped' }] },
            apiVersion: 'networking.k8s.io/v1',
            kind: 'NetworkPolicy',
            name: 'deny-ingress',
            namespace: '{{element}}',
            data: { metadata: { labels: { list: '{{request.object.metadata.name}}' } }, spec: { podSelector: {}, policyTypes: ['Ingress'] } },
          },
        ],
      },
    }),
    triggers: [
      [{ resource: object('v1', 'ConfigMap', 'default', 'list', { data: { namespaces: 'a,b,skipped,c' } }) }, 3],
      [{ resource: object('v1', 'ConfigMap', 'default', 'single', { data: { namespaces: 'solo' } }) }, 1],
      [{ resource: object('v1', 'ConfigMap', 'default', 'none', { data: {} }) }, 'error'],
    ],
  },
  {
    name: 'foreach clone: a Secret cloned into each listed namespace, with an entry context',
    policy: clusterPolicy('foreach-clone', {
      match: matchKinds('ConfigMap'),
      generate: {
        foreach: [
          {
            list: 'request.object.data.targets',
            context: [{ name: 'target', variable: { jmesPath: 'element' } }],
            apiVersion: 'v1',
            kind: 'Secret',
            name: 'regcred',
            namespace: '{{target}}',
            clone: { namespace: 'default', name: 'regcred' },
          },
        ],
      },
    }),
    triggers: [
      // A string is a list of one (EvaluateList).
      [{ resource: object('v1', 'ConfigMap', 'default', 'one', { data: { targets: 'team-a' } }), sources: [REGCRED] }, 1],
      [{ resource: object('v1', 'ConfigMap', 'default', 'two', { data: { targets: 'default' } }), sources: [REGCRED] }, 0],
    ],
  },
  {
    name: 'Policy: a NamespacedGeneratingPolicy confined to its namespace',
    policy: {
      apiVersion: 'kyverno.io/v1',
      kind: 'Policy',
      metadata: { name: 'team-config', namespace: 'team-a' },
      spec: {
        rules: [
          {
            name: 'gen',
            match: matchKinds('ConfigMap'),
            generate: { apiVersion: 'v1', kind: 'ConfigMap', name: 'copy', namespace: 'team-a', data: { data: { copy: '{{request.object.metadata.name}}' } } },
          },
        ],
      },
    },
    triggers: [
      [{ resource: object('v1', 'ConfigMap', 'team-a', 'source', { data: { a: 'b' } }) }, 1],
      [{ resource: object('v1', 'ConfigMap', 'team-b', 'source', { data: { a: 'b' } }) }, 'none'],
    ],
  },
];

describe('generate rules: the objects of the original and of the GeneratingPolicy', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const migration = migrate(c.policy);
      if (migration.translated.length === 0 && c.mayRefuse !== undefined) {
        expect(migration.untranslatable[0]?.reason).toMatch(c.mayRefuse);
        return;
      }
      expect(migration.untranslatable).toEqual([]);
      expect(migration.translated).toHaveLength(1);
      const translated = migration.translated[0]!;
      expect(translated.kind).toBe(c.policy.kind === 'Policy' ? 'NamespacedGeneratingPolicy' : 'GeneratingPolicy');
      const original = accept(c.policy);
      const cel = accept(translated.document);
      for (const [trigger, verdict] of c.triggers) {
        const expected = kyvernoRun(original, trigger);
        const outcome = expected.verdict === 'generated' ? expected.objects.length : expected.verdict;
        expect(outcome, `original on ${identity(trigger.resource)}: ${expected.message}`).toBe(verdict);
        const actual = celRun(cel, trigger);
        expect({ verdict: actual.verdict, objects: actual.objects }, `translation on ${identity(trigger.resource)}: ${actual.message}`).toEqual({
          verdict: expected.verdict,
          objects: expected.objects,
        });
      }
    });
  }

  it('the cases generate objects (the comparison is not between empty lists)', () => {
    const overwritten = CASES.find((c) => c.name.startsWith('data: metadata of data overwritten'))!;
    const run = kyvernoRun(accept(overwritten.policy), overwritten.triggers[0]![0]);
    expect(run.objects).toEqual([
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: 'settings',
          namespace: 'blue',
          labels: { 'app.kubernetes.io/managed-by': 'kyverno', app: 'demo', owner: 'blue' },
          annotations: { note: 'hi', from: 'blue' },
        },
        data: { team: 'blue', fixed: 'value' },
      },
    ]);
  });
});

/** The spec of the translation of a one-rule policy. */
function specOf(document: JsonObject): JsonObject {
  const migration = migrate(document);
  expect(migration.untranslatable).toEqual([]);
  return migration.translated[0]!.document.spec as JsonObject;
}

describe('generate rules: evaluation settings', () => {
  const data = { apiVersion: 'v1', kind: 'ConfigMap', name: 'c', namespace: '{{request.object.metadata.name}}', data: { data: { a: 'b' } } };
  const rows: [string, JsonObject, JsonObject, JsonValue | undefined, JsonValue | undefined][] = [
    ['nothing set', {}, {}, undefined, undefined],
    ['synchronize', { synchronize: true }, {}, { synchronize: { enabled: true } }, undefined],
    ['generateExisting of the rule', { generateExisting: true }, {}, { generateExisting: { enabled: true } }, undefined],
    ['generateExisting of the policy', {}, { generateExisting: true }, { generateExisting: { enabled: true } }, undefined],
    ['the rule generateExisting wins', { generateExisting: false }, { generateExisting: true }, undefined, undefined],
    ['orphanDownstreamOnPolicyDelete', { synchronize: true, orphanDownstreamOnPolicyDelete: true }, {}, { synchronize: { enabled: true }, orphanDownstreamOnPolicyDelete: { enabled: true } }, undefined],
    ['admission off, background off (no GeneratingPolicy counterpart: no effect on generation)', {}, { admission: false, background: false, generateExisting: true }, { admission: { enabled: false }, generateExisting: { enabled: true } }, undefined],
    ['useServerSideApply', {}, { useServerSideApply: true }, undefined, true],
  ];
  for (const [name, generate, spec, evaluation, serverSideApply] of rows) {
    it(name, () => {
      const translated = specOf(clusterPolicy('p', { match: matchKinds('Namespace'), generate: { ...data, ...generate } }, spec));
      expect(translated.evaluation).toEqual(evaluation);
      expect(translated.useServerSideApply).toEqual(serverSideApply);
      expect(accept({ apiVersion: 'policies.kyverno.io/v1', kind: 'GeneratingPolicy', metadata: { name: 'p' }, spec: translated }).kind).toBe('GeneratingPolicy');
    });
  }

  it('skipBackgroundRequests: false and the webhook timeout', () => {
    const policy = clusterPolicy('p', { match: matchKinds('Namespace'), skipBackgroundRequests: false, generate: data }, { webhookTimeoutSeconds: 15 });
    const translated = specOf(policy);
    expect(translated.evaluation).toEqual({ skipBackgroundRequests: false });
    expect(translated.webhookConfiguration).toEqual({ timeoutSeconds: 15 });
  });

  it('operations: CREATE and UPDATE unless the match names them; a named DELETE is dropped with a note', () => {
    const rules = (document: JsonObject): JsonValue => (specOf(document).matchConstraints as JsonObject).resourceRules as JsonValue;
    expect(rules(clusterPolicy('p', { match: matchKinds('Namespace'), generate: data }))).toEqual([
      { apiGroups: [''], apiVersions: ['*'], operations: ['CREATE', 'UPDATE'], resources: ['namespaces'] },
    ]);
    const withDelete = clusterPolicy('p', { match: { any: [{ resources: { kinds: ['Namespace'], operations: ['CREATE', 'DELETE'] } }] }, generate: data });
    expect(rules(withDelete)).toEqual([{ apiGroups: [''], apiVersions: ['*'], operations: ['CREATE'], resources: ['namespaces'] }]);
    expect(migrate(withDelete).notes.map((n) => n.reason)).toEqual([expect.stringMatching(/DELETE/)]);
  });

  it('a failurePolicy is noted', () => {
    const migration = migrate(clusterPolicy('p', { match: matchKinds('Namespace'), generate: data }, { failurePolicy: 'Ignore' }));
    expect(migration.notes.map((n) => n.reason)).toEqual([expect.stringMatching(/failurePolicy/)]);
  });
});

describe('generate rules: differences of the Kyverno CLI that the translation cannot remove', () => {
  it('a clone source with server-set metadata: the CLI fake context keeps it, Kyverno clears it (both do in a cluster)', () => {
    const policy = clusterPolicy('sync', {
      match: matchKinds('Namespace'),
      generate: { apiVersion: 'v1', kind: 'Secret', name: 'regcred', namespace: '{{request.object.metadata.name}}', clone: { namespace: 'default', name: 'regcred' } },
    });
    expect(migrate(policy).notes.map((n) => n.reason)).toEqual([expect.stringMatching(/Context file .* not from `cloneSourceResource`/)]);
    const source = { ...REGCRED, metadata: { ...(REGCRED.metadata as JsonObject), uid: 'abc', resourceVersion: '7' } };
    const trigger: Trigger = { resource: namespace('target'), sources: [source] };
    const original = kyvernoRun(accept(policy), trigger);
    const cel = celRun(accept(migrate(policy).translated[0]!.document), trigger);
    expect((original.objects[0]!.metadata as JsonObject).uid).toBeUndefined();
    expect((cel.objects[0]!.metadata as JsonObject).uid).toBe('abc');
  });

  it('cloneList of a kind the Context file has no object of: resource.List fails offline, Kyverno clones nothing (noted)', () => {
    const policy = clusterPolicy('list', {
      match: matchKinds('Namespace'),
      generate: { namespace: '{{request.object.metadata.name}}', cloneList: { namespace: 'default', kinds: ['v1/Secret', 'v1/ConfigMap'] } },
    });
    const migration = migrate(policy);
    expect(migration.notes.map((n) => n.reason)).toEqual([expect.stringMatching(/Context file .* not from `cloneSourceResource`/), expect.stringMatching(/FakeContextProvider/)]);
    const trigger: Trigger = { resource: namespace('target'), sources: [REGCRED] };
    expect(kyvernoRun(accept(policy), trigger).verdict).toBe('generated');
    const cel = celRun(accept(migration.translated[0]!.document), trigger);
    expect(cel.verdict).toBe('error');
    expect(cel.message).toMatch(/configmaps resource not found/);
  });

  it('a clone source with owner references, cloned into another namespace: the CLI fake context keeps them, Kyverno drops them (both do in a cluster)', () => {
    const policy = clusterPolicy('sync', {
      match: matchKinds('Namespace'),
      generate: { apiVersion: 'v1', kind: 'Secret', name: 'regcred', namespace: '{{request.object.metadata.name}}', clone: { namespace: 'default', name: 'regcred' } },
    });
    const owners = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u' }];
    const source = { ...REGCRED, metadata: { ...(REGCRED.metadata as JsonObject), ownerReferences: owners } };
    const trigger: Trigger = { resource: namespace('target'), sources: [source] };
    expect((kyvernoRun(accept(policy), trigger).objects[0]!.metadata as JsonObject).ownerReferences).toBeUndefined();
    expect((celRun(accept(migrate(policy).translated[0]!.document), trigger).objects[0]!.metadata as JsonObject).ownerReferences).toEqual(owners);
  });

  it('a target that is the trigger itself: the CLI store holds the trigger, so Kyverno creates nothing; the CLI context reports it generated', () => {
    const policy = clusterPolicy('self', {
      match: matchKinds('ConfigMap'),
      generate: { apiVersion: 'v1', kind: 'ConfigMap', name: '{{request.object.metadata.name}}', namespace: '{{request.object.metadata.namespace}}', data: { data: { a: 'b' } } },
    });
    const trigger: Trigger = { resource: object('v1', 'ConfigMap', 'default', 'cm', { data: { a: 'c' } }) };
    expect(kyvernoRun(accept(policy), trigger)).toEqual({ verdict: 'generated', objects: [], message: '' });
    expect(celRun(accept(migrate(policy).translated[0]!.document), trigger).objects).toHaveLength(1);
  });
});

describe('generate rules: what stays untranslatable', () => {
  const base = { apiVersion: 'v1', kind: 'ConfigMap', name: 'c', namespace: '{{request.object.metadata.name}}' };
  const rows: [string, JsonObject, RegExp, JsonObject?][] = [
    ['a clone under another name', { ...base, clone: { namespace: 'default', name: 'other' } }, /named otherwise than its source/],
    ['a clone onto its own source', { ...base, namespace: 'default', clone: { namespace: 'default', name: 'c' } }, /never generates it/],
    ['a clone of a kind written with a variable', { ...base, kind: '{{request.object.kind}}', clone: { namespace: 'default', name: 'c' } }, /apiVersion or kind holds variables/],
    ['data given by a variable', { ...base, data: '{{request.object.spec}}' }, /`data` given by a variable/],
    ['metadata given by a variable', { ...base, data: { metadata: '{{request.object.metadata}}' } }, /`data.metadata` given by a variable/],
    ['a top-level items list', { ...base, data: { items: [] } }, /items/],
    ['a cloneList kind without its apiVersion', { namespace: '{{request.object.metadata.name}}', cloneList: { namespace: 'default', kinds: ['Secret'] } }, /without its apiVersion/],
    ['elementIndex', { foreach: [{ list: 'request.object.metadata.labels', ...base, name: 'c-{{elementIndex}}', data: {} }] }, /elementIndex/],
    ['applyRules: One with several rules', { ...base, data: {} }, /applyRules/, { applyRules: 'One' }],
  ];
  for (const [name, generate, reason, spec] of rows) {
    it(name, () => {
      const policy = clusterPolicy('p', { match: matchKinds('Namespace'), generate }, spec ?? {});
      if (spec?.applyRules !== undefined) ((policy.spec as JsonObject).rules as JsonObject[]).push({ name: 'second', match: matchKinds('Namespace'), generate: { ...base, name: 'd', data: {} } });
      const migration = migratePolicy(policy as unknown as Policy, policy);
      expect(migration.translated).toEqual([]);
      expect(migration.untranslatable[0]?.reason).toMatch(reason);
      expect(migration.remainder).toBe(policy);
    });
  }

  it('a Policy generating into another namespace', () => {
    const policy: JsonObject = {
      apiVersion: 'kyverno.io/v1',
      kind: 'Policy',
      metadata: { name: 'p', namespace: 'team-a' },
      spec: { rules: [{ name: 'gen', match: matchKinds('ConfigMap'), generate: { ...base, namespace: 'team-b', data: {} } }] },
    };
    const migration = migratePolicy(policy as unknown as Policy, policy);
    expect(migration.untranslatable[0]?.reason).toMatch(/another namespace than its own/);
  });
});
