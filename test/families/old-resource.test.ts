/**
 * @file UPDATE and DELETE requests with a real old object, in every policy family: policies that compare the old
 * and the new object, `allowExistingViolations` as Kyverno's `validateOldObject` evaluates it, match on UPDATE,
 * and the no-old-object (Kyverno CLI) behaviour kept.
 */
import { describe, expect, it } from 'vitest';
import { acceptPolicy } from '../../src/evaluate/family.js';
import { evaluateResource, type EvaluationOptions } from '../../src/evaluate/processor.js';
import { resourceDocument } from '../../src/evaluate/resource.js';
import type { CompiledPolicy } from '../../src/evaluate/types.js';
import type { KubernetesObject } from '../../src/source/index.js';
import { parseDocuments } from '../../src/source/index.js';
import type { JsonObject } from '../../src/types.js';

function yaml(text: string): JsonObject[] {
  const { documents, problems } = parseDocuments('inline.yaml', text);
  expect(problems).toEqual([]);
  return documents.map((document) => document.value as JsonObject);
}

function compile(text: string): CompiledPolicy[] {
  return yaml(text).map((document) => {
    const accepted = acceptPolicy(document);
    if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
    return accepted.policy;
  });
}

interface DeploymentShape {
  name?: string;
  replicas?: number;
  labels?: Record<string, string>;
  images?: string[];
}

function deployment({ name = 'web', replicas = 2, labels = { app: 'web', team: 'shop' }, images = ['nginx:1.25'] }: DeploymentShape = {}): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'shop', labels },
    spec: {
      replicas,
      selector: { matchLabels: { app: labels.app ?? 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: images.map((image, i) => ({ name: `c${i}`, image })) } },
    },
  };
}

function pod(privileged: boolean, name = 'web'): JsonObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'shop' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.25', securityContext: { privileged } }] },
  };
}

type Row = [policy: string, rule: string, status: string, message: string];

function evaluate(policies: readonly CompiledPolicy[], resource: JsonObject, options: Partial<EvaluationOptions> = {}): { rows: Row[]; patched?: JsonObject } {
  const responses = evaluateResource(policies, resourceDocument(resource as KubernetesObject, 'inline.yaml', 0), { numberMode: 'float64', ...options });
  const rows: Row[] = [];
  let patched: JsonObject | undefined;
  for (const { kind, response } of responses) {
    if (kind === 'mutate' && response.patchedResource !== undefined) patched = response.patchedResource;
    for (const rule of response.rules) rows.push([response.policy.name, rule.name, rule.status, rule.message]);
  }
  return patched === undefined ? { rows } : { rows, patched };
}

const clusterPolicy = (name: string, action: string, rules: string): string => `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: ${name}
spec:
  validationFailureAction: ${action}
  rules:
${rules}`;

const matchDeployments = (operations = ''): string => `      match:
        any:
          - resources:
              kinds: [Deployment]
${operations === '' ? '' : `              operations: [${operations}]\n`}`;

const NO_SCALE_DOWN = clusterPolicy(
  'no-scale-down',
  'Audit',
  `    - name: replicas
${matchDeployments()}      preconditions:
        all:
          - key: "{{ request.operation }}"
            operator: Equals
            value: UPDATE
      validate:
        message: "scaling down from {{ request.oldObject.spec.replicas }} to {{ request.object.spec.replicas }}"
        deny:
          conditions:
            any:
              - key: "{{ request.object.spec.replicas }}"
                operator: LessThan
                value: "{{ request.oldObject.spec.replicas }}"
`,
);

const IMMUTABLE_SELECTOR = clusterPolicy(
  'immutable-selector',
  'Audit',
  `    - name: selector
${matchDeployments('UPDATE')}      validate:
        message: "spec.selector is immutable"
        deny:
          conditions:
            any:
              - key: "{{ request.object.spec.selector.matchLabels.app }}"
                operator: NotEquals
                value: "{{ request.oldObject.spec.selector.matchLabels.app }}"
`,
);

const KEEP_TEAM_LABEL = clusterPolicy(
  'keep-team-label',
  'Audit',
  `    - name: team
${matchDeployments('UPDATE')}      validate:
        message: "the team label cannot be removed"
        deny:
          conditions:
            all:
              - key: "{{ request.oldObject.metadata.labels.team || '' }}"
                operator: NotEquals
                value: ""
              - key: "{{ request.object.metadata.labels.team || '' }}"
                operator: Equals
                value: ""
`,
);

const PATTERN_MIN_REPLICAS = clusterPolicy(
  'pattern-no-scale-down',
  'Audit',
  `    - name: replicas
${matchDeployments('UPDATE')}      validate:
        message: "replicas cannot go down"
        pattern:
          spec:
            replicas: ">={{ request.oldObject.spec.replicas }}"
`,
);

const KEEP_CONTAINERS = clusterPolicy(
  'keep-containers',
  'Audit',
  `    - name: containers
${matchDeployments('UPDATE')}      validate:
        foreach:
          - list: request.oldObject.spec.template.spec.containers
            deny:
              conditions:
                any:
                  - key: "{{ element.name }}"
                    operator: AnyNotIn
                    value: "{{ request.object.spec.template.spec.containers[].name }}"
`,
);

describe('kyverno.io policies on UPDATE with an old object', () => {
  const policies = compile([NO_SCALE_DOWN, IMMUTABLE_SELECTOR, KEEP_TEAM_LABEL, PATTERN_MIN_REPLICAS, KEEP_CONTAINERS].join('---\n'));
  const statuses = (rows: Row[]): Record<string, string> => Object.fromEntries(rows.map(([policy, , status]) => [policy, status]));

  it.each([
    {
      title: 'no scale-down: the old object has more replicas',
      old: deployment({ replicas: 5 }),
      resource: deployment({ replicas: 2 }),
      fails: ['no-scale-down', 'pattern-no-scale-down'],
    },
    { title: 'immutable selector: the old selector differs', old: deployment({ labels: { app: 'api', team: 'shop' } }), resource: deployment(), fails: ['immutable-selector'] },
    { title: 'a label removed', old: deployment(), resource: deployment({ labels: { app: 'web' } }), fails: ['keep-team-label'] },
    {
      title: 'a container removed (foreach over request.oldObject)',
      old: deployment({ images: ['nginx:1.25', 'envoy:1.30'] }),
      resource: deployment(),
      fails: ['keep-containers'],
    },
    { title: 'nothing changed', old: deployment(), resource: deployment(), fails: [] },
  ])('$title', ({ old, resource, fails }) => {
    const withOld = statuses(evaluate(policies, resource, { operation: 'UPDATE', oldResource: old }).rows);
    expect(Object.keys(withOld).sort()).toEqual(['immutable-selector', 'keep-containers', 'keep-team-label', 'no-scale-down', 'pattern-no-scale-down']);
    expect(Object.entries(withOld).filter(([, status]) => status === 'fail').map(([policy]) => policy).sort()).toEqual(fails);
    // Without an old object (the Kyverno CLI's UPDATE), the resource is its own old object: nothing changed.
    const withoutOld = statuses(evaluate(policies, resource, { operation: 'UPDATE' }).rows);
    expect(Object.values(withoutOld).every((status) => status === 'pass')).toBe(true);
  });

  it('validate.cel rules see the old object as oldObject', () => {
    const cel = compile(
      clusterPolicy(
        'cel-no-scale-down',
        'Audit',
        `    - name: replicas
${matchDeployments()}      validate:
        cel:
          expressions:
            - expression: "oldObject == null || object.spec.replicas >= oldObject.spec.replicas"
              message: "no scale-down"
`,
      ),
    );
    const run = (options: Partial<EvaluationOptions>): string[] => evaluate(cel, deployment({ replicas: 2 }), options).rows.map((row) => row[2]);
    expect(run({ operation: 'UPDATE', oldResource: deployment({ replicas: 5 }) })).toEqual(['fail']);
    expect(run({ operation: 'UPDATE' })).toEqual(['pass']);
    expect(run({ operation: 'CREATE', oldResource: deployment({ replicas: 5 }) })).toEqual(['pass']);
  });

  it('gives the messages of the old and new values', () => {
    const { rows } = evaluate(policies.slice(0, 1), deployment({ replicas: 2 }), { operation: 'UPDATE', oldResource: deployment({ replicas: 5 }) });
    expect(rows).toEqual([['no-scale-down', 'replicas', 'fail', 'scaling down from 5 to 2']]);
  });

  it('ignores the old object of a CREATE', () => {
    const { rows } = evaluate(policies.slice(0, 1), deployment({ replicas: 2 }), { operation: 'CREATE', oldResource: deployment({ replicas: 5 }) });
    expect(rows).toEqual([['no-scale-down', 'replicas', 'skip', 'preconditions not met']]);
  });

  it('keeps one context per old object for the same resource (the admission data cache)', () => {
    const resource = deployment({ replicas: 3 });
    const run = (oldResource?: JsonObject): string[] =>
      evaluate(policies.slice(0, 1), resource, oldResource === undefined ? { operation: 'UPDATE' } : { operation: 'UPDATE', oldResource }).rows.map((row) => row[2]);
    expect([run(deployment({ replicas: 5 })), run(deployment({ replicas: 1 })), run(), run(deployment({ replicas: 4 }))]).toEqual([['fail'], ['pass'], ['pass'], ['fail']]);
  });

  it('matches the new object only: a label selector that only the old object meets does not apply the rule', () => {
    const selected = compile(
      clusterPolicy(
        'web-only',
        'Audit',
        `    - name: web
      match:
        any:
          - resources:
              kinds: [Deployment]
              selector:
                matchLabels:
                  tier: web
      validate:
        deny: {}
`,
      ),
    );
    const old = deployment({ labels: { app: 'web', tier: 'web' } });
    expect(evaluate(selected, deployment(), { operation: 'UPDATE', oldResource: old }).rows).toEqual([]);
    expect(evaluate(selected, old, { operation: 'UPDATE', oldResource: deployment() }).rows.map((row) => row[2])).toEqual(['fail']);
  });

  it('mutate rules read request.oldObject', () => {
    const mutate = compile(`apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: record-replicas
spec:
  rules:
    - name: previous
${matchDeployments()}      mutate:
        patchStrategicMerge:
          metadata:
            annotations:
              previous-replicas: "{{ request.oldObject.spec.replicas }}"
`);
    const annotation = (options: Partial<EvaluationOptions>): unknown =>
      ((evaluate(mutate, deployment({ replicas: 2 }), options).patched?.metadata as JsonObject).annotations as JsonObject)['previous-replicas'];
    expect(annotation({ operation: 'UPDATE', oldResource: deployment({ replicas: 5 }) })).toBe(5);
    expect(annotation({ operation: 'UPDATE' })).toBe(2);
  });

  it('a generate rule whose preconditions only the old object meets fails (its downstream is deleted)', () => {
    const generate = compile(`apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: team-config
spec:
  rules:
    - name: config
${matchDeployments()}      preconditions:
        all:
          - key: "{{ request.object.metadata.labels.team || '' }}"
            operator: Equals
            value: shop
      generate:
        apiVersion: v1
        kind: ConfigMap
        name: team-config
        namespace: shop
        data:
          data:
            team: shop
`);
    const unlabeled = deployment({ labels: { app: 'web' } });
    expect(evaluate(generate, unlabeled, { operation: 'UPDATE', oldResource: deployment() }).rows).toEqual([['team-config', 'config', 'fail', '']]);
    expect(evaluate(generate, unlabeled, { operation: 'UPDATE' }).rows).toEqual([['team-config', 'config', 'skip', '']]);
  });

  it('DELETE: request.object is null and request.oldObject the resource (request.object reads it in variables)', () => {
    const protect = compile(
      clusterPolicy(
        'protect',
        'Enforce',
        `    - name: protected
${matchDeployments('DELETE')}      validate:
        message: "{{ request.object.metadata.name }} is protected"
        deny:
          conditions:
            all:
              - key: "{{ request.oldObject.metadata.labels.protected || '' }}"
                operator: Equals
                value: "true"
              - key: "{{ request.object }}"
                operator: Equals
                value: "{{ request.oldObject }}"
`,
      ),
    );
    const resource = deployment({ labels: { app: 'web', protected: 'true' } });
    expect(evaluate(protect, resource, { operation: 'DELETE' }).rows).toEqual([['protect', 'protected', 'fail', 'web is protected']]);
    expect(evaluate(protect, resource, { operation: 'DELETE', oldResource: deployment({ name: 'other' }) }).rows).toEqual([['protect', 'protected', 'fail', 'web is protected']]);
    expect(evaluate(protect, deployment(), { operation: 'DELETE' }).rows.map((row) => row[2])).toEqual(['pass']);
  });
});

const SKIPPED = 'skipping the rule evaluation as pre-existing violations are allowed';

describe('allowExistingViolations with an old object (validateOldObject)', () => {
  const noLatest = (action = 'Enforce', extra = '', match = matchDeployments()): string =>
    clusterPolicy(
      'no-latest',
      action,
      `    - name: tag
${match}      validate:
${extra}        message: "no latest tag"
        pattern:
          spec:
            template:
              spec:
                containers:
                  - image: "!*:latest"
`,
    );
  const latest = deployment({ images: ['nginx:latest'] });
  const FAILED = 'validation error: no latest tag. rule tag failed at path /spec/template/spec/containers/0/image/';

  it.each([
    { title: 'the old object violates too: skip', policy: noLatest(), old: latest, expected: ['skip', SKIPPED] },
    { title: 'the old object does not violate: fail', policy: noLatest(), old: deployment(), expected: ['fail', FAILED] },
    { title: 'no old object (the CLI): the resource is its own old object, skip', policy: noLatest(), old: undefined, expected: ['skip', SKIPPED] },
    { title: 'allowExistingViolations: false', policy: noLatest('Enforce', '        allowExistingViolations: false\n'), old: latest, expected: ['fail', FAILED] },
    { title: 'Audit: the old object is not evaluated', policy: noLatest('Audit'), old: latest, expected: ['fail', FAILED] },
    {
      title: 'a rule matching UPDATE only: the old object, matched as a CREATE, does not match',
      policy: noLatest('Enforce', '', matchDeployments('UPDATE')),
      old: latest,
      expected: ['fail', FAILED],
    },
    {
      title: 'a rule matching a user: the old object is matched as another user',
      policy: noLatest(
        'Enforce\n  background: false',
        '',
        `      match:
        any:
          - resources:
              kinds: [Deployment]
            subjects:
              - kind: User
                name: alice
`,
      ),
      old: latest,
      userInfo: { userInfo: { username: 'alice' } },
      expected: ['fail', FAILED],
    },
  ])('$title', ({ policy, old, expected, userInfo }) => {
    const options: Partial<EvaluationOptions> = { operation: 'UPDATE', ...(old ? { oldResource: old } : {}), ...(userInfo ? { userInfo } : {}) };
    expect(evaluate(compile(policy), latest, options).rows).toEqual([['no-latest', 'tag', ...expected]]);
  });

  it('deny conditions read the old object as request.object', () => {
    const policy = compile(
      clusterPolicy(
        'max-replicas',
        'Enforce',
        `    - name: replicas
${matchDeployments()}      validate:
        message: "at most 3 replicas"
        deny:
          conditions:
            any:
              - key: "{{ request.object.spec.replicas }}"
                operator: GreaterThan
                value: 3
`,
      ),
    );
    const run = (old: number): Row[] => evaluate(policy, deployment({ replicas: 5 }), { operation: 'UPDATE', oldResource: deployment({ replicas: old }) }).rows;
    expect(run(4)).toEqual([['max-replicas', 'replicas', 'skip', SKIPPED]]);
    expect(run(2)).toEqual([['max-replicas', 'replicas', 'fail', 'at most 3 replicas']]);
  });

  it('preconditions are evaluated on the old object as a CREATE: one on the UPDATE operation leaves the failure', () => {
    const policy = compile(
      clusterPolicy(
        'update-only',
        'Enforce',
        `    - name: replicas
${matchDeployments()}      preconditions:
        all:
          - key: "{{ request.operation }}"
            operator: Equals
            value: UPDATE
      validate:
        deny: {}
`,
      ),
    );
    expect(evaluate(policy, deployment(), { operation: 'UPDATE', oldResource: deployment() }).rows).toEqual([
      ['update-only', 'replicas', 'fail', 'validation error: rule replicas failed'],
    ]);
  });

  it("a pattern keeps the variable values of the new object's run", () => {
    const policy = compile(
      clusterPolicy(
        'app-is-name',
        'Enforce',
        `    - name: app
${matchDeployments()}      validate:
        message: "the app label must be the name"
        pattern:
          metadata:
            labels:
              app: "{{ request.object.metadata.name }}"
`,
      ),
    );
    // The old object (named `other`, labelled `other`) would pass on its own; with the new name, it fails too.
    const old = deployment({ name: 'other', labels: { app: 'other' } });
    const rows = evaluate(policy, deployment({ labels: { app: 'other' } }), { operation: 'UPDATE', oldResource: old }).rows;
    expect(rows).toEqual([['app-is-name', 'app', 'skip', SKIPPED]]);
  });

  it('podSecurity rules: skip when the old Pod violates the level too', () => {
    const policy = compile(
      clusterPolicy(
        'baseline',
        'Enforce',
        `    - name: baseline
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        podSecurity:
          level: baseline
          version: latest
`,
      ),
    );
    const run = (old: JsonObject): string[] => evaluate(policy, pod(true), { operation: 'UPDATE', oldResource: old }).rows.map((row) => row[2]);
    expect(run(pod(true))).toEqual(['skip']);
    expect(run(pod(false))).toEqual(['fail']);
  });
});

describe('CEL policies on UPDATE and DELETE with an old object', () => {
  const deploymentsRule = (operations: string[]): JsonObject => ({ apiGroups: ['apps'], apiVersions: ['v1'], operations, resources: ['deployments'] });
  const celPolicies = (kind: string, operations: string[], expression: string, extra: JsonObject = {}): CompiledPolicy[] => {
    const apiVersion = kind === 'ValidatingAdmissionPolicy' ? 'admissionregistration.k8s.io/v1' : 'policies.kyverno.io/v1';
    const spec: JsonObject = { matchConstraints: { resourceRules: [deploymentsRule(operations)], ...extra }, validations: [{ expression, message: 'denied' }] };
    const accepted = acceptPolicy({ apiVersion, kind, metadata: { name: 'check' }, spec });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    return [accepted.policy];
  };
  const status = (policies: CompiledPolicy[], resource: JsonObject, options: Partial<EvaluationOptions>): string[] => evaluate(policies, resource, options).rows.map((row) => row[2]);
  const NO_SCALE_DOWN_CEL = 'oldObject == null || object.spec.replicas >= oldObject.spec.replicas';
  const NO_SCALE_DOWN_REQUEST = 'request.oldObject == null || object.spec.replicas >= request.oldObject.spec.replicas';

  it.each([
    { kind: 'ValidatingPolicy', expression: NO_SCALE_DOWN_CEL, update: ['fail'], noOld: ['pass'] },
    { kind: 'ValidatingPolicy', expression: NO_SCALE_DOWN_REQUEST, update: ['fail'], noOld: ['pass'] },
    // The Kyverno CLI evaluates a ValidatingAdmissionPolicy as a CREATE (no old object) whatever the operation.
    { kind: 'ValidatingAdmissionPolicy', expression: NO_SCALE_DOWN_CEL, update: ['fail'], noOld: ['pass'] },
  ])('$kind: $expression', ({ kind, expression, update, noOld }) => {
    const policies = celPolicies(kind, ['CREATE', 'UPDATE'], expression);
    expect(status(policies, deployment({ replicas: 2 }), { operation: 'UPDATE', oldResource: deployment({ replicas: 5 }) })).toEqual(update);
    expect(status(policies, deployment({ replicas: 2 }), { operation: 'UPDATE', oldResource: deployment({ replicas: 1 }) })).toEqual(['pass']);
    expect(status(policies, deployment({ replicas: 2 }), { operation: 'UPDATE' })).toEqual(noOld);
    expect(status(policies, deployment({ replicas: 2 }), { operation: 'CREATE', oldResource: deployment({ replicas: 5 }) })).toEqual(['pass']);
  });

  it.each(['ValidatingPolicy', 'ValidatingAdmissionPolicy'])('%s: a DELETE has no object and the resource as oldObject', (kind) => {
    const policies = celPolicies(kind, ['DELETE'], "object == null && oldObject.metadata.name == 'web' && request.operation == 'DELETE'");
    const resource = deployment();
    expect(status(policies, resource, { operation: 'DELETE', oldResource: resource })).toEqual(['pass']);
  });

  it('ValidatingPolicy: the object selector holds for the old object (the Kubernetes matcher tests object or oldObject)', () => {
    const policies = celPolicies('ValidatingPolicy', ['UPDATE'], 'false', { objectSelector: { matchLabels: { tier: 'web' } } });
    const old = deployment({ labels: { app: 'web', tier: 'web' } });
    expect(status(policies, deployment(), { operation: 'UPDATE', oldResource: old })).toEqual(['fail']);
    expect(status(policies, deployment(), { operation: 'UPDATE' })).toEqual([]);
  });

  const annotationOf = (patched: JsonObject | undefined): unknown => ((patched?.metadata as JsonObject | undefined)?.annotations as JsonObject | undefined)?.previous;

  it.each([
    {
      kind: 'MutatingPolicy',
      document: {
        apiVersion: 'policies.kyverno.io/v1',
        kind: 'MutatingPolicy',
        metadata: { name: 'previous' },
        spec: {
          matchConstraints: { resourceRules: [deploymentsRule(['CREATE', 'UPDATE'])] },
          mutations: [
            {
              patchType: 'ApplyConfiguration',
              applyConfiguration: { expression: "Object{metadata: Object.metadata{annotations: {'previous': oldObject == null ? 'none' : string(int(oldObject.spec.replicas))}}}" },
            },
          ],
        },
      },
    },
    {
      kind: 'MutatingAdmissionPolicy',
      document: {
        apiVersion: 'admissionregistration.k8s.io/v1beta1',
        kind: 'MutatingAdmissionPolicy',
        metadata: { name: 'previous' },
        spec: {
          matchConstraints: { resourceRules: [deploymentsRule(['CREATE', 'UPDATE'])] },
          reinvocationPolicy: 'Never',
          mutations: [
            {
              patchType: 'ApplyConfiguration',
              applyConfiguration: { expression: "Object{metadata: Object.metadata{annotations: {'previous': oldObject == null ? 'none' : string(int(oldObject.spec.replicas))}}}" },
            },
          ],
        },
      },
    },
  ])('$kind: the mutations read oldObject', ({ document }) => {
    const accepted = acceptPolicy(document as JsonObject);
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    const policies = [accepted.policy];
    expect(annotationOf(evaluate(policies, deployment({ replicas: 2 }), { operation: 'UPDATE', oldResource: deployment({ replicas: 5 }) }).patched)).toBe('5');
    // Without an old object, a MutatingPolicy's UPDATE sees the resource itself, a MutatingAdmissionPolicy a CREATE.
    const noOld = annotationOf(evaluate(policies, deployment({ replicas: 2 }), { operation: 'UPDATE' }).patched);
    expect(noOld).toBe(document.kind === 'MutatingPolicy' ? '2' : 'none');
  });
});

describe('GeneratingPolicy on UPDATE with an old object', () => {
  const accepted = acceptPolicy({
    apiVersion: 'policies.kyverno.io/v1',
    kind: 'GeneratingPolicy',
    metadata: { name: 'gen' },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['namespaces'] }] },
      generate: [
        {
          expression:
            'generator.Apply(object.metadata.name, [{"apiVersion": dyn("v1"), "kind": dyn("ConfigMap"), "metadata": dyn({"name": "previous-team"}), "data": dyn({"team": oldObject == null ? "none" : oldObject.metadata.labels.team})}])',
        },
      ],
    },
  });
  if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
  const policy = accepted.policy;
  const namespace = (team: string): JsonObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a', labels: { team } } });
  const team = (options: { operation: string; oldResource?: JsonObject }): unknown => {
    const outcome = policy.generate!({ resource: namespace('blue'), numberMode: 'float64', ...options }, () => []);
    return (outcome?.response.rules[0]?.generatedResources?.[0]?.data as JsonObject | undefined)?.team;
  };

  it.each([
    { title: 'UPDATE with an old object: oldObject is the old object', options: { operation: 'UPDATE', oldResource: namespace('red') }, expected: 'red' },
    { title: 'UPDATE without one (the CLI): the resource itself', options: { operation: 'UPDATE' }, expected: 'blue' },
    { title: 'CREATE: no old object, whatever is given', options: { operation: 'CREATE', oldResource: namespace('red') }, expected: 'none' },
  ])('$title', ({ options, expected }) => {
    expect(team(options)).toBe(expected);
  });
});

describe('MutatingAdmissionPolicy on DELETE with an old object', () => {
  it('mutates nothing (no object); without an old object it is the CLI’s CREATE', () => {
    const accepted = acceptPolicy({
      apiVersion: 'admissionregistration.k8s.io/v1beta1',
      kind: 'MutatingAdmissionPolicy',
      metadata: { name: 'label' },
      spec: {
        matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['*'], resources: ['deployments'] }] },
        reinvocationPolicy: 'Never',
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: "Object{metadata: Object.metadata{labels: {'seen': 'yes'}}}" } }],
      },
    });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    const resource = deployment();
    expect(evaluate([accepted.policy], resource, { operation: 'DELETE', oldResource: resource }).rows).toEqual([]);
    expect(evaluate([accepted.policy], resource, { operation: 'DELETE' }).rows).toEqual([['label', 'label', 'pass', 'mutation is successfully applied']]);
  });
});

describe('DeletingPolicy with an old object', () => {
  it('matches the object alone (engine.go `Handle`): the old object’s labels play no part', () => {
    const accepted = acceptPolicy({
      apiVersion: 'policies.kyverno.io/v1',
      kind: 'DeletingPolicy',
      metadata: { name: 'cleanup' },
      spec: {
        schedule: '0 0 * * *',
        matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }], objectSelector: { matchLabels: { tier: 'temp' } } },
        conditions: [{ name: 'always', expression: 'true' }],
      },
    });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    const old = deployment({ labels: { app: 'web', tier: 'temp' } });
    expect(evaluate([accepted.policy], deployment(), { operation: 'UPDATE', oldResource: old }).rows).toEqual([]);
    expect(evaluate([accepted.policy], old, { operation: 'UPDATE', oldResource: deployment() }).rows).toEqual([['cleanup', 'cleanup', 'pass', 'resource matched']]);
  });
});
