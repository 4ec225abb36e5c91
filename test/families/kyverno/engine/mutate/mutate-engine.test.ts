import { describe, expect, it } from 'vitest';
import { mutateResource } from '../../../../../src/families/kyverno/engine/mutate/index.js';
import type { EvaluationRequest, PolicyResponse } from '../../../../../src/evaluate/types.js';
import { compilePolicy } from '../../../../../src/families/kyverno/compile.js';
import { decodePolicyException } from '../../../../../src/families/kyverno/policy/exception.js';
import type { Policy } from '../../../../../src/families/kyverno/policy/types.js';
import { parseDocuments } from '../../../../../src/source/index.js';
import type { JsonObject } from '../../../../../src/types.js';

function yaml(text: string): JsonObject {
  const { documents, problems } = parseDocuments('inline.yaml', text);
  expect(problems).toEqual([]);
  return documents[0]!.value as JsonObject;
}

function policy(rules: string, spec = '', kind = 'ClusterPolicy', namespace = ''): Policy {
  return yaml(`apiVersion: kyverno.io/v1
kind: ${kind}
metadata:
  name: test-policy
${namespace ? `  namespace: ${namespace}\n` : ''}spec:
${spec}  rules:
${rules}`) as unknown as Policy;
}

const POD = yaml(`apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
  labels:
    app: web
spec:
  containers:
    - name: nginx
      image: nginx:latest
    - name: sidecar
      image: busybox:1.36
`);

const DEPLOYMENT = yaml(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
spec:
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: api
          image: api:1
`);

const matchPods = `      match:
        any:
          - resources:
              kinds: [Pod]
`;

function mutate(p: Policy, request: Partial<EvaluationRequest> = {}, resource: JsonObject = POD): PolicyResponse {
  return mutateResource(compilePolicy(p), { resource, numberMode: 'float64', ...request });
}

function statuses(response: PolicyResponse): string[] {
  return response.rules.map((rule) => `${rule.name}:${rule.status}:${rule.message}`);
}

function at(value: JsonObject, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) current = (current as Record<string, unknown> | undefined)?.[key];
  return current;
}

describe('mutateResource: rule statuses and messages (engine.invokeRuleHandler, mutateResourceHandler.Process, mutate.Mutate)', () => {
  const cases: { name: string; rules: string; spec?: string; expected: string[]; check?: (patched: JsonObject) => void }[] = [
    {
      name: 'a strategic merge patch that changes the resource passes',
      rules: `    - name: add-team
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              team: shop
`,
      expected: ['add-team:pass:mutated Pod/web in namespace shop'],
      check: (patched) => expect(at(patched, 'metadata.labels')).toEqual({ app: 'web', team: 'shop' }),
    },
    {
      name: 'a patch that changes nothing is skipped',
      rules: `    - name: same
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              app: web
`,
      expected: ['same:skip:no patches applied'],
    },
    {
      name: 'a conditional anchor that does not hold is a skip',
      rules: `    - name: cond
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              (app): other
              team: x
`,
      expected: ['cond:skip:no patches applied'],
    },
    {
      name: 'preconditions that do not hold skip the rule',
      rules: `    - name: pre
${matchPods}      preconditions:
        all:
          - key: "{{ request.object.metadata.name }}"
            operator: Equals
            value: other
      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              team: x
`,
      expected: ['pre:skip:preconditions not met'],
    },
    {
      name: 'a failing context entry is an error and keeps the resource',
      rules: `    - name: ctx
${matchPods}      context:
        - name: "data["
          variable:
            jmesPath: request.object.metadata.name
      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              team: "{{ data }}"
`,
      expected: [],
    },
    {
      name: 'an unresolvable variable in the patch is a substitution error',
      rules: `    - name: vars
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              team: "{{ request.object.metadata.annotations.team }}"
`,
      expected: [
        'vars:error:variable substitution failed: failed to resolve request.object.metadata.annotations.team at path /mutate/patchStrategicMerge/metadata/labels/team: JMESPath query failed: Unknown key "annotations" in path',
      ],
    },
    {
      name: 'a JSON patch replacing a missing key is an error',
      rules: `    - name: replace
${matchPods}      mutate:
        patchesJson6902: |-
          - op: replace
            path: /metadata/annotations/x
            value: y
`,
      expected: [],
    },
    {
      name: 'a JSON patch adds a list item and creates missing parents',
      rules: `    - name: tolerate
${matchPods}      mutate:
        patchesJson6902: |-
          - op: add
            path: /spec/tolerations/-
            value: {key: dedicated, operator: Exists}
`,
      expected: ['tolerate:pass:mutated Pod/web in namespace shop'],
      check: (patched) => expect(at(patched, 'spec.tolerations')).toEqual([{ key: 'dedicated', operator: 'Exists' }]),
    },
    {
      name: 'a rule without a patch is an empty mutate rule',
      rules: `    - name: empty
${matchPods}      mutate: {}
`,
      expected: ['empty:error:empty mutate rule'],
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, () => {
      const response = mutate(policy(testCase.rules, testCase.spec));
      if (testCase.expected.length > 0) expect(statuses(response)).toEqual(testCase.expected);
      testCase.check?.(response.patchedResource!);
    });
  }

  it('reports a failing context entry as Kyverno words it', () => {
    const response = mutate(policy(cases[4]!.rules));
    expect(response.rules).toHaveLength(1);
    expect(response.rules[0]!.status).toBe('error');
    expect(response.rules[0]!.message).toMatch(/^failed to load context: /);
    expect(response.patchedResource).toBe(POD);
  });

  /** The failing JSON patch rule, then a rule that adds a label. */
  const failedPatchThenLabel = (): Policy =>
    policy(`${cases[6]!.rules}    - name: later
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              later: "yes"
`);

  it('continues with an empty resource after a failed patch, as Kyverno does', () => {
    const p = failedPatchThenLabel();
    const response = mutate(p);
    expect(statuses(response)).toEqual([
      'replace:error:failed to patch resource: replace operation does not apply: doc is missing path: /metadata/annotations/x: missing value',
    ]);
    expect(response.patchedResource).toEqual({});
  });

  it('goes on with the resource as it was when asked to, as the admission controller does', () => {
    const p = failedPatchThenLabel();
    const response = mutate(p, { keepResourceOnMutateError: true });
    expect(response.rules.map((rule) => `${rule.name}:${rule.status}`)).toEqual(['replace:error', 'later:pass']);
    expect(at(response.patchedResource!, 'metadata.labels')).toEqual({ app: 'web', later: 'yes' });
  });
});

describe('mutateResource: order, accumulation and applyRules', () => {
  const twoRules = `    - name: first
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              step: one
    - name: second
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            annotations:
              seen: "{{ request.object.metadata.labels.step }}"
`;

  it('runs rules in order and lets later rules read earlier patches through request.object', () => {
    const response = mutate(policy(twoRules));
    expect(response.rules.map((rule) => rule.status)).toEqual(['pass', 'pass']);
    expect(at(response.patchedResource!, 'metadata.annotations')).toEqual({ seen: 'one' });
    expect(at(response.patchedResource!, 'metadata.labels')).toEqual({ app: 'web', step: 'one' });
  });

  it('stops after the first applied rule with applyRules: One', () => {
    const response = mutate(policy(twoRules, '  applyRules: One\n'));
    expect(response.rules.map((rule) => rule.name)).toEqual(['first']);
    expect(at(response.patchedResource!, 'metadata.annotations')).toBeUndefined();
  });

  it('gives a response without rules when nothing matches, and leaves the resource as it was', () => {
    const response = mutate(policy(twoRules), {}, yaml('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\n'));
    expect(response.rules).toEqual([]);
    expect(response.patchedResource!.kind).toBe('ConfigMap');
  });

  it('applies a namespaced Policy only in its namespace', () => {
    const rules = twoRules;
    expect(mutate(policy(rules, '', 'Policy', 'other')).rules).toEqual([]);
    expect(mutate(policy(rules, '', 'Policy', 'shop')).rules).toHaveLength(2);
  });

  it('replaces {{@}} with the same field of the resource', () => {
    const response = mutate(
      policy(`    - name: at
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              app: "{{ to_upper('{{@}}') }}"
`),
    );
    expect(at(response.patchedResource!, 'metadata.labels.app')).toBe('WEB');
  });

  it('mutates the pod template of a Deployment through the autogen rule', () => {
    const response = mutate(
      policy(`    - name: add-team
${matchPods}      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              team: shop
`),
      {},
      DEPLOYMENT,
    );
    expect(statuses(response)).toEqual(['autogen-add-team:pass:mutated Deployment/api in namespace shop']);
    expect(at(response.patchedResource!, 'spec.template.metadata.labels')).toEqual({ app: 'api', team: 'shop' });
  });

  it('skips a rule a PolicyException covers', () => {
    const exception = decodePolicyException(
      yaml(`apiVersion: kyverno.io/v2
kind: PolicyException
metadata: {name: allow, namespace: shop}
spec:
  exceptions:
    - policyName: test-policy
      ruleNames: [first]
  match:
    any:
      - resources:
          kinds: [Pod]
`),
    );
    if (typeof exception === 'string') throw new Error(exception);
    const response = mutate(policy(twoRules), { exceptions: [exception] });
    expect(statuses(response)[0]).toBe('first:skip:rule is skipped due to policy exceptionsshop/allow');
  });
});

describe('mutateResource: foreach (forEachMutator.mutateForEach, pkg/engine/handlers/mutation/common.go)', () => {
  it('patches every element, reversed by default for strategic merge, with element variables', () => {
    const response = mutate(
      policy(`    - name: pull-policy
${matchPods}      mutate:
        foreach:
          - list: request.object.spec.containers
            patchStrategicMerge:
              spec:
                containers:
                  - name: "{{ element.name }}"
                    imagePullPolicy: "{{ to_string(elementIndex) }}"
`),
    );
    expect(statuses(response)).toEqual(['pull-policy:pass:mutated Pod/web in namespace shop']);
    const containers = at(response.patchedResource!, 'spec.containers') as JsonObject[];
    expect(containers.map((container) => [container.name, container.imagePullPolicy])).toEqual([
      ['nginx', '0'],
      ['sidecar', '1'],
    ]);
  });

  it('removes list items by index in Descending order with JSON patches', () => {
    const response = mutate(
      policy(`    - name: drop-busybox
${matchPods}      mutate:
        foreach:
          - list: request.object.spec.containers
            order: Descending
            preconditions:
              all:
                - key: "{{ element.image }}"
                  operator: Equals
                  value: "busybox*"
            patchesJson6902: |-
              - op: remove
                path: /spec/containers/{{elementIndex}}
`),
    );
    expect((at(response.patchedResource!, 'spec.containers') as JsonObject[]).map((c) => c.name)).toEqual(['nginx']);
  });

  it('is a skip with "0 elements processed" when no element changes anything', () => {
    const response = mutate(
      policy(`    - name: none
${matchPods}      mutate:
        foreach:
          - list: request.object.spec.containers
            preconditions:
              all:
                - key: "{{ element.name }}"
                  operator: Equals
                  value: nothing
            patchStrategicMerge:
              metadata:
                labels:
                  x: y
`),
    );
    expect(statuses(response)).toEqual(['none:skip:0 elements processed']);
  });

  it('runs nested foreach with the outer element as element0', () => {
    const pod = yaml(`apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop}
spec:
  containers:
    - name: a
      image: a:1
      env:
        - {name: HOST, value: "1"}
        - {name: PORT, value: "2"}
`);
    const response = mutate(
      policy(`    - name: nested
${matchPods}      mutate:
        foreach:
          - list: request.object.spec.containers
            foreach:
              - list: element.env
                patchesJson6902: |-
                  - op: replace
                    path: /spec/containers/{{elementIndex0}}/env/{{elementIndex1}}/value
                    value: "{{ element0.name }}-{{ element.name }}"
`),
      {},
      pod,
    );
    expect(response.rules[0]!.status).toBe('pass');
    expect(at(response.patchedResource!, 'spec.containers')).toEqual([
      { name: 'a', image: 'a:1', env: [{ name: 'HOST', value: 'a-HOST' }, { name: 'PORT', value: 'a-PORT' }] },
    ]);
  });

  it('makes the whole rule an error when an element patch fails', () => {
    const response = mutate(
      policy(`    - name: broken
${matchPods}      mutate:
        foreach:
          - list: request.object.spec.containers
            patchesJson6902: |-
              - op: replace
                path: /spec/missing/x
                value: y
`),
    );
    expect(response.rules[0]!.status).toBe('error');
    expect(response.rules[0]!.message).toMatch(/^failed to mutate elements: failed to patch resource: /);
  });
});

describe('mutateResource: mutate existing resources (mutateExistingHandler.Process, loadTargets)', () => {
  const rules = `    - name: label-configmap
${matchPods}      mutate:
        targets:
          - apiVersion: v1
            kind: ConfigMap
            name: settings
            namespace: "{{ request.object.metadata.namespace }}"
        patchStrategicMerge:
          metadata:
            labels:
              used-by: "{{ request.object.metadata.name }}"
`;
  const configMap = yaml('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: shop}\ndata: {a: b}\n');

  it('is a skip with a reason when no target resources are available', () => {
    const response = mutate(policy(rules));
    expect(response.rules[0]!.status).toBe('skip');
    expect(response.rules[0]!.message).toContain('cannot be evaluated offline');
    expect(response.patchedResource).toBe(POD);
  });

  it('patches the targets found in the fake cluster and leaves the trigger unchanged', () => {
    const response = mutate(policy(rules), { targets: [POD, configMap] });
    expect(statuses(response)).toEqual(['label-configmap:pass:mutated ConfigMap/settings in namespace shop']);
    expect(at(response.rules[0]!.patchedTarget!, 'metadata.labels')).toEqual({ 'used-by': 'web' });
    expect(response.patchedResource).toBe(POD);
  });

  it('is an error when a named target does not exist', () => {
    const response = mutate(policy(rules), { targets: [POD] });
    expect(statuses(response)).toEqual(['label-configmap:error:: configmaps "settings" not found']);
  });
});
