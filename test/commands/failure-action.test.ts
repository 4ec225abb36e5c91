import { describe, expect, it } from 'vitest';
import { isEnforce, policyFailureAction } from '../../src/families/kyverno/failure-action.js';
import type { Policy, PolicySpec } from '../../src/families/kyverno/policy/types.js';

const policy = (spec: PolicySpec): Policy => ({ apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name: 'p' }, spec });
const validateRule = (validate: object) => ({ name: 'r', validate: { pattern: {}, ...validate } });

describe('policyFailureAction (GetValidationFailureAction)', () => {
  it.each<{ name: string; spec: PolicySpec; namespace?: string; labels?: Record<string, string>; action: string }>([
    { name: 'no action at all', spec: { rules: [validateRule({})] }, action: '' },
    { name: 'spec action', spec: { validationFailureAction: 'Enforce', rules: [validateRule({})] }, action: 'Enforce' },
    { name: 'the first rule with an action wins over the spec', spec: { validationFailureAction: 'Enforce', rules: [validateRule({}), validateRule({ failureAction: 'Audit' })] }, action: 'Audit' },
    {
      name: 'a matching rule override wins over the rule action',
      spec: { rules: [validateRule({ failureAction: 'Audit', failureActionOverrides: [{ action: 'Enforce', namespaces: ['prod-*'] }] })] },
      namespace: 'prod-eu',
      action: 'Enforce',
    },
    {
      name: 'a rule override for another namespace does not apply',
      spec: { rules: [validateRule({ failureAction: 'Audit', failureActionOverrides: [{ action: 'Enforce', namespaces: ['prod-*'] }] })] },
      namespace: 'dev',
      action: 'Audit',
    },
    {
      name: 'spec overrides by namespace selector',
      spec: { validationFailureAction: 'Audit', validationFailureActionOverrides: [{ action: 'Enforce', namespaceSelector: { matchLabels: { tier: 'prod' } } }], rules: [validateRule({})] },
      labels: { tier: 'prod' },
      action: 'Enforce',
    },
    {
      name: 'an override without namespaces and selector never matches (CheckSelector(nil) is false)',
      spec: { validationFailureAction: 'Audit', validationFailureActionOverrides: [{ action: 'Enforce' }], rules: [validateRule({})] },
      action: 'Audit',
    },
    {
      name: 'an override with an invalid action is ignored',
      spec: { validationFailureAction: 'Audit', validationFailureActionOverrides: [{ action: 'Block', namespaces: ['*'] }], rules: [validateRule({})] },
      action: 'Audit',
    },
    {
      name: 'verifyImages rules enforce when any entry enforces',
      spec: { rules: [{ name: 'v', verifyImages: [{ failureAction: 'Audit' }, { failureAction: 'Enforce' }] }] },
      action: 'Enforce',
    },
  ])('$name', ({ spec, namespace, labels, action }) => {
    expect(policyFailureAction(policy(spec), namespace ?? 'default', labels ?? {})).toBe(action);
  });
});

describe('isEnforce', () => {
  it.each([
    { action: 'Enforce', enforce: true },
    { action: 'enforce', enforce: true },
    { action: 'Audit', enforce: false },
    { action: 'ENFORCE', enforce: false },
    { action: undefined, enforce: false },
  ])('$action → $enforce', ({ action, enforce }) => {
    expect(isEnforce(action)).toBe(enforce);
  });
});
