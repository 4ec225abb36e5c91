import { describe, expect, it } from 'vitest';
import { MockCluster } from '../../../../../src/cluster/index.js';
import { createAdmissionContext, type JsonContext } from '../../../../../src/families/kyverno/engine/context/index.js';
import {
  ApiCallMocks,
  enterOfflineScope,
  GlobalContextStore,
  leaveOfflineScope,
  OFFLINE_LOADER_FACTORIES,
  resolveOfflineEagerly,
  UnresolvedEntries,
  withUnresolvedHint,
  type ExternalData,
  type ExternalEntryKind,
} from '../../../../../src/families/kyverno/engine/context/external/index.js';
import type { ContextEntry } from '../../../../../src/families/kyverno/policy/types.js';
import { decodeImageData } from '../../../../../src/evaluate/image-data.js';
import type { JsonObject, RuleResponse } from '../../../../../src/types.js';

const pod: JsonObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'shop', labels: { app: 'nginx', tier: 'web' } },
  spec: { containers: [{ name: 'c', image: 'nginx' }] },
};

const cluster = new MockCluster([
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default', labels: { a: 'b' } }, data: { mode: 'strict', list: '["a","b"]' } },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'nginx-limits', namespace: 'shop' }, data: { cpu: '2' } },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'numbers', namespace: 'default' }, data: { count: 3 } },
  { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'deny-all', namespace: 'shop' }, spec: {} },
  { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'allow-dns', namespace: 'shop' }, spec: {} },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', labels: { tier: 'web' } } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'db', namespace: 'shop', labels: { tier: 'db' } } },
]);

const entryKind = (entry: ContextEntry): ExternalEntryKind | undefined =>
  (['configMap', 'apiCall', 'globalReference', 'imageRegistry'] as const).find((kind) => entry[kind] !== undefined);

interface Loaded {
  context: JsonContext;
  unresolved: UnresolvedEntries;
}

/** Registers `entries` as the engine does: mocked apiCalls first, then one deferred loader per entry. */
function load(entries: ContextEntry[], data: ExternalData | undefined, policyNamespace?: string, values: JsonObject = {}): Loaded {
  const context = createAdmissionContext({ resource: pod });
  for (const [key, value] of Object.entries(values)) context.addAtPath(key, value);
  const unresolved = new UnresolvedEntries();
  const previous = enterOfflineScope({ data, operation: 'CREATE', policyNamespace, unresolved });
  try {
    for (const entry of resolveOfflineEagerly(entries, context)) {
      const kind = entryKind(entry);
      const loader = kind === undefined ? undefined : OFFLINE_LOADER_FACTORIES[kind](entry, context);
      if (loader !== undefined) context.registerDeferred(entry.name, loader);
    }
  } finally {
    leaveOfflineScope(previous);
  }
  return { context, unresolved };
}

describe('configMap context entries', () => {
  it.each<[string, ContextEntry['configMap'], string, unknown]>([
    ['stores the data', { name: 'settings', namespace: 'default' }, 'cm.data.mode', 'strict'],
    ['defaults the namespace to default', { name: 'settings' }, 'cm.data.list', '["a","b"]'],
    ['substitutes name and namespace', { name: '{{ request.object.metadata.labels.app }}-limits', namespace: '{{ request.object.metadata.namespace }}' }, 'cm.data.cpu', '2'],
    ['stores metadata as the typed ConfigMap encodes it', { name: 'settings' }, 'cm.metadata', { name: 'settings', namespace: 'default', labels: { a: 'b' }, creationTimestamp: null }],
  ])('%s', (_name, configMap, query, expected) => {
    const { context, unresolved } = load([{ name: 'cm', configMap }], { cluster });
    expect(context.query(query)).toEqual(expected);
    expect(unresolved.size).toBe(0);
  });

  it('merges into a value of the same name', () => {
    const { context } = load([{ name: 'cm', configMap: { name: 'settings' } }], { cluster }, undefined, { 'cm.data.extra': 'x' });
    expect(context.query('cm.data')).toEqual({ mode: 'strict', list: '["a","b"]', extra: 'x' });
  });

  it.each<[string, ContextEntry['configMap'], string | undefined, string]>([
    ['a missing ConfigMap', { name: 'missing' }, undefined, 'failed to retrieve config map for context entry cm: failed to get configmap default/missing : configmaps "missing" not found'],
    ['data that is not strings', { name: 'numbers' }, undefined, 'value of key "count" is a float64, not a string'],
    ['a name that is not a string', { name: '{{ request.object.spec.containers }}' }, undefined, 'configMap.name {{ request.object.spec.containers }}: expected string, got []interface {}'],
    ['another namespace from a namespaced Policy', { name: 'settings', namespace: 'default' }, 'shop', 'configMap namespace "default" is different from policy namespace "shop"'],
  ])('leaves the name undefined for %s', (_name, configMap, policyNamespace, reason) => {
    const { context, unresolved } = load([{ name: 'cm', configMap }], { cluster }, policyNamespace);
    expect(() => context.query('cm.data')).toThrow('Unknown key "cm" in path');
    expect(unresolved.get('cm')?.reason).toContain(reason);
  });

  it("reads the policy's namespace for a namespaced Policy", () => {
    const { context } = load([{ name: 'cm', configMap: { name: 'nginx-limits' } }], { cluster }, 'shop');
    expect(context.query('cm.data.cpu')).toBe('2');
  });

  it('is left out without a cluster', () => {
    const { context, unresolved } = load([{ name: 'cm', configMap: { name: 'settings' } }], {});
    expect(() => context.query('cm')).toThrow('Unknown key "cm" in path');
    expect(unresolved.get('cm')).toMatchObject({ kind: 'configMap', lookup: 'ConfigMap settings', reason: 'no cluster resources were given' });
  });
});

describe('apiCall context entries against the cluster', () => {
  it.each<[string, JsonObject, string, unknown]>([
    ['a list with jmesPath', { urlPath: '/apis/networking.k8s.io/v1/namespaces/{{ request.namespace }}/networkpolicies', jmesPath: 'items | length(@)' }, 'count', 2],
    ['a list without jmesPath', { urlPath: '/apis/apps/v1/namespaces/shop/deployments?labelSelector=tier%3Dweb' }, 'count.items[].metadata.name', ['web']],
    ['one object', { urlPath: '/api/v1/namespaces/default/configmaps/settings', jmesPath: 'data.mode' }, 'count', 'strict'],
    ['an empty list', { urlPath: '/api/v1/namespaces/empty/pods', jmesPath: 'items' }, 'count', []],
    ['a failed call replaced by default', { urlPath: '/api/v1/namespaces/shop/configmaps/missing', jmesPath: 'data', default: { fallback: true } }, 'count', { fallback: true }],
    ['a text response', { urlPath: '/api/v1/namespaces/empty/pods', responseType: 'Text' }, 'count', '{"apiVersion":"v1","kind":"PodList","metadata":{},"items":[]}'],
  ])('%s', (_name, apiCall, query, expected) => {
    const { context } = load([{ name: 'count', apiCall }], { cluster });
    expect(context.query(query)).toEqual(expected);
  });

  it.each<[string, JsonObject, string | undefined, string]>([
    ['a missing object', { urlPath: '/api/v1/namespaces/shop/configmaps/missing' }, undefined, 'failed to fetch data for APICall: failed to  resource with raw url: /api/v1/namespaces/shop/configmaps/missing: configmaps "missing" not found'],
    ['a failing jmesPath', { urlPath: '/api/v1/namespaces/default/configmaps/settings', jmesPath: 'nope' }, undefined, 'failed to apply JMESPath nope for context entry count: Unknown key "nope" in path'],
    ['a service call', { service: { url: 'https://example.com/check' }, method: 'POST' }, undefined, 'POST https://example.com/check is not requested offline'],
    ['a path outside the namespace of a Policy', { urlPath: '/api/v1/namespaces/default/configmaps/settings' }, 'shop', 'outside the namespace shop'],
  ])('leaves the name undefined for %s', (_name, apiCall, policyNamespace, reason) => {
    const { context, unresolved } = load([{ name: 'count', apiCall }], { cluster }, policyNamespace);
    expect(() => context.query('count')).toThrow('Unknown key "count" in path');
    expect(unresolved.get('count')?.reason).toContain(reason);
  });

  it('is left out without a cluster, a value from the values file staying in place', () => {
    const entry: ContextEntry = { name: 'count', apiCall: { urlPath: '/api/v1/pods', jmesPath: 'items | length(@)' } };
    const { context, unresolved } = load([entry], {}, undefined, { count: '0' });
    expect(context.query('count')).toBe('0');
    expect(unresolved.get('count')).toMatchObject({ kind: 'apiCall', lookup: 'GET /api/v1/pods' });
  });
});

describe('apiCall context entries answered by apiCallResponses', () => {
  const mocks = new ApiCallMocks([
    { url: 'https://checks.example.com/allowed', body: { allowed: true, reasons: ['ok'] } },
    { url: 'https://checks.example.com/allowed', method: 'POST', body: { allowed: false } },
    { url: '/api/v1/namespaces/shop/pods', body: { items: [{ metadata: { name: 'mocked' } }] } },
    { url: 'https://checks.example.com/broken', statusCode: 503, body: { error: 'down' } },
  ]);

  it.each<[string, JsonObject, unknown]>([
    ['a service URL with jmesPath', { service: { url: 'https://checks.example.com/allowed' }, jmesPath: 'allowed' }, true],
    ['the mock of the exact method first', { service: { url: 'https://checks.example.com/allowed' }, method: 'POST', jmesPath: 'allowed' }, false],
    ['a URL path, before the cluster', { urlPath: '/api/v1/namespaces/{{ request.namespace }}/pods', jmesPath: 'items[].metadata.name' }, ['mocked']],
    ['the whole body without jmesPath', { service: { url: 'https://checks.example.com/allowed' } }, { allowed: true, reasons: ['ok'] }],
  ])('%s', (_name, apiCall, expected) => {
    const { context } = load([{ name: 'check', apiCall }], { cluster, apiCallMocks: mocks });
    expect(context.query('check')).toEqual(expected);
  });

  it('leaves unanswered calls to the normal path', () => {
    const entries: ContextEntry[] = [{ name: 'count', apiCall: { urlPath: '/apis/apps/v1/namespaces/shop/deployments', jmesPath: 'items | length(@)' } }];
    expect(load(entries, { cluster, apiCallMocks: mocks }).context.query('count')).toBe(2);
    expect(() => load(entries, { apiCallMocks: mocks }).context.query('count')).toThrow('Unknown key "count"');
  });

  it.each<[string, ContextEntry[], string]>([
    [
      'a mock with a non-2xx status',
      [{ name: 'check', apiCall: { service: { url: 'https://checks.example.com/broken' } } }],
      'HTTP 503 from apiCall mock for context entry "check" (v1 apiCall treats non-2xx as failure)',
    ],
    [
      'a failing jmesPath',
      [{ name: 'check', apiCall: { service: { url: 'https://checks.example.com/allowed' }, jmesPath: 'missing' } }],
      'failed to apply JMESPath "missing" for context entry "check": Unknown key "missing" in path',
    ],
    [
      'a variable entry declared before the call (not registered yet)',
      [
        { name: 'ns', variable: { value: 'shop' } },
        { name: 'pods', apiCall: { urlPath: '/api/v1/namespaces/{{ ns }}/pods' } },
      ],
      'failed to substitute variables in apiCall context entry "pods"',
    ],
  ])('fails the whole context for %s', (_name, entries, message) => {
    expect(() => load(entries, { apiCallMocks: mocks })).toThrow(message);
  });
});

describe('globalReference context entries', () => {
  const store = new GlobalContextStore([
    { name: 'deployments', data: { deployments: [{ name: 'a' }, { name: 'b' }] }, projections: [{ name: 'items', path: 'deployments' }] },
    { name: 'inline', resources: [{ kind: 'Deployment', metadata: { name: 'x' } }, { kind: 'Deployment', metadata: { name: 'y' } }], fieldPath: '[].metadata.name' },
    { name: 'plain', data: { region: 'eu' } },
    { name: 'web', data: { tier: 'web' } },
    { name: 'broken', data: { a: 1 }, fieldPath: 'missing' },
  ]);

  it.each<[string, JsonObject, unknown]>([
    ['a projection with jmesPath', { name: 'deployments', jmesPath: 'items | length(@)' }, 2],
    ['a projection by name', { name: 'deployments.items', jmesPath: '[].name' }, ['a', 'b']],
    ['resources narrowed by fieldPath', { name: 'inline' }, ['x', 'y']],
    ['data as is', { name: 'plain' }, { region: 'eu' }],
    ['a substituted name', { name: '{{ request.object.metadata.labels.tier }}', jmesPath: 'tier' }, 'web'],
  ])('%s', (_name, globalReference, expected) => {
    const { context } = load([{ name: 'g', globalReference }], { globalContext: store });
    expect(context.query('g')).toEqual(expected);
  });

  it.each<[string, string, string]>([
    ['a missing entry', 'nowhere', 'failed to fetch entry key=nowhere'],
    ['an entry that failed to resolve', 'broken', 'globalContextEntries "broken" fieldPath: Unknown key "missing" in path'],
    ['a projection of a non-object', 'inline.items', 'projection "items" requested but value is not an object'],
    ['a missing projection', 'plain.items', 'projection "items" not found'],
  ])('leaves the name undefined for %s', (_name, reference, reason) => {
    const { context, unresolved } = load([{ name: 'g', globalReference: { name: reference } }], { globalContext: store });
    expect(() => context.query('g')).toThrow('Unknown key "g" in path');
    expect(unresolved.get('g')?.reason).toContain(reason);
  });

  it('is left out without globalContextEntries', () => {
    const { unresolved } = load([{ name: 'g', globalReference: { name: 'plain' } }], { cluster });
    expect(unresolved.get('g')).toMatchObject({ kind: 'globalReference', reason: 'the test has no globalContextEntries' });
  });
});

describe('imageRegistry context entries', () => {
  it('are left out offline', () => {
    const { context, unresolved } = load([{ name: 'imageData', imageRegistry: { reference: '{{ element.image }}' } }], { cluster });
    expect(() => context.query('imageData.configData')).toThrow('Unknown key "imageData"');
    expect(unresolved.get('imageData')).toMatchObject({ lookup: 'image registry data of {{ element.image }}', reason: 'registry data is not fetched offline' });
    expect(unresolved.failure).toBeUndefined();
  });

  const digest = `sha256:${'c'.repeat(64)}`;
  const decoded = decodeImageData(
    { images: [{ image: 'nginx:1.25', digest, config: { config: { User: 'nginx' } }, manifest: { layers: [{ size: 5 }, { size: 7 }] } }] },
    'images.yaml',
  );
  const imageData = decoded.store!;

  it.each<[string, JsonObject, string, unknown]>([
    ['the whole data', { reference: 'nginx:1.25' }, 'img.configData.config.User', 'nginx'],
    ['after normalisation', { reference: 'docker.io/library/nginx:1.25' }, 'img.[registry, repository, identifier, resolvedImage]', ['index.docker.io', 'library/nginx', '1.25', `index.docker.io/library/nginx@${digest}`]],
    ['a substituted reference', { reference: 'nginx:{{ request.object.metadata.labels.version }}' }, 'img.image', 'nginx:1.25'],
    ['through jmesPath', { reference: 'nginx:1.25', jmesPath: 'sum(manifest.layers[*].size)' }, 'img', 12],
    ['through a substituted jmesPath', { reference: 'nginx:1.25', jmesPath: '{{ request.object.metadata.labels.field }}' }, 'img', 'nginx:1.25'],
  ])('load %s from the image data', (_name, imageRegistry, query, expected) => {
    const { context, unresolved } = load([{ name: 'img', imageRegistry }], { imageData }, undefined, { 'request.object.metadata.labels.version': '1.25', 'request.object.metadata.labels.field': 'image' });
    expect(context.query(query)).toEqual(expected);
    expect(unresolved.failure).toBeUndefined();
  });

  it.each<[string, ExternalData, JsonObject, string, boolean]>([
    ['no image data, required', { imageDataRequired: true }, { reference: 'nginx:1.25' }, 'image data for nginx:1.25 is read from its registry, which kyverno-lint does not contact: give it with --image-data <file>', true],
    ['an image the data lacks', { imageData }, { reference: 'nginx:1.26' }, 'failed to fetch image descriptor: nginx:1.26, error: no entry of the image data file images.yaml names this image: add one with "image: nginx:1.26"', false],
    ['an unparsable reference', { imageData }, { reference: 'Bad Ref' }, 'failed to fetch image descriptor: Bad Ref, error: could not parse reference: Bad Ref', false],
    ['a reference that is no string', { imageData }, { reference: '{{ request.object.spec.containers }}' }, 'invalid image reference', false],
    ['a failing jmesPath', { imageData }, { reference: 'nginx:1.25', jmesPath: 'sum(image)' }, 'failed to apply JMESPath (sum(image)) results to context entry img, error:', false],
  ])('fail the rule for %s', (_name, data, imageRegistry, message, noData) => {
    const { context, unresolved } = load([{ name: 'img', imageRegistry }], data);
    expect(() => context.query('img')).toThrow('Unknown key "img"');
    expect(unresolved.failure).toMatchObject({ name: 'img', message: expect.stringContaining(message), noData, count: 1 });
    const response = withUnresolvedHint({ name: 'r', type: 'Validation', status: 'fail', message: 'computed without the data', path: '/x' }, unresolved);
    expect(response).toEqual({ name: 'r', type: 'Validation', status: 'error', message: `failed to load context entry img: ${unresolved.failure!.message}`, ...(noData ? { needsRegistry: true } : {}) });
  });

  it('are not loaded when no query reads them', () => {
    const { unresolved } = load([{ name: 'img', imageRegistry: { reference: 'nginx:1.26' } }], { imageDataRequired: true });
    expect(unresolved.failure).toBeUndefined();
  });

  it('keep the first failure of a rule, and count the others', () => {
    const unresolved = new UnresolvedEntries();
    const entry = { name: 'img', imageRegistry: { reference: '{{ element.image }}' } };
    unresolved.fail(entry, 'imageRegistry', 'first', false);
    unresolved.resolved('img');
    unresolved.fail(entry, 'imageRegistry', 'second', false);
    expect(unresolved.failure).toEqual({ name: 'img', message: 'first', noData: false, count: 2 });
    expect(withUnresolvedHint({ name: 'r', type: 'Validation', status: 'pass', message: '' }, unresolved).message).toBe('failed to load context entry img: first (1 more lookup of the rule failed too)');
  });
});

describe('the hint for unresolved entries', () => {
  const unresolved = new UnresolvedEntries();
  unresolved.record({ name: 'cm', configMap: { name: 'settings', namespace: 'default' } }, 'configMap', 'no cluster resources were given');
  unresolved.record({ name: 'check', apiCall: { service: { url: 'https://x.example.com' } } }, 'apiCall', 'not requested offline');
  unresolved.record({ name: 'pods', apiCall: { urlPath: '/api/v1/pods' } }, 'apiCall', 'no cluster resources were given');
  const error = (message: string): RuleResponse => ({ name: 'r', type: 'Validation', status: 'error', message });

  it.each<[string, RuleResponse, string]>([
    [
      'a configMap',
      error('failed to substitute variables in deny conditions: Unknown key "cm" in path'),
      'failed to substitute variables in deny conditions: Unknown key "cm" in path (context entry "cm" (ConfigMap default/settings) was not resolved offline: no cluster resources were given; add the ConfigMap as a manifest of the scanned repository, to --cluster-resources (apply) or to clusterResources (test), or set "cm" in a values file (policies[].rules[].values))',
    ],
    [
      'a service call',
      error('Unknown key "check" in path'),
      'Unknown key "check" in path (context entry "check" (GET https://x.example.com) was not resolved offline: not requested offline; mock the call in the test\'s apiCallResponses, or set "check" in a values file (policies[].rules[].values))',
    ],
    [
      'a URL path',
      error('Unknown key "pods" in path'),
      'Unknown key "pods" in path (context entry "pods" (GET /api/v1/pods) was not resolved offline: no cluster resources were given; add the objects as manifests of the scanned repository, to --cluster-resources (apply) or to clusterResources (test), mock the call in the test\'s apiCallResponses, or set "pods" in a values file (policies[].rules[].values))',
    ],
    ['another unknown key', error('Unknown key "other" in path'), 'Unknown key "other" in path'],
    ['a failure', { name: 'r', type: 'Validation', status: 'fail', message: 'Unknown key "cm" in path' }, 'Unknown key "cm" in path'],
  ])('for %s', (_name, response, message) => {
    expect(withUnresolvedHint(response, unresolved).message).toBe(message);
  });
});

describe('answers of the cluster shared by evaluations', () => {
  it('stores the same results for every evaluation, as copies of their own', () => {
    const apiCall = { urlPath: '/apis/apps/v1/namespaces/shop/deployments', jmesPath: 'items[].metadata.name' };
    const first = load([{ name: 'names', apiCall }], { cluster }).context;
    const second = load([{ name: 'names', apiCall }], { cluster }).context;
    expect(first.query('names')).toEqual(['db', 'web']);
    expect(second.query('names')).toEqual(['db', 'web']);
    expect(cluster.get('/apis/apps/v1/namespaces/shop/deployments').body.items).toHaveLength(2);
  });

  it('searches the answer again for expressions that read the clock or draw random values', () => {
    const apiCall = { urlPath: '/api/v1/namespaces/default/configmaps/settings', jmesPath: "random('[a-z]{24}')" };
    const drawn = new Set([0, 1, 2].map(() => load([{ name: 'r', apiCall }], { cluster }).context.query('r')));
    expect(drawn.size).toBe(3);
  });

  it('stores a ConfigMap the same way for every evaluation', () => {
    const entry: ContextEntry = { name: 'cm', configMap: { name: 'settings', namespace: 'default' } };
    const first = load([entry], { cluster }).context.query('cm');
    expect(load([entry], { cluster }).context.query('cm')).toEqual(first);
    expect(first).toEqual({ data: { mode: 'strict', list: '["a","b"]' }, metadata: { name: 'settings', namespace: 'default', labels: { a: 'b' }, creationTimestamp: null } });
  });
});

