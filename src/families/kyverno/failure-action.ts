/**
 * @file The failure action a policy reports with (kyverno/kyverno pkg/engine/api/engineresponse.go
 * `GetValidationFailureAction`), used by `apply --audit-warn`: the first rule with an explicit action
 * (a matching `validate.failureActionOverrides` entry, else `validate.failureAction`; for verifyImages
 * rules Enforce if any entry enforces, else the first action), else the first matching spec-level
 * override, else `spec.validationFailureAction`.
 */
import { selectorMatches } from './match/selector.js';
import type { FailureActionOverride, Policy, Rule } from './policy/types.js';
import { wildcardMatch } from '../../util/wildcard.js';

const VALID_ACTIONS = new Set(['Audit', 'Enforce', 'audit', 'enforce']);

/** Go `ValidationFailureAction.Enforce()`: only `Enforce`/`enforce`; anything else audits. */
export function isEnforce(action: string | undefined): boolean {
  return action === 'Enforce' || action === 'enforce';
}

/** `CheckSelector`: a missing selector never matches. */
function selectorPasses(selector: object | undefined, labels: Readonly<Record<string, string>>): boolean {
  return selector !== undefined && selector !== null && selectorMatches(selector, labels);
}

function overrideMatches(override: FailureActionOverride, namespace: string, labels: Readonly<Record<string, string>>): boolean {
  if (!VALID_ACTIONS.has(override.action ?? '')) return false;
  if (override.namespaces === undefined || override.namespaces === null) return selectorPasses(override.namespaceSelector, labels);
  for (const pattern of override.namespaces) {
    if (!wildcardMatch(pattern, namespace)) continue;
    return override.namespaceSelector === undefined || override.namespaceSelector === null || selectorPasses(override.namespaceSelector, labels);
  }
  return false;
}

function firstMatching(overrides: readonly FailureActionOverride[] | undefined, namespace: string, labels: Readonly<Record<string, string>>): string | undefined {
  return overrides?.find((override) => overrideMatches(override, namespace, labels))?.action;
}

interface ImageVerification {
  failureAction?: string;
}

function verifyImagesAction(entries: readonly unknown[]): string | undefined {
  let first: string | undefined;
  for (const entry of entries) {
    const action = entry !== null && typeof entry === 'object' ? (entry as ImageVerification).failureAction : undefined;
    if (typeof action !== 'string') continue;
    if (isEnforce(action)) return action;
    first ??= action;
  }
  return first;
}

/** The policy's reporting failure action for a resource in `namespace` with namespace `labels`. */
export function policyFailureAction(policy: Policy, namespace: string, labels: Readonly<Record<string, string>> = {}): string {
  const spec = policy.spec;
  for (const rule of spec.rules ?? []) {
    if (rule.validate !== undefined) {
      const action = firstMatching(rule.validate.failureActionOverrides, namespace, labels) ?? rule.validate.failureAction;
      if (action !== undefined) return action;
    } else if (Array.isArray(rule.verifyImages) && rule.verifyImages.length > 0) {
      const action = verifyImagesAction(rule.verifyImages);
      if (action !== undefined) return action;
    }
  }
  return firstMatching(spec.validationFailureActionOverrides, namespace, labels) ?? spec.validationFailureAction ?? '';
}

/**
 * The failure action of one rule as the admission controller applies it: the rule's matching
 * `validate.failureActionOverrides` entry, else `validate.failureAction`, else the policy's matching
 * `validationFailureActionOverrides` entry, else `spec.validationFailureAction`, else Audit.
 */
export function ruleFailureAction(policy: Policy, rule: Rule | undefined, namespace: string, labels: Readonly<Record<string, string>> = {}): 'Audit' | 'Enforce' {
  const spec = policy.spec;
  const action =
    (rule?.validate ? firstMatching(rule.validate.failureActionOverrides, namespace, labels) ?? rule.validate.failureAction : undefined) ??
    firstMatching(spec.validationFailureActionOverrides, namespace, labels) ??
    spec.validationFailureAction;
  return isEnforce(action) ? 'Enforce' : 'Audit';
}
