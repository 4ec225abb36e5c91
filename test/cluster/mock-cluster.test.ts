import { describe, expect, it } from 'vitest';
import { guessPlural, MockCluster, parseApiPath } from '../../src/cluster/index.js';
import type { JsonObject } from '../../src/types.js';

const object = (apiVersion: string, kind: string, namespace: string, name: string, labels: Record<string, string> = {}, extra: JsonObject = {}): JsonObject => ({
  apiVersion,
  kind,
  metadata: namespace === '' ? { name, labels } : { name, namespace, labels },
  ...extra,
});

const settings = object('v1', 'ConfigMap', 'shop', 'settings', { tier: 'web' }, { data: { mode: 'strict' } });
const limits = object('v1', 'ConfigMap', 'shop', 'limits', { tier: 'db' });
const other = object('v1', 'ConfigMap', 'tools', 'settings', {});
const web = object('apps/v1', 'Deployment', 'shop', 'web', { app: 'web', tier: 'web' });
const api = object('apps/v1', 'Deployment', 'tools', 'api', { app: 'api' });
const shop = object('v1', 'Namespace', '', 'shop', { env: 'prod' });
const admin = object('rbac.authorization.k8s.io/v1', 'ClusterRole', '', 'admin');
const runner = object('v1', 'Pod', 'shop', 'runner', {}, { spec: { nodeName: 'node-a' }, status: { phase: 'Running' } });
const spot = object('cloud.google.com/v1', 'ComputeClass', '', 'spot');
const gateway = object('gateway.networking.k8s.io/v1', 'Gateway', 'shop', 'edge');
const gatewayDefinition: JsonObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gateways.gateway.networking.k8s.io' },
  spec: { group: 'gateway.networking.k8s.io', scope: 'Namespaced', names: { kind: 'Gateway', plural: 'gateways' } },
};

const cluster = new MockCluster([settings, limits, other, web, api, shop, admin, runner, spot, gateway, gatewayDefinition]);

const names = (body: JsonObject): string[] => (body.items as JsonObject[]).map((item) => `${(item.metadata as JsonObject).namespace ?? ''}/${(item.metadata as JsonObject).name}`);

describe('MockCluster: GET of one object', () => {
  it.each<[string, string, JsonObject]>([
    ['a namespaced core object', '/api/v1/namespaces/shop/configmaps/settings', settings],
    ['the same name in another namespace', '/api/v1/namespaces/tools/configmaps/settings', other],
    ['a namespaced object of a group', '/apis/apps/v1/namespaces/shop/deployments/web', web],
    ['a Namespace', '/api/v1/namespaces/shop', shop],
    ['a Namespace status subresource', '/api/v1/namespaces/shop/status', shop],
    ['a cluster-scoped object', '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin', admin],
    ['a custom resource by its guessed plural', '/apis/cloud.google.com/v1/computeclasses/spot', spot],
    ['a custom resource by the plural of its definition', '/apis/gateway.networking.k8s.io/v1/namespaces/shop/gateways/edge', gateway],
    ['a path without the leading slash', 'api/v1/namespaces/shop/configmaps/settings', settings],
    ['a path with a trailing slash', '/api/v1/namespaces/shop/configmaps/settings/', settings],
    ['a status subresource', '/api/v1/namespaces/shop/pods/runner/status', runner],
  ])('%s: %s', (_name, path, expected) => {
    const response = cluster.get(path);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expected);
  });

  it.each<[string, string, string, JsonObject]>([
    ['a missing core object', '/api/v1/namespaces/shop/configmaps/missing', 'configmaps "missing" not found', { name: 'missing', kind: 'configmaps' }],
    ['a missing object of a group', '/apis/apps/v1/namespaces/shop/deployments/api', 'deployments.apps "api" not found', { name: 'api', group: 'apps', kind: 'deployments' }],
    ['a missing Namespace', '/api/v1/namespaces/nowhere', 'namespaces "nowhere" not found', { name: 'nowhere', kind: 'namespaces' }],
    ['a namespaced object without its namespace', '/api/v1/configmaps/settings', 'configmaps "settings" not found', { name: 'settings', kind: 'configmaps' }],
    ['another version of the object', '/apis/apps/v1beta1/namespaces/shop/deployments/web', 'deployments.apps "web" not found', { name: 'web', group: 'apps', kind: 'deployments' }],
  ])('404 NotFound for %s', (_name, path, message, details) => {
    expect(cluster.get(path)).toEqual({
      statusCode: 404,
      body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'NotFound', details, code: 404 },
    });
  });

  it.each([
    ['an unknown resource', '/api/v1/namespaces/shop/widgets'],
    ['a path outside the API', '/healthz'],
    ['a group version without resource', '/api/v1'],
    ['a cluster-scoped resource inside a namespace', '/api/v1/namespaces/shop/nodes'],
    ['an unknown subresource', '/api/v1/namespaces/shop/pods/runner/exec'],
    ['too many segments', '/api/v1/namespaces/shop/pods/runner/status/extra'],
  ])('404 without such a resource for %s', (_name, path) => {
    const response = cluster.get(path);
    expect(response.statusCode).toBe(404);
    expect(response.body.message).toBe('the server could not find the requested resource');
  });

  it('serves GET only', () => {
    const response = cluster.request('POST', '/api/v1/namespaces/shop/configmaps');
    expect(response.statusCode).toBe(405);
    expect(response.body.reason).toBe('MethodNotAllowed');
  });
});

describe('MockCluster: lists', () => {
  it.each<[string, string, string, string[]]>([
    ['in a namespace', '/api/v1/namespaces/shop/configmaps', 'ConfigMapList', ['shop/limits', 'shop/settings']],
    ['across namespaces', '/api/v1/configmaps', 'ConfigMapList', ['shop/limits', 'shop/settings', 'tools/settings']],
    ['of a group across namespaces', '/apis/apps/v1/deployments', 'DeploymentList', ['shop/web', 'tools/api']],
    ['of a group in a namespace', '/apis/apps/v1/namespaces/tools/deployments', 'DeploymentList', ['tools/api']],
    ['of Namespaces', '/api/v1/namespaces', 'NamespaceList', ['/shop']],
    ['empty in a namespace without objects', '/api/v1/namespaces/empty/configmaps', 'ConfigMapList', []],
    ['empty for a built-in kind without objects', '/apis/networking.k8s.io/v1/namespaces/shop/networkpolicies', 'NetworkPolicyList', []],
    ['by label equality', '/api/v1/namespaces/shop/configmaps?labelSelector=tier%3Dweb', 'ConfigMapList', ['shop/settings']],
    ['by label set', '/api/v1/configmaps?labelSelector=tier+in+(web,db)', 'ConfigMapList', ['shop/limits', 'shop/settings']],
    ['by label inequality', '/api/v1/configmaps?labelSelector=tier!%3Dweb', 'ConfigMapList', ['shop/limits', 'tools/settings']],
    ['by label existence', '/apis/apps/v1/deployments?labelSelector=tier', 'DeploymentList', ['shop/web']],
    ['by metadata.name', '/api/v1/configmaps?fieldSelector=metadata.name%3Dsettings', 'ConfigMapList', ['shop/settings', 'tools/settings']],
    ['by metadata.namespace', '/api/v1/configmaps?fieldSelector=metadata.namespace%3Dtools', 'ConfigMapList', ['tools/settings']],
    ['by both selectors', '/api/v1/configmaps?labelSelector=tier&fieldSelector=metadata.name!%3Dlimits', 'ConfigMapList', ['shop/settings']],
    ['by a pod field', '/api/v1/pods?fieldSelector=spec.nodeName%3Dnode-a,status.phase%3DRunning', 'PodList', ['shop/runner']],
  ])('%s: %s', (_name, path, kind, expected) => {
    const response = cluster.get(path);
    expect(response.statusCode).toBe(200);
    expect(response.body.kind).toBe(kind);
    expect(response.body.metadata).toEqual({});
    expect(names(response.body)).toEqual(expected);
  });

  it('gives the list the apiVersion of the request', () => {
    expect(cluster.get('/apis/apps/v1/deployments').body.apiVersion).toBe('apps/v1');
    expect(cluster.get('/api/v1/configmaps').body.apiVersion).toBe('v1');
  });

  it.each([
    ['a malformed label selector', '/api/v1/configmaps?labelSelector=tier%20in%20web', 'unable to parse requirement'],
    ['an unsupported field', '/api/v1/configmaps?fieldSelector=data.mode%3Dstrict', 'field label not supported: data.mode'],
    ['a field selector without operator', '/api/v1/configmaps?fieldSelector=metadata.name', "can't understand 'metadata.name'"],
  ])('400 BadRequest for %s', (_name, path, message) => {
    const response = cluster.get(path);
    expect(response.statusCode).toBe(400);
    expect(response.body.reason).toBe('BadRequest');
    expect(response.body.message).toContain(message);
  });
});

describe('MockCluster: contents', () => {
  it('keeps the first of two objects with the same identity', () => {
    const first = object('v1', 'ConfigMap', 'a', 'x', { n: '1' });
    const second = object('v1', 'ConfigMap', 'a', 'x', { n: '2' });
    const held = new MockCluster([first, second]);
    expect(held.size).toBe(1);
    expect(held.get('/api/v1/namespaces/a/configmaps/x').body).toBe(first);
  });

  it('ignores documents without apiVersion, kind or name', () => {
    const held = new MockCluster([{ kind: 'ConfigMap', metadata: { name: 'x' } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }]);
    expect(held.size).toBe(0);
  });

  it('answers the labels of its Namespace objects', () => {
    expect(cluster.namespaceLabels('shop')).toEqual({ env: 'prod' });
    expect(cluster.namespaceLabels('tools')).toBeUndefined();
  });

  it('uses a definition added after the objects', () => {
    const held = new MockCluster([object('example.com/v1', 'Proxy', 'a', 'p')]);
    expect(held.get('/apis/example.com/v1/namespaces/a/proxies/p').statusCode).toBe(200);
    held.addDefinition({ spec: { group: 'example.com', scope: 'Namespaced', names: { kind: 'Proxy', plural: 'proxyservers' } } });
    expect(held.get('/apis/example.com/v1/namespaces/a/proxyservers/p').statusCode).toBe(200);
    expect(held.get('/apis/example.com/v1/namespaces/a/proxies/p').statusCode).toBe(404);
  });
});

describe('MockCluster: answers kept per request', () => {
  it('gives the same answer object to the same request', () => {
    const held = new MockCluster([settings, limits, other]);
    const first = held.get('/api/v1/namespaces/shop/configmaps');
    expect(held.get('/api/v1/namespaces/shop/configmaps')).toBe(first);
    expect(held.request('GET', '/api/v1/namespaces/shop/configmaps')).toBe(first);
    expect(held.get('/api/v1/namespaces/shop/configmaps/missing')).toBe(held.get('/api/v1/namespaces/shop/configmaps/missing'));
  });

  it('answers anew once an object is added', () => {
    const held = new MockCluster([settings]);
    expect(names(held.get('/api/v1/namespaces/shop/configmaps').body)).toEqual(['shop/settings']);
    expect(held.get('/api/v1/namespaces/shop/configmaps/limits').statusCode).toBe(404);
    held.add(limits);
    expect(names(held.get('/api/v1/namespaces/shop/configmaps').body)).toEqual(['shop/limits', 'shop/settings']);
    expect(held.get('/api/v1/namespaces/shop/configmaps/limits').body).toBe(limits);
  });

  it('answers anew once a definition is added', () => {
    const held = new MockCluster([object('example.com/v1', 'Proxy', 'a', 'p')]);
    expect(held.get('/apis/example.com/v1/namespaces/a/proxyservers/p').statusCode).toBe(404);
    held.addDefinition({ spec: { group: 'example.com', scope: 'Namespaced', names: { kind: 'Proxy', plural: 'proxyservers' } } });
    expect(held.get('/apis/example.com/v1/namespaces/a/proxyservers/p').statusCode).toBe(200);
  });

  it('finds an object by identity only in the version it is held in', () => {
    const held = new MockCluster([web]);
    expect(held.get('/apis/apps/v1/namespaces/shop/deployments/web').body).toBe(web);
    expect(held.get('/apis/apps/v1beta1/namespaces/shop/deployments/web').statusCode).toBe(404);
    expect(held.get('/apis/apps/v1/deployments/web').statusCode).toBe(404);
  });
});

describe('API paths and plurals', () => {
  it.each([
    ['/api/v1/namespaces/a/pods', { group: '', version: 'v1', namespace: 'a', resource: 'pods' }],
    ['/apis/apps/v1/namespaces/a/deployments/d', { group: 'apps', version: 'v1', namespace: 'a', resource: 'deployments', name: 'd' }],
    ['/api/v1/nodes/n', { group: '', version: 'v1', resource: 'nodes', name: 'n' }],
    ['/api/v1/namespaces/a', { group: '', version: 'v1', resource: 'namespaces', name: 'a' }],
    ['/api/v1/pods?labelSelector=a%3Db&fieldSelector=x%3Dy', { group: '', version: 'v1', resource: 'pods', labelSelector: 'a=b', fieldSelector: 'x=y' }],
    ['/api/v1/namespaces/a/pods/p/log', { group: '', version: 'v1', namespace: 'a', resource: 'pods', name: 'p', subresource: 'log' }],
  ])('parses %s', (path, expected) => {
    expect(parseApiPath(path)).toEqual(expected);
  });

  it.each([
    ['Deployment', 'deployments'],
    ['Ingress', 'ingresses'],
    ['NetworkPolicy', 'networkpolicies'],
    ['Gateway', 'gateways'],
    ['Box', 'boxes'],
    ['Patch', 'patches'],
    ['ComputeClass', 'computeclasses'],
  ])('guesses the plural of %s', (kind, plural) => {
    expect(guessPlural(kind)).toBe(plural);
  });
});
