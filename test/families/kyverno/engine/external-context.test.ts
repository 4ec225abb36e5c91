import { describe, expect, it } from 'vitest';
import { MockCluster } from '../../../../src/cluster/index.js';
import { ApiCallMocks, type ExternalData } from '../../../../src/families/kyverno/engine/context/external/index.js';
import { validateResource } from '../../../../src/families/kyverno/engine/validate/index.js';
import { compilePolicy } from '../../../../src/families/kyverno/compile.js';
import type { Policy } from '../../../../src/families/kyverno/policy/types.js';
import { parseDocuments } from '../../../../src/source/index.js';
import type { JsonObject, RuleResponse } from '../../../../src/types.js';

function yaml(text: string): JsonObject {
  const { documents, problems } = parseDocuments('inline.yaml', text);
  expect(problems).toEqual([]);
  return documents[0]!.value as JsonObject;
}

const POD = yaml(`apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  containers:
    - name: nginx
      image: nginx:1.27
`);

/** A policy whose rule denies when `{{ limit }}` (from the context entry given) is below 1. */
function policy(kind: 'ClusterPolicy' | 'Policy', context: string, foreach = false): Policy {
  const deny = `deny:
          conditions:
            any:
              - key: "{{ limit }}"
                operator: LessThan
                value: 1`;
  const validate = foreach
    ? `validate:
        foreach:
          - list: request.object.spec.containers
            context:
${context.replace(/^/gm, '      ')}
            ${deny.replace(/\n/g, '\n    ')}`
    : `context:
${context}
      validate:
        ${deny}`;
  return yaml(`apiVersion: kyverno.io/v1
kind: ${kind}
metadata:
  name: limits
${kind === 'Policy' ? '  namespace: shop\n' : ''}spec:
  rules:
    - name: check-limit
      match:
        any:
          - resources:
              kinds: [Pod]
      ${validate}
`) as unknown as Policy;
}

const configMapEntry = `        - name: cm
          configMap:
            name: limits
            namespace: "{{ request.namespace }}"
        - name: limit
          variable:
            jmesPath: cm.data.max`;
const apiCallEntry = `        - name: limit
          apiCall:
            urlPath: /api/v1/namespaces/{{ request.namespace }}/configmaps/limits
            jmesPath: data.max`;

const cluster = new MockCluster([
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'limits', namespace: 'shop' }, data: { max: '0' } },
]);
const mocks = new ApiCallMocks([{ url: '/api/v1/namespaces/shop/configmaps/limits', body: { data: { max: '5' } } }]);

function evaluate(target: Policy, external?: ExternalData): RuleResponse {
  const response = validateResource(compilePolicy(target), { resource: POD, external });
  expect(response?.rules).toHaveLength(1);
  return response!.rules[0]!;
}

describe('the engine with external context data', () => {
  it.each<[string, Policy, ExternalData | undefined, string]>([
    ['a configMap entry read from the cluster', policy('ClusterPolicy', configMapEntry), { cluster }, 'fail'],
    ['a configMap entry of a namespaced Policy', policy('Policy', configMapEntry), { cluster }, 'fail'],
    ['a configMap entry without cluster', policy('ClusterPolicy', configMapEntry), undefined, 'error'],
    ['an apiCall entry read from the cluster', policy('ClusterPolicy', apiCallEntry), { cluster }, 'fail'],
    ['an apiCall entry of a namespaced Policy', policy('Policy', apiCallEntry), { cluster }, 'fail'],
    ['an apiCall entry of a foreach', policy('ClusterPolicy', apiCallEntry, true), { cluster }, 'fail'],
    ['an apiCall entry answered by a mock', policy('ClusterPolicy', apiCallEntry), { cluster, apiCallMocks: mocks }, 'pass'],
    ['an apiCall entry without data', policy('ClusterPolicy', apiCallEntry), undefined, 'error'],
  ])('%s', (_name, target, external, status) => {
    expect(evaluate(target, external).status).toBe(status);
  });

  it('appends the hint to the error of an unresolved entry', () => {
    const rule = evaluate(policy('ClusterPolicy', apiCallEntry));
    expect(rule.message).toContain(
      'Unknown key "limit" in path (context entry "limit" (GET /api/v1/namespaces/{{ request.namespace }}/configmaps/limits) was not resolved offline: no cluster resources were given;',
    );
  });

  it('appends the hint to the error of a foreach element', () => {
    const rule = evaluate(policy('ClusterPolicy', apiCallEntry, true));
    expect(rule.status).toBe('error');
    expect(rule.message).toContain('context entry "limit" (GET /api/v1/namespaces/{{ request.namespace }}/configmaps/limits) was not resolved offline');
  });

  it('keeps the entries of a namespaced Policy in its namespace', () => {
    const rule = evaluate(policy('Policy', apiCallEntry.replace('{{ request.namespace }}', 'default')), { cluster });
    expect(rule.status).toBe('error');
    expect(rule.message).toContain('path /api/v1/namespaces/default/configmaps/limits is outside the namespace shop of the policy');
  });
});
