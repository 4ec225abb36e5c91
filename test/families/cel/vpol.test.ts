import { describe, expect, it } from 'vitest';
import { acceptException, acceptPolicy } from '../../../src/evaluate/family.js';
import type { CompiledException, CompiledPolicy, EvaluationRequest, PolicyResponse } from '../../../src/evaluate/types.js';
import type { JsonObject } from '../../../src/types.js';

const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] };

function policyDocument(spec: JsonObject, metadata: JsonObject = { name: 'check' }, kind = 'ValidatingPolicy'): JsonObject {
  return { apiVersion: 'policies.kyverno.io/v1', kind, metadata, spec };
}

function compile(spec: JsonObject, metadata?: JsonObject, kind?: string): CompiledPolicy {
  const accepted = acceptPolicy(policyDocument(spec, metadata, kind));
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.policy;
}

function pod(spec: JsonObject = {}, metadata: JsonObject = {}): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' }, ...metadata }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } };
}

const deployment: JsonObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 3, template: { metadata: { labels: { app: 'web' } }, spec: { hostNetwork: true, containers: [{ name: 'c', image: 'nginx' }] } } },
};

function run(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): PolicyResponse[] {
  const result = policy.validate!({ numberMode: 'float64', ...request });
  if (result === null) return [];
  return Array.isArray(result) ? [...result] : [result as PolicyResponse];
}

/** The rules of the responses: `[name, status, message]` per rule, one list per response. */
function outcome(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): [string, string, string][][] {
  return run(policy, request).map((response) => response.rules.map((rule) => [rule.name, rule.status, rule.message]));
}

describe('ValidatingPolicy evaluation', () => {
  const cases: { name: string; spec: JsonObject; resource?: JsonObject; operation?: string; expected: [string, string, string][][] }[] = [
    { name: 'pass', spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'true' }] }, expected: [[['', 'pass', 'success']]] },
    {
      name: 'fail with message',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'false', message: 'no' }] },
      expected: [[['', 'fail', 'no']]],
    },
    {
      name: 'fail with the default message',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'true' }, { expression: 'false' }] },
      expected: [[['', 'fail', 'CEL expression validation failed at index 1']]],
    },
    {
      name: 'fail with a message expression',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'false', message: 'static', messageExpression: "'pod ' + object.metadata.name" }] },
      expected: [[['', 'fail', 'pod web']]],
    },
    {
      name: 'a failing message expression',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'false', messageExpression: "'pod ' + object.metadata.missing" }] },
      expected: [[['', 'fail', 'failed to evaluate message expression: no such key: missing']]],
    },
    {
      name: 'a runtime error',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'object.spec.missing == 1' }] },
      expected: [[['', 'error', 'error: no such key: missing']]],
    },
    {
      name: 'a false match condition skips',
      spec: { matchConstraints: { resourceRules: [podRule] }, matchConditions: [{ name: 'c', expression: "object.metadata.name == 'other'" }], validations: [{ expression: 'false' }] },
      expected: [[['', 'skip', 'skip']]],
    },
    {
      name: 'a match condition error fails the evaluation',
      spec: { matchConstraints: { resourceRules: [podRule] }, matchConditions: [{ name: 'c', expression: 'object.missing' }], validations: [{ expression: 'false' }] },
      expected: [[['evaluation', 'error', 'failed to load context: no such key: missing']]],
    },
    {
      name: 'a match condition error with failurePolicy Ignore skips',
      spec: { failurePolicy: 'Ignore', matchConstraints: { resourceRules: [podRule] }, matchConditions: [{ name: 'c', expression: 'object.missing' }], validations: [{ expression: 'false' }] },
      expected: [[['', 'skip', 'skip']]],
    },
    {
      name: 'a false condition wins over an error',
      spec: { matchConstraints: { resourceRules: [podRule] }, matchConditions: [{ name: 'e', expression: 'object.missing' }, { name: 'f', expression: 'false' }], validations: [{ expression: 'false' }] },
      expected: [[['', 'skip', 'skip']]],
    },
    {
      name: 'variables',
      spec: {
        matchConstraints: { resourceRules: [podRule] },
        variables: [
          { name: 'labels', expression: 'object.metadata.?labels.orValue({})' },
          { name: 'hasApp', expression: "'app' in variables.labels" },
        ],
        validations: [{ expression: 'variables.hasApp', message: 'needs app' }],
      },
      expected: [[['', 'pass', 'success']]],
    },
    {
      name: 'an unused failing variable is no error',
      spec: { matchConstraints: { resourceRules: [podRule] }, variables: [{ name: 'bad', expression: 'object.missing' }], validations: [{ expression: 'true' }] },
      expected: [[['', 'pass', 'success']]],
    },
    {
      name: 'a used failing variable errors',
      spec: { matchConstraints: { resourceRules: [podRule] }, variables: [{ name: 'bad', expression: 'object.missing' }], validations: [{ expression: 'variables.bad == 1' }] },
      expected: [[['', 'error', 'error: no such key: missing']]],
    },
    {
      name: 'not matched and simple: no response',
      spec: { matchConstraints: { resourceRules: [{ ...podRule, resources: ['services'] }] }, validations: [{ expression: 'false' }] },
      expected: [],
    },
    {
      name: 'not matched and not simple: an empty response',
      spec: { matchConstraints: { resourceRules: [{ ...podRule, resources: ['services'] }], objectSelector: { matchLabels: { app: 'web' } } }, validations: [{ expression: 'false' }] },
      expected: [[]],
    },
    { name: 'no match constraints: an empty response', spec: { validations: [{ expression: 'false' }] }, expected: [[]] },
    {
      name: 'autogen on a Deployment',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'object.spec.hostNetwork != true', message: 'object.spec.hostNetwork' }] },
      resource: deployment,
      expected: [[['', 'fail', 'object.spec.template.spec.hostNetwork']]],
    },
    {
      name: 'autogen on a Pod: the defaults variant gives an empty response',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'true' }] },
      expected: [[['', 'pass', 'success']], []],
    },
    {
      name: 'autogen of deployments only: simple, no extra response',
      spec: { matchConstraints: { resourceRules: [podRule] }, autogen: { podControllers: { controllers: ['deployments'] } }, validations: [{ expression: 'true' }] },
      expected: [[['', 'pass', 'success']]],
    },
    {
      name: 'DELETE: only the old object',
      spec: { matchConstraints: { resourceRules: [{ ...podRule, operations: ['DELETE'] }] }, validations: [{ expression: 'object == null && oldObject.metadata.name == "web"' }] },
      operation: 'DELETE',
      expected: [[['', 'pass', 'success']]],
    },
    {
      name: 'UPDATE: the old object is the object',
      spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: "oldObject == object && request.operation == 'UPDATE'" }] },
      operation: 'UPDATE',
      expected: [[['', 'pass', 'success']]],
    },
    {
      name: 'request fields',
      spec: {
        matchConstraints: { resourceRules: [podRule] },
        validations: [{ expression: "request.kind.kind == 'Pod' && request.resource.resource == 'pods' && request.namespace == 'default' && request.name == 'web' && request.operation == 'CREATE'" }],
      },
      expected: [[['', 'pass', 'success']]],
    },
    {
      name: 'JSON mode ignores the match constraints',
      spec: { evaluation: { mode: 'JSON' }, validations: [{ expression: "object.kind == 'Pod'" }] },
      expected: [[['', 'pass', 'success']]],
    },
  ];
  it.each(cases)('$name', ({ name, spec, resource, operation, expected }) => {
    // Without autogen variants unless the case is about them: a Pod gets the policy's response only.
    const policy = compile(spec.autogen === undefined && !name.startsWith('autogen') ? { ...spec, autogen: { podControllers: { controllers: [] } } } : spec);
    expect(outcome(policy, operation === undefined ? { resource: resource ?? pod() } : { resource: resource ?? pod(), operation })).toEqual(expected);
  });

  it('records audit annotations and the validation index as properties, and the failing expression', () => {
    const policy = compile({
      matchConstraints: { resourceRules: [podRule] },
      auditAnnotations: [{ key: 'who', valueExpression: 'object.metadata.name' }],
      validations: [{ expression: 'true' }, { expression: 'object.spec.x == 1' }],
    });
    const [response] = run(policy, { resource: pod({ x: 2 }) });
    expect(response!.rules[0]).toMatchObject({ status: 'fail', properties: { who: 'web', 'cel.validationIndex': '1' }, policyPath: ['spec', 'validations', 1, 'expression'], expressionRange: { start: 0, end: 18 } });
  });

  it('points a runtime error at its expression range', () => {
    const policy = compile({ matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'true && object.spec.missing' }] });
    const [response] = run(policy, { resource: pod() });
    const rule = response!.rules[0]!;
    expect(rule.status).toBe('error');
    expect(rule.policyPath).toEqual(['spec', 'validations', 0, 'expression']);
    expect(rule.expressionRange!.start).toBeGreaterThanOrEqual(8);
  });

  it('reads namespaceObject from the request, null for cluster-scoped resources', () => {
    const policy = compile({
      matchConstraints: { resourceRules: [{ ...podRule, resources: ['pods', 'namespaces'] }] },
      validations: [{ expression: "namespaceObject == null || namespaceObject.metadata.labels.env == 'prod'" }],
    });
    const namespaceObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { env: 'prod' } } };
    expect(outcome(policy, { resource: pod(), namespaceObject })).toEqual([[['', 'pass', 'success']]]);
    expect(outcome(policy, { resource: pod(), namespaceObject: { ...namespaceObject, metadata: { name: 'default', labels: { env: 'dev' } } } })).toEqual([[['', 'fail', 'CEL expression validation failed at index 0']]]);
    expect(outcome(policy, { resource: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }, namespaceObject })).toEqual([[['', 'pass', 'success']]]);
  });

  it.each([
    ['float64', 'object.spec.replicas + 1 == 4', 'error'],
    ['float64', 'object.spec.replicas == 3', 'pass'],
    ['float64', 'type(object.spec.replicas) == double', 'pass'],
    ['int64', 'object.spec.replicas + 1 == 4', 'pass'],
    ['int64', 'type(object.spec.replicas) == int', 'pass'],
  ] as const)('numbers in %s mode: %s', (numberMode, expression, status) => {
    const policy = compile({ matchConstraints: { resourceRules: [{ ...podRule, apiGroups: ['apps'], resources: ['deployments'] }] }, validations: [{ expression }] });
    const [response] = run(policy, { resource: deployment, numberMode });
    expect(response!.rules[0]!.status).toBe(status);
  });

  it('is Enforce unless its validation actions lack Deny', () => {
    expect(compile({ validations: [] }).failureAction(undefined, 'Pod', 'default', {})).toBe('Enforce');
    expect(compile({ validationActions: ['Audit', 'Warn'], validations: [] }).failureAction(undefined, 'Pod', 'default', {})).toBe('Audit');
    expect(compile({ validationActions: ['Deny', 'Audit'], validations: [] }).failureAction(undefined, 'Pod', 'default', {})).toBe('Enforce');
  });

  it('keeps the namespace of a namespaced policy and applies it to any namespace', () => {
    const policy = compile({ matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'false' }] }, { name: 'check', namespace: 'team' }, 'NamespacedValidatingPolicy');
    expect([policy.namespaced, policy.namespace]).toEqual([true, 'team']);
    expect(outcome(policy, { resource: pod() })).toEqual([[['', 'fail', 'CEL expression validation failed at index 0']], []]);
  });
});

describe('ValidatingPolicy acceptance', () => {
  it('rejects a policy that does not compile, with the location of the expression', () => {
    const accepted = acceptPolicy(policyDocument({ validations: [{ expression: 'true' }, { expression: 'object.x +' }] }));
    expect(accepted).toMatchObject({ status: 'invalid', abortsTest: true, at: { path: ['spec', 'validations', 1, 'expression'] } });
    expect(accepted.status === 'invalid' && accepted.reason).toMatch(/^failed to compile policy check \(\[: Internal error: validating policy compiler 1\.0 error: failed to compile policy, spec\.validations\[1\]\.expression: Invalid value: "object\.x \+": /);
  });
  it.each([
    ['a non-bool validation', { validations: [{ expression: "'x'" }] }, 'output is expected to be of type bool'],
    ['a non-string message expression', { validations: [{ expression: 'true', messageExpression: '1' }] }, 'output is expected to be of type string'],
    ['an undeclared identifier', { validations: [{ expression: 'foo.bar' }] }, 'Unknown variable: foo'],
    ['an undeclared variable', { variables: [{ name: 'a', expression: '1' }], validations: [{ expression: 'variables.b == 1' }] }, 'b'],
    ['an unknown field of request', { validations: [{ expression: "request.operations == 'CREATE'" }] }, 'operations'],
    ['an unknown field of namespaceObject', { validations: [{ expression: "namespaceObject.metadata.labelz == {}" }] }, 'labelz'],
  ])('rejects %s', (_name, spec, message) => {
    const accepted = acceptPolicy(policyDocument(spec));
    expect(accepted.status).toBe('invalid');
    expect(accepted.status === 'invalid' && accepted.reason).toContain(message);
  });
  it.each([
    ['a Context file object', { celContext: { resources: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' }, data: { mode: 'strict' } }], images: [] } }, 'fail'],
    ['no Context file (null)', {}, 'pass'],
  ])("reads Kyverno's resource library from the external data: %s", (_name, external, status) => {
    const policy = compile({
      matchConstraints: { resourceRules: [podRule] },
      variables: [{ name: 'cm', expression: "resource.Get('v1', 'configmaps', 'default', 'x')" }],
      validations: [{ expression: "variables.cm == null || variables.cm.data.mode != 'strict'", message: 'strict mode' }],
    });
    // The Pod's response, then the empty one of the Pod controllers' autogen variant (two rules: not simple).
    expect(outcome(policy, { resource: pod(), external })).toEqual([[['', status, status === 'pass' ? 'success' : 'strict mode']], []]);
  });
  it('reports shape problems at their paths', () => {
    const accepted = acceptPolicy(policyDocument({ validations: [{ message: 'x' }], failurePolicy: 'Sometimes', unknown: 1 }));
    expect(accepted).toEqual({
      status: 'malformed',
      problems: [
        { message: 'unknown field "spec.unknown"', path: ['spec', 'unknown'] },
        { message: 'expression is required', path: ['spec', 'validations', 0, 'expression'] },
        { message: 'unsupported value "Sometimes": supported values: "Fail", "Ignore"', path: ['spec', 'failurePolicy'] },
      ],
    });
  });
  it.each<{ name: string; document: JsonObject; outcome: JsonObject }>([
    { name: 'an Envoy policy is compiled for check requests only', document: policyDocument({ evaluation: { mode: 'Envoy' }, validations: [{ expression: 'envoy.Allowed().Response()' }] }), outcome: { status: 'accepted' } },
    { name: 'an HTTP policy is compiled for check requests only', document: policyDocument({ evaluation: { mode: 'HTTP' }, validations: [{ expression: 'http.Denied("no").Response()' }] }), outcome: { status: 'accepted' } },
    {
      name: 'an Envoy policy that does not compile aborts only Envoy payload runs',
      document: policyDocument({ evaluation: { mode: 'Envoy' }, validations: [{ expression: 'true' }] }),
      outcome: { status: 'invalid', abortsPayloads: 'envoy', reason: 'failed to compile envoy policy check: spec.validations[0].expression: Invalid value: "true": rule response output is expected to be of type envoy.service.auth.v3.CheckResponse' },
    },
    { name: 'a NamespacedValidatingPolicy in Envoy mode is not supported', document: policyDocument({ evaluation: { mode: 'Envoy' } }, { name: 'x' }, 'NamespacedValidatingPolicy'), outcome: { status: 'unsupported' } },
  ])('$name', ({ document, outcome }) => {
    const accepted = acceptPolicy(document);
    expect(accepted).toMatchObject(outcome);
    if (accepted.status === 'accepted') {
      expect(accepted.policy.validate).toBeUndefined();
      expect(accepted.policy.validateJson).toBeUndefined();
      expect(typeof accepted.policy.authorize).toBe('function');
    }
  });
  it('accepts NamespacedValidatingPolicy only from v1beta1', () => {
    const accepted = acceptPolicy({ apiVersion: 'policies.kyverno.io/v1alpha1', kind: 'NamespacedValidatingPolicy', metadata: { name: 'x' }, spec: {} });
    expect(accepted.status).toBe('malformed');
  });
});

describe('CEL PolicyExceptions', () => {
  function exception(spec: JsonObject, metadata: JsonObject = { name: 'skip-web', namespace: 'kyverno' }): CompiledException {
    const accepted = acceptException({ apiVersion: 'policies.kyverno.io/v1beta1', kind: 'PolicyException', metadata, spec });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    return accepted.exception;
  }
  const policy = compile({
    matchConstraints: { resourceRules: [podRule] },
    validations: [{ expression: "!exceptions.allowedValues.exists(v, v == 'web') && object.metadata.name != 'web'", message: 'blocked' }],
  });
  const ref = { name: 'check', kind: 'ValidatingPolicy' };
  const cases: { name: string; exceptions: CompiledException[]; expected: [string, string, string] }[] = [
    { name: 'none', exceptions: [], expected: ['', 'fail', 'blocked'] },
    { name: 'a full exemption skips', exceptions: [exception({ policyRefs: [ref] })], expected: ['exception', 'skip', 'rule is skipped due to policy exception: kyverno/skip-web'] },
    { name: 'reportResult pass', exceptions: [exception({ policyRefs: [ref], reportResult: 'pass' })], expected: ['exception', 'pass', 'rule is passed due to policy exception: kyverno/skip-web'] },
    { name: 'another kind', exceptions: [exception({ policyRefs: [{ name: 'check', kind: 'NamespacedValidatingPolicy' }] })], expected: ['', 'fail', 'blocked'] },
    { name: 'another policy', exceptions: [exception({ policyRefs: [{ name: 'other', kind: 'ValidatingPolicy' }] })], expected: ['', 'fail', 'blocked'] },
    {
      name: 'false match conditions',
      exceptions: [exception({ policyRefs: [ref], matchConditions: [{ name: 'n', expression: "object.metadata.name == 'db'" }] })],
      expected: ['', 'fail', 'blocked'],
    },
    {
      name: 'true match conditions',
      exceptions: [exception({ policyRefs: [ref], matchConditions: [{ name: 'n', expression: "object.metadata.name == 'web'" }] })],
      expected: ['exception', 'skip', 'rule is skipped due to policy exception: kyverno/skip-web'],
    },
    {
      name: 'a partial exception feeds allowedValues',
      exceptions: [exception({ policyRefs: [ref], allowedValues: ['web'] })],
      expected: ['', 'fail', 'blocked'],
    },
    {
      name: 'the highest priority decides the result',
      exceptions: [
        exception({ policyRefs: [ref] }, { name: 'a', labels: { 'kyverno.io/exception-priority': '1' } }),
        exception({ policyRefs: [ref], reportResult: 'pass' }, { name: 'b', labels: { 'kyverno.io/exception-priority': '5' } }),
      ],
      expected: ['exception', 'pass', 'rule is passed due to policy exception: a, b'],
    },
    {
      name: 'an error in an exception condition',
      exceptions: [exception({ policyRefs: [ref], matchConditions: [{ name: 'n', expression: 'object.missing' }] })],
      expected: ['evaluation', 'error', 'failed to load context: no such key: missing'],
    },
  ];
  it.each(cases)('$name', ({ exceptions, expected }) => {
    expect(outcome(policy, { resource: pod(), exceptions })[0]).toEqual([expected]);
  });
  it('reads allowedValues of partial exceptions', () => {
    const allowing = compile({ matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: "'web' in exceptions.allowedValues" }] });
    expect(outcome(allowing, { resource: pod(), exceptions: [exception({ policyRefs: [ref], allowedValues: ['web'] })] })[0]).toEqual([['', 'pass', 'success']]);
    expect(outcome(allowing, { resource: pod() })[0]).toEqual([['', 'fail', 'CEL expression validation failed at index 0']]);
  });
  it.each([
    [{ policyRefs: [] }, 'spec.policyRefs is required'],
    [{ policyRefs: [{ name: 'x' }] }, 'spec.policyRefs entries need a name and a kind'],
    [{ policyRefs: [ref], reportResult: 'fail' }, 'spec.reportResult: unsupported value "fail"'],
  ])('rejects %j', (spec, reason) => {
    const accepted = acceptException({ apiVersion: 'policies.kyverno.io/v1', kind: 'PolicyException', metadata: { name: 'x' }, spec });
    expect(accepted).toEqual({ status: 'invalid', reason: `PolicyException x: ${reason}` });
  });
});
