import { describe, expect, it } from 'vitest';
import { acceptBinding, acceptPolicy } from '../../../src/evaluate/family.js';
import { evaluateResource } from '../../../src/evaluate/processor.js';
import type { ResourceDocument } from '../../../src/evaluate/resource.js';
import type { CompiledBinding, CompiledPolicy, EvaluationRequest, PolicyResponse } from '../../../src/evaluate/types.js';
import type { JsonObject } from '../../../src/types.js';

const V1ALPHA1 = 'admissionregistration.k8s.io/v1alpha1';
const V1BETA1 = 'admissionregistration.k8s.io/v1beta1';
const V1 = 'admissionregistration.k8s.io/v1';
const configMapsRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] };
const deploymentsRule = { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] };

function compile(spec: JsonObject, name = 'mutate', apiVersion = V1BETA1): CompiledPolicy {
  const accepted = acceptPolicy({ apiVersion, kind: 'MutatingAdmissionPolicy', metadata: { name }, spec });
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.policy;
}

function binding(spec: JsonObject, name = 'binding', apiVersion = V1BETA1): CompiledBinding {
  const accepted = acceptBinding({ apiVersion, kind: 'MutatingAdmissionPolicyBinding', metadata: { name }, spec });
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.binding;
}

function configMap(name: string, labels: Record<string, string> = {}, namespace = 'default', data: JsonObject = { mode: 'fast' }): JsonObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, labels }, data };
}

function run(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): PolicyResponse[] {
  const result = policy.mutate!({ numberMode: 'int64', ...request });
  expect(Array.isArray(result)).toBe(true);
  return result as PolicyResponse[];
}

/** `[rule, status, message]` of the one response, and its patched resource; null without a response. */
function outcome(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): { rule: [string, string, string]; patched: JsonObject | undefined } | null {
  const responses = run(policy, request);
  if (responses.length === 0) return null;
  expect(responses).toHaveLength(1);
  const [response] = responses;
  expect(response!.rules).toHaveLength(1);
  const rule = response!.rules[0]!;
  return { rule: [rule.name, rule.status, rule.message], patched: response!.patchedResource };
}

const addLabel = (key: string, value: string): JsonObject => ({
  patchType: 'ApplyConfiguration',
  applyConfiguration: { expression: `Object{metadata: Object.metadata{labels: {"${key}": "${value}"}}}` },
});

const labelsOf = (object: JsonObject | undefined): unknown => (object?.metadata as JsonObject | undefined)?.labels;
const PASS = 'mutation is successfully applied';

describe('MutatingAdmissionPolicy without bindings', () => {
  const cases: { title: string; spec: JsonObject; resource: JsonObject; request?: Partial<EvaluationRequest>; rule: [string, string, string] | null; labels?: unknown; patched?: JsonObject }[] = [
    {
      title: 'a matched resource is mutated by an apply configuration',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm', { app: 'web' }),
      rule: ['mutate', 'pass', PASS],
      labels: { app: 'web', team: 'platform' },
    },
    {
      title: 'an unmatched resource gives no response',
      spec: { matchConstraints: { resourceRules: [deploymentsRule] }, mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm'),
      rule: null,
    },
    {
      title: 'no matchConstraints matches every resource',
      spec: { mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm'),
      rule: ['mutate', 'pass', PASS],
      labels: { team: 'platform' },
    },
    {
      title: 'false match conditions skip, the resource unchanged',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, matchConditions: [{ name: 'red', expression: "object.metadata.labels['color'] == 'red'" }], mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm', { color: 'blue' }),
      rule: ['mutate', 'skip', "match conditions aren't met"],
      labels: { color: 'blue' },
    },
    {
      title: 'match conditions that hold let the mutations run',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, matchConditions: [{ name: 'red', expression: "object.metadata.labels['color'] == 'red'" }], mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm', { color: 'red' }),
      rule: ['mutate', 'pass', PASS],
      labels: { color: 'red', team: 'platform' },
    },
    {
      title: 'a match condition error with failurePolicy Fail gives no response',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, matchConditions: [{ name: 'x', expression: 'object.spec.missing == 1' }], mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm'),
      rule: null,
    },
    {
      title: 'a match condition error with failurePolicy Ignore skips',
      spec: { failurePolicy: 'Ignore', matchConstraints: { resourceRules: [configMapsRule] }, matchConditions: [{ name: 'x', expression: 'object.spec.missing == 1' }], mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm'),
      rule: ['mutate', 'skip', "match conditions aren't met"],
    },
    {
      title: 'match conditions do not see namespaceObject',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, matchConditions: [{ name: 'ns', expression: 'namespaceObject == null' }], mutations: [addLabel('team', 'platform')] },
      resource: configMap('cm'),
      rule: ['mutate', 'pass', PASS],
    },
    {
      title: 'the mutations see namespaceObject with the Values labels',
      spec: {
        matchConstraints: { resourceRules: [configMapsRule] },
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"env": namespaceObject.metadata.labels.env}}}' } }],
      },
      resource: configMap('cm', {}, 'staging'),
      request: { namespaceLabels: { env: 'staging' } },
      rule: ['mutate', 'pass', PASS],
      labels: { env: 'staging' },
    },
    {
      title: 'an apply configuration replaces a list whole (the deduced type has atomic lists)',
      spec: {
        matchConstraints: { resourceRules: [deploymentsRule] },
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "sidecar"}]}}}}' } }],
      },
      resource: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' }, spec: { replicas: 1, template: { spec: { containers: [{ name: 'app', image: 'nginx' }] } } } },
      rule: ['mutate', 'pass', PASS],
      patched: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' }, spec: { replicas: 1, template: { spec: { containers: [{ name: 'sidecar' }] } } } },
    },
    {
      title: 'a JSON patch',
      spec: {
        matchConstraints: { resourceRules: [configMapsRule] },
        mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("example.com/team"), value: "platform"}]' } }],
      },
      resource: configMap('cm', { app: 'web' }),
      rule: ['mutate', 'pass', PASS],
      labels: { app: 'web', 'example.com/team': 'platform' },
    },
    {
      title: 'a JSON patch whose test fails leaves the resource unchanged and passes',
      spec: {
        matchConstraints: { resourceRules: [configMapsRule] },
        mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "test", path: "/data/mode", value: "slow"}, JSONPatch{op: "add", path: "/data/extra", value: "x"}]' } }],
      },
      resource: configMap('cm'),
      rule: ['mutate', 'pass', PASS],
      patched: configMap('cm'),
    },
    {
      title: 'mutations apply in order, each seeing the previous result',
      spec: {
        matchConstraints: { resourceRules: [configMapsRule] },
        mutations: [addLabel('first', 'one'), { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"second": object.metadata.labels.first + "-two"}}}' } }],
      },
      resource: configMap('cm'),
      rule: ['mutate', 'pass', PASS],
      labels: { first: 'one', second: 'one-two' },
    },
    {
      title: 'variables are available to the mutations',
      spec: {
        matchConstraints: { resourceRules: [configMapsRule] },
        variables: [{ name: 'team', expression: '"team-" + object.metadata.name' }],
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": variables.team}}}' } }],
      },
      resource: configMap('web'),
      rule: ['mutate', 'pass', PASS],
      labels: { team: 'team-web' },
    },
    {
      title: 'a failing mutation gives no response',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"x": object.spec.missing}}}' } }] },
      resource: configMap('cm'),
      rule: null,
    },
    {
      title: 'a mutation of the wrong type gives no response',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: '{"metadata": {}}' } }] },
      resource: configMap('cm'),
      rule: null,
    },
    {
      title: 'an Object type name that does not follow the field path gives no response',
      spec: { matchConstraints: { resourceRules: [configMapsRule] }, mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.spec{labels: {"a": "b"}}}' } }] },
      resource: configMap('cm'),
      rule: null,
    },
    {
      title: 'params read without a binding do not compile: no response',
      spec: { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, matchConstraints: { resourceRules: [configMapsRule] }, mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": params.data.team}}}' } }] },
      resource: configMap('cm'),
      rule: null,
    },
    {
      title: "a Namespace's namespace selector reads its own labels",
      spec: { matchConstraints: { resourceRules: [{ ...configMapsRule, resources: ['namespaces'] }], namespaceSelector: { matchLabels: { env: 'prod' } } }, mutations: [addLabel('team', 'platform')] },
      resource: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { env: 'prod' } } },
      request: { namespaceLabels: { env: 'test' } },
      rule: ['mutate', 'pass', PASS],
      labels: { env: 'prod', team: 'platform' },
    },
    {
      title: "a Namespace whose own labels do not fit the namespace selector is not matched",
      spec: { matchConstraints: { resourceRules: [{ ...configMapsRule, resources: ['namespaces'] }], namespaceSelector: { matchLabels: { env: 'prod' } } }, mutations: [addLabel('team', 'platform')] },
      resource: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { env: 'test' } } },
      request: { namespaceLabels: { env: 'prod' } },
      rule: null,
    },
    {
      title: 'the request is a CREATE by the resolved user',
      spec: {
        matchConstraints: { resourceRules: [configMapsRule] },
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"op": request.operation, "user": request.userInfo.username}}}' } }],
      },
      resource: configMap('cm'),
      rule: ['mutate', 'pass', PASS],
      labels: { op: 'CREATE', user: 'system:kyverno:background-scan' },
    },
  ];
  it.each(cases)('$title', ({ spec, resource, request, rule, labels, patched }) => {
    const result = outcome(compile(spec), { resource, ...request });
    if (rule === null) {
      expect(result).toBeNull();
      return;
    }
    expect(result?.rule).toEqual(rule);
    if (labels !== undefined) expect(labelsOf(result?.patched)).toEqual(labels);
    if (patched !== undefined) expect(result?.patched).toEqual(patched);
  });
});

describe('MutatingAdmissionPolicy API versions', () => {
  it.each([V1ALPHA1, V1BETA1, V1])('%s policies and bindings are accepted and evaluated', (apiVersion) => {
    const policy = compile({ matchConstraints: { resourceRules: [configMapsRule] }, mutations: [addLabel('team', 'platform')] }, 'mutate', apiVersion);
    const bound = binding({ policyName: 'mutate', matchResources: { objectSelector: { matchLabels: { app: 'web' } } } }, 'b', apiVersion);
    expect(labelsOf(outcome(policy, { resource: configMap('cm', { app: 'web' }), bindings: [bound] })?.patched)).toEqual({ app: 'web', team: 'platform' });
    expect(outcome(policy, { resource: configMap('cm', { app: 'db' }), bindings: [bound] })).toBeNull();
  });

  it.each(['admissionregistration.k8s.io/v2', 'admissionregistration.k8s.io/v1beta2'])('other versions are not loaded: %s', (apiVersion) => {
    const accepted = acceptPolicy({ apiVersion, kind: 'MutatingAdmissionPolicy', metadata: { name: 'p' }, spec: { mutations: [] } });
    expect(accepted).toEqual({ status: 'malformed', problems: [{ message: `policy type not supported ${apiVersion}, Kind=MutatingAdmissionPolicy`, path: ['apiVersion'] }] });
    const bound = acceptBinding({ apiVersion, kind: 'MutatingAdmissionPolicyBinding', metadata: { name: 'b' }, spec: { policyName: 'p' } });
    expect(bound.status).toBe('malformed');
  });

  it('reports shape problems at their paths', () => {
    const accepted = acceptPolicy({ apiVersion: V1, kind: 'MutatingAdmissionPolicy', metadata: { name: 'p' }, spec: { failurePolicy: 'Sometimes', mutations: 'x' } });
    expect(accepted).toEqual({
      status: 'malformed',
      problems: [
        { message: 'unsupported value "Sometimes": supported values: "Fail", "Ignore"', path: ['spec', 'failurePolicy'] },
        { message: 'expected a list', path: ['spec', 'mutations'] },
      ],
    });
  });
});

describe('MutatingAdmissionPolicy with bindings', () => {
  const spec = { matchConstraints: { resourceRules: [deploymentsRule] }, mutations: [addLabel('team', 'platform')] };

  it("ignores the policy's own matchConstraints once a binding names it", () => {
    const policy = compile(spec);
    expect(outcome(policy, { resource: configMap('cm'), bindings: [binding({ policyName: 'mutate' })] })?.rule).toEqual(['mutate', 'pass', PASS]);
  });

  it('reads only the bindings that name it', () => {
    const policy = compile(spec);
    expect(outcome(policy, { resource: configMap('cm'), bindings: [binding({ policyName: 'other' })] })).toBeNull();
  });

  it('a binding whose matchResources do not match is passed over: no response', () => {
    const policy = compile(spec);
    const bound = binding({ policyName: 'mutate', matchResources: { excludeResourceRules: [configMapsRule] } });
    expect(outcome(policy, { resource: configMap('cm'), bindings: [bound] })).toBeNull();
  });

  it('binding namespace selectors read the Values labels', () => {
    const policy = compile(spec);
    const bound = binding({ policyName: 'mutate', matchResources: { namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: ['staging'] }] } } });
    expect(outcome(policy, { resource: configMap('cm', {}, 'staging'), namespaceLabels: { env: 'staging' }, bindings: [bound] })?.rule).toEqual(['mutate', 'pass', PASS]);
    expect(outcome(policy, { resource: configMap('cm', {}, 'testing'), namespaceLabels: { env: 'testing' }, bindings: [bound] })).toBeNull();
  });

  it('each binding patches the resource as received; the last one evaluated gives the response', () => {
    const policy = compile({ paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {params.data.key: "yes"}}}' } }] });
    const params = [configMap('first', {}, 'default', { key: 'a' }), configMap('second', {}, 'default', { key: 'b' })];
    const bindings = [binding({ policyName: 'mutate', paramRef: { name: 'first' } }, 'one'), binding({ policyName: 'mutate', paramRef: { name: 'second' } }, 'two')];
    const result = outcome(policy, { resource: configMap('cm', { app: 'web' }), bindings, external: { params } });
    expect(labelsOf(result?.patched)).toEqual({ app: 'web', b: 'yes' });
  });

  it('a later binding whose mutation fails leaves a response without rules: none is emitted', () => {
    const policy = compile({ mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"v": params.data.value}}}' } }] });
    const params = [configMap('good', {}, 'default', { value: 'ok' }), configMap('bad', {}, 'default', {})];
    const bindings = [binding({ policyName: 'mutate', paramRef: { name: 'good' } }, 'one'), binding({ policyName: 'mutate', paramRef: { name: 'bad' } }, 'two')];
    expect(outcome(policy, { resource: configMap('cm'), bindings: bindings.slice(0, 1), external: { params } })?.rule).toEqual(['mutate', 'pass', PASS]);
    expect(outcome(policy, { resource: configMap('cm'), bindings, external: { params } })).toBeNull();
  });

  it('a later binding that skips carries the earlier patched resource', () => {
    // `params == null` compiles only where params are declared (a binding that found some); under failurePolicy
    // Ignore the compile error of the binding without parameters is a mismatch: a skip.
    const policy = compile({ failurePolicy: 'Ignore', matchConditions: [{ name: 'declared', expression: 'params == null' }], mutations: [addLabel('team', 'platform')] });
    const params = [configMap('alpha')];
    const withParams = binding({ policyName: 'mutate', paramRef: { name: 'alpha' } }, 'one');
    const without = binding({ policyName: 'mutate' }, 'two');
    expect(outcome(policy, { resource: configMap('cm'), bindings: [without], external: { params } })?.rule).toEqual(['mutate', 'skip', "match conditions aren't met"]);
    const result = outcome(policy, { resource: configMap('cm'), bindings: [withParams, without], external: { params } });
    expect(result?.rule).toEqual(['mutate', 'skip', "match conditions aren't met"]);
    expect(labelsOf(result?.patched)).toEqual({ team: 'platform' });
  });

  const paramsPolicy = {
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": has(params.items) ? params.items.map(p, p.data.team).join("-") : params.data.team}}}' } }],
  };
  const teamParams = [
    configMap('alpha', { type: 'param' }, 'default', { team: 'alpha' }),
    configMap('beta', { type: 'param' }, 'other', { team: 'beta' }),
    configMap('gamma', { type: 'other' }, 'default', { team: 'gamma' }),
  ];
  const paramCases: { title: string; paramRef: JsonObject; team: string | null }[] = [
    { title: 'by name', paramRef: { name: 'gamma' }, team: 'gamma' },
    { title: 'by name, whatever the namespace', paramRef: { name: 'beta', namespace: 'default' }, team: 'beta' },
    { title: 'by namespace alone: the first in it', paramRef: { namespace: 'other' }, team: 'beta' },
    { title: 'by selector: every match as a list, in load order', paramRef: { selector: { matchLabels: { type: 'param' } } }, team: 'alpha-beta' },
    { title: 'by selector matching one: still a list', paramRef: { selector: { matchLabels: { type: 'other' } } }, team: 'gamma' },
    { title: 'none found: params undeclared, the mutation fails, no response', paramRef: { name: 'missing' }, team: null },
  ];
  it.each(paramCases)('selects parameters $title', ({ paramRef, team }) => {
    const policy = compile(paramsPolicy);
    const result = outcome(policy, { resource: configMap('cm'), bindings: [binding({ policyName: 'mutate', paramRef })], external: { params: teamParams } });
    if (team === null) expect(result).toBeNull();
    else expect(labelsOf(result?.patched)).toEqual({ team });
  });

  it('match conditions see params as null', () => {
    const policy = compile({ matchConditions: [{ name: 'p', expression: 'params == null' }], mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": params.data.team}}}' } }] });
    const result = outcome(policy, { resource: configMap('cm'), bindings: [binding({ policyName: 'mutate', paramRef: { name: 'alpha' } })], external: { params: teamParams } });
    expect(result?.rule).toEqual(['mutate', 'pass', PASS]);
    expect(labelsOf(result?.patched)).toEqual({ team: 'alpha' });
  });
});

describe('MutatingAdmissionPolicy in the processor', () => {
  const document = (value: JsonObject): ResourceDocument => ({
    key: 'cm',
    file: 'resource.yaml',
    documentIndex: 0,
    apiVersion: String(value.apiVersion),
    kind: String(value.kind),
    name: 'cm',
    namespace: 'default',
    value: value as ResourceDocument['value'],
  }) as ResourceDocument;

  it('policies mutate in turn, each seeing the previous one; a validation sees the result', () => {
    const first = compile({ mutations: [addLabel('first', 'one')] }, 'first');
    const second = compile({ mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"second": object.metadata.labels.first}}}' } }] }, 'second');
    const accepted = acceptPolicy({
      apiVersion: V1,
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name: 'check' },
      spec: { validations: [{ expression: "object.metadata.labels.second == 'one'" }] },
    });
    if (accepted.status !== 'accepted') throw new Error('not accepted');
    const responses = evaluateResource([accepted.policy, first, second], document(configMap('cm')), { numberMode: 'float64' });
    expect(responses.map(({ kind, response }) => [kind, response.policy.name, response.rules.map((rule) => rule.status)])).toEqual([
      ['mutate', 'first', ['pass']],
      ['mutate', 'second', ['pass']],
      ['validate', 'check', ['pass']],
    ]);
    expect(labelsOf(responses[1]!.response.patchedResource)).toEqual({ first: 'one', second: 'one' });
  });
});
