import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../../src/families/kyverno/engine/validate/index.js';
import type { EvaluationRequest } from '../../../../src/evaluate/types.js';
import { compilePolicy } from '../../../../src/families/kyverno/compile.js';
import { decodePolicyException, type PolicyException } from '../../../../src/families/kyverno/policy/exception.js';
import type { Policy } from '../../../../src/families/kyverno/policy/types.js';
import { parseDocuments } from '../../../../src/source/index.js';
import type { JsonObject, RuleResponse } from '../../../../src/types.js';

function yaml(text: string): JsonObject {
  const { documents, problems } = parseDocuments('inline.yaml', text);
  expect(problems).toEqual([]);
  return documents[0]!.value as JsonObject;
}

function policy(rules: string, extra = ''): Policy {
  return yaml(`apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: test-policy
spec:
${extra}  rules:
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

function run(p: Policy, request: Partial<EvaluationRequest> = {}, resource: JsonObject = POD): RuleResponse[] | null {
  const response = validateResource(compilePolicy(p), { resource, numberMode: 'float64', ...request });
  return response === null ? null : response.rules;
}

const matchPods = `      match:
        any:
          - resources:
              kinds: [Pod]
`;

describe('validateResource', () => {
  it.each([
    {
      title: 'pattern failure with the rule message and the failing path',
      rules: `    - name: no-latest
${matchPods}      validate:
        message: "No latest tag"
        pattern:
          spec:
            containers:
              - image: "!*:latest"
`,
      expected: [
        {
          name: 'no-latest',
          status: 'fail',
          message: 'validation error: No latest tag. rule no-latest failed at path /spec/containers/0/image/',
          path: '/spec/containers/0/image/',
        },
      ],
    },
    {
      title: 'conditional anchor that does not apply gives skip with the anchor message',
      rules: `    - name: cond
${matchPods}      validate:
        pattern:
          metadata:
            (name): "db-*"
            labels:
              tier: "?*"
`,
      expected: [
        {
          name: 'cond',
          status: 'skip',
          message: "conditional anchor mismatch: resource value 'web' does not match 'db-*' at path /metadata/name/",
        },
      ],
    },
    {
      title: 'anyPattern failure joins the per-pattern messages',
      rules: `    - name: any
${matchPods}      validate:
        message: "Need a tier or an owner"
        anyPattern:
          - metadata:
              labels:
                tier: "?*"
          - metadata:
              labels:
                owner: "?*"
`,
      expected: [
        {
          name: 'any',
          status: 'fail',
          message:
            'validation error: Need a tier or an owner. rule any[0] failed at path /metadata/labels/tier/ rule any[1] failed at path /metadata/labels/owner/',
          path: '/metadata/labels/tier/',
        },
      ],
    },
    {
      title: 'deny with condition messages joined to the rule message',
      rules: `    - name: deny-web
${matchPods}      validate:
        message: "denied {{ request.object.metadata.name }}"
        deny:
          conditions:
            any:
              - key: "{{ request.object.metadata.labels.app }}"
                operator: Equals
                value: web
                message: "app label is web"
`,
      expected: [{ name: 'deny-web', status: 'fail', message: 'denied web; app label is web' }],
    },
    {
      title: 'deny that does not apply passes',
      rules: `    - name: deny-db
${matchPods}      validate:
        deny:
          conditions:
            all:
              - key: "{{ request.object.metadata.name }}"
                operator: Equals
                value: db
`,
      expected: [{ name: 'deny-db', status: 'pass', message: "validation rule 'deny-db' passed." }],
    },
    {
      title: 'false preconditions skip with their messages',
      rules: `    - name: pre
${matchPods}      preconditions:
        all:
          - key: "{{ request.object.metadata.name }}"
            operator: Equals
            value: db
            message: "only for db"
      validate:
        pattern:
          metadata:
            name: db
`,
      expected: [{ name: 'pre', status: 'skip', message: 'preconditions not met; only for db' }],
    },
    {
      title: 'an unresolvable variable in preconditions is an error',
      rules: `    - name: missing
${matchPods}      preconditions:
        all:
          - key: "{{ request.object.metadata.annotations.owner }}"
            operator: Equals
            value: x
      validate:
        pattern:
          metadata:
            name: "*"
`,
      expected: [
        {
          name: 'missing',
          status: 'error',
          message:
            'failed to evaluate preconditions: failed to substitute variables in condition key: failed to resolve request.object.metadata.annotations.owner at path : JMESPath query failed: Unknown key "annotations" in path',
        },
      ],
    },
    {
      title: 'foreach failure reports the element path in the resource',
      rules: `    - name: tags
${matchPods}      validate:
        message: "tag required"
        foreach:
          - list: "request.object.spec.containers"
            pattern:
              image: "*:1.*"
`,
      expected: [
        {
          name: 'tags',
          status: 'fail',
          message: 'validation failure: validation error: tag required. rule tags failed at path /image/',
          path: '/spec/containers/0/image/',
        },
      ],
    },
    {
      title: 'foreach over a missing list gives no response',
      rules: `    - name: init
${matchPods}      validate:
        foreach:
          - list: "request.object.spec.initContainers"
            pattern:
              image: "*:1.*"
`,
      expected: [],
    },
    {
      title: 'rules that do not match the kind give no response',
      rules: `    - name: deployments-only
      match:
        any:
          - resources:
              kinds: [Deployment]
      validate:
        pattern:
          spec:
            replicas: ">1"
`,
      expected: [],
    },
  ])('$title', ({ rules, expected }) => {
    const responses = run(policy(rules));
    expect(responses).toEqual(expected.map((response) => ({ type: 'Validation', ...response })));
  });

  it('stops after the first pass or fail with applyRules: One', () => {
    const rules = `    - name: first
${matchPods}      validate:
        pattern:
          metadata:
            name: web
    - name: second
${matchPods}      validate:
        pattern:
          metadata:
            name: other
`;
    expect(run(policy(rules))?.map((r) => r.name)).toEqual(['first', 'second']);
    expect(run(policy(rules, '  applyRules: One\n'))?.map((r) => r.name)).toEqual(['first']);
  });

  it('skips pre-existing violations of Enforce rules on UPDATE', () => {
    const rules = `    - name: no-latest
${matchPods}      validate:
        pattern:
          spec:
            containers:
              - image: "!*:latest"
`;
    expect(run(policy(rules, '  validationFailureAction: Enforce\n'), { operation: 'UPDATE' })?.[0]).toMatchObject({
      status: 'skip',
      message: 'skipping the rule evaluation as pre-existing violations are allowed',
    });
    expect(run(policy(rules, '  validationFailureAction: Audit\n'), { operation: 'UPDATE' })?.[0]?.status).toBe('fail');
  });

  it('applies autogen rules to Pod controllers with rewritten variables', () => {
    const rules = `    - name: name-label
${matchPods}      validate:
        message: "{{ request.object.metadata.labels.app }} needs a team"
        pattern:
          metadata:
            labels:
              team: "?*"
`;
    const deployment = yaml(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    metadata:
      labels:
        app: web-template
    spec:
      containers:
        - name: nginx
          image: nginx:1.25
`);
    expect(run(policy(rules), {}, deployment)).toEqual([
      {
        name: 'autogen-name-label',
        type: 'Validation',
        status: 'fail',
        message:
          'validation error: web-template needs a team. rule autogen-name-label failed at path /spec/template/metadata/labels/team/',
        path: '/spec/template/metadata/labels/team/',
      },
    ]);
  });

  it('applies a namespaced Policy only to resources of its namespace', () => {
    const rules = `    - name: any-name
${matchPods}      validate:
        pattern:
          metadata:
            name: "*"
`;
    const namespaced = { ...policy(rules), kind: 'Policy' as const, metadata: { name: 'p', namespace: 'shop' } };
    expect(run(namespaced)?.map((r) => r.status)).toEqual(['pass']);
    expect(run({ ...namespaced, metadata: { name: 'p', namespace: 'other' } })).toBeNull();
  });

  it('injects values-file variables, and values under request.object change the resource', () => {
    const rules = `    - name: env
${matchPods}      validate:
        deny:
          conditions:
            any:
              - key: "{{ environment }}"
                operator: Equals
                value: prod
`;
    expect(run(policy(rules), { values: { resource: { environment: 'prod' } } })?.[0]?.status).toBe('fail');
    expect(run(policy(rules), { values: { resource: { environment: 'dev' } } })?.[0]?.status).toBe('pass');
    const byRule = run(policy(rules), { values: { rule: (name) => (name === 'env' ? { environment: 'prod' } : undefined) } });
    expect(byRule?.[0]?.status).toBe('fail');
  });
});

describe('PolicyExceptions', () => {
  const rules = `    - name: no-latest
${matchPods}      validate:
        pattern:
          spec:
            containers:
              - image: "!*:latest"
`;
  const exception = (spec: string): PolicyException => {
    const decoded = decodePolicyException(
      yaml(`apiVersion: kyverno.io/v2
kind: PolicyException
metadata:
  name: allow-web
  namespace: shop
spec:
${spec}`),
    );
    if (typeof decoded === 'string') throw new Error(decoded);
    return decoded;
  };

  it.each([
    {
      title: 'a matching exception turns the rule into a skip naming the exception',
      spec: `  exceptions:
    - policyName: test-policy
      ruleNames: ["no-*"]
  match:
    any:
      - resources:
          kinds: [Pod]
          names: [web]
`,
      expected: { status: 'skip', message: 'rule is skipped due to policy exceptionsshop/allow-web' },
    },
    {
      title: 'an exception for another rule does not apply',
      spec: `  exceptions:
    - policyName: test-policy
      ruleNames: [other-rule]
  match:
    any:
      - resources:
          kinds: [Pod]
`,
      expected: { status: 'fail' },
    },
    {
      title: 'an exception whose match does not select the resource does not apply',
      spec: `  exceptions:
    - policyName: test-policy
      ruleNames: [no-latest]
  match:
    any:
      - resources:
          kinds: [Pod]
          namespaces: [prod]
`,
      expected: { status: 'fail' },
    },
    {
      title: 'an exception applies only when its conditions hold',
      spec: `  exceptions:
    - policyName: test-policy
      ruleNames: [no-latest]
  match:
    any:
      - resources:
          kinds: [Pod]
  conditions:
    all:
      - key: "{{ request.object.metadata.labels.app }}"
        operator: Equals
        value: db
`,
      expected: { status: 'fail' },
    },
  ])('$title', ({ spec, expected }) => {
    expect(run(policy(rules), { exceptions: [exception(spec)] })?.[0]).toMatchObject(expected);
  });
});
