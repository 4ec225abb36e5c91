import { describe, expect, it } from 'vitest';
import { ResourceScopes } from '../../../../src/cluster/index.js';
import type { JsonObject } from '../../../../src/types.js';
import type { Policy, Rule } from '../../../../src/families/kyverno/policy/types.js';
import { validatePolicy } from '../../../../src/families/kyverno/policy/validate.js';
import { corpusAvailable, corpusPolicies } from './corpus-policies.js';

function crd(group: string, kind: string, scope: 'Cluster' | 'Namespaced'): JsonObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${kind.toLowerCase()}s.${group}` },
    spec: { group, names: { kind, plural: `${kind.toLowerCase()}s` }, scope, versions: [{ name: 'v1', served: true, storage: true }] },
  };
}

const WIDGETS = crd('example.com', 'Widget', 'Cluster');
const GADGETS = crd('example.com', 'Gadget', 'Namespaced');

function generating(generate: JsonObject, kind: 'ClusterPolicy' | 'Policy' = 'ClusterPolicy', matchKinds = ['Namespace']): Policy {
  const rule: Rule = { name: 'r', match: { any: [{ resources: { kinds: matchKinds } }] }, generate };
  const metadata = kind === 'Policy' ? { name: 'p', namespace: 'team' } : { name: 'p' };
  return { apiVersion: 'kyverno.io/v1', kind, metadata, spec: { rules: [rule] } };
}

const data = (apiVersion: string, kind: string, namespace?: string): JsonObject => ({
  apiVersion,
  kind,
  name: 'target',
  ...(namespace === undefined ? {} : { namespace }),
  data: {},
});

const MUST_SET = 'spec.rules[0].namespace: Forbidden: target namespace must be set for a namespaced resource';
const MUST_NOT_SET = 'spec.rules[0].namespace: Forbidden: target namespace must not be set for a cluster-wide resource';
const unknownHint = (target: string): string =>
  `${MUST_SET} (the scope of ${target} is unknown, so it counts as namespaced: if it is cluster-scoped, add its CustomResourceDefinition to the checked files)`;

describe('generate target scope: the admission controller (discovered scopes) and the Kyverno CLI (mock mode)', () => {
  const admission = new ResourceScopes([WIDGETS, GADGETS]);
  const cases: { name: string; policy: Policy; admission: string | null; cli: string | null }[] = [
    { name: 'namespaced kind without namespace', policy: generating(data('v1', 'ConfigMap')), admission: MUST_SET, cli: MUST_SET },
    { name: 'namespaced kind with a namespace', policy: generating(data('v1', 'ConfigMap', 'x')), admission: null, cli: null },
    { name: 'ClusterRole without namespace', policy: generating(data('rbac.authorization.k8s.io/v1', 'ClusterRole')), admission: null, cli: MUST_SET },
    {
      name: 'ClusterCleanupPolicy (kyverno.io/v2beta1) without namespace',
      policy: generating(data('kyverno.io/v2beta1', 'ClusterCleanupPolicy'), 'ClusterPolicy', ['PolicyException']),
      admission: null,
      cli: MUST_SET,
    },
    { name: 'Namespace without namespace', policy: generating(data('v1', 'Namespace')), admission: null, cli: MUST_SET },
    { name: 'ClusterRole with a namespace', policy: generating(data('rbac.authorization.k8s.io/v1', 'ClusterRole', 'x')), admission: MUST_NOT_SET, cli: null },
    { name: 'CRD-defined cluster-scoped kind without namespace', policy: generating(data('example.com/v1', 'Widget')), admission: null, cli: MUST_SET },
    { name: 'CRD-defined namespaced kind without namespace', policy: generating(data('example.com/v1', 'Gadget')), admission: MUST_SET, cli: MUST_SET },
    {
      name: 'unknown kind without namespace: namespaced, with a hint',
      policy: generating(data('other.io/v1', 'Thing')),
      admission: unknownHint('other.io/v1/Thing'),
      cli: MUST_SET,
    },
    { name: 'unknown kind with a namespace', policy: generating(data('other.io/v1', 'Thing', 'x')), admission: null, cli: null },
    {
      name: 'a namespaced Policy generating a cluster-scoped kind',
      policy: generating(data('rbac.authorization.k8s.io/v1', 'ClusterRole', 'team'), 'Policy', ['ConfigMap']),
      admission: `[spec.rules[0].namespace: Forbidden: target resource scope mismatched: the target must be a namespaced resource: rbac.authorization.k8s.io/v1/ClusterRole , ${MUST_NOT_SET}]`,
      cli: null,
    },
    {
      name: 'a namespaced Policy matching a cluster-scoped kind',
      policy: generating(data('v1', 'ConfigMap', 'team'), 'Policy', ['ClusterRole']),
      admission: "spec.rules[0].match.any[0].kinds[0]: Forbidden: Cluster wide resource 'ClusterRole' not allowed in namespaced policy",
      cli: null,
    },
    {
      name: 'cloneList of mixed scopes',
      policy: generating({ namespace: 'x', cloneList: { namespace: 'src', kinds: ['v1/Secret', 'rbac.authorization.k8s.io/v1/ClusterRole'] } }),
      admission: 'spec.rules[0].cloneList.kinds: Forbidden: mixed scope of target resources is forbidden',
      cli: null,
    },
    {
      name: 'cloneList of cluster-scoped kinds with a namespace',
      policy: generating({ cloneList: { namespace: 'src', kinds: ['rbac.authorization.k8s.io/v1/ClusterRole'] } }),
      admission: 'spec.rules[0].cloneList.namespace: Forbidden: namespace is forbidden for cluster-wide target resources',
      cli: null,
    },
    {
      name: 'variables in clone: a warning only',
      policy: generating({ apiVersion: 'v1', kind: 'Secret', name: 's', namespace: 'x', clone: { name: 's', namespace: '{{ request.object.metadata.name }}' } }),
      admission: null,
      cli: null,
    },
  ];

  it.each(cases)('$name', ({ policy, admission: expectedAdmission, cli }) => {
    expect(validatePolicy(policy, admission)).toBe(expectedAdmission);
    expect(validatePolicy(policy)).toBe(cli);
  });

  it('checks every generate.foreach entry', () => {
    const policy = generating({ foreach: [{ list: 'request.object.x', ...data('rbac.authorization.k8s.io/v1', 'ClusterRole') }, { list: 'x', ...data('v1', 'ConfigMap') }] });
    expect(validatePolicy(policy, admission)).toBe('spec.rules[0].foreach[1].namespace: Forbidden: target namespace must be set for a namespaced resource');
  });
});

describe('ResourceScopes: Kyverno clusterResources.Has', () => {
  const scopes = new ResourceScopes([WIDGETS, GADGETS]);
  it.each([
    ['rbac.authorization.k8s.io/v1/ClusterRole', true],
    ['ClusterRole', true],
    ['rbac.authorization.k8s.io/v1/Role', false],
    ['v1/Namespace', true],
    ['Namespace', true],
    ['v1/ConfigMap', false],
    ['kyverno.io/v2/ClusterCleanupPolicy', true],
    ['kyverno.io/v2beta1/ClusterCleanupPolicy', true],
    ['example.com/v1/Widget', true],
    ['Widget', true],
    ['example.com/v1/Gadget', false],
    ['other.io/v1/Thing', false],
    // A group without a version, or no apiVersion at all, is no discovered resource.
    ['rbac.authorization.k8s.io/ClusterRole', false],
    ['/ClusterRole', false],
    ['', false],
  ])('%s → %s', (key, expected) => {
    expect(scopes.has(key)).toBe(expected);
  });

  it('knows the built-in kinds and those of the definitions only', () => {
    expect(scopes.knows('v1', 'ConfigMap')).toBe(true);
    expect(scopes.knows('example.com/v1', 'Gadget')).toBe(true);
    expect(scopes.knows('other.io/v1', 'Thing')).toBe(false);
    expect(new ResourceScopes().has('Widget')).toBe(false);
  });
});

describe.skipIf(!corpusAvailable)('the corpus under the admission controller\'s scopes', () => {
  it('rejects no policy of kyverno/policies or of the CLI suites', () => {
    const scopes = new ResourceScopes();
    const rejected = corpusPolicies().flatMap(({ file, index, doc }) => {
      const error = validatePolicy(doc as unknown as Policy, scopes);
      return error === null ? [] : [`${file}#${index}: ${error}`];
    });
    expect(rejected).toEqual([]);
  });
});
