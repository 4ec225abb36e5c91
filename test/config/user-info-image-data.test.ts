import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';

const FILE = '/repo/.kyverno-lint.yaml';

function problemsOf(text: string): string[] {
  return parseConfig(FILE, text).problems.map((found) => `${found.line}:${found.column} ${found.message}`);
}

describe('configuration: imageData', () => {
  it('is a path resolved against the configuration file folder', () => {
    expect(parseConfig(FILE, 'imageData: policies/images.yaml\n').config.imageData).toBe('/repo/policies/images.yaml');
    expect(parseConfig(FILE, 'imageData: /abs/images.yaml\n').config.imageData).toBe('/abs/images.yaml');
    expect(parseConfig(FILE, 'policies: [a]\n').config.imageData).toBeUndefined();
  });

  it.each([
    ['imageData: [a]\n', '1:12 imageData must be a string, got a list'],
    ['imageData:\n', '1:1 imageData has no value'],
    ["imageData: ''\n", '1:12 imageData must not be empty'],
    ['imagedata: x\n', '1:1 unknown key "imagedata" (did you mean "imageData"?)'],
  ])('%j is a problem: %s', (text, problem) => {
    expect(problemsOf(text)).toEqual([problem]);
  });
});

describe('configuration: userInfo', () => {
  it('decodes every field', () => {
    const text = [
      'userInfo:',
      '  username: system:serviceaccount:ci:deployer',
      '  uid: "1000"',
      '  groups: [system:authenticated, platform]',
      '  extra:',
      '    scopes: [read, write]',
      '  roles: [shop:developer]',
      '  clusterRoles: [cluster-admin]',
      '',
    ].join('\n');
    const { config, problems } = parseConfig(FILE, text);
    expect(problems).toEqual([]);
    expect(config.userInfo).toEqual({
      username: 'system:serviceaccount:ci:deployer',
      uid: '1000',
      groups: ['system:authenticated', 'platform'],
      extra: { scopes: ['read', 'write'] },
      roles: ['shop:developer'],
      clusterRoles: ['cluster-admin'],
    });
  });

  it('is absent by default (the Kyverno CLI mock: no user info)', () => {
    expect(parseConfig(FILE, 'policies: [a]\n').config.userInfo).toBeUndefined();
    expect(parseConfig(FILE, 'userInfo: {}\n').config.userInfo).toEqual({});
  });

  it.each([
    ['userInfo: alice\n', ['1:11 userInfo must be a mapping, got "alice"']],
    ['userInfo:\n  user: alice\n', ['2:3 unknown key "user" in userInfo (known keys: username, uid, groups, extra, roles, clusterRoles)']],
    ['userInfo:\n  usernme: alice\n', ['2:3 unknown key "usernme" in userInfo (did you mean "username"?)']],
    ['userInfo:\n  uid: 1000\n', ['2:8 userInfo.uid must be a string, got number 1000']],
    ['userInfo:\n  groups: admins\n', ['2:11 userInfo.groups must be a list of strings, got "admins"']],
    ['userInfo:\n  groups: [a, 1]\n', ['2:15 userInfo.groups[1] must be a string, got number 1']],
    ['userInfo:\n  extra: [a]\n', ['2:10 userInfo.extra must be a mapping, got a list']],
    ['userInfo:\n  extra:\n    scopes: read\n', ['3:13 userInfo.extra["scopes"] must be a list of strings, got "read"']],
    ['userInfo:\n  roles:\n', ['2:3 userInfo.roles has no value']],
    ['userinfo: u.yaml\nuserInfo:\n  username: alice\n', ['2:1 userinfo (a UserInfo file) and userInfo (the user written here) cannot both be set: keep one']],
    ['userInfo:\n  username: alice\nuserinfo: u.yaml\n', ['3:1 userinfo (a UserInfo file) and userInfo (the user written here) cannot both be set: keep one']],
  ])('%j is a problem', (text, problems) => {
    expect(problemsOf(text)).toEqual(problems);
  });
});
