import { describe, expect, it, vi } from 'vitest';
import type { EvaluationRequest } from '../../../../../src/evaluate/types.js';
import { compilePolicy } from '../../../../../src/families/kyverno/compile.js';
import { validateResource } from '../../../../../src/families/kyverno/engine/validate/index.js';
import { decodePolicyException } from '../../../../../src/families/kyverno/policy/exception.js';
import type { Policy } from '../../../../../src/families/kyverno/policy/types.js';
import { parseDocuments } from '../../../../../src/source/index.js';
import type { JsonObject, RuleResponse } from '../../../../../src/types.js';

/** Counts the CEL environments created, to check that rules are compiled once. */
const environments = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../../src/families/admission/environment.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../../src/families/admission/environment.js')>();
  return {
    ...actual,
    admissionCelEnvironment: (...args: Parameters<typeof actual.admissionCelEnvironment>) => {
      environments.count++;
      return actual.admissionCelEnvironment(...args);
    },
  };
});

function yaml(text: string): JsonObject {
  const { documents, problems } = parseDocuments('inline.yaml', text);
  expect(problems).toEqual([]);
  return documents[0]!.value as JsonObject;
}

/** A ClusterPolicy with one `validate.cel` rule `check` on `kinds`; `cel` is the YAML under `validate.cel`. */
function policy(cel: string, options: { kinds?: string; rule?: string; validate?: string; extra?: string } = {}): Policy {
  const indent = (text: string, spaces: number): string =>
    text
      .trim()
      .split('\n')
      .map((line) => ' '.repeat(spaces) + line)
      .join('\n');
  return yaml(`apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: cel-policy
${options.extra ?? ''}spec:
  rules:
    - name: check
      match:
        any:
          - resources:
              kinds: [${options.kinds ?? 'Pod'}]
${options.rule ? `${indent(options.rule, 6)}\n` : ''}      validate:
${options.validate ? `${indent(options.validate, 8)}\n` : ''}        cel:
${indent(cel, 10)}
`) as unknown as Policy;
}

const POD = yaml(`apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
  labels:
    app: web
spec:
  replicas: 3
  containers:
    - name: nginx
      image: nginx:latest
`);

const NAMESPACE = yaml(`apiVersion: v1
kind: Namespace
metadata:
  name: shop
`);

const NODE = yaml(`apiVersion: v1
kind: Node
metadata:
  name: node-1
`);

function run(p: Policy, request: Partial<EvaluationRequest> = {}, resource: JsonObject = POD): RuleResponse[] {
  const response = validateResource(compilePolicy(p), { resource, numberMode: 'float64', ...request });
  expect(response).not.toBeNull();
  return response!.rules;
}

/** The single rule response, reduced to the fields a case names. */
function only(rules: RuleResponse[], fields: readonly (keyof RuleResponse)[] = ['name', 'status', 'message']): Partial<RuleResponse> {
  expect(rules).toHaveLength(1);
  const rule = rules[0]!;
  return Object.fromEntries(fields.filter((field) => rule[field] !== undefined).map((field) => [field, rule[field]]));
}

describe('validate.cel: outcomes and messages', () => {
  const cases: { title: string; cel: string; validate?: string; request?: Partial<EvaluationRequest>; resource?: JsonObject; status: string; message: string | RegExp }[] = [
    { title: 'all expressions true', cel: 'expressions:\n  - expression: "object.spec.containers.size() == 1"', status: 'pass', message: "Validation rule 'check' passed." },
    {
      title: 'a false expression with its message (trimmed)',
      cel: 'expressions:\n  - expression: "true"\n  - expression: "object.metadata.name == \'db\'"\n    message: "  name must be db  "',
      status: 'fail',
      message: 'name must be db',
    },
    {
      title: 'a false expression without a message takes validate.message',
      cel: 'expressions:\n  - expression: "false"',
      validate: 'message: the rule message',
      status: 'fail',
      message: 'the rule message',
    },
    {
      title: 'a false expression without any message names the trimmed expression',
      cel: 'expressions:\n  - expression: "  1 > 2  "',
      status: 'fail',
      message: 'failed expression: 1 > 2',
    },
    {
      title: 'the messageExpression result wins, trimmed',
      cel: 'expressions:\n  - expression: "false"\n    message: static\n    messageExpression: "\'  pod \' + object.metadata.name + \' denied \'"',
      status: 'fail',
      message: 'pod web denied',
    },
    {
      title: 'a blank messageExpression result falls back to the message',
      cel: 'expressions:\n  - expression: "false"\n    message: static\n    messageExpression: "\'   \'"',
      status: 'fail',
      message: 'static',
    },
    {
      title: 'a multi-line messageExpression result falls back to the message',
      cel: 'expressions:\n  - expression: "false"\n    message: static\n    messageExpression: "\'line one\\\\nline two\'"',
      status: 'fail',
      message: 'static',
    },
    {
      title: 'a messageExpression that errors falls back to the message',
      cel: 'expressions:\n  - expression: "false"\n    message: static\n    messageExpression: "object.missing.field"',
      status: 'fail',
      message: 'static',
    },
    {
      title: 'a messageExpression that is not a string falls back to the expression',
      cel: 'expressions:\n  - expression: "false"\n    messageExpression: "1"',
      status: 'fail',
      message: 'failed expression: false',
    },
    {
      title: 'the first expression that is not true decides',
      cel: 'expressions:\n  - expression: "true"\n  - expression: "false"\n    message: second\n  - expression: "object.nope == 1"',
      status: 'fail',
      message: 'second',
    },
    {
      title: 'an evaluation error is a failure',
      cel: 'expressions:\n  - expression: "object.spec.missing == 1"',
      status: 'fail',
      message: /^expression 'object\.spec\.missing == 1' resulted in error: .*missing/,
    },
    {
      title: 'a compile error is a failure',
      cel: 'expressions:\n  - expression: "object.spec.containers.size() >"',
      status: 'fail',
      message: /^compilation error: compilation failed: ERROR: <input>:1:\d+: /,
    },
    {
      title: 'an expression that is not typed bool does not compile',
      cel: 'expressions:\n  - expression: "object.spec.enabled"',
      status: 'fail',
      message: 'compilation error: must evaluate to bool but got dyn',
    },
    {
      title: "Kyverno's libraries are not there",
      cel: 'expressions:\n  - expression: "resource.Get(\'v1\', \'configmaps\', \'default\', \'x\') != null"',
      status: 'fail',
      message: /^compilation error: compilation failed: /,
    },
    {
      title: 'JSON numbers are doubles (float64): adding an int fails',
      cel: 'expressions:\n  - expression: "object.spec.replicas + 1 == 4"',
      status: 'fail',
      message: /resulted in error: no such overload/,
    },
    {
      title: 'JSON numbers compare with ints (float64)',
      cel: 'expressions:\n  - expression: "object.spec.replicas == 3 && object.spec.replicas > 2"',
      status: 'pass',
      message: "Validation rule 'check' passed.",
    },
    {
      title: 'integral JSON numbers are ints (int64)',
      cel: 'expressions:\n  - expression: "object.spec.replicas + 1 == 4"',
      request: { numberMode: 'int64' },
      status: 'pass',
      message: "Validation rule 'check' passed.",
    },
    {
      title: 'orValue on a value that is not optional returns it (Kyverno compatibility)',
      cel: 'expressions:\n  - expression: "object.spec.containers.orValue([]).size() == 1"',
      status: 'pass',
      message: "Validation rule 'check' passed.",
    },
  ];

  it.each(cases)('$title', ({ cel, validate, request, resource, status, message }) => {
    const [rule] = run(policy(cel, validate === undefined ? {} : { validate }), request, resource);
    expect(rule!.name).toBe('check');
    expect(rule!.status).toBe(status);
    if (typeof message === 'string') expect(rule!.message).toBe(message);
    else expect(rule!.message).toMatch(message);
  });

  it('a messageExpression result of more than 5 KiB falls back', () => {
    const big = policy('expressions:\n  - expression: "false"\n    message: static\n    messageExpression: "string(object.metadata.annotations.long)"');
    const resource = { ...POD, metadata: { ...(POD.metadata as JsonObject), annotations: { long: 'x'.repeat(5 * 1024 + 1) } } };
    expect(only(run(big, {}, resource))).toEqual({ name: 'check', status: 'fail', message: 'static' });
    const fits = { ...POD, metadata: { ...(POD.metadata as JsonObject), annotations: { long: 'x'.repeat(5 * 1024) } } };
    expect(run(big, {}, fits)[0]!.message).toBe('x'.repeat(5 * 1024));
  });
});

describe('validate.cel: preconditions', () => {
  const cases: { title: string; preconditions: string; status: string; message: string | RegExp }[] = [
    { title: 'all true: the expressions run', preconditions: '- {name: a, expression: "true"}\n- {name: b, expression: "object.kind == \'Pod\'"}', status: 'fail', message: 'denied' },
    { title: 'one false: skip', preconditions: '- {name: a, expression: "true"}\n- {name: b, expression: "object.kind == \'Service\'"}', status: 'skip', message: 'cel preconditions not met' },
    { title: 'false wins over an error', preconditions: '- {name: a, expression: "object.nope == 1"}\n- {name: b, expression: "false"}', status: 'skip', message: 'cel preconditions not met' },
    { title: 'an error fails with its message', preconditions: '- {name: a, expression: "object.nope == 1"}', status: 'fail', message: /^expression 'object\.nope == 1' resulted in error: / },
    {
      title: 'two errors are aggregated',
      preconditions: '- {name: a, expression: "object.nope == 1"}\n- {name: b, expression: "object.other == 1"}',
      status: 'fail',
      message: /^\[expression 'object\.nope == 1' resulted in error: .*, expression 'object\.other == 1' resulted in error: .*\]$/,
    },
    { title: 'preconditions see the variables', preconditions: '- {name: a, expression: "variables.isPod"}', status: 'fail', message: 'denied' },
  ];

  it.each(cases)('$title', ({ preconditions, status, message }) => {
    const cel = 'variables:\n  - {name: isPod, expression: "object.kind == \'Pod\'"}\nexpressions:\n  - {expression: "false", message: denied}';
    const [rule] = run(policy(cel, { rule: `celPreconditions:\n${preconditions}` }));
    expect(rule!.status).toBe(status);
    if (typeof message === 'string') expect(rule!.message).toBe(message);
    else expect(rule!.message).toMatch(message);
  });
});

describe('validate.cel: variables', () => {
  const cases: { title: string; variables: string; expression: string; status: string; message: string | RegExp }[] = [
    { title: 'a variable is usable', variables: '- {name: podName, expression: "object.metadata.name"}', expression: "variables.podName == 'web'", status: 'pass', message: "Validation rule 'check' passed." },
    {
      title: 'a later variable uses an earlier one',
      variables: '- {name: podName, expression: "object.metadata.name"}\n- {name: upper, expression: "variables.podName.upperAscii()"}',
      expression: "variables.upper == 'WEB'",
      status: 'pass',
      message: "Validation rule 'check' passed.",
    },
    {
      title: 'variables are typed by their expressions',
      variables: '- {name: count, expression: "size(object.spec.containers)"}',
      expression: 'variables.count + 1 == 2',
      status: 'pass',
      message: "Validation rule 'check' passed.",
    },
    {
      title: 'an unused variable that fails is never evaluated',
      variables: '- {name: broken, expression: "object.missing.field"}',
      expression: 'true',
      status: 'pass',
      message: "Validation rule 'check' passed.",
    },
    {
      title: 'a used variable that fails fails the expression',
      variables: '- {name: broken, expression: "object.missing.field"}',
      expression: "variables.broken == 'x'",
      status: 'fail',
      message: /^expression 'variables\.broken == 'x'' resulted in error: composited variable "broken" fails to evaluate: /,
    },
    {
      title: 'a used variable that does not compile fails the expression',
      variables: '- {name: broken, expression: "1 +"}',
      expression: 'variables.broken == 1',
      status: 'fail',
      message: /composited variable "broken" fails to compile: compilation failed: /,
    },
    {
      title: 'an undeclared variable is a compile error',
      variables: '- {name: one, expression: "1"}',
      expression: 'variables.other == 1',
      status: 'fail',
      message: /^compilation error: compilation failed: /,
    },
    {
      title: 'a variable sees only the earlier ones',
      variables: '- {name: a, expression: "variables.b"}\n- {name: b, expression: "1"}',
      expression: 'variables.a == 1',
      status: 'fail',
      message: /composited variable "a" fails to compile/,
    },
  ];

  it.each(cases)('$title', ({ variables, expression, status, message }) => {
    const [rule] = run(policy(`variables:\n${variables}\nexpressions:\n  - expression: ${JSON.stringify(expression)}`));
    expect(rule!.status).toBe(status);
    if (typeof message === 'string') expect(rule!.message).toBe(message);
    else expect(rule!.message).toMatch(message);
  });
});

describe('validate.cel: admission variables', () => {
  const cases: { title: string; expression: string; resource?: JsonObject; kinds?: string; request?: Partial<EvaluationRequest>; status: string }[] = [
    { title: 'namespaceObject has the name only', expression: "namespaceObject.metadata.name == 'shop' && !has(namespaceObject.metadata.labels)", status: 'pass' },
    { title: 'namespaceObject is null for cluster-scoped resources', expression: 'namespaceObject == null', resource: NODE, kinds: 'Node', status: 'pass' },
    { title: 'namespaceObject is null for a Namespace', expression: 'namespaceObject == null', resource: NAMESPACE, kinds: 'Namespace', status: 'pass' },
    { title: 'request names the resource', expression: "request.kind.kind == 'Pod' && request.kind.version == 'v1' && request.name == 'web' && request.namespace == 'shop'", status: 'pass' },
    { title: 'a Namespace request has no namespace', expression: '!has(request.namespace)', resource: NAMESPACE, kinds: 'Namespace', status: 'pass' },
    { title: 'the operation defaults to CREATE', expression: "request.operation == 'CREATE' && oldObject == null", status: 'pass' },
    { title: 'UPDATE binds the old object', expression: "request.operation == 'UPDATE' && oldObject.metadata.name == object.metadata.name", request: { operation: 'UPDATE' }, status: 'pass' },
    { title: 'DELETE binds the old object only', expression: "request.operation == 'DELETE' && object == null && oldObject.metadata.name == 'web'", request: { operation: 'DELETE' }, status: 'pass' },
    { title: 'without user info the user name is absent', expression: "request.userInfo.username == 'alice'", status: 'fail' },
    {
      title: 'the user info fills request.userInfo',
      expression: "request.userInfo.username == 'alice' && 'devs' in request.userInfo.groups",
      request: { userInfo: { userInfo: { username: 'alice', groups: ['devs'] } } },
      status: 'pass',
    },
    { title: 'params are not declared without paramKind and paramRef', expression: 'params == null', status: 'fail' },
  ];

  it.each(cases)('$title', ({ expression, resource, kinds, request, status }) => {
    const [rule] = run(policy(`expressions:\n  - expression: ${JSON.stringify(expression)}`, kinds ? { kinds } : {}), request, resource ?? POD);
    expect({ status: rule!.status, message: rule!.message }).toMatchObject({ status });
  });
});

describe('validate.cel: parameters', () => {
  const configMap = (name: string, namespace: string | null, labels: Record<string, string> = {}): JsonObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, ...(namespace === null ? {} : { namespace }), labels },
    data: { maxContainers: '1' },
  });
  const cel = (paramRef: string): string =>
    `paramKind: {apiVersion: v1, kind: ConfigMap}\nparamRef: ${paramRef}\nexpressions:\n  - expression: "size(object.spec.containers) <= int(params.data.maxContainers)"\n    message: too many`;

  const cases: { title: string; paramRef: string; params: JsonObject[]; status: string; message: string }[] = [
    { title: 'a named parameter without namespace', paramRef: '{name: limits}', params: [configMap('limits', null)], status: 'pass', message: "Validation rule 'check' passed." },
    {
      title: 'a parameter that fails the expression',
      paramRef: '{name: limits}',
      params: [{ ...configMap('limits', null), data: { maxContainers: '0' } }],
      status: 'fail',
      message: 'too many',
    },
    {
      title: 'a missing named parameter',
      paramRef: '{name: limits}',
      params: [],
      status: 'error',
      message: 'error in parameterized resource: configmaps "limits" not found',
    },
    {
      title: "the Kyverno CLI's fake discovery makes every kind cluster-scoped: a namespaced parameter is not found by name",
      paramRef: '{name: limits}',
      params: [configMap('limits', 'shop')],
      status: 'error',
      message: 'error in parameterized resource: configmaps "limits" not found',
    },
    {
      title: 'a paramRef namespace is refused for a cluster-scoped kind',
      paramRef: '{name: limits, namespace: shop}',
      params: [configMap('limits', 'shop')],
      status: 'error',
      message: 'error in parameterized resource: paramRef.namespace must not be provided for a cluster-scoped `paramKind`',
    },
    {
      title: 'a selector lists the parameters of every namespace, each evaluated',
      paramRef: '{selector: {matchLabels: {policy: limits}}}',
      params: [configMap('a', 'shop', { policy: 'limits' }), { ...configMap('b', 'other', { policy: 'limits' }), data: { maxContainers: '0' } }, configMap('c', 'shop')],
      status: 'fail',
      message: 'too many',
    },
    {
      title: 'no parameter selected: nothing is evaluated and the rule passes',
      paramRef: '{selector: {matchLabels: {policy: none}}, parameterNotFoundAction: Allow}',
      params: [configMap('a', 'shop', { policy: 'limits' })],
      status: 'pass',
      message: "Validation rule 'check' passed.",
    },
    {
      title: 'no parameter selected with Deny',
      paramRef: '{selector: {matchLabels: {policy: none}}, parameterNotFoundAction: Deny}',
      params: [],
      status: 'error',
      message: 'error in parameterized resource: no params found',
    },
  ];

  it.each(cases)('$title', ({ paramRef, params, status, message }) => {
    expect(only(run(policy(cel(paramRef)), { external: { params } }))).toEqual({ name: 'check', status, message });
  });

  it('a kind the fake discovery does not know is an error', () => {
    const p = policy('paramKind: {apiVersion: example.com/v1, kind: Limits}\nparamRef: {name: limits}\nexpressions:\n  - expression: "true"');
    expect(only(run(p))).toEqual({
      name: 'check',
      status: 'error',
      message: 'error in parameterized resource: failed to check if resource is namespaced or not (not found)',
    });
  });

  it('a paramKind apiVersion that does not parse is an error', () => {
    const p = policy('paramKind: {apiVersion: a/b/c, kind: ConfigMap}\nparamRef: {name: limits}\nexpressions:\n  - expression: "true"');
    expect(only(run(p))).toEqual({ name: 'check', status: 'error', message: "error in parameterized resource: can't parse the parameter resource group version" });
  });
});

describe('validate.cel: where the deciding expression is', () => {
  it.each([
    {
      title: 'a false expression: its path, no range',
      cel: 'expressions:\n  - expression: "true"\n  - expression: "false"',
      policyPath: ['spec', 'rules', 0, 'validate', 'cel', 'expressions', 1, 'expression'],
      expressionRange: undefined,
    },
    {
      title: 'an evaluation error: its path and the range of the failing field',
      cel: 'expressions:\n  - expression: "object.spec.missing == 1"',
      policyPath: ['spec', 'rules', 0, 'validate', 'cel', 'expressions', 0, 'expression'],
      expressionRange: { start: 12, end: 19 },
    },
    {
      title: 'an error in a variable: the variable',
      cel: 'variables:\n  - {name: ok, expression: "1"}\n  - {name: bad, expression: "object.gone"}\nexpressions:\n  - expression: "variables.bad == 1"',
      policyPath: ['spec', 'rules', 0, 'validate', 'cel', 'variables', 1, 'expression'],
      expressionRange: { start: 7, end: 11 },
    },
    {
      title: 'a compile error: the expression',
      cel: 'expressions:\n  - expression: "undeclared == 1"',
      policyPath: ['spec', 'rules', 0, 'validate', 'cel', 'expressions', 0, 'expression'],
      expressionRange: { start: 0, end: 10 },
    },
  ])('$title', ({ cel, policyPath, expressionRange }) => {
    const [rule] = run(policy(cel));
    expect(rule!.policyPath).toEqual(policyPath);
    expect(rule!.expressionRange).toEqual(expressionRange);
  });

  it('a precondition error points at the precondition', () => {
    const [rule] = run(policy('expressions:\n  - expression: "true"', { rule: 'celPreconditions:\n  - {name: a, expression: "object.nope == 1"}' }));
    expect(rule).toMatchObject({ status: 'fail', policyPath: ['spec', 'rules', 0, 'celPreconditions', 0, 'expression'], expressionRange: { start: 7, end: 11 } });
  });

  it('an autogen rule points at the rule it comes from, without a range once the text was rewritten', () => {
    const deployment = yaml(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: nginx, image: nginx}]
`);
    const p = policy('expressions:\n  - expression: "object.spec.missing == 1"\n  - expression: "1 == 1 && object.kind.missing"');
    const [rule] = run(p, {}, deployment);
    expect(rule).toMatchObject({
      name: 'autogen-check',
      status: 'fail',
      message: /^expression 'object\.spec\.template\.spec\.missing == 1' resulted in error: /,
      policyPath: ['spec', 'rules', 0, 'validate', 'cel', 'expressions', 0, 'expression'],
    });
    expect(rule!.expressionRange).toBeUndefined();
  });
});

describe('validate.cel: in the engine', () => {
  it('autogen rewrites object.spec for Pod controllers', () => {
    const cronJob = yaml(`apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly, namespace: shop}
spec:
  schedule: "0 0 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers: [{name: job, image: busybox}, {name: side, image: busybox}]
`);
    const p = policy('expressions:\n  - expression: "object.spec.containers.size() == 1"\n    message: "one container in object.spec"');
    expect(only(run(p, {}, cronJob))).toEqual({
      name: 'autogen-cronjob-check',
      status: 'fail',
      message: 'one container in object.spec.jobTemplate.spec.template.spec',
    });
  });

  it('a policy exception skips the rule', () => {
    const exception = decodePolicyException(
      yaml(`apiVersion: kyverno.io/v2
kind: PolicyException
metadata: {name: allow-web, namespace: shop}
spec:
  exceptions:
    - {policyName: cel-policy, ruleNames: [check]}
  match:
    any:
      - resources: {kinds: [Pod], names: [web]}
`),
    );
    if (typeof exception === 'string') throw new Error(exception);
    const p = policy('expressions:\n  - expression: "false"');
    expect(only(run(p, { exceptions: [exception] }))).toEqual({
      name: 'check',
      status: 'skip',
      message: 'rule is skipped due to policy exceptionsshop/allow-web',
    });
  });

  it('classic preconditions apply before the CEL ones', () => {
    const p = policy('expressions:\n  - expression: "false"', { rule: 'preconditions:\n  all:\n    - {key: "{{ request.object.metadata.name }}", operator: Equals, value: db}' });
    expect(only(run(p))).toEqual({ name: 'check', status: 'skip', message: 'preconditions not met' });
  });

  it('no response when a ValidatingAdmissionPolicy was generated for the policy', () => {
    const p = policy('expressions:\n  - expression: "false"');
    (p as unknown as JsonObject).status = { validatingAdmissionPolicy: { generated: true } };
    expect(run(p)).toEqual([]);
  });

  it('a failure on UPDATE is not excused by a pre-existing violation', () => {
    const p = policy('expressions:\n  - expression: "false"', { validate: 'failureAction: Enforce' });
    expect(only(run(p, { operation: 'UPDATE' }), ['status'])).toEqual({ status: 'fail' });
  });

  it('each rule is compiled once, whatever the number of resources', () => {
    const compiled = compilePolicy(policy('variables:\n  - {name: podName, expression: "object.metadata.name"}\nexpressions:\n  - expression: "variables.podName != \'\'"'));
    const before = environments.count;
    for (let i = 0; i < 5; i++) {
      const rules = validateResource(compiled, { resource: { ...POD, metadata: { name: `pod-${i}`, namespace: 'shop' } }, numberMode: 'float64' })!.rules;
      expect(rules[0]!.status).toBe('pass');
    }
    // One environment for the variable, one for the expressions, one for the messages (no `authorizer`).
    expect(environments.count - before).toBe(3);
  });

  it('the autogen rules of the Pod controller kinds are compiled once in all', () => {
    const compiled = compilePolicy(policy('expressions:\n  - expression: "object.spec.containers.size() > 0"'));
    const controller = (kind: string): JsonObject => ({
      apiVersion: 'apps/v1',
      kind,
      metadata: { name: 'web', namespace: 'shop' },
      spec: { template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    });
    const before = environments.count;
    for (const kind of ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']) {
      expect(validateResource(compiled, { resource: controller(kind), numberMode: 'float64' })!.rules).toMatchObject([{ name: 'autogen-check', status: 'pass' }]);
    }
    expect(environments.count - before).toBe(2);
  });
});
