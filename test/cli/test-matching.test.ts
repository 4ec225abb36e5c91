import { describe, expect, it } from 'vitest';
import { resourceKey, type LoadedResource, type ResourceResponse } from '../../src/cli/evaluation.js';
import type { TestResult } from '../../src/cli/test-file.js';
import { matchResult, reportResult, type MatchInput, type TriggerRun } from '../../src/cli/test-matching.js';
import { compilePolicy, type CompiledPolicy } from '../../src/policy/compile.js';
import type { Policy, Rule } from '../../src/policy/types.js';
import type { RuleResponse } from '../../src/types.js';

function policy(name: string, rules: Rule[], annotations?: Record<string, string>): CompiledPolicy {
  const raw: Policy = { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name, annotations }, spec: { rules } };
  return compilePolicy(raw);
}

const validateRule = (name: string): Rule => ({ name, match: { any: [{ resources: { kinds: ['Pod'] } }] }, validate: { pattern: {} } });
const mutateRule = (name: string): Rule => ({ name, match: { any: [{ resources: { kinds: ['Pod'] } }] }, mutate: { patchStrategicMerge: {} } });

const labels = policy('require-labels', [validateRule('check-team')]);
const unscored = policy('unscored', [validateRule('check')], { 'policies.kyverno.io/scored': 'false' });
const mixed = policy('mixed', [mutateRule('add-label'), validateRule('check')]);

function resource(apiVersion: string, kind: string, namespace: string, name: string): LoadedResource {
  return {
    value: { apiVersion, kind, metadata: { name, namespace } },
    file: '/r.yaml',
    documentIndex: 0,
    apiVersion,
    kind,
    namespace,
    name,
    key: resourceKey(apiVersion, kind, namespace, name),
  };
}

const pod = resource('v1', 'Pod', 'default', 'web');
const deployment = resource('apps/v1', 'Deployment', 'default', 'web');
const other = resource('v1', 'Pod', 'prod', 'api');

const rule = (name: string, status: RuleResponse['status'], message = `${name} ${status}`): RuleResponse => ({ name, type: 'Validation', status, message });
const validate = (compiled: CompiledPolicy, target: LoadedResource, rules: RuleResponse[]): ResourceResponse => ({
  kind: 'validate',
  response: { policy: compiled, resource: target.value, rules },
});
const mutate = (compiled: CompiledPolicy, target: LoadedResource): ResourceResponse => ({ kind: 'mutate', response: { policy: compiled, resource: target.value, rules: [] } });

const trigger: TriggerRun = {
  resources: [pod, deployment, other],
  responses: new Map([
    [pod.key, [mutate(mixed, pod), validate(labels, pod, [rule('check-team', 'fail')]), validate(unscored, pod, [rule('check', 'fail')]), validate(mixed, pod, [rule('check', 'pass')])]],
    [deployment.key, [mutate(mixed, deployment), validate(labels, deployment, [rule('autogen-check-team', 'pass')]), validate(unscored, deployment, []), validate(mixed, deployment, [])]],
    [other.key, [mutate(mixed, other), validate(labels, other, []), validate(unscored, other, []), validate(mixed, other, [])]],
  ]),
};

const updateRun: TriggerRun = {
  resources: [pod],
  responses: new Map([[pod.key, [validate(labels, pod, [rule('check-team', 'skip')])]]]),
};

const input: MatchInput = {
  trigger,
  byOperation: new Map([['UPDATE', updateRun]]),
  invalidPolicies: new Map([['broken', 'spec.rules[0]: invalid']]),
  unsupportedPolicies: new Map([['vpol', 'unsupported policy kind ValidatingPolicy: CEL policies are not evaluated yet']]),
  policies: new Map([
    ['require-labels', [labels]],
    ['unscored', [unscored]],
    ['mixed', [mixed]],
  ]),
};

function result(fields: Partial<TestResult> & Pick<TestResult, 'policy' | 'result'>): TestResult {
  return { index: 0, rule: '', kind: 'Pod', failOnMissingResources: false, ...fields };
}

type Row = [resource: string, rule: string, outcome: string, reason: string];

describe('matchResult (spec 40 §1.6)', () => {
  it.each<{ name: string; result: TestResult; rows: Row[] }>([
    {
      name: 'a name matches every kind and namespace; autogen rule names count',
      result: result({ policy: 'require-labels', rule: 'check-team', resources: ['web'], result: 'fail' }),
      rows: [
        ['v1/Pod/default/web', 'check-team', 'Pass', 'Ok'],
        ['apps/v1/Deployment/default/web', 'autogen-check-team', 'Fail', 'Want fail, got pass'],
      ],
    },
    {
      name: 'namespace/name narrows the resources',
      result: result({ policy: 'require-labels', rule: 'check-team', resources: ['default/web'], result: 'fail' }),
      rows: [
        ['v1/Pod/default/web', 'check-team', 'Pass', 'Ok'],
        ['apps/v1/Deployment/default/web', 'autogen-check-team', 'Fail', 'Want fail, got pass'],
      ],
    },
    {
      name: 'a response without the rule is Excluded, whatever was expected',
      result: result({ policy: 'require-labels', rule: 'check-team', resources: ['prod/api'], result: 'fail' }),
      rows: [['v1/Pod/prod/api', 'check-team', 'Pass', 'Excluded']],
    },
    {
      name: 'a rule that does not exist is Excluded too',
      result: result({ policy: 'require-labels', rule: 'nope', resources: ['api'], result: 'pass' }),
      rows: [['v1/Pod/prod/api', 'nope', 'Pass', 'Excluded']],
    },
    {
      name: 'a policy without response is Not found',
      result: result({ policy: 'missing', rule: 'x', resources: ['api'], result: 'pass' }),
      rows: [['v1/Pod/prod/api', 'x', 'Fail', 'Not found']],
    },
    {
      name: 'an invalid policy is a passed Skip row',
      result: result({ policy: 'broken', rule: 'x', resources: ['api'], result: 'fail' }),
      rows: [['v1/Pod/prod/api', 'x', 'Skip', 'Invalid Policy']],
    },
    {
      name: 'a name that matches nothing falls back to all resources',
      result: result({ policy: 'require-labels', rule: 'check-team', resources: ['nothing'], result: 'pass' }),
      rows: [
        ['v1/Pod/default/web', 'check-team', 'Fail', 'Want pass, got fail'],
        ['apps/v1/Deployment/default/web', 'autogen-check-team', 'Pass', 'Ok'],
        ['v1/Pod/prod/api', 'check-team', 'Pass', 'Excluded'],
      ],
    },
    {
      name: 'an empty rule compares every rule of the policy',
      result: result({ policy: 'require-labels', resources: ['default/web'], result: 'pass' }),
      rows: [
        ['v1/Pod/default/web', 'check-team', 'Fail', 'Want pass, got fail'],
        ['apps/v1/Deployment/default/web', 'autogen-check-team', 'Pass', 'Ok'],
      ],
    },
    {
      name: 'fail of an unscored policy is reported as warn',
      result: result({ policy: 'unscored', rule: 'check', resources: ['default/web'], result: 'warn' }),
      rows: [
        ['v1/Pod/default/web', 'check', 'Pass', 'Ok'],
        ['apps/v1/Deployment/default/web', 'check', 'Pass', 'Excluded'],
      ],
    },
    {
      name: 'the empty mutate response of a mixed policy adds an Excluded row before the validate row',
      result: result({ policy: 'mixed', rule: 'check', resources: ['default/web'], result: 'pass' }),
      rows: [
        ['v1/Pod/default/web', 'check', 'Pass', 'Excluded'],
        ['v1/Pod/default/web', 'check', 'Pass', 'Ok'],
        ['apps/v1/Deployment/default/web', 'check', 'Pass', 'Excluded'],
      ],
    },
    {
      name: 'a namespaced policy reference compares the name only',
      result: result({ policy: 'team/require-labels', rule: 'check-team', resources: ['prod/api'], result: 'pass' }),
      rows: [['v1/Pod/prod/api', 'check-team', 'Pass', 'Excluded']],
    },
    {
      name: 'a result operation uses its dedicated run',
      result: result({ policy: 'require-labels', rule: 'check-team', resources: ['web'], result: 'skip', operation: 'UPDATE' }),
      rows: [['v1/Pod/default/web', 'check-team', 'Pass', 'Ok']],
    },
    {
      name: 'mutate rules are reported as unsupported',
      result: result({ policy: 'mixed', rule: 'add-label', resources: ['web'], result: 'pass' }),
      rows: [['web', 'add-label', 'Fail', 'Unsupported']],
    },
    {
      name: 'patchedResources comparisons are reported as unsupported',
      result: result({ policy: 'require-labels', rule: 'check-team', resources: ['web', 'api'], result: 'pass', patchedResources: 'patched.yaml' }),
      rows: [
        ['web', 'check-team', 'Fail', 'Unsupported'],
        ['api', 'check-team', 'Fail', 'Unsupported'],
      ],
    },
    {
      name: 'CEL policy kinds are reported as unsupported',
      result: result({ policy: 'vpol', resources: ['web'], result: 'pass', celKind: 'ValidatingPolicy' }),
      rows: [['web', '', 'Fail', 'Unsupported']],
    },
  ])('$name', ({ result: expected, rows }) => {
    const outcome = matchResult(expected, input);
    expect(outcome.rows.map((row) => [row.resource, row.rule, row.result, row.reason])).toEqual(rows);
  });

  it('gives one verdict per resources entry', () => {
    const outcome = matchResult(result({ policy: 'require-labels', rule: 'check-team', resources: ['default/web', 'api', 'ghost'], result: 'fail' }), input);
    expect(outcome.entries).toEqual([
      { resource: 'web', namespace: 'default', expected: 'fail', actual: 'pass', message: 'autogen-check-team pass', passed: false },
      { resource: 'api', namespace: 'prod', expected: 'fail', actual: 'fail', message: 'Excluded', passed: true },
      { resource: 'ghost', namespace: '', expected: 'fail', actual: 'missing', message: 'no resource matches "ghost"', passed: true },
    ]);
  });

  it('reports Not found and unsupported entries as missing', () => {
    expect(matchResult(result({ policy: 'missing', resources: ['api'], result: 'pass' }), input).entries[0]).toMatchObject({ actual: 'missing', passed: false });
    expect(matchResult(result({ policy: 'vpol', resources: ['api'], result: 'pass' }), input).entries[0]).toMatchObject({ actual: 'missing', passed: false });
  });

  it('keeps the expected value for Invalid Policy rows', () => {
    expect(matchResult(result({ policy: 'broken', resources: ['api'], result: 'fail' }), input).entries[0]).toMatchObject({
      actual: 'fail',
      message: 'Invalid Policy: spec.rules[0]: invalid',
      passed: true,
    });
  });
});

describe('reportResult', () => {
  it.each([
    { status: 'fail', scored: false, report: 'warn' },
    { status: 'fail', scored: true, report: 'fail' },
    { status: 'error', scored: false, report: 'error' },
    { status: 'pass', scored: false, report: 'pass' },
  ] as const)('$status (scored: $scored) → $report', ({ status, scored, report }) => {
    expect(reportResult(status, scored)).toBe(report);
  });
});
