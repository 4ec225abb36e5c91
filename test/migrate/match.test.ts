/**
 * @file match/exclude translated to matchConstraints and match conditions agree with the JMESPath family's rule
 * matching on requests of several kinds, names, namespaces, labels and operations.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/types.js';
import type { RequestUserInfo } from '../../src/evaluate/types.js';
import type { Rule } from '../../src/families/kyverno/policy/types.js';
import { translateMatch } from '../../src/migrate/match.js';
import { type Request, USER, celMatches, kyvernoMatches } from './harness.js';

function resource(apiVersion: string, kind: string, name: string, namespace: string, labels: Record<string, string> = {}, annotations: Record<string, string> = {}): JsonObject {
  return { apiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}), labels, annotations } };
}

const resources: JsonObject[] = [
  resource('v1', 'Pod', 'web-1', 'team-a', { app: 'web' }, { 'policies.example.com/skip': 'true' }),
  resource('v1', 'Pod', 'db-0', 'kube-system', { app: 'db', tier: 'data' }),
  resource('apps/v1', 'Deployment', 'web', 'team-a', { app: 'web' }),
  resource('v1', 'Namespace', 'team-a', '', { env: 'prod' }),
  resource('networking.k8s.io/v1', 'Ingress', 'edge', 'team-b'),
  { apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'job-', namespace: 'team-a' } },
];

const requests: Request[] = resources.flatMap((r) =>
  (['CREATE', 'UPDATE', 'DELETE'] as const).map((operation) => ({ resource: r, operation, namespaceLabels: { env: r.metadata && (r.metadata as JsonObject).namespace === 'team-a' ? 'prod' : 'dev' }, userInfo: USER })),
);

const rules: [string, Partial<Rule>][] = [
  ['kinds', { match: { resources: { kinds: ['Pod'] } } }],
  ['kinds with group and version', { match: { resources: { kinds: ['apps/v1/Deployment', 'networking.k8s.io/v1/Ingress'] } } }],
  ['version/kind', { match: { resources: { kinds: ['v1/Pod'] } } }],
  ['kind * on some operations', { match: { resources: { kinds: ['*'], operations: ['DELETE'] } } }],
  ['kind wildcard', { match: { resources: { kinds: ['Dep*'] } } }],
  ['operations', { match: { resources: { kinds: ['Pod'], operations: ['CREATE', 'UPDATE'] } } }],
  ['names with wildcards and generateName', { match: { resources: { kinds: ['Pod'], names: ['web-*', 'job-*'] } } }],
  ['namespaces (a Namespace by its name)', { match: { resources: { kinds: ['Pod', 'Namespace'], namespaces: ['team-?'] } } }],
  ['annotations', { match: { resources: { kinds: ['Pod'], annotations: { 'policies.example.com/*': 'tr*' } } } }],
  ['selector', { match: { resources: { kinds: ['Pod'], selector: { matchLabels: { app: 'db' }, matchExpressions: [{ key: 'tier', operator: 'Exists' }] } } } }],
  ['selector NotIn', { match: { resources: { kinds: ['Pod', 'Deployment'], selector: { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['db'] }] } } } }],
  ['namespaceSelector', { match: { resources: { kinds: ['Pod', 'Namespace'], namespaceSelector: { matchLabels: { env: 'prod' } } } } }],
  ['any', { match: { any: [{ resources: { kinds: ['Pod'], names: ['db-*'] } }, { resources: { kinds: ['Ingress'] } }] } }],
  ['all', { match: { all: [{ resources: { kinds: ['Pod', 'Deployment'] } }, { resources: { namespaces: ['team-a'] } }] } }],
  ['an empty match filter', { match: { any: [{ resources: {} }, { resources: { kinds: ['Ingress'] } }] } }],
  ['exclude', { match: { resources: { kinds: ['Pod', 'Deployment'] } }, exclude: { any: [{ resources: { namespaces: ['kube-system'] } }, { resources: { operations: ['DELETE'] } }] } }],
  ['exclude all', { match: { resources: { kinds: ['*'] } }, exclude: { all: [{ resources: { kinds: ['Pod'] } }, { resources: { selector: { matchLabels: { app: 'web' } } } }] } }],
];

/** Users of the requests the user-info filters are checked on: a ServiceAccount, a person in groups, nobody. */
const USERS: RequestUserInfo[] = [
  USER,
  { userInfo: { username: 'alice', groups: ['dev', 'system:authenticated'] } },
  { userInfo: { username: 'system:serviceaccount:kube-system:replicaset-controller', groups: ['system:serviceaccounts:kube-system'] } },
  {},
];

const userRequests: Request[] = resources.slice(0, 3).flatMap((r) =>
  USERS.flatMap((userInfo) => (['CREATE', 'DELETE'] as const).map((operation) => ({ resource: r, operation, namespaceLabels: {}, userInfo }))),
);

const subjectRules: [string, Partial<Rule>][] = [
  ['a ServiceAccount subject', { match: { any: [{ resources: { kinds: ['Pod'] }, subjects: [{ kind: 'ServiceAccount', name: 'deployer', namespace: 'team-a' }] }] } }],
  ['a ServiceAccount subject with wildcards', { match: { any: [{ resources: { kinds: ['Pod', 'Deployment'] }, subjects: [{ kind: 'ServiceAccount', name: '*', namespace: 'kube-*' }] }] } }],
  ['User and Group subjects', { match: { any: [{ resources: { kinds: ['Pod'] }, subjects: [{ kind: 'User', name: 'ali?e' }, { kind: 'Group', name: 'system:serviceaccounts*' }] }] } }],
  ['subjects only (no resources)', { match: { any: [{ subjects: [{ kind: 'Group', name: 'dev' }] }] } }],
  ['a subject of another kind', { match: { any: [{ resources: { kinds: ['Pod'] } }, { resources: { kinds: ['Deployment'] }, subjects: [{ kind: 'Role', name: 'x' }] }] } }],
  ['all filters with subjects', { match: { all: [{ resources: { kinds: ['Pod'] } }, { subjects: [{ kind: 'User', name: 'alice' }] }] } }],
  ['an inline match with subjects', { match: { resources: { kinds: ['Pod'] }, subjects: [{ kind: 'User', name: 'alice' }] } as Rule['match'] }],
  ['empty subjects', { match: { any: [{ subjects: [] }] } }],
  ['exclude subjects', { match: { any: [{ resources: { kinds: ['Pod', 'Deployment'] } }] }, exclude: { any: [{ subjects: [{ kind: 'ServiceAccount', name: 'replicaset-controller', namespace: 'kube-system' }] }] } }],
  ['exclude resources and subjects', { match: { any: [{ resources: { kinds: ['Pod', 'Deployment'] } }] }, exclude: { any: [{ resources: { kinds: ['Pod'] }, subjects: [{ kind: 'Group', name: 'dev' }] }] } }],
];

describe('translateMatch of user-info filters', () => {
  it.each(subjectRules)('%s: CEL agrees with the JMESPath family, with and without user information', (_name, partial) => {
    const rule = { name: 'r', ...partial } as Rule;
    const translated = translateMatch(rule, ['spec', 'rules', 0]);
    if (!translated.ok) throw new Error(translated.untranslatable.reason);
    const kyverno = userRequests.map((request) => kyvernoMatches(rule, request));
    const cel = userRequests.map((request) => celMatches(translated.value, request));
    expect(cel).toEqual(kyverno);
    expect(kyverno).toContain(true);
    expect(kyverno).toContain(false);
  });

  it('notes where Kyverno drops the user information of a match filter', () => {
    const translated = translateMatch({ name: 'r', ...subjectRules[0]![1] } as Rule, ['spec', 'rules', 0]);
    expect(translated.ok && translated.value.notes.map((n) => n.path)).toEqual([['spec', 'rules', 0, 'match', 'any', 0]]);
  });
});

describe('translateMatch', () => {
  it.each(rules)('%s: CEL agrees with the JMESPath family', (_name, partial) => {
    const rule = { name: 'r', ...partial } as Rule;
    const translated = translateMatch(rule, ['spec', 'rules', 0]);
    if (!translated.ok) throw new Error(translated.untranslatable.reason);
    const kyverno = requests.map((request) => kyvernoMatches(rule, request));
    const cel = requests.map((request) => celMatches(translated.value, request));
    expect(cel).toEqual(kyverno);
    expect(kyverno).toContain(true);
    expect(kyverno).toContain(false);
  });

  it('keeps resourceRules a superset naming the resources and operations', () => {
    const translated = translateMatch({ name: 'r', match: { any: [{ resources: { kinds: ['Pod'], operations: ['CREATE'] } }, { resources: { kinds: ['apps/v1/Deployment'], operations: ['UPDATE'] } }] } } as Rule, ['r']);
    expect(translated.ok && translated.value.matchConstraints.resourceRules).toEqual([
      { apiGroups: ['*'], apiVersions: ['*'], operations: ['CREATE', 'UPDATE'], resources: ['pods', 'pods/ephemeralcontainers', 'deployments'] },
    ]);
  });

  it.each([
    ['cluster roles', { match: { any: [{ resources: { kinds: ['Pod'] }, clusterRoles: ['admin'] }] } }, ['r', 'match', 'any', 0, 'clusterRoles'], 'RoleBindings and ClusterRoleBindings'],
    ['roles in exclude', { match: { any: [{ resources: { kinds: ['Pod'] } }] }, exclude: { roles: ['team-a:dev'] } }, ['r', 'exclude', 'roles'], 'RoleBindings'],
    ['a subresource kind', { match: { resources: { kinds: ['Pod/exec'] } } }, ['r', 'match', 'resources', 'kinds', 0], 'subresource'],
    ['a selector with wildcards', { match: { resources: { kinds: ['Pod'], selector: { matchLabels: { app: 'w*' } } } } }, ['r', 'match', 'resources', 'selector'], 'selector value'],
  ] as const)('%s is untranslatable, with its path', (_name, partial, path, reason) => {
    const translated = translateMatch({ name: 'r', ...(partial as unknown as Partial<Rule>) } as Rule, ['r']);
    expect(translated.ok).toBe(false);
    if (translated.ok) return;
    expect(translated.untranslatable.path).toEqual(path);
    expect(translated.untranslatable.reason).toContain(reason);
  });
});
