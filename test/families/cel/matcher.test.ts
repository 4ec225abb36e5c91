import { describe, expect, it } from 'vitest';
import { decodeMatchResources, matchConstraints, resourceOfKind, unsafeGuessKindToResource, type AdmissionAttributes, type MatchResources } from '../../../src/families/cel/match/index.js';
import type { DocumentProblem } from '../../../src/evaluate/types.js';
import type { JsonObject } from '../../../src/types.js';

const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', namespace: 'default', labels: { app: 'web' } } };

function attributes(overrides: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return {
    group: '',
    version: 'v1',
    kind: 'Pod',
    resource: 'pods',
    subresource: '',
    namespace: 'default',
    name: 'nginx',
    operation: 'CREATE',
    object: pod,
    oldObject: null,
    ...overrides,
  };
}

const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] };

describe('matchConstraints: resource rules', () => {
  const cases: { name: string; constraints: MatchResources; request?: Partial<AdmissionAttributes>; matched: boolean }[] = [
    { name: 'no rules match everything', constraints: {}, matched: true },
    { name: 'exact rule', constraints: { resourceRules: [podRule] }, matched: true },
    { name: 'other operation', constraints: { resourceRules: [podRule] }, request: { operation: 'DELETE' }, matched: false },
    { name: 'operation wildcard', constraints: { resourceRules: [{ ...podRule, operations: ['*'] }] }, request: { operation: 'DELETE' }, matched: true },
    { name: 'other group', constraints: { resourceRules: [{ ...podRule, apiGroups: ['apps'] }] }, matched: false },
    { name: 'group and version wildcards', constraints: { resourceRules: [{ ...podRule, apiGroups: ['*'], apiVersions: ['*'] }] }, matched: true },
    { name: 'missing operations match nothing', constraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] }, matched: false },
    { name: 'pods does not match pods/status', constraints: { resourceRules: [podRule] }, request: { subresource: 'status' }, matched: false },
    { name: 'pods/status', constraints: { resourceRules: [{ ...podRule, resources: ['pods/status'] }] }, request: { subresource: 'status' }, matched: true },
    { name: '* does not match subresources', constraints: { resourceRules: [{ ...podRule, resources: ['*'] }] }, request: { subresource: 'status' }, matched: false },
    { name: '* matches main resources', constraints: { resourceRules: [{ ...podRule, resources: ['*'] }] }, matched: true },
    { name: '*/* matches subresources', constraints: { resourceRules: [{ ...podRule, resources: ['*/*'] }] }, request: { subresource: 'exec' }, matched: true },
    { name: '*/* matches main resources', constraints: { resourceRules: [{ ...podRule, resources: ['*/*'] }] }, matched: true },
    { name: '*/scale', constraints: { resourceRules: [{ ...podRule, apiGroups: ['*'], resources: ['*/scale'] }] }, request: { group: 'apps', resource: 'deployments', subresource: 'scale' }, matched: true },
    { name: '*/scale not the main resource', constraints: { resourceRules: [{ ...podRule, apiGroups: ['*'], resources: ['*/scale'] }] }, matched: false },
    { name: 'pods/* matches a subresource', constraints: { resourceRules: [{ ...podRule, resources: ['pods/*'] }] }, request: { subresource: 'log' }, matched: true },
    { name: 'pods/* also matches the main resource', constraints: { resourceRules: [{ ...podRule, resources: ['pods/*'] }] }, matched: true },
    { name: 'scope Namespaced', constraints: { resourceRules: [{ ...podRule, scope: 'Namespaced' }] }, matched: true },
    { name: 'scope Cluster on a namespaced request', constraints: { resourceRules: [{ ...podRule, scope: 'Cluster' }] }, matched: false },
    {
      name: 'scope Cluster on a Namespace',
      constraints: { resourceRules: [{ ...podRule, resources: ['namespaces'], scope: 'Cluster' }] },
      request: { kind: 'Namespace', resource: 'namespaces', namespace: 'team-a', name: 'team-a', object: { metadata: { name: 'team-a' } } },
      matched: true,
    },
    {
      name: 'scope Namespaced on a Namespace',
      constraints: { resourceRules: [{ ...podRule, resources: ['namespaces'], scope: 'Namespaced' }] },
      request: { kind: 'Namespace', resource: 'namespaces', namespace: 'team-a', name: 'team-a' },
      matched: false,
    },
    { name: 'resourceNames by name', constraints: { resourceRules: [{ ...podRule, resourceNames: ['nginx'] }] }, matched: true },
    { name: 'resourceNames other name', constraints: { resourceRules: [{ ...podRule, resourceNames: ['other'] }] }, matched: false },
    {
      name: 'resourceNames by generateName prefix',
      constraints: { resourceRules: [{ ...podRule, resourceNames: ['web-'] }] },
      request: { name: '', object: { metadata: { generateName: 'web-abc' } } },
      matched: true,
    },
    {
      name: 'resourceNames without name or generateName',
      constraints: { resourceRules: [{ ...podRule, resourceNames: ['web-'] }] },
      request: { name: '', object: { metadata: {} } },
      matched: false,
    },
    { name: 'second rule matches', constraints: { resourceRules: [{ ...podRule, apiGroups: ['apps'] }, podRule] }, matched: true },
    { name: 'excluded', constraints: { resourceRules: [podRule], excludeResourceRules: [{ ...podRule, resourceNames: ['nginx'] }] }, matched: false },
    { name: 'exclusion of another name', constraints: { resourceRules: [podRule], excludeResourceRules: [{ ...podRule, resourceNames: ['other'] }] }, matched: true },
    { name: 'exclusion alone', constraints: { excludeResourceRules: [{ ...podRule, apiGroups: ['apps'] }] }, matched: true },
  ];
  it.each(cases)('$name', ({ constraints, request, matched }) => {
    expect(matchConstraints(constraints, attributes(request), null)).toEqual({ matched });
  });
});

describe('matchConstraints: selectors', () => {
  const namespace = (name: string, labels: Record<string, string>): JsonObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
  const cases: { name: string; constraints: MatchResources; request?: Partial<AdmissionAttributes>; namespaceObject?: JsonObject; outcome: { matched: boolean; error?: string } }[] = [
    { name: 'empty namespace selector', constraints: { namespaceSelector: {} }, outcome: { matched: true } },
    { name: 'stand-in namespace by name', constraints: { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'default' } } }, outcome: { matched: true } },
    { name: 'stand-in namespace has no other label', constraints: { namespaceSelector: { matchLabels: { env: 'prod' } } }, outcome: { matched: false } },
    { name: 'resolved namespace labels', constraints: { namespaceSelector: { matchLabels: { env: 'prod' } } }, namespaceObject: namespace('default', { env: 'prod' }), outcome: { matched: true } },
    {
      name: 'resolved namespace with another name',
      constraints: { namespaceSelector: { matchLabels: { env: 'prod' } } },
      namespaceObject: namespace('other', { env: 'prod' }),
      outcome: { matched: false, error: 'namespaces "default" not found' },
    },
    {
      name: 'NotIn with the stand-in namespace',
      constraints: { namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system'] }] } },
      outcome: { matched: true },
    },
    {
      name: 'cluster-scoped resources pass namespace selectors',
      constraints: { namespaceSelector: { matchLabels: { env: 'prod' } } },
      request: { kind: 'ClusterRole', group: 'rbac.authorization.k8s.io', resource: 'clusterroles', namespace: '' },
      outcome: { matched: true },
    },
    {
      name: 'a Namespace being created is selected by its own labels',
      constraints: { namespaceSelector: { matchLabels: { env: 'prod' } } },
      request: { kind: 'Namespace', resource: 'namespaces', namespace: 'team-a', name: 'team-a', object: namespace('team-a', { env: 'prod' }) },
      outcome: { matched: true },
    },
    { name: 'object selector', constraints: { objectSelector: { matchLabels: { app: 'web' } } }, outcome: { matched: true } },
    { name: 'object selector mismatch', constraints: { objectSelector: { matchLabels: { app: 'db' } } }, outcome: { matched: false } },
    {
      name: 'object selector on the old object',
      constraints: { objectSelector: { matchLabels: { app: 'web' } } },
      request: { operation: 'DELETE', object: null, oldObject: pod },
      outcome: { matched: true },
    },
    { name: 'Exists', constraints: { objectSelector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] } }, outcome: { matched: true } },
    { name: 'DoesNotExist', constraints: { objectSelector: { matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] } }, outcome: { matched: false } },
    { name: 'In', constraints: { objectSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['db', 'web'] }] } }, outcome: { matched: true } },
    {
      name: 'a bad operator is an error when the rules match',
      constraints: { objectSelector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] } },
      outcome: { matched: false, error: 'Internal error occurred: "Equals" is not a valid label selector operator' },
    },
    {
      name: 'a bad selector is no error when the rules do not match',
      constraints: { resourceRules: [{ ...podRule, apiGroups: ['apps'] }], objectSelector: { matchExpressions: [{ key: 'app', operator: 'Equals' }] } },
      outcome: { matched: false },
    },
    {
      name: 'In without values is an error',
      constraints: { objectSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] } },
      outcome: { matched: false, error: "Internal error occurred: values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty" },
    },
  ];
  it.each(cases)('$name', ({ constraints, request, namespaceObject, outcome }) => {
    expect(matchConstraints(constraints, attributes(request), namespaceObject ?? null)).toEqual(outcome);
  });
});

describe('resource names of kinds', () => {
  it.each([
    ['', 'Pod', 'pods'],
    ['', 'Endpoints', 'endpoints'],
    ['networking.k8s.io', 'Ingress', 'ingresses'],
    ['apps', 'Deployment', 'deployments'],
    ['example.com', 'Policy', 'policies'],
    ['example.com', 'Gateway', 'gatewaies'],
    ['example.com', 'Address', 'addresses'],
    ['example.com', 'Box', 'boxs'],
  ])('%s %s → %s', (group, kind, plural) => {
    expect(resourceOfKind(group, kind)).toBe(plural);
  });
  it('prefers a custom resource definition', () => {
    expect(resourceOfKind('example.com', 'Box', [{ group: 'example.com', kind: 'Box', plural: 'boxes', namespaced: true }])).toBe('boxes');
  });
  it('guesses nothing for an empty kind', () => {
    expect(unsafeGuessKindToResource('')).toBe('');
  });
});

describe('decodeMatchResources', () => {
  it('decodes a well-formed value', () => {
    const problems: DocumentProblem[] = [];
    const value = decodeMatchResources({ resourceRules: [podRule], namespaceSelector: { matchLabels: { a: 'b' } } }, ['spec', 'matchConstraints'], problems);
    expect(problems).toEqual([]);
    expect(value).toEqual({ resourceRules: [podRule], namespaceSelector: { matchLabels: { a: 'b' } } });
  });
  it('reports shape problems at their paths', () => {
    const problems: DocumentProblem[] = [];
    decodeMatchResources({ resourceRules: [{ resources: 'pods' }, 3], objectSelector: { matchLabels: { a: 1 } } }, ['spec', 'matchConstraints'], problems);
    expect(problems).toEqual([
      { message: 'expected a string', path: ['spec', 'matchConstraints', 'objectSelector', 'matchLabels', 'a'] },
      { message: 'expected a list of strings', path: ['spec', 'matchConstraints', 'resourceRules', 0, 'resources'] },
      { message: 'expected a rule object', path: ['spec', 'matchConstraints', 'resourceRules', 1] },
    ]);
  });
});
