import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ResourceResponse } from '../../src/evaluate/processor.js';
import { resourceKey, type ResourceDocument } from '../../src/evaluate/resource.js';
import type { TestResult } from '../../src/commands/test/test-file.js';
import { ExpectedFiles } from '../../src/commands/test/compare.js';
import { matchResult, reportResult, targetRun, type MatchInput, type TriggerRun } from '../../src/commands/test/matching.js';
import { compilePolicy, type KyvernoPolicy } from '../../src/families/kyverno/compile.js';
import type { Policy, Rule } from '../../src/families/kyverno/policy/types.js';
import type { JsonObject, RuleResponse } from '../../src/types.js';
import { ROOT } from './helpers.js';

function policy(name: string, rules: Rule[], annotations?: Record<string, string>): KyvernoPolicy {
  const raw: Policy = { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name, annotations }, spec: { rules } };
  return compilePolicy(raw);
}

const validateRule = (name: string): Rule => ({ name, match: { any: [{ resources: { kinds: ['Pod'] } }] }, validate: { pattern: {} } });
const mutateRule = (name: string): Rule => ({ name, match: { any: [{ resources: { kinds: ['Pod'] } }] }, mutate: { patchStrategicMerge: {} } });

const labels = policy('require-labels', [validateRule('check-team')]);
const unscored = policy('unscored', [validateRule('check')], { 'policies.kyverno.io/scored': 'false' });
const mixed = policy('mixed', [mutateRule('add-label'), validateRule('check')]);
const images = policy('images', [{ name: 'verify', match: { any: [{ resources: { kinds: ['Pod'] } }] }, verifyImages: [{ imageReferences: ['*'] }] }]);

function resource(apiVersion: string, kind: string, namespace: string, name: string): ResourceDocument {
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
const validate = (compiled: KyvernoPolicy, target: ResourceDocument, rules: RuleResponse[]): ResourceResponse => ({
  kind: 'validate',
  response: { policy: compiled, resource: target.value, rules },
});
const mutate = (compiled: KyvernoPolicy, target: ResourceDocument): ResourceResponse => ({ kind: 'mutate', response: { policy: compiled, resource: target.value, rules: [] } });

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
    ['images', [images]],
  ]),
  files: new ExpectedFiles(process.cwd()),
};

function result(fields: Partial<TestResult> & Pick<TestResult, 'policy' | 'result'>): TestResult {
  return { index: 0, rule: '', kind: 'Pod', failOnMissingResources: false, ...fields };
}

type Row = [resource: string, rule: string, outcome: string, reason: string];

describe('matchResult (printTestResult, commands/test/output.go)', () => {
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
      name: 'a mutate rule without rule response is Excluded',
      result: result({ policy: 'mixed', rule: 'add-label', resources: ['web'], result: 'pass' }),
      rows: [
        ['v1/Pod/default/web', 'add-label', 'Pass', 'Excluded'],
        ['apps/v1/Deployment/default/web', 'add-label', 'Pass', 'Excluded'],
      ],
    },
    {
      name: 'verifyImages rules are reported as unsupported',
      result: result({ policy: 'images', rule: 'verify', resources: ['web', 'api'], result: 'pass' }),
      rows: [
        ['web', 'verify', 'Fail', 'Unsupported'],
        ['api', 'verify', 'Fail', 'Unsupported'],
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
      { resource: 'web', namespace: 'default', expected: 'fail', actual: 'pass', message: 'autogen-check-team pass', passed: false, reason: 'Want fail, got pass' },
      { resource: 'api', namespace: 'prod', expected: 'fail', actual: 'fail', message: 'Excluded', passed: true, reason: 'Excluded' },
      { resource: 'ghost', namespace: '', expected: 'fail', actual: 'missing', message: 'no resource matches "ghost"', passed: true, reason: 'No resource' },
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
      reason: 'Invalid Policy',
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

describe('matchResult object comparisons (checkResult, commands/test/command.go; mutate targets, generated resources)', () => {
  const FILES = new ExpectedFiles(path.join(ROOT, 'test/fixtures/cli/test-compare/expected'));
  const pods = { kinds: ['Pod'] };
  const addLabel = policy('add-label', [{ name: 'add-team', match: { any: [{ resources: pods }] }, mutate: { patchStrategicMerge: {} } }]);
  const setImage = policy('set-image', [{ name: 'latest', match: { any: [{ resources: pods }] }, mutate: { patchStrategicMerge: {} } }]);
  const existingRule = (name: string): Rule => ({
    name,
    match: { any: [{ resources: { kinds: ['ConfigMap'] } }] },
    mutate: { targets: [{ apiVersion: 'v1', kind: 'Secret', name: 'creds' }], patchStrategicMerge: {} },
  });
  const mutateExisting = policy('mutate-existing', [existingRule('patch-secret')]);
  const otherExisting = policy('other-existing', [existingRule('patch-secret')]);
  const generateRule = (name: string): Rule => ({ name, match: { any: [{ resources: { kinds: ['Namespace'] } }] }, generate: { kind: 'NetworkPolicy' } });
  const addNetpol = policy('add-networkpolicy', [generateRule('default-deny'), generateRule('quota')]);

  const loaded = (value: JsonObject): ResourceDocument => {
    const metadata = value.metadata as JsonObject;
    const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
    const apiVersion = value.apiVersion as string;
    const kind = value.kind as string;
    const name = metadata.name as string;
    return { value: value as ResourceDocument['value'], file: '/r.yaml', documentIndex: 0, apiVersion, kind, namespace, name, key: resourceKey(apiVersion, kind, namespace, name) };
  };
  const podValue = (name: string, namespace: string, image: string): JsonObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { team: 'a' } },
    spec: { containers: [{ name: 'app', image }] },
  });
  const secret = (labels: Record<string, string>): JsonObject => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'creds', namespace: 'default', labels },
    data: { token: 'dG9rZW4=' },
  });
  const web = loaded(podValue('web', 'default', 'nginx:1.25'));
  const api = loaded(podValue('api', 'prod', 'nginx:1.25'));
  const cm = loaded({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dictionary-1', namespace: 'staging' } });
  const teamA = loaded({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
  const creds = loaded(secret({}));
  const netpol: JsonObject = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'default-deny', namespace: 'team-a', labels: { 'generate.kyverno.io/policy-name': 'add-networkpolicy' } },
    spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
  };

  const mutation = (name: string, status: RuleResponse['status'], extra: Partial<RuleResponse> = {}): RuleResponse => ({ name, type: 'Mutation', status, message: `${name} ${status}`, ...extra });
  const generation = (name: string, status: RuleResponse['status'], generatedResources?: JsonObject[]): RuleResponse => ({
    name,
    type: 'Generation',
    status,
    message: '',
    ...(generatedResources ? { generatedResources } : {}),
  });
  const mutated = (compiled: KyvernoPolicy, target: ResourceDocument, rules: RuleResponse[], patched: JsonObject = target.value): ResourceResponse => ({
    kind: 'mutate',
    response: { policy: compiled, resource: target.value, rules, patchedResource: patched },
  });
  const emptyMutations = (target: ResourceDocument): ResourceResponse[] => [mutated(mutateExisting, target, []), mutated(otherExisting, target, [])];

  const trigger: TriggerRun = {
    resources: [web, api, cm, teamA],
    responses: new Map([
      [
        web.key,
        [
          mutated(addLabel, web, [mutation('add-team', 'pass')]),
          mutated(setImage, web, [mutation('latest', 'pass')], podValue('web', 'default', 'nginx:latest')),
          ...emptyMutations(web),
        ],
      ],
      [api.key, [mutated(addLabel, api, [mutation('add-team', 'pass')]), mutated(setImage, api, []), ...emptyMutations(api)]],
      [
        cm.key,
        [
          mutated(addLabel, cm, []),
          mutated(setImage, cm, []),
          mutated(mutateExisting, cm, [mutation('patch-secret', 'pass', { patchedTarget: secret({ foo: 'bar' }) })]),
          mutated(otherExisting, cm, [mutation('patch-secret', 'pass', { patchedTarget: secret({ foo: 'baz' }) })]),
        ],
      ],
      [
        teamA.key,
        [
          ...emptyMutations(teamA),
          { kind: 'generate', response: { policy: addNetpol, resource: teamA.value, rules: [generation('default-deny', 'pass', [netpol]), generation('quota', 'skip')] } },
        ],
      ],
    ]),
  };
  const input: MatchInput = {
    trigger,
    byOperation: new Map(),
    target: targetRun([creds], trigger),
    invalidPolicies: new Map(),
    unsupportedPolicies: new Map(),
    policies: new Map(
      [addLabel, setImage, mutateExisting, otherExisting, addNetpol].map((compiled): [string, KyvernoPolicy[]] => [compiled.name, [compiled]]),
    ),
    files: FILES,
  };

  it('builds the Target map from the responses carrying a patched target', () => {
    expect(input.target?.resources).toEqual([creds]);
    expect(input.target?.responses.get(creds.key)?.map((response) => response.response.policy.name)).toEqual(['mutate-existing', 'other-existing']);
    expect(targetRun([loaded(secret({})), web], { resources: [web], responses: new Map([[web.key, [mutated(addLabel, web, [mutation('add-team', 'pass')])]]]) })).toEqual({
      resources: [],
      responses: new Map(),
    });
  });

  it.each<{ name: string; result: TestResult; rows: Row[] }>([
    {
      name: 'the patched resource equals its document: the status is compared',
      result: result({ policy: 'add-label', rule: 'add-team', resources: ['web'], patchedResources: 'patched.yaml', result: 'pass' }),
      rows: [['v1/Pod/default/web', 'add-team', 'Pass', 'Ok']],
    },
    {
      name: 'the status is compared only after the object',
      result: result({ policy: 'add-label', rule: 'add-team', resources: ['web'], patchedResources: 'patched.yaml', result: 'fail' }),
      rows: [['v1/Pod/default/web', 'add-team', 'Fail', 'Want fail, got pass']],
    },
    {
      name: 'a different patched resource is a Resource diff, whatever the status',
      result: result({ policy: 'set-image', rule: 'latest', resources: ['web'], patchedResources: 'patched.yaml', result: 'pass' }),
      rows: [['v1/Pod/default/web', 'latest', 'Fail', 'Resource diff']],
    },
    {
      name: 'a resource missing from patchedResources gives no row',
      result: result({ policy: 'add-label', rule: 'add-team', resources: ['api'], patchedResources: 'patched.yaml', result: 'pass' }),
      rows: [],
    },
    {
      name: 'with failOnMissingResources a missing resource is a Resource error',
      result: result({ policy: 'add-label', rule: 'add-team', resources: ['api'], patchedResources: 'patched.yaml', result: 'pass', failOnMissingResources: true }),
      rows: [['v1/Pod/prod/api', 'add-team', 'Fail', 'Resource error']],
    },
    {
      name: 'a file that cannot be loaded is a Resource error',
      result: result({ policy: 'add-label', rule: 'add-team', resources: ['web'], patchedResources: 'missing.yaml', result: 'pass' }),
      rows: [['v1/Pod/default/web', 'add-team', 'Fail', 'Resource error']],
    },
    {
      name: 'without resources the targets come first; the trigger missing from the file gives no row',
      result: result({ policy: 'mutate-existing', rule: 'patch-secret', patchedResources: 'patched.yaml', result: 'pass' }),
      rows: [
        ['v1/Secret/default/creds', 'patch-secret', 'Pass', 'Ok'],
        ['v1/Pod/default/web', 'patch-secret', 'Pass', 'Excluded'],
        ['v1/Pod/prod/api', 'patch-secret', 'Pass', 'Excluded'],
        ['v1/Namespace//team-a', 'patch-secret', 'Pass', 'Excluded'],
      ],
    },
    {
      name: 'a resources entry naming a target compares the patched target',
      result: result({ policy: 'mutate-existing', rule: 'patch-secret', resources: ['default/creds'], patchedResources: 'patched.yaml', result: 'pass' }),
      rows: [['v1/Secret/default/creds', 'patch-secret', 'Pass', 'Ok']],
    },
    {
      name: 'target rows come from the responses of the result policy only',
      result: result({ policy: 'other-existing', rule: 'patch-secret', resources: ['creds'], patchedResources: 'patched.yaml', result: 'pass' }),
      rows: [['v1/Secret/default/creds', 'patch-secret', 'Fail', 'Resource diff']],
    },
    {
      name: 'one row per generated object, named /<name>',
      result: result({ policy: 'add-networkpolicy', rule: 'default-deny', resources: ['team-a'], generatedResource: 'generated.yaml', result: 'pass' }),
      rows: [['/default-deny', 'default-deny', 'Pass', 'Ok']],
    },
    {
      name: 'a generation without generated objects compares the status only',
      result: result({ policy: 'add-networkpolicy', rule: 'quota', resources: ['team-a'], generatedResource: 'generated.yaml', result: 'skip' }),
      rows: [['v1/Namespace//team-a', 'quota', 'Pass', 'Ok']],
    },
    {
      name: 'a generated object missing from generatedResource is a Resource error (never skipped)',
      result: result({ policy: 'add-networkpolicy', rule: 'default-deny', resources: ['team-a'], generatedResource: 'patched.yaml', result: 'pass' }),
      rows: [['/default-deny', 'default-deny', 'Fail', 'Resource error']],
    },
    {
      name: 'generatedResources passes when any file matches',
      result: result({ policy: 'add-networkpolicy', rule: 'default-deny', resources: ['team-a'], generatedResources: ['generated-other.yaml', 'generated.yaml'], result: 'pass' }),
      rows: [['/default-deny', 'default-deny', 'Pass', 'Ok']],
    },
    {
      name: 'generatedResources without a matching file is a Resource diff',
      result: result({ policy: 'add-networkpolicy', rule: 'default-deny', resources: ['team-a'], generatedResources: ['generated-other.yaml'], result: 'pass' }),
      rows: [['/default-deny', 'default-deny', 'Fail', 'Resource diff']],
    },
    {
      name: 'a generate policy without response for the resource is Not found',
      result: result({ policy: 'add-networkpolicy', rule: 'default-deny', resources: ['web'], generatedResource: 'generated.yaml', result: 'pass' }),
      rows: [['v1/Pod/default/web', 'default-deny', 'Fail', 'Not found']],
    },
  ])('$name', ({ result: expected, rows }) => {
    const outcome = matchResult(expected, input);
    expect(outcome.rows.map((row) => [row.resource, row.rule, row.result, row.reason])).toEqual(rows);
  });

  it('gives the messages and the diff of object comparisons', () => {
    const diff = matchResult(result({ policy: 'set-image', rule: 'latest', resources: ['web'], patchedResources: 'patched.yaml', result: 'pass' }), input);
    expect(diff.rows[0]).toMatchObject({ message: "Patched resource didn't match the patched resource in the test result", actual: 'pass', compared: true });
    expect(diff.rows[0].diff?.expected).toContain('image: nginx:1.25');
    expect(diff.rows[0].diff?.actual).toContain('image: nginx:latest');
    expect(diff.entries).toEqual([
      { resource: 'web', namespace: 'default', expected: 'pass', actual: 'pass', message: diff.rows[0].message, passed: false, reason: 'Resource diff', diff: diff.rows[0].diff },
    ]);

    const missing = matchResult(result({ policy: 'add-label', rule: 'add-team', resources: ['api'], patchedResources: 'patched.yaml', result: 'pass', failOnMissingResources: true }), input);
    expect(missing.rows[0].message).toBe('error: failed to load PatchedResources resource (resource with name api not found in manifest)');
  });

  it('reports an entry whose comparison was dropped as passed, saying why', () => {
    const outcome = matchResult(result({ policy: 'add-label', rule: 'add-team', resources: ['api'], patchedResources: 'patched.yaml', result: 'pass' }), input);
    expect(outcome.entries).toEqual([
      {
        resource: 'api',
        namespace: 'prod',
        expected: 'pass',
        actual: 'missing',
        message: 'not compared (failOnMissingResources is false): error: failed to load PatchedResources resource (resource with name api not found in manifest)',
        passed: true,
        reason: 'Skipped',
      },
    ]);
  });
});
