import { describe, expect, it } from 'vitest';
import { acceptException, acceptPolicy } from '../../../src/evaluate/family.js';
import type { CompiledException, CompiledPolicy, EvaluationRequest } from '../../../src/evaluate/types.js';
import { evaluateJsonPayload } from '../../../src/evaluate/processor.js';
import type { JsonObject } from '../../../src/types.js';

const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] };

function compile(spec: JsonObject, kind = 'DeletingPolicy', metadata: JsonObject = { name: 'cleanup' }): CompiledPolicy {
  const accepted = acceptPolicy({ apiVersion: 'policies.kyverno.io/v1', kind, metadata, spec });
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.policy;
}

function pod(labels: Record<string, string> = {}, namespace = 'default'): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace, labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
}

/** `[rule name, status, message]` of the response, or null when the policy gave none. */
function outcome(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): [string, string, string] | null {
  const response = policy.delete!({ numberMode: 'float64', ...request });
  if (response === null) return null;
  const rule = response.rules[0]!;
  return [rule.name, rule.status, rule.message];
}

describe('DeletingPolicy: would the resource be deleted', () => {
  const cases: { name: string; spec: JsonObject; resource?: JsonObject; namespaceObject?: JsonObject; expected: [string, string, string] | null }[] = [
    {
      name: 'all conditions true: matched',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] }, conditions: [{ name: 'a', expression: "object.metadata.labels['app'] == 'debug'" }] },
      resource: pod({ app: 'debug' }),
      expected: ['cleanup', 'pass', 'resource matched'],
    },
    {
      name: 'a false condition: not matched',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] }, conditions: [{ name: 'a', expression: 'true' }, { name: 'b', expression: 'false' }] },
      expected: ['cleanup', 'fail', 'resource did not match'],
    },
    {
      name: 'a false condition wins over an error before it',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] }, conditions: [{ name: 'a', expression: 'object.missing == 1' }, { name: 'b', expression: 'false' }] },
      expected: ['cleanup', 'fail', 'resource did not match'],
    },
    {
      name: 'errors without a false condition: error',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] }, conditions: [{ name: 'a', expression: 'object.missing == 1' }] },
      expected: ['cleanup', 'error', 'no such key: missing'],
    },
    {
      name: 'no conditions: matched',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] } },
      expected: ['cleanup', 'pass', 'resource matched'],
    },
    {
      name: 'every operation matches, whatever the rules say',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [{ ...podRule, operations: ['DELETE'] }] } },
      expected: ['cleanup', 'pass', 'resource matched'],
    },
    {
      name: 'another kind: no response',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [{ ...podRule, resources: ['configmaps'] }] } },
      expected: null,
    },
    {
      name: 'no matchConstraints: no response',
      spec: { schedule: '* * * * *' },
      expected: null,
    },
    {
      name: 'variables, lazily',
      spec: {
        schedule: '* * * * *',
        matchConstraints: { resourceRules: [podRule] },
        variables: [{ name: 'app', expression: "object.metadata.labels[?'app'].orValue('')" }],
        conditions: [{ name: 'a', expression: "variables.app == 'debug'" }],
      },
      resource: pod({ app: 'debug' }),
      expected: ['cleanup', 'pass', 'resource matched'],
    },
    {
      name: 'the namespace object',
      spec: { schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] }, conditions: [{ name: 'a', expression: "namespaceObject.metadata.labels['env'] == 'sandbox'" }] },
      namespaceObject: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { env: 'sandbox' } } },
      expected: ['cleanup', 'pass', 'resource matched'],
    },
    {
      name: 'a Namespace is its own namespace object',
      spec: {
        schedule: '* * * * *',
        matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['*'], resources: ['namespaces'] }] },
        conditions: [{ name: 'a', expression: "namespaceObject.metadata.name == 'tmp'" }],
      },
      resource: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'tmp' } },
      expected: ['cleanup', 'pass', 'resource matched'],
    },
  ];

  it.each(cases)('$name', ({ spec, resource, namespaceObject, expected }) => {
    const request: Partial<EvaluationRequest> & { resource: JsonObject } = { resource: resource ?? pod() };
    if (namespaceObject !== undefined) request.namespaceObject = namespaceObject;
    expect(outcome(compile(spec), request)).toEqual(expected);
  });

  it('a matching CEL PolicyException: not deleted (fail, not skip)', () => {
    const accepted = acceptException({
      apiVersion: 'policies.kyverno.io/v1',
      kind: 'PolicyException',
      metadata: { name: 'keep', namespace: 'default' },
      spec: { policyRefs: [{ name: 'cleanup', kind: 'DeletingPolicy' }], matchConditions: [{ name: 'kept', expression: "object.metadata.labels[?'keep'].orValue('') == 'yes'" }] },
    });
    if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
    const exceptions: CompiledException[] = [accepted.exception];
    const policy = compile({ schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] } });
    expect(outcome(policy, { resource: pod({ keep: 'yes' }), exceptions })).toEqual(['cleanup', 'fail', 'resource did not match']);
    expect(outcome(policy, { resource: pod({ keep: 'no' }), exceptions })).toEqual(['cleanup', 'pass', 'resource matched']);
  });

  it('a JSON payload skips matching and goes to the conditions', () => {
    const policy = compile({ schedule: '* * * * *', conditions: [{ name: 'a', expression: "object.MetaArgs[0].Key == 'BUILD_PLATFORM'" }] });
    const payload = { MetaArgs: [{ Key: 'BUILD_PLATFORM' }] };
    expect(evaluateJsonPayload([policy], payload, { numberMode: 'float64' }).map(({ kind, response }) => [kind, response.rules[0]!.status])).toEqual([['delete', 'pass']]);
  });

  it('carries its schedule on a match, for the scan', () => {
    const policy = compile({ schedule: '0 3 * * *', matchConstraints: { resourceRules: [podRule] } });
    expect(policy.delete!({ numberMode: 'float64', resource: pod() })?.rules[0]?.properties).toEqual({ schedule: '0 3 * * *' });
  });

  it.each<{ name: string; spec: JsonObject; status: string }>([
    { name: 'no schedule', spec: { matchConstraints: { resourceRules: [podRule] } }, status: 'malformed' },
    { name: 'an unknown field', spec: { schedule: '* * * * *', validations: [] }, status: 'malformed' },
    { name: 'a condition that does not compile', spec: { schedule: '* * * * *', conditions: [{ name: 'a', expression: 'object.' }] }, status: 'invalid' },
    { name: 'a condition that is not a bool', spec: { schedule: '* * * * *', conditions: [{ name: 'a', expression: "'x'" }] }, status: 'invalid' },
  ])('refuses a policy with $name', ({ spec, status }) => {
    expect(acceptPolicy({ apiVersion: 'policies.kyverno.io/v1', kind: 'DeletingPolicy', metadata: { name: 'cleanup' }, spec }).status).toBe(status);
  });

  it('a NamespacedDeletingPolicy is accepted too', () => {
    const policy = compile({ schedule: '* * * * *', matchConstraints: { resourceRules: [podRule] } }, 'NamespacedDeletingPolicy', { name: 'cleanup', namespace: 'team' });
    expect([policy.kind, policy.namespace, policy.namespaced]).toEqual(['NamespacedDeletingPolicy', 'team', true]);
  });
});
