import { describe, expect, it } from 'vitest';
import type { RequestUserInfo } from '../../../../src/evaluate/types.js';
import type { Subject, UserInfoFilter } from '../../../../src/families/kyverno/policy/types.js';
import { hasAdmissionInfo, subjectsMatch, userInfoMatches } from '../../../../src/families/kyverno/match/subjects.js';

describe('subjectsMatch (Kyverno CheckSubjects)', () => {
  const sa = { username: 'system:serviceaccount:kube-system:deployer', groups: ['system:serviceaccounts', 'devs'] };
  const cases: [string, Subject[], { username?: string; groups?: string[] } | undefined, boolean][] = [
    ['User exact', [{ kind: 'User', name: 'alice' }], { username: 'alice' }, true],
    ['User wildcard', [{ kind: 'User', name: 'al*' }], { username: 'alice' }, true],
    ['User other', [{ kind: 'User', name: 'bob' }], { username: 'alice' }, false],
    ['Group', [{ kind: 'Group', name: 'devs' }], sa, true],
    ['Group wildcard', [{ kind: 'Group', name: 'system:*' }], sa, true],
    ['Group missing', [{ kind: 'Group', name: 'ops' }], sa, false],
    ['ServiceAccount', [{ kind: 'ServiceAccount', name: 'deployer', namespace: 'kube-system' }], sa, true],
    ['ServiceAccount wildcard', [{ kind: 'ServiceAccount', name: '*', namespace: 'kube-*' }], sa, true],
    ['ServiceAccount other namespace', [{ kind: 'ServiceAccount', name: 'deployer', namespace: 'default' }], sa, false],
    ['unknown kind never matches', [{ kind: 'Robot', name: '*' }], sa, false],
    ['any subject may match', [{ kind: 'User', name: 'x' }, { kind: 'Group', name: 'devs' }], sa, true],
    ['no user info', [{ kind: 'User', name: '*' }], undefined, true],
    ['no user info, literal name', [{ kind: 'User', name: 'alice' }], undefined, false],
  ];
  it.each(cases)('%s', (_name, subjects, user, expected) => {
    expect(subjectsMatch(subjects, user)).toBe(expected);
  });
});

describe('userInfoMatches', () => {
  const info: RequestUserInfo = {
    roles: ['ns1:admin'],
    clusterRoles: ['cluster-admin'],
    userInfo: { username: 'alice', groups: ['devs'] },
  };
  const cases: [string, UserInfoFilter, RequestUserInfo | undefined, boolean][] = [
    ['nothing listed', {}, info, true],
    ['role listed and held', { roles: ['ns1:admin', 'x'] }, info, true],
    ['role not held', { roles: ['ns2:admin'] }, info, false],
    ['roles are exact (no wildcards)', { roles: ['ns1:*'] }, info, false],
    ['clusterRole held', { clusterRoles: ['cluster-admin'] }, info, true],
    ['every listed attribute must hold', { clusterRoles: ['cluster-admin'], subjects: [{ kind: 'User', name: 'bob' }] }, info, false],
    ['roles with no user info', { roles: ['ns1:admin'] }, undefined, false],
  ];
  it.each(cases)('%s', (_name, filter, actual, expected) => {
    expect(userInfoMatches(filter, actual)).toBe(expected);
  });

  it.each([
    [undefined, false],
    [{}, false],
    [{ userInfo: {} }, false],
    [{ userInfo: { username: '' } }, false],
    [{ roles: [] }, true],
    [{ userInfo: { username: 'alice' } }, true],
  ] as [RequestUserInfo | undefined, boolean][])('hasAdmissionInfo(%j) → %s', (value, expected) => {
    expect(hasAdmissionInfo(value)).toBe(expected);
  });
});
