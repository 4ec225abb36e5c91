import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClusterObjects } from '../../src/commands/load/cluster-resources.js';
import { DiagnosticLog } from '../../src/commands/load/diagnostics.js';
import { decodeTest } from '../../src/commands/test/test-file.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { ROOT } from './helpers.js';

const base: JsonObject = {
  apiVersion: 'cli.kyverno.io/v1alpha1',
  kind: 'Test',
  policies: ['policy.yaml'],
  resources: ['resources.yaml'],
  results: [{ policy: 'p', rule: 'r', resources: ['a'], kind: 'Pod', result: 'pass' }],
};

describe('apiCallResponses in a Test', () => {
  it('decodes the mocks, the status code defaulting to 200 later', () => {
    const { test, errors } = decodeTest(
      {
        ...base,
        apiCallResponses: [
          { url: 'https://x.example.com/a', response: { body: { ok: true } } },
          { urlPath: '/api/v1/pods', method: 'post', response: { statusCode: 503, body: { error: 'down' } } },
        ],
      },
      'f',
    );
    expect(errors).toEqual([]);
    expect(test?.apiCallResponses).toEqual([
      { url: 'https://x.example.com/a', statusCode: 0, body: { ok: true } },
      { url: '/api/v1/pods', method: 'POST', statusCode: 503, body: { error: 'down' } },
    ]);
  });

  it.each<[string, JsonValue, string]>([
    ['no URL', { response: { body: {} } }, 'apiCallResponses[0]: either url or urlPath is required'],
    ['both URL kinds', { url: 'https://x.example.com', urlPath: '/api', response: { body: {} } }, 'apiCallResponses[0]: url and urlPath are mutually exclusive'],
    ['a relative URL', { url: 'x.example.com/a', response: { body: {} } }, 'apiCallResponses[0]: url "x.example.com/a" must be an absolute https/http URL'],
    ['a relative path', { urlPath: 'api/v1/pods', response: { body: {} } }, `apiCallResponses[0]: urlPath "api/v1/pods" must be an absolute path starting with '/'`],
    ['another method', { urlPath: '/api', method: 'PUT', response: { body: {} } }, 'apiCallResponses[0]: method must be GET or POST'],
    ['no body', { urlPath: '/api', response: {} }, 'apiCallResponses[0] "/api": response.body is required'],
    ['a body that is not an object', { urlPath: '/api', response: { body: [1] } }, 'apiCallResponses[0] "/api": response.body must be a JSON object'],
    ['a status out of range', { urlPath: '/api', response: { statusCode: 42, body: {} } }, 'apiCallResponses[0] "/api": statusCode 42 must be between 100 and 599'],
    ['an unknown field', { urlPath: '/api', response: { body: {} }, headers: {} }, 'unknown field "headers"'],
  ])('rejects %s', (_name, mock, message) => {
    const { test, errors } = decodeTest({ ...base, apiCallResponses: [mock] }, 'f');
    expect(test).toBeUndefined();
    expect(errors.map((error) => error.message)).toContain(message);
  });

  it.each<[string, JsonValue[], string | null]>([
    ['the same URL twice', [{ urlPath: '/api', response: { body: {} } }, { urlPath: '/api', response: { body: { b: 1 } } }], 'apiCallResponses: duplicate entry for "/api" (key "/api") — each method+url combination must be unique'],
    [
      'the same method and URL twice (method case ignored)',
      [{ url: 'https://x.example.com', method: 'GET', response: { body: {} } }, { url: 'https://x.example.com', method: 'get', response: { body: {} } }],
      'apiCallResponses: duplicate entry for "https://x.example.com" (key "GET:https://x.example.com") — each method+url combination must be unique',
    ],
    ['one URL with and without a method', [{ urlPath: '/api', response: { body: {} } }, { urlPath: '/api', method: 'POST', response: { body: {} } }], null],
  ])('checks lookup keys are unique: %s', (_name, mocks, message) => {
    const { test, errors } = decodeTest({ ...base, apiCallResponses: mocks }, 'f');
    if (message === null) {
      expect(errors).toEqual([]);
      expect(test?.apiCallResponses).toHaveLength(2);
    } else {
      expect(test).toBeUndefined();
      expect(errors).toEqual([{ message, path: ['apiCallResponses', 1] }]);
    }
  });
});

describe('globalContextEntries in a Test', () => {
  it('decodes data, resources, resourceFiles, fieldPath and projections', () => {
    const { test, errors } = decodeTest(
      {
        ...base,
        globalContextEntries: [
          { name: 'a', data: { x: 1 }, fieldPath: 'x' },
          { name: 'b', resources: [{ kind: 'Pod' }], projections: [{ name: 'names', path: '[].metadata.name' }] },
          { name: 'c', resourceFiles: ['deployments.yaml'] },
        ],
      },
      'f',
    );
    expect(errors).toEqual([]);
    expect(test?.globalContextEntries).toEqual([
      { name: 'a', data: { x: 1 }, fieldPath: 'x' },
      { name: 'b', resources: [{ kind: 'Pod' }], projections: [{ name: 'names', path: '[].metadata.name' }] },
      { name: 'c', resourceFiles: ['deployments.yaml'] },
    ]);
  });

  it.each<[string, JsonValue[], string]>([
    ['no name', [{ data: {} }], 'globalContextEntries: name is required'],
    ['a duplicate name', [{ name: 'a', data: {} }, { name: 'a', data: {} }], 'globalContextEntries: duplicate name "a"'],
    ['no source', [{ name: 'a' }], 'globalContextEntries entry "a": one of data, resources, or resourceFiles is required'],
    ['null sources', [{ name: 'a', data: null, resources: null }], 'globalContextEntries entry "a": one of data, resources, or resourceFiles is required'],
    ['data and resources', [{ name: 'a', data: {}, resources: [] }], 'globalContextEntries entry "a": data, resources, and resourceFiles are mutually exclusive'],
    ['resources and resourceFiles', [{ name: 'a', resources: [{}], resourceFiles: ['x.yaml'] }], 'globalContextEntries entry "a": data, resources, and resourceFiles are mutually exclusive'],
    ['data that is not an object', [{ name: 'a', data: [1] }], 'globalContextEntries entry "a": data must be a JSON object'],
    ['a resource that is not an object', [{ name: 'a', resources: [{}, 'Pod'] }], 'globalContextEntries entry "a" resources[1]: must be a JSON object (Kubernetes resource manifest)'],
    ['an empty resource file path', [{ name: 'a', resourceFiles: ['x.yaml', ' '] }], 'globalContextEntries entry "a" resourceFiles[1]: file path must not be empty'],
    ['an absolute resource file path', [{ name: 'a', resourceFiles: ['/etc/x.yaml'] }], 'globalContextEntries entry "a" resourceFiles[0]: file path must not be absolute'],
    ['a resource file outside the test folder', [{ name: 'a', resourceFiles: ['data/../../x.yaml'] }], 'globalContextEntries entry "a" resourceFiles[0]: file path must not escape the test directory'],
    ['a projection without name', [{ name: 'a', data: {}, projections: [{ path: 'x' }] }], 'globalContextEntries entry "a": projection name is required'],
    ['a projection without path', [{ name: 'a', data: {}, projections: [{ name: 'p' }] }], 'globalContextEntries entry "a" projection "p": path is required'],
  ])('rejects %s', (_name, entries, message) => {
    const { errors } = decodeTest({ ...base, globalContextEntries: entries }, 'f');
    expect(errors.map((error) => error.message)).toContain(message);
  });
});

describe('cluster state files', () => {
  const silent = new DiagnosticLog({ stdout: () => {}, stderr: () => {}, cwd: ROOT });
  const names = (objects: JsonObject[]): string[] =>
    objects.map((object) => {
      const metadata = object.metadata as JsonObject;
      return `${String(object.kind)} ${String(metadata.namespace ?? '')}/${String(metadata.name)}`;
    });

  it('reads ClusterResource documents with their CRD files, relative to the given base', () => {
    const dir = path.join(ROOT, 'test/fixtures/context/test');
    const loaded = loadClusterObjects([path.join(dir, 'cluster.yaml')], silent, { crdBase: dir });
    expect(loaded.failed).toEqual([]);
    expect(names(loaded.objects)).toEqual(['ConfigMap platform/tier-settings', 'ComputeClass /spot', 'ComputeClass /standard']);
    expect(loaded.definitions.map((definition) => (definition.metadata as JsonObject).name)).toEqual(['computeclasses.cloud.example.com']);
  });

  it('reads plain manifests, placing namespaced kinds without namespace in default', () => {
    const dir = path.join(ROOT, 'test/fixtures/context/apply/cluster');
    const loaded = loadClusterObjects([path.join(dir, 'platform.yaml'), path.join(dir, 'network-policies.yaml')], silent);
    expect(names(loaded.objects)).toEqual(['Namespace /shop', 'Namespace /lab', 'ConfigMap platform/tier-settings', 'ConfigMap default/defaults', 'NetworkPolicy shop/default-deny']);
  });

  it('records files that cannot be read', () => {
    const loaded = loadClusterObjects([path.join(ROOT, 'test/fixtures/cli/missing.yaml')], silent);
    expect(loaded.failed).toHaveLength(1);
  });
});
