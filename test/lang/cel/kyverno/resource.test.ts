import { describe, expect, it } from 'vitest';
import { contextFileResources } from '../../../../src/lang/cel/kyverno/index.js';
import { errorOf, kyvernoEnvironment, valueOf } from './helpers.js';

/** A Context file's resources with the plural each kind maps to. */
const resources = contextFileResources([
  { resource: 'configmaps', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data: { name: 'good-pod' } } },
  { resource: 'configmaps', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other', namespace: 'default' }, data: { name: 'x' } } },
  { resource: 'configmaps', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'team' }, data: { name: 'team-pod' } } },
  { resource: 'deployments', object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'team' }, spec: { replicas: 3, ratio: 0.5 } } },
  { resource: 'namespaces', object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', labels: { env: 'prod' } } } },
]);

describe('resource (cluster-scoped policy)', () => {
  const env = kyvernoEnvironment();
  const values: [string, unknown][] = [
    ["resource.Get('v1', 'configmaps', 'default', 'cm').data.name", 'good-pod'],
    ["resource.get('v1', 'configmaps', 'team', 'cm').data.name", 'team-pod'],
    ["resource.Get('v1', 'namespaces', '', 'team').metadata.labels.env", 'prod'],
    // Not found: null, no error (kyverno/sdk resource impl: IsNotFound → NullValue).
    ["resource.Get('v1', 'configmaps', 'default', 'missing') == null", undefined],
    ["type(resource.Get('v1', 'configmaps', 'default', 'missing')) == type(null)", true],
    ["type(resource.Get('v1', 'secrets', 'default', 'cm')) == type(null)", true],
    // Objects of a Context file keep integers as ints, as Kubernetes decodes them.
    ["resource.Get('apps/v1', 'deployments', 'team', 'web').spec.replicas + 1", 4n],
    ["resource.Get('apps/v1', 'deployments', 'team', 'web').spec.ratio", 0.5],
    ["resource.List('v1', 'configmaps', 'default').items.map(c, c.metadata.name)", ['cm', 'other']],
    ["resource.list('v1', 'configmaps', 'nowhere').items", []],
    // Offline, label selectors are ignored (FakeContextProvider.ListResources).
    ["resource.List('v1', 'configmaps', 'default', {'app': 'none'}).items.size()", 2n],
    ["resource.List('v1', 'configmaps', 'default', object.metadata.labels).items.size()", 2n],
  ];
  it.each(values.filter(([, v]) => v !== undefined))('%s', (expression, value) => {
    expect(valueOf(env.run(expression, { resources }, { object: { metadata: { labels: { a: 'b' } } } }))).toEqual(value);
  });

  it('compares a lookup with null only through its type: map == null is a compile error, as in cel-go', () => {
    const compiled = env.compile("resource.Get('v1', 'configmaps', 'default', 'missing') == null");
    expect(compiled.ok).toBe(false);
  });

  const errors: [string, RegExp][] = [
    ["resource.List('v1', 'secrets', 'default')", /^failed to list resource: secrets resource not found$/],
    ["resource.List('apps/v1', 'statefulsets', 'team')", /^failed to list resource: statefulsets\.apps resource not found$/],
    ["resource.Get('a/b/c', 'configmaps', 'default', 'cm')", /^failed to get resource: unexpected GroupVersion string: a\/b\/c$/],
    ["resource.Post('v1', 'configmaps', 'default', {'metadata': {'name': 'x'}})", /^internal error: not implemented \(resource\.Post/],
    ["resource.post('v1', 'configmaps', {'metadata': {'name': 'x'}})", /^internal error: not implemented/],
    ["resource.ToGVR('apps/v1', 'Deployment')", /^internal error: not implemented \(resource\.ToGVR/],
    ["resource.Get(resource.toGVR('apps/v1', 'Deployment'), 'team', 'web')", /^internal error: not implemented/],
    // A null result has no fields.
    ["resource.Get('v1', 'configmaps', 'default', 'missing').data", /./],
  ];
  it.each(errors)('%s fails', (expression, message) => {
    expect(errorOf(env.run(expression, { resources }))).toMatch(message);
  });

  it('reads nothing without a Context file: Get gives null, List fails as Kyverno offline does', () => {
    expect(valueOf(env.run("type(resource.Get('v1', 'configmaps', 'default', 'cm')) == type(null)"))).toBe(true);
    expect(errorOf(env.run("resource.List('v1', 'configmaps', 'default')"))).toBe('failed to list resource: configmaps resource not found');
  });

  it('uses a source that can map kinds and create objects when it has them', () => {
    const cluster = {
      ...resources,
      get: resources.get,
      list: resources.list,
      toGVR: (apiVersion: string, kind: string) => ({ group: 'apps', version: 'v1', resource: `${kind.toLowerCase()}s` }),
      post: (_a: string, _r: string, namespace: string, data: Readonly<Record<string, unknown>>) => ({ ...data, created: namespace }),
    };
    expect(valueOf(env.run("resource.Get(resource.ToGVR('apps/v1', 'Deployment'), 'team', 'web').metadata.name", { resources: cluster }))).toBe('web');
    expect(valueOf(env.run("resource.List(resource.ToGVR('apps/v1', 'Deployment'), 'team').items.size()", { resources: cluster }))).toBe(1n);
    expect(valueOf(env.run("resource.Post('v1', 'configmaps', 'ns1', {'a': 'b'}).created", { resources: cluster }))).toBe('ns1');
    expect(valueOf(env.run("resource.Post('v1', 'configmaps', {'a': 'b'}).created", { resources: cluster }))).toBe('');
  });

  it('reports source failures with the library prefix', () => {
    const failing = {
      get: () => {
        throw new Error('connection refused');
      },
      list: () => {
        throw new Error('forbidden');
      },
    };
    expect(errorOf(env.run("resource.Get('v1', 'configmaps', 'default', 'cm')", { resources: failing }))).toBe('failed to get resource: connection refused');
    expect(errorOf(env.run("resource.List('v1', 'configmaps', 'default')", { resources: failing }))).toBe('failed to list resource: forbidden');
  });

  const compileErrors: [string, RegExp][] = [
    // The namespaced form does not exist for a cluster-scoped policy.
    ["resource.Get('v1', 'configmaps', 'cm')", /no matching overload/],
    ["resource.List('v1', 'configmaps')", /no matching overload/],
    ["resource.Get('v1', 'configmaps', 'default', 1)", /no matching overload/],
    ["resource.List('v1', 'configmaps', 'default', {'a': 1})", /no matching overload/],
    ["resource.Delete('v1', 'configmaps', 'default', 'cm')", /no matching overload/],
  ];
  it.each(compileErrors)('%s is a compile error', (expression, message) => {
    const compiled = env.compile(expression);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error.message).toMatch(message);
  });
});

describe('resource (namespaced policy)', () => {
  const env = kyvernoEnvironment({ namespace: 'team' });
  const values: [string, unknown][] = [
    ["resource.Get('v1', 'configmaps', 'cm').data.name", 'team-pod'],
    ["resource.get('apps/v1', 'deployments', 'web').spec.replicas", 3n],
    ["resource.List('v1', 'configmaps').items.map(c, c.data.name)", ['team-pod']],
    ["resource.list('v1', 'configmaps', {'a': 'b'}).items.size()", 1n],
    ["type(resource.Get('v1', 'configmaps', 'other')) == type(null)", true],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(valueOf(env.run(expression, { resources }))).toEqual(value);
  });

  const compileErrors = [
    "resource.Get('v1', 'configmaps', 'default', 'cm')",
    "resource.List('v1', 'configmaps', 'default')",
    "resource.Post('v1', 'configmaps', 'default', {'a': 'b'})",
  ];
  it.each(compileErrors)('%s (the cluster-scoped form) is a compile error', (expression) => {
    expect(env.compile(expression).ok).toBe(false);
  });
});
