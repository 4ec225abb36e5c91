import { describe, expect, it } from 'vitest';
import { acceptBinding, acceptPolicy } from '../../../../src/evaluate/family.js';
import type { CompiledBinding, CompiledPolicy, EvaluationRequest, PolicyResponse } from '../../../../src/evaluate/types.js';
import type { ParamRef } from '../../../../src/families/admission/index.js';
import { bindingParams } from '../../../../src/families/cel/vap/policy.js';
import type { JsonObject } from '../../../../src/types.js';

const V1 = 'admissionregistration.k8s.io/v1';
const deploymentsRule = { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] };

function compile(spec: JsonObject, name = 'check-replicas', apiVersion = V1): CompiledPolicy {
  const accepted = acceptPolicy({ apiVersion, kind: 'ValidatingAdmissionPolicy', metadata: { name }, spec });
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.policy;
}

function binding(spec: JsonObject, name = 'binding'): CompiledBinding {
  const accepted = acceptBinding({ apiVersion: V1, kind: 'ValidatingAdmissionPolicyBinding', metadata: { name }, spec });
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.binding;
}

function deployment(name: string, replicas: number, labels: Record<string, string> = { app: 'nginx' }, namespace = 'default'): JsonObject {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace, labels }, spec: { replicas, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
}

function run(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): PolicyResponse {
  const result = policy.validate!({ numberMode: 'float64', ...request });
  expect(result).not.toBeNull();
  expect(Array.isArray(result)).toBe(false);
  return result as PolicyResponse;
}

/** `[name, status, message]` per rule of the one response. */
function rules(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): [string, string, string][] {
  return run(policy, request).rules.map((rule) => [rule.name, rule.status, rule.message]);
}

const replicas = { matchConstraints: { resourceRules: [deploymentsRule] }, validations: [{ expression: 'object.spec.replicas <= 2', message: 'at most 2 replicas' }] };

describe('ValidatingAdmissionPolicy without bindings', () => {
  const cases: { title: string; spec: JsonObject; resource?: JsonObject; request?: Partial<EvaluationRequest>; expected: [string, string, string][] }[] = [
    { title: 'a validation that holds passes with an empty message', spec: replicas, resource: deployment('d', 1), expected: [['check-replicas', 'pass', '']] },
    { title: 'a false validation fails with its message', spec: replicas, resource: deployment('d', 3), expected: [['check-replicas', 'fail', 'at most 2 replicas']] },
    {
      title: 'without a message, the expression',
      spec: { ...replicas, validations: [{ expression: ' object.spec.replicas <= 2 ' }] },
      resource: deployment('d', 3),
      expected: [['check-replicas', 'fail', 'failed expression: object.spec.replicas <= 2']],
    },
    {
      title: 'a messageExpression',
      spec: { ...replicas, validations: [{ expression: 'object.spec.replicas <= 2', messageExpression: "'too many replicas for ' + object.metadata.name" }] },
      resource: deployment('web', 3),
      expected: [['check-replicas', 'fail', 'too many replicas for web']],
    },
    { title: 'an unmatched resource gives a response without rules', spec: replicas, resource: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }, expected: [] },
    {
      title: 'no matchConstraints matches everything',
      spec: { validations: [{ expression: "object.kind == 'Pod'" }] },
      resource: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } },
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: 'an evaluation error is an error',
      spec: { ...replicas, validations: [{ expression: 'object.spec.missing == 1' }] },
      resource: deployment('d', 1),
      expected: [['check-replicas', 'error', "expression 'object.spec.missing == 1' resulted in error: no such key: missing"]],
    },
    {
      title: 'an evaluation error is an error with failurePolicy Ignore too',
      spec: { ...replicas, failurePolicy: 'Ignore', validations: [{ expression: 'object.spec.missing == 1' }] },
      resource: deployment('d', 1),
      expected: [['check-replicas', 'error', "expression 'object.spec.missing == 1' resulted in error: no such key: missing"]],
    },
    {
      title: 'a compile error is an error',
      spec: { ...replicas, validations: [{ expression: 'object.spec.replicas' }] },
      resource: deployment('d', 1),
      expected: [['check-replicas', 'error', 'compilation error: must evaluate to bool but got dyn']],
    },
    {
      title: 'a false match condition skips',
      spec: { ...replicas, matchConditions: [{ name: 'nginx-only', expression: "object.metadata.labels.app == 'nginx'" }] },
      resource: deployment('d', 3, { app: 'busybox' }),
      expected: [['check-replicas', 'skip', "match conditions aren't met"]],
    },
    {
      title: 'a match condition error fails the evaluation (Fail)',
      spec: { ...replicas, matchConditions: [{ name: 'broken', expression: 'object.nope' }] },
      resource: deployment('d', 3),
      expected: [['check-replicas', 'error', 'compilation error: must evaluate to bool but got dyn']],
    },
    {
      title: 'a match condition error skips with failurePolicy Ignore',
      spec: { ...replicas, failurePolicy: 'Ignore', matchConditions: [{ name: 'broken', expression: 'object.nope == 1' }] },
      resource: deployment('d', 3),
      expected: [['check-replicas', 'skip', "match conditions aren't met"]],
    },
    {
      title: 'the request is always a CREATE without old object',
      spec: { ...replicas, validations: [{ expression: "request.operation == 'CREATE' && oldObject == null" }] },
      resource: deployment('d', 3),
      request: { operation: 'UPDATE' },
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: "the request names the resource's plural",
      spec: { ...replicas, validations: [{ expression: "request.resource.resource == 'deployments' && request.kind.kind == 'Deployment' && request.namespace == 'default' && request.name == 'd'" }] },
      resource: deployment('d', 3),
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: "without user info, the user is Kyverno's background identity",
      spec: { ...replicas, validations: [{ expression: "request.userInfo.username == 'system:kyverno:background-scan' && request.userInfo.groups == ['system:kyverno:background-scan']" }] },
      resource: deployment('d', 3),
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: 'the user info is used when given',
      spec: { ...replicas, validations: [{ expression: "request.userInfo.username == 'alice' && request.userInfo.uid == 'system:kyverno:background-scan'" }] },
      resource: deployment('d', 3),
      request: { userInfo: { userInfo: { username: 'alice' } } },
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: 'namespaceObject has the Values labels of the namespace',
      spec: { ...replicas, validations: [{ expression: "namespaceObject.metadata.name == 'default' && namespaceObject.metadata.labels.env == 'prod'" }] },
      resource: deployment('d', 3),
      request: { namespaceLabels: { env: 'prod' } },
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: 'namespaceObject is an empty Namespace for a cluster-scoped resource',
      spec: { validations: [{ expression: 'namespaceObject != null && !has(namespaceObject.metadata.name)' }] },
      resource: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } },
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: 'the authorizer is not declared',
      spec: { ...replicas, validations: [{ expression: 'authorizer == null' }] },
      resource: deployment('d', 3),
      expected: [['check-replicas', 'error', "compilation error: compilation failed: ERROR: <input>:1:1: Unknown variable: authorizer"]],
    },
    {
      title: 'JSON numbers are ints with int64',
      spec: { ...replicas, validations: [{ expression: 'object.spec.replicas + 1 == 4' }] },
      resource: deployment('d', 3),
      request: { numberMode: 'int64' },
      expected: [['check-replicas', 'pass', '']],
    },
  ];

  it.each(cases)('$title', ({ spec, resource, request, expected }) => {
    expect(rules(compile(spec), { resource: resource ?? deployment('d', 1), ...request })).toEqual(expected);
  });

  it('records the policy path of the deciding expression and the error range', () => {
    const policy = compile({ ...replicas, validations: [{ expression: 'true' }, { expression: 'object.spec.missing == 1' }] });
    expect(run(policy, { resource: deployment('d', 1) }).rules[0]).toMatchObject({ policyPath: ['spec', 'validations', 1, 'expression'], expressionRange: { start: 12, end: 19 } });
    const conditions = compile({ ...replicas, matchConditions: [{ name: 'a', expression: 'true' }, { name: 'b', expression: 'object.nope == 1' }] });
    expect(run(conditions, { resource: deployment('d', 1) }).rules[0]).toMatchObject({ status: 'error', policyPath: ['spec', 'matchConditions', 1, 'expression'] });
  });
});

describe('ValidatingAdmissionPolicy with bindings', () => {
  const nginxBinding = binding({ policyName: 'check-replicas', validationActions: ['Deny'], matchResources: { objectSelector: { matchLabels: { app: 'nginx' } } } });

  const cases: { title: string; spec?: JsonObject; bindings: CompiledBinding[]; resource: JsonObject; request?: Partial<EvaluationRequest>; expected: [string, string, string][] }[] = [
    { title: 'a matching binding evaluates', bindings: [nginxBinding], resource: deployment('d', 3), expected: [['check-replicas', 'fail', 'at most 2 replicas']] },
    { title: 'no binding matches: no rules', bindings: [nginxBinding], resource: deployment('d', 3, { app: 'busybox' }), expected: [] },
    {
      title: "with bindings the policy's own constraints are not checked",
      bindings: [binding({ policyName: 'check-replicas' })],
      resource: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { replicas: 1 } },
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: 'bindings of other policies are ignored',
      bindings: [binding({ policyName: 'other', matchResources: { objectSelector: { matchLabels: { app: 'none' } } } })],
      resource: deployment('d', 3, { app: 'busybox' }),
      expected: [['check-replicas', 'fail', 'at most 2 replicas']],
    },
    {
      title: 'a binding namespace selector reads the Values labels',
      bindings: [binding({ policyName: 'check-replicas', matchResources: { namespaceSelector: { matchExpressions: [{ key: 'environment', operator: 'In', values: ['staging'] }] } } })],
      resource: deployment('d', 3, {}, 'staging'),
      request: { namespaceLabels: { environment: 'staging' } },
      expected: [['check-replicas', 'fail', 'at most 2 replicas']],
    },
    {
      title: 'the last binding evaluated gives the response',
      spec: { ...replicas, paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'object.spec.replicas <= int(params.data.max)' }] },
      bindings: [binding({ policyName: 'check-replicas', paramRef: { name: 'strict' } }, 'a'), binding({ policyName: 'check-replicas', paramRef: { name: 'loose' } }, 'b')],
      resource: deployment('d', 3),
      request: {
        external: {
          params: [
            { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'strict', namespace: 'default' }, data: { max: '1' } },
            { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'loose', namespace: 'default' }, data: { max: '5' } },
          ],
        },
      },
      expected: [['check-replicas', 'pass', '']],
    },
    {
      title: 'a selector binds the list of matching parameters',
      spec: { ...replicas, paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'params.items.all(p, object.spec.replicas <= int(p.data.max))' }] },
      bindings: [binding({ policyName: 'check-replicas', paramRef: { selector: { matchLabels: { limits: 'true' } } } })],
      resource: deployment('d', 3),
      request: {
        external: {
          params: [
            { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', labels: { limits: 'true' } }, data: { max: '5' } },
            { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b', labels: { limits: 'true' } }, data: { max: '2' } },
            { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { max: '0' } },
          ],
        },
      },
      expected: [['check-replicas', 'fail', 'failed expression: params.items.all(p, object.spec.replicas <= int(p.data.max))']],
    },
    {
      title: 'no parameter found: params is null',
      spec: { ...replicas, paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'params == null' }] },
      bindings: [binding({ policyName: 'check-replicas', paramRef: { name: 'missing' } })],
      resource: deployment('d', 3),
      expected: [['check-replicas', 'pass', '']],
    },
  ];

  it.each(cases)('$title', ({ spec, bindings, resource, request, expected }) => {
    expect(rules(compile(spec ?? replicas), { resource, bindings, ...request })).toEqual(expected);
  });
});

describe('bindingParams', () => {
  const cm = (name: string, namespace: string, labels: Record<string, string> = {}): JsonObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, labels } });
  const params = [cm('a', 'x', { tier: 'one' }), cm('b', 'y', { tier: 'two' }), cm('a', 'y')];
  it.each<{ title: string; ref: ParamRef; expected: JsonObject | null | undefined }>([
    { title: 'by name: the first of that name', ref: { name: 'a' }, expected: params[0] },
    { title: 'the name wins over the namespace', ref: { name: 'a', namespace: 'y' }, expected: params[0] },
    { title: 'by namespace alone', ref: { namespace: 'y' }, expected: params[1] },
    { title: 'neither: none', ref: {}, expected: null },
    { title: 'a selector: a list, even of one', ref: { selector: { matchLabels: { tier: 'two' } } }, expected: { items: [params[1]] } },
    { title: 'a selector matching nothing', ref: { selector: { matchLabels: { tier: 'three' } } }, expected: null },
    { title: 'an empty selector matches all', ref: { selector: {} }, expected: { items: params } },
  ])('$title', ({ ref, expected }) => {
    expect(bindingParams(params, ref)).toEqual(expected);
  });
});

describe('accepting ValidatingAdmissionPolicy documents', () => {
  it('only v1 is loaded', () => {
    const accepted = acceptPolicy({ apiVersion: 'admissionregistration.k8s.io/v1beta1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'p' }, spec: replicas });
    expect(accepted).toEqual({ status: 'malformed', problems: [{ message: 'policy type not supported admissionregistration.k8s.io/v1beta1, Kind=ValidatingAdmissionPolicy', path: ['apiVersion'] }] });
  });

  it('the policy has one rule named after it', () => {
    const policy = compile(replicas);
    expect({ family: policy.family, kind: policy.kind, rules: policy.rules, ruleCount: policy.ruleCount, namespaced: policy.namespaced }).toEqual({
      family: 'cel',
      kind: 'ValidatingAdmissionPolicy',
      rules: [{ name: 'check-replicas', type: 'Validation' }],
      ruleCount: 1,
      namespaced: false,
    });
  });

  it.each([
    { title: 'a binding', spec: { policyName: 'p', paramRef: { name: 'x' } }, status: 'accepted' },
    { title: 'a binding with a bad paramRef', spec: { policyName: 'p', paramRef: 'x' }, status: 'malformed' },
    { title: 'a binding without spec', spec: undefined, status: 'malformed' },
  ])('$title', ({ spec, status }) => {
    const document: JsonObject = { apiVersion: V1, kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'b' } };
    if (spec !== undefined) document.spec = spec;
    expect(acceptBinding(document).status).toBe(status);
  });

  it('a MutatingAdmissionPolicyBinding is accepted as its own kind, not as a ValidatingAdmissionPolicyBinding', () => {
    const accepted = acceptBinding({ apiVersion: 'admissionregistration.k8s.io/v1alpha1', kind: 'MutatingAdmissionPolicyBinding', metadata: { name: 'b' }, spec: { policyName: 'p' } });
    expect(accepted.status === 'accepted' ? [accepted.binding.kind, accepted.binding.policyName] : accepted.status).toEqual(['MutatingAdmissionPolicyBinding', 'p']);
  });
});
