import { describe, expect, it } from 'vitest';
import { kyvernoEnvironment, valueOf } from './helpers.js';

describe('user.parseServiceAccount', () => {
  const env = kyvernoEnvironment();
  const values: [string, string, unknown][] = [
    ['parseServiceAccount(request.userInfo.username).Namespace', 'system:serviceaccount:team:builder', 'team'],
    ['parseServiceAccount(request.userInfo.username).Name', 'system:serviceaccount:team:builder', 'builder'],
    ['user.parseServiceAccount(request.userInfo.username).Name', 'system:serviceaccount:team:builder', 'builder'],
    // The name is everything after the namespace.
    ['parseServiceAccount(request.userInfo.username).Name', 'system:serviceaccount:ns:a:b', 'a:b'],
    // Anything else gives empty fields.
    ['parseServiceAccount(request.userInfo.username).Namespace', 'system:serviceaccount:nocolon', ''],
    ['parseServiceAccount(request.userInfo.username).Name', 'alice', ''],
    ['parseServiceAccount(request.userInfo.username).Namespace == ""', 'kubernetes-admin', true],
    [
      "parseServiceAccount(request.userInfo.username).Namespace == 'another-namespace' && parseServiceAccount(request.userInfo.username).Name == 'another-developer'",
      'system:serviceaccount:another-namespace:another-developer',
      true,
    ],
  ];
  it.each(values)('%s for %s', (expression, username, value) => {
    expect(valueOf(env.run(expression, {}, { request: { userInfo: { username } } }))).toEqual(value);
  });

  it.each(["parseServiceAccount('x').namespace", "parseServiceAccount('x').Groups", 'parseServiceAccount(1)', 'user.parseServiceAccount()'])(
    '%s is a compile error (Go-cased fields of a typed result)',
    (expression) => {
      expect(env.compile(expression).ok).toBe(false);
    },
  );
});
