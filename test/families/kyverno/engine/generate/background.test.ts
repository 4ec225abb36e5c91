import { describe, expect, it } from 'vitest';
import { generateResource } from '../../../../../src/families/kyverno/engine/generate/index.js';
import type { EvaluationRequest } from '../../../../../src/evaluate/types.js';
import { compilePolicy } from '../../../../../src/families/kyverno/compile.js';
import { decodePolicyException, type PolicyException } from '../../../../../src/families/kyverno/policy/exception.js';
import type { Policy } from '../../../../../src/families/kyverno/policy/types.js';
import { parseDocuments } from '../../../../../src/source/index.js';
import type { JsonObject, RuleResponse } from '../../../../../src/types.js';

function yaml(text: string): JsonObject {
  const { documents, problems } = parseDocuments('inline.yaml', text);
  expect(problems).toEqual([]);
  return documents[0]!.value as JsonObject;
}

function policy(rules: string, header = 'kind: ClusterPolicy\nmetadata:\n  name: gen', extra = ''): Policy {
  return yaml(`apiVersion: kyverno.io/v1
${header}
spec:
${extra}  rules:
${rules}`) as unknown as Policy;
}

const NAMESPACE = yaml(`apiVersion: v1
kind: Namespace
metadata:
  name: team-a
  labels:
    env: dev
`);

const CONFIGMAP = yaml(`apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: team-a
  labels:
    env: dev
data:
  key: value
`);

/** A generate rule named `name` matching `kinds`, with optional extra rule fields (indented 6). */
function rule(name: string, kinds: string, extra = ''): string {
  return `    - name: ${name}
      match:
        any:
          - resources:
              kinds: [${kinds}]
${extra}      generate:
        apiVersion: v1
        kind: ConfigMap
        name: generated
        namespace: "{{request.object.metadata.name}}"
        data:
          data:
            key: value
`;
}

function run(p: Policy, request: Partial<EvaluationRequest> = {}, resource: JsonObject = NAMESPACE): RuleResponse[] | null {
  const response = generateResource(compilePolicy(p), { resource, numberMode: 'float64', ...request });
  return response === null ? null : response.rules;
}

function exception(spec: string, namespace = 'kyverno'): PolicyException {
  const decoded = decodePolicyException(
    yaml(`apiVersion: kyverno.io/v2
kind: PolicyException
metadata:
  name: allow-team-a
  namespace: ${namespace}
spec:
${spec}`),
  );
  if (typeof decoded === 'string') throw new Error(decoded);
  return decoded;
}

describe('generateResource: rule statuses', () => {
  it.each([
    {
      title: 'a matching rule passes with an empty message',
      rules: rule('gen-cm', 'Namespace'),
      expected: [{ name: 'gen-cm', type: 'Generation', status: 'pass', message: '' }],
    },
    {
      title: 'a rule that does not match gives no rule response, and then no policy response',
      rules: rule('gen-cm', 'Pod'),
      expected: null,
    },
    {
      title: 'exclude removes the resource',
      rules: rule('gen-cm', 'Namespace', '      exclude:\n        any:\n          - resources:\n              names: [team-*]\n'),
      expected: null,
    },
    {
      title: 'preconditions that hold pass',
      rules: rule(
        'gen-cm',
        'Namespace',
        '      preconditions:\n        all:\n          - key: "{{request.object.metadata.labels.env}}"\n            operator: Equals\n            value: dev\n',
      ),
      expected: [{ name: 'gen-cm', type: 'Generation', status: 'pass', message: '' }],
    },
    {
      title: 'preconditions that do not hold skip with an empty message',
      rules: rule(
        'gen-cm',
        'Namespace',
        '      preconditions:\n        all:\n          - key: "{{request.object.metadata.labels.env}}"\n            operator: Equals\n            value: prod\n            message: not prod\n',
      ),
      expected: [{ name: 'gen-cm', type: 'Generation', status: 'skip', message: '' }],
    },
    {
      title: 'an unresolvable precondition variable is an error',
      rules: rule(
        'gen-cm',
        'Namespace',
        '      preconditions:\n        all:\n          - key: "{{request.object.metadata.missing}}"\n            operator: Equals\n            value: x\n',
      ),
      expected: [
        {
          name: 'gen-cm',
          type: 'Generation',
          status: 'error',
          message:
            'failed to evaluate conditions: failed to substitute variables in condition key: failed to resolve request.object.metadata.missing at path : JMESPath query failed: Unknown key "missing" in path',
        },
      ],
    },
    {
      title: 'a context entry that fails to load gives no rule response',
      rules: rule('gen-cm', 'Namespace', '      context:\n        - name: broken\n'),
      expected: null,
    },
    {
      title: 'context entries are visible to preconditions',
      rules: rule(
        'gen-cm',
        'Namespace',
        '      context:\n        - name: env\n          variable:\n            jmesPath: request.object.metadata.labels.env\n      preconditions:\n        any:\n          - key: "{{env}}"\n            operator: Equals\n            value: dev\n',
      ),
      expected: [{ name: 'gen-cm', type: 'Generation', status: 'pass', message: '' }],
    },
    {
      title: 'every matching rule responds, in order, and non-generate rules are ignored',
      rules: `${rule('first', 'Namespace')}${rule('other-kind', 'Pod')}${rule('second', 'Namespace')}    - name: validate-only
      match:
        any:
          - resources:
              kinds: [Namespace]
      validate:
        pattern:
          metadata:
            name: "?*"
`,
      expected: [
        { name: 'first', type: 'Generation', status: 'pass', message: '' },
        { name: 'second', type: 'Generation', status: 'pass', message: '' },
      ],
    },
    {
      title: 'a mutate-existing rule of the policy responds with type Mutation',
      rules: `${rule('gen', 'Namespace')}    - name: mutate-existing
      match:
        any:
          - resources:
              kinds: [Namespace]
      mutate:
        targets:
          - apiVersion: v1
            kind: ConfigMap
            name: settings
            namespace: team-a
        patchStrategicMerge:
          metadata:
            labels:
              touched: "true"
`,
      expected: [
        { name: 'gen', type: 'Generation', status: 'pass', message: '' },
        { name: 'mutate-existing', type: 'Mutation', status: 'pass', message: '' },
      ],
    },
  ])('$title', ({ rules, expected }) => {
    expect(run(policy(rules))).toEqual(expected);
  });

  it('applyRules One stops after the first response that is not a skip', () => {
    const skipping = rule(
      'skipped',
      'Namespace',
      '      preconditions:\n        all:\n          - key: "{{request.object.metadata.name}}"\n            operator: Equals\n            value: other\n',
    );
    const rules = `${skipping}${rule('first', 'Namespace')}${rule('second', 'Namespace')}`;
    expect(run(policy(rules, undefined, '  applyRules: One\n'))?.map((r) => [r.name, r.status])).toEqual([
      ['skipped', 'skip'],
      ['first', 'pass'],
    ]);
    expect(run(policy(rules))?.map((r) => r.name)).toEqual(['skipped', 'first', 'second']);
  });

  it('the response reports the evaluated resource and the policy', () => {
    const compiled = compilePolicy(policy(rule('gen-cm', 'Namespace')));
    const response = generateResource(compiled, { resource: NAMESPACE });
    expect(response?.policy).toBe(compiled);
    expect(response?.resource).toBe(NAMESPACE);
  });
});

describe('generateResource: operations', () => {
  const labelled = (env: string) =>
    rule(
      'gen-cm',
      'Namespace',
      `      preconditions:\n        all:\n          - key: "{{request.object.metadata.labels.env}}"\n            operator: Equals\n            value: ${env}\n            message: env is ${env}\n`,
    );

  it('DELETE: the new object is empty, so a rule matching the old object fails', () => {
    expect(run(policy(rule('gen-cm', 'Namespace')), { operation: 'DELETE' })).toEqual([
      { name: 'gen-cm', type: 'Generation', status: 'fail', message: '' },
    ]);
  });

  it('DELETE: a rule that does not match the old object gives no response', () => {
    expect(run(policy(rule('gen-cm', 'Pod')), { operation: 'DELETE' })).toBeNull();
  });

  it('DELETE: a mutate-existing rule never fails on the old object', () => {
    const rules = `    - name: mutate-existing
      match:
        any:
          - resources:
              kinds: [Namespace]
      mutate:
        targets:
          - apiVersion: v1
            kind: ConfigMap
            name: settings
        patchStrategicMerge:
          metadata:
            labels:
              touched: "true"
`;
    expect(run(policy(rules), { operation: 'DELETE' })).toBeNull();
  });

  it('a rule restricted to UPDATE does not match a CREATE run', () => {
    const rules = rule('gen-cm', 'Namespace').replace('kinds: [Namespace]', 'kinds: [Namespace]\n              operations: [UPDATE]');
    expect(run(policy(rules))).toBeNull();
    expect(run(policy(rules), { operation: 'UPDATE' })).toEqual([{ name: 'gen-cm', type: 'Generation', status: 'pass', message: '' }]);
  });

  it('UPDATE: preconditions false on the new object but true on the old one fail with their message', () => {
    const values = { resource: { 'request.operation': 'UPDATE', 'request.object.metadata.labels.env': 'prod' } };
    expect(run(policy(labelled('dev')), { operation: 'UPDATE', values })).toEqual([
      { name: 'gen-cm', type: 'Generation', status: 'fail', message: 'env is dev' },
    ]);
    expect(run(policy(labelled('staging')), { operation: 'UPDATE', values })).toEqual([
      { name: 'gen-cm', type: 'Generation', status: 'skip', message: '' },
    ]);
  });

  it('CREATE: preconditions are not re-evaluated on an old object', () => {
    expect(run(policy(labelled('prod')))).toEqual([{ name: 'gen-cm', type: 'Generation', status: 'skip', message: '' }]);
  });

  it('values that rewrite request.object change what is matched', () => {
    const rules = rule('gen-cm', 'Namespace', '').replace('kinds: [Namespace]', 'kinds: [Namespace]\n              names: [renamed]');
    expect(run(policy(rules))).toBeNull();
    expect(run(policy(rules), { values: { resource: { 'request.object.metadata.name': 'renamed' } } })).toEqual([
      { name: 'gen-cm', type: 'Generation', status: 'pass', message: '' },
    ]);
  });
});

describe('generateResource: namespaced Policy', () => {
  const header = 'kind: Policy\nmetadata:\n  name: gen\n  namespace: team-a';

  it.each([
    { title: 'a resource of its namespace is evaluated', resource: CONFIGMAP, expected: 'pass' },
    {
      title: 'a resource of another namespace is not',
      resource: { ...CONFIGMAP, metadata: { ...(CONFIGMAP.metadata as JsonObject), namespace: 'team-b' } },
      expected: null,
    },
  ])('$title', ({ resource, expected }) => {
    const rules = rule('gen-cm', 'ConfigMap');
    const result = run(policy(rules, header), {}, resource);
    expect(result === null ? null : result.map((r) => r.status)[0]).toEqual(expected);
  });
});

describe('generateResource: PolicyExceptions', () => {
  const rules = rule('gen-cm', 'Namespace');

  it.each([
    {
      title: 'a matching exception skips the rule, naming the exception',
      spec: '  exceptions:\n    - policyName: gen\n      ruleNames: [gen-cm]\n  match:\n    any:\n      - resources:\n          kinds: [Namespace]\n',
      expected: { name: 'gen-cm', type: 'Generation', status: 'skip', message: 'rule is skipped due to policy exception kyverno/allow-team-a' },
    },
    {
      title: 'rule names may be wildcards',
      spec: '  exceptions:\n    - policyName: gen\n      ruleNames: ["gen-*"]\n  match:\n    any:\n      - resources:\n          kinds: [Namespace]\n',
      expected: { name: 'gen-cm', type: 'Generation', status: 'skip', message: 'rule is skipped due to policy exception kyverno/allow-team-a' },
    },
    {
      title: 'an exception for another rule does not apply',
      spec: '  exceptions:\n    - policyName: gen\n      ruleNames: [other]\n  match:\n    any:\n      - resources:\n          kinds: [Namespace]\n',
      expected: { name: 'gen-cm', type: 'Generation', status: 'pass', message: '' },
    },
    {
      title: 'an exception whose match does not select the resource does not apply',
      spec: '  exceptions:\n    - policyName: gen\n      ruleNames: [gen-cm]\n  match:\n    any:\n      - resources:\n          kinds: [Namespace]\n          names: [team-b]\n',
      expected: { name: 'gen-cm', type: 'Generation', status: 'pass', message: '' },
    },
    {
      title: 'an exception applies only when its conditions hold',
      spec: '  exceptions:\n    - policyName: gen\n      ruleNames: [gen-cm]\n  match:\n    any:\n      - resources:\n          kinds: [Namespace]\n  conditions:\n    any:\n      - key: "{{request.object.metadata.labels.env}}"\n        operator: Equals\n        value: prod\n',
      expected: { name: 'gen-cm', type: 'Generation', status: 'pass', message: '' },
    },
  ])('$title', ({ spec, expected }) => {
    expect(run(policy(rules), { exceptions: [exception(spec)] })).toEqual([expected]);
  });

  it('exceptions are checked before matching: an excepted rule skips even when it does not match', () => {
    const spec = '  exceptions:\n    - policyName: gen\n      ruleNames: [gen-cm]\n  match:\n    any:\n      - resources:\n          kinds: [Namespace]\n';
    expect(run(policy(rule('gen-cm', 'Pod')), { exceptions: [exception(spec)] })).toEqual([
      { name: 'gen-cm', type: 'Generation', status: 'skip', message: 'rule is skipped due to policy exception kyverno/allow-team-a' },
    ]);
  });

  it('every applicable exception is named', () => {
    const spec = '  exceptions:\n    - policyName: gen\n      ruleNames: [gen-cm]\n  match:\n    any:\n      - resources:\n          kinds: [Namespace]\n';
    const second = { ...exception(spec, 'other'), name: 'second', key: 'other/second' };
    expect(run(policy(rules), { exceptions: [exception(spec), second] })?.[0]?.message).toBe(
      'rule is skipped due to policy exception kyverno/allow-team-a, other/second',
    );
  });
});
