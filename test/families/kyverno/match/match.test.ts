import { describe, expect, it } from 'vitest';
import type { RequestUserInfo } from '../../../../src/evaluate/types.js';
import {
  EXCEPTION_FILTER_OPTIONS,
  anyAllMatches,
  isEmptyResourceDescription,
  resourceDescriptionMatches,
  resourceFilterMatches,
  ruleMatches,
  type MatchInput,
} from '../../../../src/families/kyverno/match/match.js';
import type { MatchResources, ResourceDescription, Rule } from '../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../src/types.js';

const pod: JsonObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web-1',
    namespace: 'prod',
    labels: { app: 'web' },
    annotations: { 'team.example.com/owner': 'payments', note: 'x' },
  },
};

function input(resource: JsonObject = pod, extra: Partial<MatchInput> = {}): MatchInput {
  const apiVersion = String(resource.apiVersion);
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return {
    resource,
    kind: String(resource.kind),
    group,
    version,
    subresource: '',
    operation: 'CREATE',
    namespaceLabels: {},
    ...extra,
  };
}

function rule(match: MatchResources, exclude?: MatchResources): Rule {
  return { name: 'r', match, ...(exclude ? { exclude } : {}) };
}

const cluster = (name: string, kind = 'Namespace'): JsonObject => ({ apiVersion: 'v1', kind, metadata: { name } });

describe('resourceDescriptionMatches: one filter', () => {
  const cases: [string, ResourceDescription, JsonObject, boolean][] = [
    ['kinds', { kinds: ['Pod'] }, pod, true],
    ['kinds mismatch', { kinds: ['Deployment'] }, pod, false],
    ['name wildcard', { kinds: ['Pod'], name: 'web-*' }, pod, true],
    ['names: any entry', { names: ['api', 'web-?'] }, pod, true],
    ['names mismatch', { names: ['api'] }, pod, false],
    ['generateName fallback', { names: ['gen-*'] }, { ...pod, metadata: { generateName: 'gen-', namespace: 'prod' } }, true],
    ['namespaces wildcard', { namespaces: ['pr*'] }, pod, true],
    ['namespaces mismatch', { namespaces: ['dev'] }, pod, false],
    ['namespace of a Namespace is its name', { namespaces: ['prod'] }, cluster('prod'), true],
    ['* matches a cluster-scoped resource', { namespaces: ['*'] }, cluster('n1', 'ClusterRole'), true],
    ['?* does not match a cluster-scoped resource', { namespaces: ['?*'] }, cluster('n1', 'ClusterRole'), false],
    ['"" matches a cluster-scoped resource', { namespaces: [''] }, cluster('n1', 'ClusterRole'), true],
    ['annotations: key and value wildcards', { annotations: { '*.example.com/owner': 'pay*' } }, pod, true],
    ['annotations: every entry must match', { annotations: { note: 'x', other: '*' } }, pod, false],
    ['selector', { selector: { matchLabels: { app: 'web' } } }, pod, true],
    ['selector mismatch', { selector: { matchLabels: { app: 'db' } } }, pod, false],
    ['invalid selector fails', { selector: { matchExpressions: [{ key: 'app', operator: 'Bad' }] } }, pod, false],
    ['namespaceSelector on empty namespace labels', { namespaceSelector: { matchLabels: { env: 'prod' } } }, pod, false],
    ['namespaceSelector {} matches', { namespaceSelector: {} }, pod, true],
    ['namespaceSelector never applies to a Namespace', { namespaceSelector: {} }, cluster('prod'), false],
    ['operations', { operations: ['CREATE', 'UPDATE'] }, pod, true],
    ['operations mismatch', { operations: ['DELETE'] }, pod, false],
  ];
  it.each(cases)('%s', (_name, desc, resource, expected) => {
    expect(resourceDescriptionMatches(desc, input(resource))).toBe(expected);
  });

  it('uses the namespace labels for namespaceSelector', () => {
    const desc = { namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }] } };
    expect(resourceDescriptionMatches(desc, input(pod, { namespaceLabels: { env: 'prod' } }))).toBe(true);
  });

  it('treats a map with a non-string label value as no labels', () => {
    const resource = { ...pod, metadata: { name: 'a', namespace: 'prod', labels: { app: 'web', n: 1 } } };
    expect(resourceDescriptionMatches({ selector: { matchLabels: { app: 'web' } } }, input(resource))).toBe(false);
  });

  it('checks operations first and only for policies', () => {
    const desc = { kinds: ['Pod'], operations: ['DELETE'] };
    expect(resourceDescriptionMatches(desc, input())).toBe(false);
    expect(resourceDescriptionMatches(desc, input(), EXCEPTION_FILTER_OPTIONS)).toBe(true);
  });

  it('accepts ephemeralcontainers on Pod selectors for policies only', () => {
    const desc = { kinds: ['Pod'] };
    const eph = input(pod, { subresource: 'ephemeralcontainers' });
    expect(resourceDescriptionMatches(desc, eph)).toBe(true);
    expect(resourceDescriptionMatches(desc, eph, EXCEPTION_FILTER_OPTIONS)).toBe(false);
  });
});

describe('ruleMatches: match blocks', () => {
  it('any: one filter is enough', () => {
    const r = rule({ any: [{ resources: { kinds: ['Deployment'] } }, { resources: { kinds: ['Pod'] } }] });
    expect(ruleMatches(r, input())).toBe(true);
  });
  it('all: every filter must hold', () => {
    const r = rule({ all: [{ resources: { kinds: ['Pod'] } }, { resources: { namespaces: ['dev'] } }] });
    expect(ruleMatches(r, input())).toBe(false);
  });
  it('any wins over all, all wins over the inline form', () => {
    expect(ruleMatches(rule({ any: [{ resources: { kinds: ['Pod'] } }], all: [{ resources: { kinds: ['X'] } }] }), input())).toBe(true);
    expect(ruleMatches(rule({ all: [{ resources: { kinds: ['Pod'] } }], resources: { kinds: ['X'] } }), input())).toBe(true);
  });
  it('inline (legacy) form', () => {
    expect(ruleMatches(rule({ resources: { kinds: ['Pod'] } }), input())).toBe(true);
  });
  it('an empty match never matches', () => {
    expect(ruleMatches(rule({}), input())).toBe(false);
    expect(ruleMatches(rule({ any: [{}] }), input())).toBe(false);
    expect(ruleMatches({ name: 'r' }, input())).toBe(false);
  });
  it('a namespaced policy only sees its own namespace', () => {
    const r = rule({ resources: { kinds: ['Pod'] } });
    expect(ruleMatches(r, input(pod, { policyNamespace: 'prod' }))).toBe(true);
    expect(ruleMatches(r, input(pod, { policyNamespace: 'default' }))).toBe(false);
    expect(ruleMatches(r, input(cluster('x', 'ClusterRole'), { policyNamespace: 'default' }))).toBe(false);
  });
});

describe('ruleMatches: user info', () => {
  const admin: RequestUserInfo = { clusterRoles: ['cluster-admin'], userInfo: { username: 'alice', groups: ['devs'] } };
  it('drops user info from match filters without admission info', () => {
    const r = rule({ any: [{ resources: { kinds: ['Pod'] }, clusterRoles: ['cluster-admin'] }] });
    expect(ruleMatches(r, input())).toBe(true);
    expect(ruleMatches(r, input(pod, { userInfo: { clusterRoles: ['view'] } }))).toBe(false);
    expect(ruleMatches(r, input(pod, { userInfo: admin }))).toBe(true);
  });
  it('a match filter with only subjects is empty without admission info', () => {
    const r = rule({ any: [{ subjects: [{ kind: 'User', name: '*' }] }] });
    expect(ruleMatches(r, input())).toBe(false);
    expect(ruleMatches(r, input(pod, { userInfo: admin }))).toBe(true);
  });
  it('exclude user info never matches without admission info', () => {
    const r = rule({ any: [{ resources: { kinds: ['Pod'] } }] }, { any: [{ clusterRoles: ['cluster-admin'] }] });
    expect(ruleMatches(r, input())).toBe(true);
    expect(ruleMatches(r, input(pod, { userInfo: admin }))).toBe(false);
  });
  it('exclude by subject', () => {
    const r = rule({ resources: { kinds: ['Pod'] } }, { subjects: [{ kind: 'Group', name: 'dev*' }] });
    expect(ruleMatches(r, input(pod, { userInfo: admin }))).toBe(false);
  });
});

describe('ruleMatches: exclude semantics', () => {
  const match: MatchResources = { any: [{ resources: { kinds: ['Pod'] } }] };
  const cases: [string, MatchResources, boolean][] = [
    ['exclude.any: one filter excludes', { any: [{ resources: { namespaces: ['dev'] } }, { resources: { namespaces: ['prod'] } }] }, false],
    ['exclude.any: no filter excludes', { any: [{ resources: { namespaces: ['dev'] } }] }, true],
    ['exclude.all: every filter must exclude', { all: [{ resources: { namespaces: ['prod'] } }, { resources: { names: ['db'] } }] }, true],
    ['exclude.all: all exclude', { all: [{ resources: { namespaces: ['prod'] } }, { resources: { names: ['web-*'] } }] }, false],
    ['exclude.all: an empty filter prevents exclusion', { all: [{ resources: { namespaces: ['prod'] } }, {}] }, true],
    ['exclude inline', { resources: { kinds: ['Pod'], namespaces: ['prod'] } }, false],
    ['empty exclude excludes nothing', {}, true],
    ['exclude filter with an empty resources block', { any: [{ resources: {} }] }, true],
  ];
  it.each(cases)('%s', (_name, exclude, expected) => {
    expect(ruleMatches(rule(match, exclude), input())).toBe(expected);
  });
});

describe('exception-style matching', () => {
  it('resourceFilterMatches requires a non-empty filter and keeps user info', () => {
    expect(resourceFilterMatches({}, input())).toBe(false);
    expect(resourceFilterMatches({ resources: { kinds: ['Pod'] } }, input())).toBe(true);
    expect(resourceFilterMatches({ resources: { kinds: ['Pod'] }, roles: ['a:b'] }, input())).toBe(false);
  });
  it('skips namespaceSelector on a Namespace', () => {
    const filter = { resources: { kinds: ['Namespace'], namespaceSelector: { matchLabels: { a: 'b' } } } };
    expect(resourceFilterMatches(filter, input(cluster('prod')))).toBe(true);
  });
  it('anyAllMatches: any, all, neither', () => {
    expect(anyAllMatches({ any: [{ resources: { kinds: ['X'] } }, { resources: { kinds: ['Pod'] } }] }, input())).toBe(true);
    expect(anyAllMatches({ all: [{ resources: { kinds: ['Pod'] } }, { resources: { names: ['x'] } }] }, input())).toBe(false);
    expect(anyAllMatches({}, input())).toBe(true);
  });
});

describe('isEmptyResourceDescription (Go zero value)', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ name: '' }, true],
    [{ kinds: [] }, false],
    [{ annotations: {} }, false],
    [{ selector: {} }, false],
  ] as [ResourceDescription | undefined, boolean][])('%j → %s', (desc, expected) => {
    expect(isEmptyResourceDescription(desc)).toBe(expected);
  });
});
