/**
 * `kyverno apply` output for the CEL policy kinds (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/result.go,
 * commands/apply/command.go, commands/apply/table.go), on hand-made policies and responses: the counters by
 * kind, the failed-rules block of ruleless kinds, JSON payloads, the table, and `Applying N policy rule(s)`.
 */
import { describe, expect, it } from 'vitest';
import { countResults, formatApplyTable, formatResponseLines, type ApplyResponse, type ApplyResponseKind } from '../../src/commands/apply/output.js';
import { appliedRuleCount, applyResponse, type ApplySettings } from '../../src/commands/apply/responses.js';
import type { ResourceSet } from '../../src/commands/load/resources.js';
import { resourceDocument } from '../../src/evaluate/resource.js';
import type { CompiledPolicy, PolicyResponse } from '../../src/evaluate/types.js';
import type { KubernetesObject } from '../../src/source/index.js';
import type { JsonObject, RuleResponse, RuleStatus, RuleType } from '../../src/types.js';

const POD = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' } } as KubernetesObject;
const RESOURCE = resourceDocument(POD, '/repo/pod.yaml', 0);
const NO_FILES: ResourceSet = { resources: [RESOURCE], files: new Map(), firstPathMissing: false };
const SETTINGS: ApplySettings = { auditWarn: false, namespaceLabels: () => undefined };

const ADMISSION = new Set(['ValidatingAdmissionPolicy', 'MutatingAdmissionPolicy']);

/** A compiled policy of `kind` (a CEL kind unless `kyverno.io` ClusterPolicy) that evaluates nothing. */
function policy(kind: string, name = 'check', overrides: Partial<CompiledPolicy> = {}): CompiledPolicy {
  const apiVersion = kind === 'ClusterPolicy' ? 'kyverno.io/v1' : ADMISSION.has(kind) ? 'admissionregistration.k8s.io/v1' : 'policies.kyverno.io/v1';
  return {
    family: kind === 'ClusterPolicy' ? 'kyverno' : 'cel',
    apiVersion,
    kind,
    name,
    namespace: '',
    namespaced: false,
    annotations: {},
    scored: true,
    rules: [],
    ruleCount: 3,
    mutationsSettle: true,
    failureAction: () => 'Audit',
    ...overrides,
  };
}

function rule(status: RuleStatus, message = `${status} message`, name = '', type: RuleType = 'Validation', extra: Partial<RuleResponse> = {}): RuleResponse {
  return { name, type, status, message, ...extra };
}

function respond(compiled: CompiledPolicy, rules: RuleResponse[], resource: JsonObject = POD): PolicyResponse {
  return { policy: compiled, resource, rules };
}

function apply(kind: ApplyResponseKind, response: PolicyResponse, settings: ApplySettings = SETTINGS): ApplyResponse {
  return applyResponse(kind, response, RESOURCE, NO_FILES, settings);
}

const EVERY_STATUS: RuleStatus[] = ['pass', 'fail', 'error', 'skip', 'warn'];

describe('apply counters by policy kind', () => {
  it.each<{ kind: string; response: ApplyResponseKind; counts: Record<RuleStatus, number> }>([
    { kind: 'ValidatingPolicy', response: 'validate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 0 } },
    { kind: 'NamespacedValidatingPolicy', response: 'validate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 0 } },
    { kind: 'ImageValidatingPolicy', response: 'verifyImages', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 0 } },
    { kind: 'DeletingPolicy', response: 'validate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 0 } },
    { kind: 'NamespacedDeletingPolicy', response: 'validate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 0 } },
    // addValidatingAdmissionResponse: a skip is not counted.
    { kind: 'ValidatingAdmissionPolicy', response: 'validate', counts: { pass: 1, fail: 1, error: 1, skip: 0, warn: 0 } },
    // A MutatingPolicy response is added twice (directly, then in processMutateEngineResponse).
    { kind: 'MutatingPolicy', response: 'mutate', counts: { pass: 2, fail: 2, error: 2, skip: 2, warn: 0 } },
    { kind: 'NamespacedMutatingPolicy', response: 'mutate', counts: { pass: 2, fail: 2, error: 2, skip: 2, warn: 0 } },
    { kind: 'MutatingAdmissionPolicy', response: 'mutate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 0 } },
    { kind: 'GeneratingPolicy', response: 'generate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 1 } },
    { kind: 'NamespacedGeneratingPolicy', response: 'generate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 1 } },
    // kyverno.io policies, unchanged: validate statuses counted as shown; generate rules pass or fail.
    { kind: 'ClusterPolicy', response: 'validate', counts: { pass: 1, fail: 1, error: 1, skip: 1, warn: 1 } },
    { kind: 'ClusterPolicy', response: 'generate', counts: { pass: 1, fail: 4, error: 0, skip: 0, warn: 0 } },
  ])('$kind ($response response)', ({ kind, response, counts }) => {
    const compiled = policy(kind);
    const applied = apply(response, respond(compiled, EVERY_STATUS.map((status) => rule(status))));
    expect(countResults([applied], 0)).toEqual(counts);
  });

  it.each(['ValidatingPolicy', 'ValidatingAdmissionPolicy', 'MutatingPolicy', 'GeneratingPolicy'])(
    'a %s failure stays a failure in the counters when the policy is unscored or with --audit-warn',
    (kind) => {
      const unscored = policy(kind, 'check', { scored: false, annotations: { 'policies.kyverno.io/scored': 'false' } });
      const times = kind === 'MutatingPolicy' ? 2 : 1;
      expect(countResults([apply('validate', respond(unscored, [rule('fail')]))], 0)).toMatchObject({ fail: times, warn: 0 });
      expect(countResults([apply('validate', respond(policy(kind), [rule('fail')]), { ...SETTINGS, auditWarn: true })], 0)).toMatchObject({ fail: times, warn: 0 });
    },
  );

  it('an unscored ClusterPolicy failure is counted as a warning, as before', () => {
    const unscored = policy('ClusterPolicy', 'classic', { scored: false });
    expect(countResults([apply('validate', respond(unscored, [rule('fail', 'bad', 'check-rule')]))], 0)).toMatchObject({ fail: 0, warn: 1 });
  });

  it('does not count the mutate-existing responses of a MutatingPolicy', () => {
    const compiled = policy('MutatingPolicy');
    const target = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' } };
    const trigger = apply('mutate', respond(compiled, [rule('pass', 'ok', '', 'Mutation')]));
    const existing = apply('mutate', respond(compiled, [rule('pass', 'ok', '', 'Mutation', { patchedTarget: target }), rule('fail', 'no', '', 'Mutation')]));
    expect(countResults([trigger, existing], 0)).toEqual({ pass: 2, fail: 0, error: 0, skip: 0, warn: 0 });
  });
});

describe('apply failed-rules block for CEL kinds', () => {
  it.each<{ name: string; kind: string; response: PolicyResponse; settings?: ApplySettings; text: string }>([
    {
      name: 'a ruleless kind prints an empty rule name (two spaces)',
      kind: 'ValidatingPolicy',
      response: respond(policy('ValidatingPolicy', 'disallow-host-path'), [rule('fail', 'HostPath volumes are forbidden.')]),
      text: 'policy disallow-host-path -> resource default/Pod/web failed:\n1 -  HostPath volumes are forbidden.\n\n',
    },
    {
      name: 'an empty message reads validation failed',
      kind: 'ValidatingPolicy',
      response: respond(policy('ValidatingPolicy', 'vpol'), [rule('fail', '')]),
      text: 'policy vpol -> resource default/Pod/web failed:\n1 -  validation failed\n\n',
    },
    {
      name: 'kinds whose rule is named after the policy',
      kind: 'ValidatingAdmissionPolicy',
      response: respond(policy('ValidatingAdmissionPolicy', 'check-replicas'), [rule('fail', 'too many replicas', 'check-replicas')]),
      text: 'policy check-replicas -> resource default/Pod/web failed:\n1 - check-replicas too many replicas\n\n',
    },
    {
      name: 'a JSON payload',
      kind: 'ValidatingPolicy',
      response: respond(policy('ValidatingPolicy', 'check-dockerfile'), [rule('fail', 'curl is not allowed')], { Stages: [] }),
      text: 'policy check-dockerfile -> resource JSON payload failed:\n1 -  curl is not allowed\n\n',
    },
    {
      name: 'failures of every CEL kind as audit warnings with --audit-warn (no failure action is Audit)',
      kind: 'DeletingPolicy',
      response: respond(policy('DeletingPolicy', 'cleanup'), [rule('fail', 'resource did not match', 'cleanup')]),
      settings: { ...SETTINGS, auditWarn: true },
      text: 'policy cleanup -> resource default/Pod/web failed as audit warning:\n1 - cleanup resource did not match\n\n',
    },
    {
      name: 'nothing for passing and skipped rules',
      kind: 'ValidatingPolicy',
      response: respond(policy('ValidatingPolicy'), [rule('pass'), rule('skip'), rule('error')]),
      text: '',
    },
  ])('$name', ({ kind, response, settings, text }) => {
    expect(response.policy.kind).toBe(kind);
    expect(formatResponseLines([apply('validate', response, settings)])).toBe(text);
  });
});

describe('apply table for CEL kinds', () => {
  const row = (table: string, policyName: string): string[] => {
    const line = table.split('\n').find((candidate) => candidate.includes(` ${policyName} `));
    return (line ?? '').split('│').slice(1, -1).map((cell) => cell.trim());
  };

  it('leaves the RULE column empty for CEL kinds, and names the rules of kyverno.io policies', () => {
    const table = formatApplyTable(
      [
        apply('validate', respond(policy('ValidatingPolicy', 'vpol'), [rule('pass', 'ok', 'vpol')])),
        apply('validate', respond(policy('ClusterPolicy', 'classic'), [rule('pass', 'ok', 'check-rule')])),
      ],
      false,
      false,
    );
    expect(row(table, 'vpol')).toEqual(['1', 'vpol', '', 'default/Pod/web', 'Pass']);
    expect(row(table, 'classic')).toEqual(['2', 'classic', 'check-rule', 'default/Pod/web', 'Pass']);
  });

  it.each<{ name: string; compiled: CompiledPolicy; settings: ApplySettings; shown: string }>([
    { name: 'a failure', compiled: policy('ValidatingPolicy', 'vpol'), settings: SETTINGS, shown: 'Fail' },
    { name: 'an unscored failure', compiled: policy('ValidatingPolicy', 'vpol', { scored: false }), settings: SETTINGS, shown: 'Warn' },
    { name: 'a failure with --audit-warn', compiled: policy('ValidatingPolicy', 'vpol'), settings: { ...SETTINGS, auditWarn: true }, shown: 'Warn' },
  ])('shows $name as $shown', ({ compiled, settings, shown }) => {
    const table = formatApplyTable([apply('validate', respond(compiled, [rule('fail')]), settings)], true, false);
    expect(row(table, 'vpol')).toEqual(['1', 'vpol', '', 'default/Pod/web', shown, 'fail message']);
  });
});

describe('Applying N policy rule(s)', () => {
  it.each<{ kind: string; count: number }>([
    { kind: 'ClusterPolicy', count: 3 },
    { kind: 'ValidatingPolicy', count: 1 },
    { kind: 'NamespacedValidatingPolicy', count: 1 },
    { kind: 'MutatingPolicy', count: 1 },
    { kind: 'GeneratingPolicy', count: 1 },
    { kind: 'DeletingPolicy', count: 1 },
    { kind: 'ImageValidatingPolicy', count: 1 },
    { kind: 'ValidatingAdmissionPolicy', count: 1 },
    { kind: 'MutatingAdmissionPolicy', count: 1 },
  ])('a $kind with three rules counts $count', ({ kind, count }) => {
    expect(appliedRuleCount(policy(kind))).toBe(count);
  });
});
