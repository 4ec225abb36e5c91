import { describe, expect, it } from 'vitest';
import { decodeUserInfo } from '../../src/evaluate/userinfo.js';
import { decodeValuesFile, parseSetValues, valuesFromSpec } from '../../src/evaluate/values.js';
import type { JsonObject } from '../../src/types.js';

const values = valuesFromSpec({
  globalValues: { 'request.operation': 'UPDATE', env: 'global', shared: 'global' },
  policies: [
    {
      name: 'p',
      rules: [{ name: 'check', values: { 'dictionary.data.env': 'prod' }, foreachValues: { element: [{ a: 1 }, { a: 2 }] } }],
      resources: [
        { name: 'web', values: { env: 'web' } },
        { name: 'web', values: { shared: 'second' } },
      ],
    },
    { name: 'p', rules: [{ name: 'check', values: { ignored: true } }] },
  ],
  namespaceSelector: [
    { name: 'prod', labels: { tier: 'selector' } },
    { name: 'dev', labels: { tier: 'dev' } },
  ],
  namespaces: [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { tier: 'namespace' } } }],
  subresources: [
    {
      subresource: { name: 'deployments/scale', kind: 'Scale', group: 'autoscaling', version: 'v1' },
      parentResource: { name: 'deployments', kind: 'Deployment', group: 'apps', version: 'v1' },
    },
  ],
});

describe('ValuesFile', () => {
  it('merges global values, then every matching resource entry, then --set values', () => {
    expect(values.resourceValues('p', 'web')).toEqual({ 'request.operation': 'UPDATE', env: 'web', shared: 'second' });
    expect(values.resourceValues('p', 'other')).toEqual({ 'request.operation': 'UPDATE', env: 'global', shared: 'global' });
    expect(values.resourceValues('q', 'web', { env: 'set' })).toMatchObject({ env: 'set' });
  });

  it.each([
    { rule: 'check', found: true },
    { rule: 'autogen-check', found: true },
    { rule: 'autogen-cronjob-check', found: true },
    { rule: 'autogen-other', found: false },
  ])('looks up rule values of the first policy entry: $rule', ({ rule, found }) => {
    const lookups = values.ruleLookups('p');
    expect(lookups.rule?.(rule)).toEqual(found ? { 'dictionary.data.env': 'prod' } : undefined);
    expect(lookups.foreach?.(rule)).toEqual(found ? { element: [{ a: 1 }, { a: 2 }] } : undefined);
  });

  it('has no rule lookups for policies it does not name', () => {
    expect(values.ruleLookups('q')).toEqual({});
  });

  it('gives namespace labels, Namespace objects winning over namespaceSelector entries', () => {
    expect(values.namespaceLabels.get('prod')).toEqual({ tier: 'namespace' });
    expect(values.namespaceLabels.get('dev')).toEqual({ tier: 'dev' });
    expect(values.namespaceLabels.get('other')).toBeUndefined();
  });

  it('maps subresources to their parent kinds', () => {
    expect(values.subresources).toEqual([
      { group: 'autoscaling', version: 'v1', kind: 'Scale', parentGroup: 'apps', parentVersion: 'v1', parentKind: 'Deployment', subresource: 'scale' },
    ]);
  });

  it.each([
    { operation: 'UPDATE', error: null },
    { operation: 'CONNECT', error: null },
    { operation: 'PATCH', error: 'invalid request.operation value "PATCH" (expected CREATE, UPDATE, DELETE or CONNECT)' },
  ])('checks the global operation $operation', ({ operation, error }) => {
    expect(valuesFromSpec({ globalValues: { 'request.operation': operation } }).operationError()).toBe(error);
  });
});

describe('decodeValuesFile', () => {
  it('accepts any non-empty kind', () => {
    const decoded = decodeValuesFile({ apiVersion: 'cli.kyverno.io/v1alpha1', kind: 'Value', globalValues: { a: 1 } }, 'values.yaml');
    expect(decoded.errors).toEqual([]);
    expect(decoded.values?.globalValues).toEqual({ a: 1 });
  });

  it.each<{ doc: JsonObject; message: string; path: (string | number)[] }>([
    { doc: { globalValues: {} }, message: 'values file values.yaml uses a deprecated schema — please migrate to the latest format', path: [] },
    { doc: { apiVersion: 'v', kind: 'Values', policies: [{ name: 'p', resources: [{ name: 'r', value: {} }] }] }, message: 'unknown field "value"', path: ['policies', 0, 'resources', 0, 'value'] },
  ])('reports $message', ({ doc, message, path }) => {
    const decoded = decodeValuesFile(doc, 'values.yaml');
    expect(decoded.values).toBeUndefined();
    expect(decoded.errors).toContainEqual({ message, path });
  });
});

describe('parseSetValues', () => {
  it('keeps well-formed pairs, the first of repeated keys, and no request.object keys', () => {
    expect(parseSetValues(['a=1', ' b = two ', 'c', 'd=1=2', '=x', 'e=', 'a=again', 'request.object.metadata.name=x', 'request.operation=DELETE'])).toEqual({
      a: '1',
      b: 'two',
      'request.operation': 'DELETE',
    });
  });
});

describe('decodeUserInfo', () => {
  it('decodes roles, cluster roles and the admission user', () => {
    const decoded = decodeUserInfo({
      apiVersion: 'cli.kyverno.io/v1alpha1',
      kind: 'UserInfo',
      metadata: { name: 'u' },
      roles: ['ns:role'],
      clusterRoles: ['cluster-admin'],
      userInfo: { username: 'system:serviceaccount:ns:sa', groups: ['g'], extra: { k: ['v'] } },
    });
    expect(decoded).toEqual({
      untyped: false,
      errors: [],
      userInfo: { roles: ['ns:role'], clusterRoles: ['cluster-admin'], userInfo: { username: 'system:serviceaccount:ns:sa', groups: ['g'], extra: { k: ['v'] } } },
    });
  });

  it('flags untyped files and unknown fields', () => {
    expect(decodeUserInfo({ roles: [] }).untyped).toBe(true);
    expect(decodeUserInfo({ apiVersion: 'v', kind: 'UserInfo', user: {} }).errors).toEqual([{ message: 'unknown field "user"', path: ['user'] }]);
  });
});
