import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/environment.js';
import { ADMISSION_REQUEST_TYPE, NAMESPACE_TYPE } from '../../../src/lang/cel/index.js';
import { compileError, evaluate } from './run.js';

/** Kyverno's ValidatingPolicy variables (kyverno/kyverno pkg/cel/policies/vpol/compiler/compiler.go, createBaseVpolEnv). */
const env = createCelEnvironment({
  variables: { object: 'dyn', oldObject: 'dyn', request: ADMISSION_REQUEST_TYPE, namespaceObject: NAMESPACE_TYPE, variables: 'kyverno.variables' },
  objectTypes: { 'kyverno.variables': { images: 'list<string>', name: 'string', count: 'int', anything: 'dyn' } },
});

const request = {
  uid: '',
  kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
  resource: { group: 'apps', version: 'v1', resource: 'deployments' },
  requestKind: { group: 'apps', version: 'v1', kind: 'Deployment' },
  requestResource: { group: 'apps', version: 'v1', resource: 'deployments' },
  name: 'web',
  namespace: 'prod',
  operation: 'CREATE',
  userInfo: { username: 'system:serviceaccount:prod:deployer', groups: ['system:serviceaccounts'], extra: { scopes: ['a', 'b'] } },
  object: { spec: { replicas: 3 } },
  oldObject: null,
  dryRun: false,
  options: null,
};
const namespaceObject = {
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name: 'prod', labels: { env: 'prod' }, creationTimestamp: '2024-05-06T07:08:09Z', generation: 2, finalizers: ['kubernetes'] },
  spec: { finalizers: ['kubernetes'] },
  status: { phase: 'Active', conditions: [{ type: 'NamespaceDeletionDiscoveryFailure', status: 'False', lastTransitionTime: '2024-05-06T07:08:09Z' }] },
};
const variables = { images: ['nginx'], name: 'web', count: 2n, anything: { a: [1] } };
const activation = { object: request.object, oldObject: null, request, namespaceObject, variables };

describe('object types (k8s.io/apiserver BuildRequestType/BuildNamespaceType, Kyverno variables)', () => {
  const values: [string, unknown][] = [
    ['request.namespace', 'prod'],
    ["request.kind.group + '/' + request.kind.version + '/' + request.kind.kind", 'apps/v1/Deployment'],
    ['request.resource.resource', 'deployments'],
    ['request.requestResource.group', 'apps'],
    ["request.operation == 'CREATE'", true],
    ["request.userInfo.username.startsWith('system:serviceaccount:')", true],
    ["'system:serviceaccounts' in request.userInfo.groups", true],
    ["request.userInfo.extra['scopes'].size()", 2n],
    ['request.dryRun', false],
    ['request.options == null', true],
    // object and oldObject are dyn (Kyverno's BuildRequestType).
    ['request.object.spec.replicas', 3],
    ['request.oldObject == null', true],
    ['request.kind == request.requestKind', true],
    ['has(request.userInfo.uid)', false],
    ['has(request.name)', true],
    ["request.?subResource.orValue('') == ''", true],
    ['namespaceObject.metadata.name', 'prod'],
    ["namespaceObject.metadata.labels['env']", 'prod'],
    ["namespaceObject.metadata.?labels.?team.orValue('none')", 'none'],
    // Fields are converted to their declared types: int, timestamp.
    ['namespaceObject.metadata.generation + 1', 3n],
    ['namespaceObject.metadata.creationTimestamp.getFullYear()', 2024n],
    ["namespaceObject.status.conditions[0].lastTransitionTime < timestamp('2025-01-01T00:00:00Z')", true],
    ["namespaceObject.status.conditions.exists(c, c.status == 'False')", true],
    ["namespaceObject.status.phase == 'Active'", true],
    ["namespaceObject.spec.finalizers == ['kubernetes']", true],
    ['namespaceObject != null', true],
    ["variables.name + ':' + variables.images[0]", 'web:nginx'],
    ['variables.count * 2', 4n],
    ['variables.anything.a[0]', 1],
    ['has(variables.images)', true],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(evaluate(env, expression, activation)).toEqual({ ok: true, value });
  });

  it('types fields', () => {
    const types: [string, string][] = [
      ['request.namespace', 'string'],
      ['request.userInfo.groups', 'list<string>'],
      ['request.userInfo.extra', 'map<string, list<string>>'],
      ['request.kind', 'kubernetes.GroupVersionKind'],
      ['request.object', 'dyn'],
      ['namespaceObject.metadata.generation', 'int'],
      ['namespaceObject.metadata.creationTimestamp', 'google.protobuf.Timestamp'],
      ['variables.images', 'list<string>'],
      ['variables.anything', 'dyn'],
    ];
    for (const [expression, type] of types) {
      const compiled = env.compile(expression);
      expect(compiled.ok && compiled.program.outputType, expression).toBe(type);
    }
  });

  const compileErrors: [string, RegExp, number, number][] = [
    ['request.unknownField', /No such key: unknownField/, 8, 20],
    ['request.?unknownField', /No such key: unknownField/, 9, 21],
    ["request['unknownField']", /No such key: unknownField/, 0, 23],
    ['request.kind.name', /No such key: name/, 13, 17],
    ['request.namespace + 1', /no (such|matching) overload/, 0, 21],
    ['request.userInfo.groups.size() == "1"', /no (such|matching) overload/, 0, 37],
    ['namespaceObject.metadata.uid', /No such key: uid/, 25, 28],
    ['namespaceObject.spec.phase', /No such key: phase/, 21, 26],
    ['variables.undeclared', /No such key: undeclared/, 10, 20],
    ['variables.name > 1', /no (such|matching) overload/, 0, 18],
    ['request.kind == request.resource', /no (such|matching) overload/, 0, 32],
  ];
  it.each(compileErrors)('%s is a compile error', (expression, message, start, end) => {
    const error = compileError(env, expression);
    expect(error?.message).toMatch(message);
    expect([error?.start, error?.end]).toEqual([start, end]);
  });

  describe('a null namespaceObject (cluster-scoped resources)', () => {
    const nullNamespace = { ...activation, namespaceObject: null };
    it.each([
      ['namespaceObject == null', true],
      ['namespaceObject != null', false],
      ["namespaceObject == null || namespaceObject.metadata.name == 'x'", true],
      ['has(namespaceObject.metadata)', false],
    ] as [string, unknown][])('%s', (expression, value) => {
      expect(evaluate(env, expression, nullNamespace)).toEqual({ ok: true, value });
    });

    it('is an error on field access', () => {
      expect(evaluate(env, 'namespaceObject.metadata.name', nullNamespace)).toMatchObject({
        ok: false,
        error: { message: 'no such key: metadata', start: 16, end: 24 },
      });
    });
  });

  const runtimeErrors: [string, Record<string, unknown>, RegExp][] = [
    // A declared but absent field.
    ['request.userInfo.uid', activation, /no such key: uid/],
    // A field of the wrong type.
    ['request.namespace', { ...activation, request: { ...request, namespace: 5 } }, /Field 'namespace' is not of type 'string'/],
    ['variables.name', { ...activation, variables: { name: 1 } }, /not of type 'string'/],
    ['request.name', { ...activation, request: 'x' }, /not of type 'kubernetes.AdmissionRequest'/],
  ];
  it.each(runtimeErrors)('%s is a runtime error', (expression, values, message) => {
    const result = evaluate(env, expression, values);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
  });

  it('reads fields of lazily computed values once, on access', () => {
    let reads = 0;
    const lazy = {
      get name() {
        reads++;
        return 'lazy';
      },
    };
    const compiled = env.compile("variables.name + variables.name + (true ? '' : string(variables.count))");
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.program.evaluate({ ...activation, variables: lazy })).toEqual({ ok: true, value: 'lazylazy' });
    expect(reads).toBe(1);
  });

  it('keeps the object types of one environment apart from another', () => {
    const other = createCelEnvironment({ variables: { variables: 'kyverno.variables' }, objectTypes: { 'kyverno.variables': { other: 'int' } } });
    expect(compileError(other, 'variables.name')?.message).toMatch(/No such key: name/);
    expect(evaluate(other, 'variables.other + 1', { variables: { other: 1 } })).toEqual({ ok: true, value: 2n });
    expect(evaluate(env, "variables.name + '!'", activation)).toEqual({ ok: true, value: 'web!' });
  });
});
