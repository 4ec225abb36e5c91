import { describe, expect, it } from 'vitest';
import {
  AdmissionValidator,
  admissionRequest,
  celValue,
  collectParams,
  formatLabelSelector,
  namespaceObject,
  offlineParamStore,
  type AdmissionExpressions,
  type ParamStore,
} from '../../../src/families/admission/index.js';
import { admissionCelEnvironment } from '../../../src/families/admission/environment.js';
import { MockCluster } from '../../../src/cluster/index.js';
import type { JsonObject, JsonValue } from '../../../src/types.js';

describe('celValue', () => {
  it.each([
    { title: 'float64 keeps numbers as doubles', value: { a: 1, b: [2, 2.5] }, mode: 'float64' as const, expected: { a: 1, b: [2, 2.5] } },
    { title: 'float64 rounds exact int64 values', value: { a: 2n ** 60n }, mode: 'float64' as const, expected: { a: 2 ** 60 } },
    { title: 'int64 makes integral numbers ints', value: { a: 1, b: [2, 2.5], c: 'x', d: null }, mode: 'int64' as const, expected: { a: 1n, b: [2n, 2.5], c: 'x', d: null } },
    { title: 'int64 keeps exact int64 values', value: [2n ** 60n], mode: 'int64' as const, expected: [2n ** 60n] },
  ])('$title', ({ value, mode, expected }) => {
    expect(celValue(value as JsonValue, mode)).toEqual(expected);
  });

  it('converts an object once per number mode', () => {
    const object: JsonObject = { spec: { replicas: 2 } };
    expect(celValue(object, 'int64')).toBe(celValue(object, 'int64'));
    expect(celValue(object, 'float64')).toBe(object);
  });
});

describe('admissionRequest and namespaceObject', () => {
  const kind = { group: 'apps', version: 'v1', kind: 'Deployment' };
  const resource = { group: '', version: '', resource: '' };

  it('leaves out the empty omitempty fields', () => {
    expect(admissionRequest({ kind, resource, name: '', namespace: '', operation: 'CREATE', user: {} })).toEqual({
      uid: '',
      kind,
      resource,
      requestKind: kind,
      requestResource: resource,
      operation: 'CREATE',
      userInfo: {},
      dryRun: false,
    });
  });

  it('carries the name, namespace, subresource and user', () => {
    const request = admissionRequest({
      kind,
      resource: { group: 'apps', version: 'v1', resource: 'deployments' },
      subResource: 'scale',
      name: 'web',
      namespace: 'shop',
      operation: 'UPDATE',
      user: { username: 'alice', uid: '42', groups: ['devs'], extra: { team: ['a'] } },
    });
    expect(request).toMatchObject({
      subResource: 'scale',
      requestSubResource: 'scale',
      name: 'web',
      namespace: 'shop',
      operation: 'UPDATE',
      userInfo: { username: 'alice', uid: '42', groups: ['devs'], extra: { team: ['a'] } },
    });
  });

  it.each<{ name: string; labels: Record<string, string> | undefined; expected: JsonObject | null }>([
    { name: '', labels: undefined, expected: null },
    { name: 'shop', labels: undefined, expected: { metadata: { name: 'shop' } } },
    { name: 'shop', labels: {}, expected: { metadata: { name: 'shop' } } },
    { name: 'shop', labels: { env: 'prod' }, expected: { metadata: { name: 'shop', labels: { env: 'prod' } } } },
  ])('namespaceObject($name, $labels)', ({ name, labels, expected }) => {
    expect(namespaceObject(name, labels)).toEqual(expected);
  });
});

describe('formatLabelSelector', () => {
  it.each([
    { selector: {}, expected: '' },
    { selector: { matchLabels: { b: '2', a: '1' } }, expected: 'a=1,b=2' },
    {
      selector: {
        matchLabels: { app: 'web' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['b', 'a'] },
          { key: 'env', operator: 'NotIn', values: ['dev'] },
          { key: 'owner', operator: 'Exists' },
          { key: 'legacy', operator: 'DoesNotExist' },
        ],
      },
      expected: 'app=web,env notin (dev),!legacy,owner,tier in (a,b)',
    },
    { selector: { matchExpressions: [{ key: 'a', operator: 'Equals', values: ['x'] }] }, expected: '<error>' },
    { selector: { matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }, expected: '<error>' },
  ])('$expected', ({ selector, expected }) => {
    expect(formatLabelSelector(selector as JsonValue)).toBe(expected);
  });
});

/** A store answering with Kubernetes scopes (ConfigMaps namespaced, Nodes not), for `CollectParams` itself. */
function scopedStore(objects: JsonObject[]): ParamStore & { calls: string[] } {
  const calls: string[] = [];
  const ns = (object: JsonObject): string => String((object.metadata as JsonObject).namespace ?? '');
  return {
    calls,
    isNamespaced(_group, _version, kind) {
      if (kind === 'Unknown') throw new Error('not found');
      return kind === 'ConfigMap';
    },
    get(_apiVersion, kind, namespace, name) {
      calls.push(`get ${namespace}/${name}`);
      const found = objects.find((object) => object.kind === kind && ns(object) === namespace && (object.metadata as JsonObject).name === name);
      if (!found) throw new Error(`${kind.toLowerCase()}s "${name}" not found`);
      return found;
    },
    list(_apiVersion, kind, namespace, selector) {
      calls.push(`list ${namespace} ${selector}`);
      return objects.filter((object) => object.kind === kind && (namespace === '' || ns(object) === namespace));
    },
  };
}

describe('collectParams', () => {
  const cm = (name: string, namespace: string): JsonObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace } });
  const objects = [cm('limits', 'shop'), cm('limits', 'other'), { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } }];
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap' };
  const node = { apiVersion: 'v1', kind: 'Node' };

  it.each([
    { title: 'namespaced kind: the request namespace', kind: configMap, ref: { name: 'limits' }, namespace: 'shop', result: { params: [cm('limits', 'shop')] }, calls: ['get shop/limits'] },
    { title: 'namespaced kind: paramRef.namespace wins', kind: configMap, ref: { name: 'limits', namespace: 'other' }, namespace: 'shop', result: { params: [cm('limits', 'other')] }, calls: ['get other/limits'] },
    {
      title: 'namespaced kind, cluster-scoped request',
      kind: configMap,
      ref: { name: 'limits' },
      namespace: '',
      result: { error: "can't use namespaced paramRef to match cluster-scoped resources" },
      calls: [],
    },
    {
      title: 'cluster-scoped kind with a namespace',
      kind: node,
      ref: { name: 'n1', namespace: 'shop' },
      namespace: 'shop',
      result: { error: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' },
      calls: [],
    },
    { title: 'cluster-scoped kind by name', kind: node, ref: { name: 'n1' }, namespace: 'shop', result: { params: [objects[2]] }, calls: ['get /n1'] },
    { title: 'a missing object', kind: configMap, ref: { name: 'nope' }, namespace: 'shop', result: { error: 'configmaps "nope" not found' }, calls: ['get shop/nope'] },
    { title: 'a selector lists', kind: configMap, ref: { selector: { matchLabels: { a: 'b' } } }, namespace: 'shop', result: { params: [cm('limits', 'shop')] }, calls: ['list shop a=b'] },
    { title: 'neither name nor selector: no params', kind: configMap, ref: {}, namespace: 'shop', result: { params: [] }, calls: [] },
    { title: 'no params with Deny', kind: configMap, ref: { parameterNotFoundAction: 'Deny' }, namespace: 'shop', result: { error: 'no params found' }, calls: [] },
    {
      title: 'an unknown kind',
      kind: { apiVersion: 'v1', kind: 'Unknown' },
      ref: { name: 'x' },
      namespace: 'shop',
      result: { error: 'failed to check if resource is namespaced or not (not found)' },
      calls: [],
    },
    { title: 'a bad apiVersion', kind: { apiVersion: 'a/b/c', kind: 'ConfigMap' }, ref: { name: 'x' }, namespace: 'shop', result: { error: "can't parse the parameter resource group version" }, calls: [] },
  ])('$title', ({ kind, ref, namespace, result, calls }) => {
    const store = scopedStore(objects);
    expect(collectParams(kind, ref, namespace, store)).toEqual(result);
    expect(store.calls).toEqual(calls);
  });
});

describe('offlineParamStore (the Kyverno CLI fake client)', () => {
  const cm = (name: string, namespace: string | null, labels: Record<string, string> = {}): JsonObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, ...(namespace === null ? {} : { namespace }), labels },
  });

  it('knows a kind when its lower-cased name plus s is a resource, and calls it cluster-scoped', () => {
    const store = offlineParamStore([{ apiVersion: 'example.com/v1', kind: 'Limit', metadata: { name: 'x' } }]);
    expect(store.isNamespaced('', 'v1', 'ConfigMap')).toBe(false);
    expect(store.isNamespaced('example.com', 'v1', 'Limit')).toBe(false);
    expect(() => store.isNamespaced('', 'v1', 'Pod')).toThrow('not found');
    expect(() => store.isNamespaced('networking.k8s.io', 'v1', 'NetworkPolicy')).toThrow('not found');
  });

  it('gets by namespace and name, from the objects then the cluster', () => {
    const cluster = new MockCluster([cm('from-cluster', null)]);
    const store = offlineParamStore([cm('a', null), cm('b', 'shop')], cluster);
    expect(store.get('v1', 'ConfigMap', '', 'a')).toEqual(cm('a', null));
    expect(store.get('v1', 'ConfigMap', 'shop', 'b')).toEqual(cm('b', 'shop'));
    expect(store.get('v1', 'ConfigMap', '', 'from-cluster')).toEqual(cm('from-cluster', null));
    expect(() => store.get('v1', 'ConfigMap', '', 'b')).toThrow('configmaps "b" not found');
    expect(() => store.get('apps/v1', 'Deployment', '', 'x')).toThrow('deployments.apps "x" not found');
  });

  it('lists across namespaces with a label selector, without duplicates', () => {
    const shared = cm('shared', 'shop', { p: 'yes' });
    const cluster = new MockCluster([shared, cm('in-cluster', 'other', { p: 'yes' })]);
    const store = offlineParamStore([cm('a', 'shop', { p: 'yes' }), cm('b', 'other', { p: 'no' }), shared], cluster);
    expect(store.list('v1', 'ConfigMap', '', 'p=yes').map((object) => (object.metadata as JsonObject).name)).toEqual(['a', 'shared', 'in-cluster']);
    expect(store.list('v1', 'ConfigMap', 'shop', '').map((object) => (object.metadata as JsonObject).name)).toEqual(['a', 'shared']);
    expect(() => store.list('v1', 'ConfigMap', '', '<error>')).toThrow();
  });
});

describe('AdmissionValidator', () => {
  const bindings = { object: { metadata: { name: 'web' } }, oldObject: null, request: { operation: 'CREATE' }, namespaceObject: null };
  const expressions = (overrides: Partial<AdmissionExpressions>): AdmissionExpressions => ({ matchConditions: [], variables: [], validations: [], ...overrides });

  it.each([
    {
      title: 'Fail: an evaluation error denies',
      failurePolicy: 'Fail' as const,
      validations: [{ expression: 'object.nope == 1' }],
      decision: { action: 'deny', evaluation: 'error' },
    },
    {
      title: 'Ignore: an evaluation error admits',
      failurePolicy: 'Ignore' as const,
      validations: [{ expression: 'object.nope == 1' }],
      decision: { action: 'admit', evaluation: 'error' },
    },
    { title: 'a false validation denies', failurePolicy: undefined, validations: [{ expression: 'false' }], decision: { action: 'deny', evaluation: 'deny', message: 'failed expression: false' } },
    { title: 'a true validation admits', failurePolicy: undefined, validations: [{ expression: 'true' }], decision: { action: 'admit', evaluation: 'admit', message: '' } },
  ])('$title', ({ failurePolicy, validations, decision }) => {
    const validator = new AdmissionValidator(expressions({ validations }), { params: false, authorizer: false, failurePolicy });
    const result = validator.validate(bindings);
    expect(result.matched).toBe(true);
    expect(result.matched && result.decisions[0]).toMatchObject(decision);
  });

  it.each([
    { failurePolicy: 'Fail' as const, result: { matched: true, decisions: [{ action: 'deny', evaluation: 'error' }] } },
    { failurePolicy: 'Ignore' as const, result: { matched: false } },
  ])('a match condition error with $failurePolicy', ({ failurePolicy, result }) => {
    const validator = new AdmissionValidator(expressions({ matchConditions: [{ name: 'a', expression: 'object.nope' }], validations: [{ expression: 'true' }] }), {
      params: false,
      authorizer: false,
      failurePolicy,
    });
    expect(validator.validate(bindings)).toMatchObject(result);
  });

  it('no validations: matched with no decisions', () => {
    expect(new AdmissionValidator(expressions({}), { params: false, authorizer: false }).validate(bindings)).toEqual({ matched: true, decisions: [] });
  });

  it('authorizer is declared only when asked, and never for messages', () => {
    const uses = expressions({ validations: [{ expression: 'authorizer == null', messageExpression: "authorizer == null ? 'x' : 'y'" }] });
    const withAuthorizer = new AdmissionValidator(uses, { params: false, authorizer: true }).validate(bindings);
    expect(withAuthorizer).toEqual({ matched: true, decisions: [{ action: 'admit', evaluation: 'admit', message: '' }] });
    const without = new AdmissionValidator(uses, { params: false, authorizer: false }).validate(bindings);
    expect(without.matched && without.decisions[0]!.message).toMatch(/^compilation error: compilation failed: /);
  });

  it('variables serve every validation of an evaluation', () => {
    const validator = new AdmissionValidator(
      expressions({
        variables: [{ name: 'names', expression: '[object.metadata.name]' }],
        validations: [{ expression: "variables.names[0] == 'web'" }, { expression: 'size(variables.names) == 1' }],
      }),
      { params: false, authorizer: false },
    );
    expect(validator.validate(bindings)).toEqual({
      matched: true,
      decisions: [
        { action: 'admit', evaluation: 'admit', message: '' },
        { action: 'admit', evaluation: 'admit', message: '' },
      ],
    });
  });

  describe('the cost budget of one validation run', () => {
    const OUT = 'validation failed due to running out of cost budget, no further validation rules will be run';
    // 15 units: three iterations of a step costing 5 (the CEL layer's cel-go-like cost of comprehensions).
    const threeSteps = '[1, 2, 3].all(x, x > 0)';
    it.each([
      { title: 'within the budget', budget: 30, overrides: { validations: [{ expression: threeSteps }, { expression: threeSteps }] }, result: { matched: true, decisions: [{ evaluation: 'admit' }, { evaluation: 'admit' }] } },
      { title: 'the validations exceed it', budget: 29, overrides: { validations: [{ expression: threeSteps }, { expression: threeSteps }] }, result: { matched: true, decisions: [{ action: 'deny', evaluation: 'error', message: OUT }] } },
      {
        title: 'the variables count',
        budget: 29,
        overrides: { variables: [{ name: 'ok', expression: threeSteps }], validations: [{ expression: `variables.ok && ${threeSteps}` }] },
        result: { matched: true, decisions: [{ evaluation: 'error', message: OUT }] },
      },
      {
        title: 'the messages get what is left, and running out turns every decision into an error',
        budget: 29,
        overrides: { validations: [{ expression: threeSteps }, { expression: 'false', messageExpression: `${threeSteps} ? 'a' : 'b'` }] },
        result: { matched: true, decisions: [{ evaluation: 'error', message: `failed messageExpression: ${OUT}` }, { evaluation: 'error', message: `failed messageExpression: ${OUT}` }] },
      },
      {
        title: 'match conditions have a budget of their own',
        budget: 29,
        overrides: { matchConditions: [{ name: 'a', expression: threeSteps }, { name: 'b', expression: threeSteps }], validations: [{ expression: 'true' }] },
        result: { matched: true, decisions: [{ evaluation: 'error', message: OUT }] },
      },
    ])('$title', ({ budget, overrides, result }) => {
      const validator = new AdmissionValidator(expressions(overrides), { params: false, authorizer: false });
      expect(validator.validate(bindings, budget)).toMatchObject(result);
    });
  });

  it('params are bound when declared', () => {
    const validator = new AdmissionValidator(expressions({ validations: [{ expression: "params.data.name == object.metadata.name" }] }), { params: true, authorizer: false });
    expect(validator.validate({ ...bindings, params: { data: { name: 'web' } } })).toMatchObject({ decisions: [{ evaluation: 'admit' }] });
    expect(validator.validate({ ...bindings, params: null })).toMatchObject({ decisions: [{ evaluation: 'error' }] });
  });
});

describe('the admission CEL environment', () => {
  const validating = admissionCelEnvironment({ params: false, authorizer: false, variables: [] });
  const mutating = admissionCelEnvironment({ params: false, authorizer: false, variables: [], patchTypes: true });
  it.each([
    // The Kubernetes base environment's libraries (k8s.io/apiserver pkg/cel/environment/base.go), in every admission environment.
    ["quantity('1Gi').isGreaterThan(quantity('1Mi'))", true, true],
    ["isURL('https://example.com')", true, true],
    ['[1, 2].isSorted()', true, true],
    ["ip('10.0.0.1').family() == 4", true, true],
    ["semver('1.2.3').major() == 1", true, true],
    // The JSONPatch library and the mutation types only with the mutation types.
    ["jsonpatch.escapeKey('a/b') == 'a~1b'", false, true],
    ['Object{} != null', false, true],
  ])('%s compiles for validation: %s, for mutation: %s', (expression, inValidating, inMutating) => {
    for (const [env, expected] of [[validating, inValidating], [mutating, inMutating]] as const) {
      const compiled = env.compile(expression);
      expect(compiled.ok).toBe(expected);
      if (compiled.ok) expect(compiled.program.evaluate({})).toEqual({ ok: true, value: true });
    }
  });
});
