/**
 * `RuleMatcher.mayMatch`, the per-request-shape pre-filter of validate rules: it must never be false for a rule
 * that matches some resource of the shape (then the full match decides), and it prunes the rules whose match
 * cannot hold by kind or operation, or whose exclude holds by kind and operation alone.
 */
import { describe, expect, it } from 'vitest';
import type { RequestUserInfo } from '../../../../src/evaluate/types.js';
import { ruleMatcher, type MatchInput } from '../../../../src/families/kyverno/match/match.js';
import { hasAdmissionInfo } from '../../../../src/families/kyverno/match/subjects.js';
import type { Rule } from '../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../src/types.js';

const resources: JsonObject[] = [
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'prod', labels: { app: 'web' } } },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'sys-1', namespace: 'kube-system' } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'prod', labels: { app: 'web' } } },
  { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly', namespace: 'prod' } },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } },
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web', namespace: 'prod' } },
];

const admin: RequestUserInfo = { userInfo: { username: 'admin', groups: ['system:masters'] }, roles: [], clusterRoles: ['cluster-admin'] };

/** Request shapes: every resource as CREATE, UPDATE and DELETE, with and without user info, and two subresources. */
function inputs(): MatchInput[] {
  const out: MatchInput[] = [];
  for (const resource of resources) {
    const apiVersion = String(resource.apiVersion);
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    for (const operation of ['CREATE', 'UPDATE', 'DELETE']) {
      for (const userInfo of [undefined, admin]) {
        for (const subresource of resource.kind === 'Pod' ? ['', 'exec', 'ephemeralcontainers'] : ['']) {
          out.push({ resource, kind: String(resource.kind), group: group!, version: version!, subresource, operation, namespaceLabels: {}, ...(userInfo ? { userInfo } : {}) });
        }
      }
    }
  }
  return out;
}

const rule = (fields: Partial<Rule>): Rule => ({ name: 'r', validate: { pattern: {} }, ...fields }) as Rule;

/** Rule, and the kinds of the resources for which `mayMatch` must say yes at least once (CREATE, no subresource). */
const cases: [string, Rule, string[]][] = [
  ['kinds Pod', rule({ match: { any: [{ resources: { kinds: ['Pod'] } }] } }), ['Pod']],
  ['kinds *', rule({ match: { any: [{ resources: { kinds: ['*'] } }] } }), ['Pod', 'Deployment', 'CronJob', 'Namespace', 'Ingress']],
  ['kinds */* (every kind and subresource)', rule({ match: { any: [{ resources: { kinds: ['*/*'] } }] } }), ['Pod', 'Deployment', 'CronJob', 'Namespace', 'Ingress']],
  ['group/version/kind', rule({ match: { any: [{ resources: { kinds: ['apps/v1/Deployment'] } }] } }), ['Deployment']],
  ['group/*/kind', rule({ match: { any: [{ resources: { kinds: ['networking.k8s.io/*/Ingress'] } }] } }), ['Ingress']],
  ['wrong version', rule({ match: { any: [{ resources: { kinds: ['apps/v2/Deployment'] } }] } }), []],
  ['kind wildcard', rule({ match: { any: [{ resources: { kinds: ['*Job'] } }] } }), ['CronJob']],
  ['subresource', rule({ match: { any: [{ resources: { kinds: ['Pod/exec'] } }] } }), []],
  ['operations', rule({ match: { any: [{ resources: { kinds: ['Pod'], operations: ['UPDATE'] } }] } }), []],
  ['all', rule({ match: { all: [{ resources: { kinds: ['Pod'] } }, { resources: { kinds: ['Deployment'] } }] } }), []],
  ['all with names', rule({ match: { all: [{ resources: { kinds: ['Pod'] } }, { resources: { names: ['web-*'] } }] } }), ['Pod']],
  ['inline', rule({ match: { resources: { kinds: ['Deployment', 'Pod'] } } }), ['Pod', 'Deployment']],
  ['empty match', rule({ match: {} }), []],
  ['no match', rule({}), []],
  ['subjects only', rule({ match: { any: [{ subjects: [{ kind: 'User', name: 'admin' }] }] } }), []],
  ['names only', rule({ match: { any: [{ resources: { names: ['web*'] } }] } }), ['Pod', 'Deployment', 'CronJob', 'Namespace', 'Ingress']],
  ['exclude by kind', rule({ match: { any: [{ resources: { kinds: ['*'] } }] }, exclude: { any: [{ resources: { kinds: ['Pod'] } }] } }), ['Deployment', 'CronJob', 'Namespace', 'Ingress']],
  ['exclude by kind and namespace', rule({ match: { any: [{ resources: { kinds: ['Pod'] } }] }, exclude: { any: [{ resources: { kinds: ['Pod'], namespaces: ['kube-system'] } }] } }), ['Pod']],
  ['exclude all', rule({ match: { any: [{ resources: { kinds: ['Pod', 'Deployment'] } }] }, exclude: { all: [{ resources: { kinds: ['Pod'] } }, { resources: { operations: ['CREATE'] } }] } }), ['Deployment']],
  ['exclude by subject', rule({ match: { any: [{ resources: { kinds: ['Pod'] } }] }, exclude: { any: [{ resources: { kinds: ['Pod'] }, clusterRoles: ['cluster-admin'] }] } }), ['Pod']],
  ['exclude empty', rule({ match: { any: [{ resources: { kinds: ['Pod'] } }] }, exclude: { any: [{}] } }), ['Pod']],
  ['exclude by operation', rule({ match: { any: [{ resources: { kinds: ['Pod'] } }] }, exclude: { any: [{ resources: { operations: ['CREATE'] } }] } }), []],
];

describe('RuleMatcher.mayMatch', () => {
  it.each(cases)('%s: never false where the rule matches', (_name, subject) => {
    const matcher = ruleMatcher(subject);
    const unsound: string[] = [];
    for (const input of inputs()) {
      const gvk = { group: input.group, version: input.version, kind: input.kind };
      const may = matcher.mayMatch(gvk, input.subresource, input.operation, !hasAdmissionInfo(input.userInfo));
      if (!may && matcher.matches(input)) unsound.push(`${input.kind}/${input.subresource} ${input.operation} ${input.userInfo ? 'user' : ''}`);
    }
    expect(unsound).toEqual([]);
  });

  it.each(cases)('%s: prunes by kind and operation', (_name, subject, kinds) => {
    const matcher = ruleMatcher(subject);
    const possible = new Set<string>();
    for (const input of inputs()) {
      if (input.operation !== 'CREATE' || input.subresource !== '' || input.userInfo !== undefined) continue;
      const gvk = { group: input.group, version: input.version, kind: input.kind };
      if (matcher.mayMatch(gvk, '', 'CREATE', true)) possible.add(input.kind);
    }
    expect([...possible].sort()).toEqual([...kinds].sort());
  });

  it('keeps a subresource rule for its subresource request, and a subjects rule when the request has user info', () => {
    const exec = ruleMatcher(cases.find(([name]) => name === 'subresource')![1]);
    expect(exec.mayMatch({ group: '', version: 'v1', kind: 'Pod' }, 'exec', 'CREATE', true)).toBe(true);
    const subjects = ruleMatcher(cases.find(([name]) => name === 'subjects only')![1]);
    expect(subjects.mayMatch({ group: '', version: 'v1', kind: 'Pod' }, '', 'CREATE', false)).toBe(true);
    const update = ruleMatcher(cases.find(([name]) => name === 'operations')![1]);
    expect(update.mayMatch({ group: '', version: 'v1', kind: 'Pod' }, '', 'UPDATE', true)).toBe(true);
  });
});
