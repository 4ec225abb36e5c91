/**
 * MutatingPolicy / NamespacedMutatingPolicy as the Kyverno CLI evaluates them (kyverno/kyverno
 * pkg/cel/policies/mpol/engine/engine.go `handlePolicy`, compiler/policy.go `evaluate`, compiler/applyconfig.go,
 * compiler/json.go, autogen/autogen.go; cmd/cli/kubectl-kyverno/processor/policy_processor.go for the stages).
 */
import { describe, expect, it } from 'vitest';
import { acceptException, acceptPolicy } from '../../../src/evaluate/family.js';
import { evaluateResource } from '../../../src/evaluate/processor.js';
import type { ResourceDocument } from '../../../src/evaluate/resource.js';
import type { CompiledException, CompiledPolicy, EvaluationRequest, PolicyResponse } from '../../../src/evaluate/types.js';
import type { JsonObject } from '../../../src/types.js';

const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] };

function accept(spec: JsonObject, kind = 'MutatingPolicy', metadata: JsonObject = { name: 'mpol' }) {
  return acceptPolicy({ apiVersion: 'policies.kyverno.io/v1', kind, metadata, spec });
}

function compile(spec: JsonObject, kind = 'MutatingPolicy', metadata: JsonObject = { name: 'mpol' }): CompiledPolicy {
  const accepted = accept(spec, kind, metadata);
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.policy;
}

function pod(labels: Record<string, string> = { app: 'web' }, namespace = 'default'): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace, labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
}

function responses(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): readonly PolicyResponse[] {
  const result = policy.mutate!({ numberMode: 'float64', operation: 'CREATE', ...request });
  return Array.isArray(result) ? result : [result as PolicyResponse];
}

/** `[rule name, status, message]` of each rule of each response. */
function rules(list: readonly PolicyResponse[]): [string, string, string][] {
  return list.flatMap((response) => response.rules.map((rule): [string, string, string] => [rule.name, rule.status, rule.message]));
}

/** A mutation of the Pod, with the matching constraints on Pods. */
const mutating = (mutations: JsonObject[], extra: JsonObject = {}): JsonObject => ({ matchConstraints: { resourceRules: [podRule] }, mutations, ...extra });
const apply = (expression: string): JsonObject => ({ patchType: 'ApplyConfiguration', applyConfiguration: { expression } });
const jsonPatch = (expression: string): JsonObject => ({ patchType: 'JSONPatch', jsonPatch: { expression } });

const PASS: [string, string, string] = ['', 'pass', 'success'];
const SKIP: [string, string, string] = ['', 'skip', 'skip'];

describe('MutatingPolicy: mutations, conditions and errors', () => {
  const withLabels = (labels: Record<string, string>): JsonObject => pod(labels);
  const cases: { name: string; spec: JsonObject; resource?: JsonObject; rules: [string, string, string][]; patched?: JsonObject }[] = [
    {
      name: 'an apply configuration merges a label into the object',
      spec: mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')]),
      rules: [PASS],
      patched: withLabels({ app: 'web', team: 'a' }),
    },
    {
      name: 'an apply configuration sets a spec field',
      spec: mutating([apply('Object{spec: Object.spec{priorityClassName: "high"}}')]),
      rules: [PASS],
      patched: { ...pod(), spec: { containers: [{ name: 'c', image: 'nginx' }], priorityClassName: 'high' } },
    },
    {
      name: 'a JSON patch adds',
      spec: mutating([jsonPatch('[JSONPatch{op: "add", path: "/metadata/labels/team", value: "a"}]')]),
      rules: [PASS],
      patched: withLabels({ app: 'web', team: 'a' }),
    },
    {
      name: 'a JSON patch replaces',
      spec: mutating([jsonPatch('[JSONPatch{op: "replace", path: "/spec/containers/0/image", value: "nginx:1.27"}]')]),
      rules: [PASS],
      patched: { ...pod(), spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } },
    },
    {
      name: 'a JSON patch removes',
      spec: mutating([jsonPatch('[JSONPatch{op: "remove", path: "/metadata/labels/app"}]')]),
      rules: [PASS],
      patched: withLabels({}),
    },
    {
      name: 'a JSON patch whose test operation fails is not applied, without an error',
      spec: mutating([jsonPatch('[JSONPatch{op: "test", path: "/metadata/name", value: "api"}, JSONPatch{op: "add", path: "/metadata/labels/team", value: "a"}]')]),
      rules: [PASS],
      patched: pod(),
    },
    {
      name: 'a JSON patch whose test operation holds is applied',
      spec: mutating([jsonPatch('[JSONPatch{op: "test", path: "/metadata/name", value: "web"}, JSONPatch{op: "add", path: "/metadata/labels/team", value: "a"}]')]),
      rules: [PASS],
      patched: withLabels({ app: 'web', team: 'a' }),
    },
    {
      name: 'each mutation sees the result of the one before',
      spec: mutating([
        apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}'),
        jsonPatch('[JSONPatch{op: "add", path: "/metadata/labels/copy", value: object.metadata.labels.team + "-copy"}]'),
      ]),
      rules: [PASS],
      patched: withLabels({ app: 'web', team: 'a', copy: 'a-copy' }),
    },
    {
      name: 'variables are read by the mutations',
      spec: mutating([apply('Object{metadata: Object.metadata{labels: {"owner": variables.owner}}}')], { variables: [{ name: 'owner', expression: "object.metadata.labels.app + '-team'" }] }),
      rules: [PASS],
      patched: withLabels({ app: 'web', owner: 'web-team' }),
    },
    {
      name: 'a false match condition: skip, the object unchanged',
      spec: mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')], { matchConditions: [{ name: 'api-only', expression: "object.metadata.name == 'api'" }] }),
      rules: [SKIP],
      patched: pod(),
    },
    {
      name: 'match conditions may read variables',
      spec: mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')], {
        variables: [{ name: 'isWeb', expression: "object.metadata.name == 'web'" }],
        matchConditions: [{ name: 'web-only', expression: 'variables.isWeb' }],
      }),
      rules: [PASS],
      patched: withLabels({ app: 'web', team: 'a' }),
    },
    {
      name: 'a match condition that fails to evaluate: error',
      spec: mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')], { matchConditions: [{ name: 'broken', expression: 'object.missing == 1' }] }),
      rules: [['evaluation', 'error', 'failed to evaluate policy: no such key: missing']],
      patched: pod(),
    },
    {
      name: 'a mutation that fails to evaluate: error, the object unchanged',
      spec: mutating([apply('Object{metadata: Object.metadata{labels: {"team": object.metadata.missing}}}')]),
      rules: [['evaluation', 'error', 'failed to evaluate policy: no such key: missing']],
      patched: pod(),
    },
    {
      name: 'a type name that does not follow the field path: error',
      spec: mutating([apply('Object{spec: Object.spec{selector: Object.spec.wrong{}}}')]),
      rules: [
        [
          'evaluation',
          'error',
          'failed to evaluate policy: type mismatch: unexpected type name "Object.spec.wrong", expected "Object.spec.selector", which matches field name path from root Object type',
        ],
      ],
      patched: pod(),
    },
    // gopkg.in/evanphx/json-patch.v4 `Apply` (compiler/json.go), not the options of Kyverno's patchesJson6902.
    {
      name: 'a JSON patch replacing a path that is not there: error',
      spec: mutating([jsonPatch('[JSONPatch{op: "replace", path: "/spec/missing/field", value: "x"}]')]),
      rules: [['evaluation', 'error', 'failed to evaluate policy: JSON Patch: replace operation does not apply: doc is missing path: /spec/missing/field: missing value']],
      patched: pod(),
    },
    {
      name: 'a JSON patch removing a key that is not there: error (no AllowMissingPathOnRemove)',
      spec: mutating([jsonPatch('[JSONPatch{op: "remove", path: "/metadata/labels/team"}]')]),
      rules: [['evaluation', 'error', "failed to evaluate policy: JSON Patch: error in remove for path: '/metadata/labels/team': Unable to remove nonexistent key: team: missing value"]],
      patched: pod(),
    },
    {
      name: 'a JSON patch removing an index past the end: error',
      spec: mutating([jsonPatch('[JSONPatch{op: "remove", path: "/spec/containers/3"}]')]),
      rules: [['evaluation', 'error', "failed to evaluate policy: JSON Patch: error in remove for path: '/spec/containers/3': Unable to access invalid index: 3: invalid index referenced"]],
      patched: pod(),
    },
    {
      name: 'a JSON patch adding under a map that is not there: error (no EnsurePathExistsOnAdd)',
      spec: mutating([jsonPatch('[JSONPatch{op: "add", path: "/metadata/annotations/a", value: "b"}]')]),
      rules: [['evaluation', 'error', 'failed to evaluate policy: JSON Patch: add operation does not apply: doc is missing path: "/metadata/annotations/a": missing value']],
      patched: pod(),
    },
    {
      name: 'a JSON patch replacing a missing key of an existing map sets it (v4 partialDoc.get never fails)',
      spec: mutating([jsonPatch('[JSONPatch{op: "replace", path: "/metadata/labels/team", value: "a"}]')]),
      rules: [PASS],
      patched: withLabels({ app: 'web', team: 'a' }),
    },
  ];

  it.each(cases)('$name', ({ spec, resource, rules: expected, patched }) => {
    const list = responses(compile(spec), { resource: resource ?? pod() });
    expect(rules(list)).toEqual(expected);
    // Every response carries the object as the policy (and its variants) left it.
    expect(new Set(list.map((response) => response.patchedResource))).toEqual(new Set([patched]));
  });

  it('a Pod policy also answers with the empty response of its Pod-controller variant, whose match constraints are not "simple" (policy_processor.go `hasSelector`)', () => {
    const list = responses(compile(mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')])), { resource: pod() });
    // The policy itself; the cronjobs variant (one resource rule) gives no response; the other controllers' does.
    expect(list.map((response) => response.rules.length)).toEqual([1, 0]);
  });

  it('no response for a resource the match constraints do not select', () => {
    const policy = compile({ matchConstraints: { resourceRules: [{ ...podRule, resources: ['configmaps'] }] }, mutations: [apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')] });
    expect(responses(policy, { resource: pod() })).toEqual([]);
  });

  it('audit annotations are the rule properties of a pass; an empty value is left out', () => {
    const policy = compile(
      mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')], {
        auditAnnotations: [
          { key: 'owner', valueExpression: "'team-' + object.metadata.labels.team" },
          { key: 'empty', valueExpression: "''" },
        ],
      }),
    );
    const [response] = responses(policy, { resource: pod() });
    expect(rules([response!])).toEqual([PASS]);
    // They are evaluated on the mutated object.
    expect(response!.rules[0]!.properties).toEqual({ owner: 'team-a' });
  });

  it('an audit annotation that is not a string: error', () => {
    const policy = compile(mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')], { auditAnnotations: [{ key: 'n', valueExpression: 'dyn(1)' }] }));
    expect(rules(responses(policy, { resource: pod() }))).toEqual([['evaluation', 'error', 'failed to evaluate policy: failed to convert auditAnnotation "n" expression: type conversion error to string']]);
  });
});

describe('MutatingPolicy: exceptions', () => {
  function exception(reportResult?: string, name = 'keep'): CompiledException {
    const accepted = acceptException({
      apiVersion: 'policies.kyverno.io/v1',
      kind: 'PolicyException',
      metadata: { name, namespace: 'default' },
      spec: {
        policyRefs: [{ name: 'mpol', kind: 'MutatingPolicy' }],
        matchConditions: [{ name: 'kept', expression: "object.metadata.labels[?'keep'].orValue('') == 'yes'" }],
        ...(reportResult === undefined ? {} : { reportResult }),
      },
    });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    return accepted.exception;
  }
  const policy = () => compile(mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')]));

  it.each<{ name: string; exceptions: CompiledException[]; labels: Record<string, string>; expected: [string, string, string]; mutated: boolean }>([
    { name: 'a matching exception skips the policy', exceptions: [exception()], labels: { keep: 'yes' }, expected: ['exception', 'skip', 'rule is skipped due to policy exception: default/keep'], mutated: false },
    { name: 'reportResult pass passes it', exceptions: [exception('pass')], labels: { keep: 'yes' }, expected: ['exception', 'pass', 'rule is passed due to policy exception: default/keep'], mutated: false },
    { name: 'an exception whose conditions do not hold changes nothing', exceptions: [exception()], labels: { keep: 'no' }, expected: PASS, mutated: true },
    { name: 'an exception for another policy changes nothing', exceptions: [{ ...exception(), policyRefs: [{ name: 'other', kind: 'MutatingPolicy' }] } as CompiledException], labels: { keep: 'yes' }, expected: PASS, mutated: true },
  ])('$name', ({ exceptions, labels, expected, mutated }) => {
    const list = responses(policy(), { resource: pod(labels), exceptions });
    expect(rules(list)).toEqual([expected]);
    expect(list[0]!.patchedResource).toEqual(mutated ? pod({ ...labels, team: 'a' }) : pod(labels));
  });
});

describe('MutatingPolicy: autogen for Pod controllers', () => {
  const spec = mutating([apply('Object{spec: Object.spec{securityContext: Object.spec.securityContext{runAsNonRoot: true}}}')], {
    matchConditions: [{ name: 'no-context', expression: '!has(object.spec.securityContext)' }],
  });
  const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
  const deployment: JsonObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } }, template } };
  const cronJob: JsonObject = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'web', namespace: 'default' }, spec: { schedule: '* * * * *', jobTemplate: { spec: { template } } } };
  const secured = { ...template, spec: { ...template.spec, securityContext: { runAsNonRoot: true } } };

  it.each<{ name: string; resource: JsonObject; patched: JsonObject }>([
    { name: 'a Deployment: the construction is wrapped down to spec.template', resource: deployment, patched: { ...deployment, spec: { ...(deployment.spec as JsonObject), template: secured } } },
    { name: 'a CronJob: the construction is wrapped down to spec.jobTemplate.spec.template', resource: cronJob, patched: { ...cronJob, spec: { schedule: '* * * * *', jobTemplate: { spec: { template: secured } } } } },
  ])('$name', ({ resource, patched }) => {
    const list = responses(compile(spec), { resource });
    expect(rules(list)).toEqual([PASS]);
    expect(list.at(-1)!.patchedResource).toEqual(patched);
    // The rewritten match condition reads the pod template: a second run is skipped.
    expect(rules(responses(compile(spec), { resource: patched }))).toEqual([SKIP]);
  });

  it('a Pod is mutated by the policy itself, not by the variants', () => {
    const list = responses(compile(spec), { resource: pod() });
    expect(rules(list)).toEqual([PASS]);
    expect(list[0]!.patchedResource).toEqual({ ...pod(), spec: { containers: [{ name: 'c', image: 'nginx' }], securityContext: { runAsNonRoot: true } } });
  });

  it('no variant when the controllers are none', () => {
    const policy = compile({ ...spec, autogen: { podControllers: { controllers: [] } } });
    expect(responses(policy, { resource: deployment })).toEqual([]);
  });
});

describe('MutatingPolicy: compile errors', () => {
  it.each<{ name: string; spec: JsonObject; reason: string }>([
    {
      name: 'an apply configuration that is not an Object',
      spec: mutating([apply('{"metadata": {}}')]),
      reason: 'failed to compile policy mpol (spec.mutations[0].applyConfiguration.expression: Invalid value: "{\\"metadata\\": {}}": output is expected to be of type Object)',
    },
    {
      name: 'an apply configuration that does not parse',
      spec: mutating([apply('Object{')]),
      reason: expect.stringMatching(/^failed to compile policy mpol \(spec\.mutations\[0\]\.applyConfiguration\.expression: Invalid value: "Object\{": /) as unknown as string,
    },
    {
      name: 'a match condition that is not a bool',
      spec: mutating([apply('Object{}')], { matchConditions: [{ name: 'a', expression: "'x'" }] }),
      reason: expect.stringMatching(/^failed to compile policy mpol \(spec\.matchConditions\[0\]\.expression: Invalid value: "'x'": /) as unknown as string,
    },
  ])('$name', ({ spec, reason }) => {
    const accepted = accept(spec);
    expect(accepted.status).toBe('invalid');
    expect(accepted.status === 'invalid' && accepted.reason).toEqual(reason);
  });

  it.each<{ name: string; spec: JsonObject }>([
    { name: 'an unknown patch type', spec: mutating([{ patchType: 'Merge', applyConfiguration: { expression: 'Object{}' } }]) },
    { name: 'an unknown field', spec: mutating([apply('Object{}')], { validations: [] }) },
    { name: 'an unknown failure policy', spec: mutating([apply('Object{}')], { failurePolicy: 'Sometimes' }) },
  ])('refuses a policy with $name as malformed', ({ spec }) => {
    expect(accept(spec).status).toBe('malformed');
  });
});

describe('NamespacedMutatingPolicy', () => {
  const spec = mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')]);

  it('is accepted with its namespace', () => {
    const policy = compile(spec, 'NamespacedMutatingPolicy', { name: 'mpol', namespace: 'team' });
    expect([policy.kind, policy.namespace, policy.namespaced]).toEqual(['NamespacedMutatingPolicy', 'team', true]);
  });

  it("is not confined to its namespace: the CLI's static provider has no namespace predicate (mpol/engine/provider.go `NewProvider`)", () => {
    const policy = compile(spec, 'NamespacedMutatingPolicy', { name: 'mpol', namespace: 'team' });
    for (const namespace of ['team', 'other']) {
      const list = responses(policy, { resource: pod({ app: 'web' }, namespace) });
      expect(rules(list)).toEqual([PASS]);
      expect(list[0]!.patchedResource).toEqual(pod({ app: 'web', team: 'a' }, namespace));
    }
  });
});

describe('stages: what the validating kinds see of a MutatingPolicy', () => {
  const resource = (value: JsonObject): ResourceDocument => ({
    value: value as ResourceDocument['value'],
    file: '/pod.yaml',
    documentIndex: 0,
    apiVersion: 'v1',
    kind: 'Pod',
    namespace: 'default',
    name: 'web',
    key: 'v1,Pod,default,web',
  });
  const mpol = compile(mutating([apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')]));
  const vpol = (() => {
    const accepted = acceptPolicy({
      apiVersion: 'policies.kyverno.io/v1',
      kind: 'ValidatingPolicy',
      metadata: { name: 'vpol' },
      spec: { validationActions: ['Deny'], matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: "object.metadata.labels[?'team'].orValue('') == 'a'", message: 'team a' }] },
    });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    return accepted.policy;
  })();
  const clusterPolicy = (() => {
    const accepted = acceptPolicy({
      apiVersion: 'kyverno.io/v1',
      kind: 'ClusterPolicy',
      metadata: { name: 'cpol' },
      spec: {
        validationFailureAction: 'Enforce',
        rules: [{ name: 'team-a', match: { any: [{ resources: { kinds: ['Pod'] } }] }, validate: { message: 'team a', pattern: { metadata: { labels: { team: 'a' } } } } }],
      },
    });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    return accepted.policy;
  })();

  it('a ValidatingPolicy sees the mutated object; a ClusterPolicy validate rule sees it as it was (policy_processor.go validates kyverno.io policies before the MutatingPolicies run)', () => {
    const out = evaluateResource([clusterPolicy, vpol, mpol], resource(pod() as ResourceDocument['value']), { numberMode: 'float64', operation: 'CREATE' });
    const summary = out.filter(({ response }) => response.rules.length > 0).map(({ kind, response }) => [kind, response.policy.name, response.rules.map((rule) => rule.status)]);
    expect(summary).toEqual([
      ['validate', 'cpol', ['fail']],
      ['mutate', 'mpol', ['pass']],
      ['validate', 'vpol', ['pass']],
    ]);
    const mutated = out.find(({ kind }) => kind === 'mutate')!.response.patchedResource;
    expect(mutated).toEqual(pod({ app: 'web', team: 'a' }));
  });

  it('each MutatingPolicy sees the object as the previous one left it, and request.object and oldObject as received (engine.go Handle)', () => {
    const first = compile(mutating([apply('Object{metadata: Object.metadata{labels: {"a": "1"}}}')]), 'MutatingPolicy', { name: 'first' });
    const second = compile(
      mutating([
        apply(
          'Object{metadata: Object.metadata{annotations: {"object": has(object.metadata.labels.a) ? "patched" : "received", "old": has(oldObject.metadata.labels.a) ? "patched" : "received", "request": has(request.object.metadata.labels.a) ? "patched" : "received"}}}',
        ),
      ]),
      'MutatingPolicy',
      { name: 'second' },
    );
    const out = evaluateResource([first, second], resource(pod() as ResourceDocument['value']), { numberMode: 'float64', operation: 'UPDATE' });
    const responses = out.filter(({ kind, response }) => kind === 'mutate' && response.rules.length > 0).map(({ response }) => response);
    expect(responses.map((response) => response.policy.name)).toEqual(['first', 'second']);
    const final = (pod({ app: 'web', a: '1' }) as { metadata: JsonObject }) as JsonObject;
    (final.metadata as JsonObject).annotations = { object: 'patched', old: 'received', request: 'received' };
    // Every MutatingPolicy response carries the final object (policy_processor.go).
    for (const response of responses) expect(response.patchedResource).toEqual(final);
  });

  it('mutate-existing targets go through every mutate-existing policy in turn; each passing rule carries the final target (policy_processor.go)', () => {
    const configMapRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['*'], resources: ['configmaps'] };
    const existing = (name: string, key: string): CompiledPolicy =>
      compile(
        {
          matchConstraints: { resourceRules: [podRule] },
          evaluation: { mutateExisting: { enabled: true } },
          targetMatchConstraints: { resourceRules: [configMapRule] },
          mutations: [apply(`Object{data: {"${key}": object.metadata.name}}`)],
        },
        'MutatingPolicy',
        { name },
      );
    const target: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' }, data: { x: '1' } };
    const out = evaluateResource([existing('first', 'a'), existing('second', 'b')], resource(pod() as ResourceDocument['value']), {
      numberMode: 'float64',
      operation: 'CREATE',
      targets: [target],
    });
    const targeted = out.filter(({ response }) => response.rules.some((rule) => rule.patchedTarget !== undefined)).map(({ response }) => response);
    expect(targeted.map((response) => response.policy.name)).toEqual(['first', 'second']);
    const final = { ...target, data: { x: '1', a: 'settings', b: 'settings' } };
    for (const response of targeted) expect(response.rules.map((rule) => rule.patchedTarget)).toEqual([final]);
    // The target responses come after the responses for the trigger, which carry no target.
    expect(out.findIndex(({ response }) => response.rules.some((rule) => rule.patchedTarget !== undefined))).toBeGreaterThan(out.findIndex(({ response }) => response.policy.name === 'second'));
  });

  it('only a mutate-existing policy has a target handler (the processor walks the targets for those alone)', () => {
    expect(compile(mutating([apply('Object{}')])).mutateTarget).toBeUndefined();
    expect(compile(mutating([apply('Object{}')], { evaluation: { mutateExisting: { enabled: true } } })).mutateTarget).toBeTypeOf('function');
  });
});

