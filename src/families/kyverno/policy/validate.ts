/**
 * @file Kyverno's policy validation as the CLI runs it before evaluating anything (pkg/validation/policy
 * `Validate` in mock mode: no cluster, no discovery). An invalid policy is skipped by `kyverno test` and
 * `kyverno apply`; {@link validatePolicy} returns the first error text the CLI would report, or null.
 * Steps that need a cluster (RBAC checks, global context entries, CEL type checks of generated
 * ValidatingAdmissionPolicies) do not run in mock mode and are not reproduced; the discovery of
 * cluster-scoped kinds the admission controller does can be given as `cluster`.
 */
import { computeRules } from './autogen.js';
import type { Policy, Rule } from './types.js';
import { failureActionOverridesError, kindsError, ruleError } from './validate-rule.js';
import { NO_CLUSTER_SCOPES, type ClusterScopes } from '../../../cluster/scopes.js';
import { apiValidationError, ruleKinds } from './validate-spec.js';
import { invalidVariablesError, policyVariables, userVariablesError } from './validate-variables.js';

/** Kyverno `ValidateOnPolicyUpdate`. */
function onPolicyUpdateError(policy: Policy, rules: readonly Rule[], variables: readonly string[]): string | null {
  if (variables.length === 0) return null;
  const invalid = invalidVariablesError(rules, true);
  if (invalid) return `update event, policy contains invalid variables: ${invalid}`;
  const user = userVariablesError(policy, rules, variables);
  if (user) {
    return `only select variables are allowed in on policy update. Set spec.mutateExistingOnPolicyUpdate=false to disable update policy mode for this policy rule: ${user} `;
  }
  return null;
}

/**
 * Validates a ClusterPolicy/Policy the way the Kyverno CLI does before using it. Returns the error text of
 * the first problem (what the CLI reports as the reason for skipping the policy), or null when valid.
 * The policy is expected to have passed `checkPolicy` (the CRD schema check). `cluster` holds the
 * cluster-scoped resources: none as the CLI validates (mock mode), what discovery would report as the
 * admission controller validates.
 */
export function validatePolicy(policy: Policy, cluster: ClusterScopes = NO_CLUSTER_SCOPES): string | null {
  const spec = policy.spec;
  const background = spec.background !== false;
  const rules = computeRules(policy, '');
  const variables = policyVariables(policy);

  if (background) {
    const user = userVariablesError(policy, rules, variables);
    if (user) {
      return `only select variables are allowed in background mode. Set spec.background=false to disable background mode for this policy rule: ${user} `;
    }
  }
  const invalid = invalidVariablesError(rules, background);
  if (invalid) return `policy contains invalid variables: ${invalid}`;

  const api = apiValidationError(policy, cluster);
  if (api) return api;

  if (policy.kind === 'ClusterPolicy') {
    const overrides = failureActionOverridesError(policy);
    if (overrides) return overrides;
  }
  if (spec.admission === false && spec.background === false) {
    return 'disabling both admission and background processing is not allowed';
  }
  if (spec.admission === false) {
    const original = spec.rules ?? [];
    if (original.some((rule) => ruleKinds(rule).mutate || ruleKinds(rule).generate || ruleKinds(rule).verifyImages)) {
      return 'disabling admission processing is only allowed with validation policies';
    }
  }

  const kinds = kindsError(rules, background);
  if (kinds) return kinds;

  for (const [index, rule] of rules.entries()) {
    const err = ruleError(index, rule);
    if (err) return err;
    if (ruleKinds(rule).mutate) {
      const explicit = rule.mutate?.mutateExistingOnPolicyUpdate;
      const onUpdate = typeof explicit === 'boolean' ? explicit : spec.mutateExistingOnPolicyUpdate === true;
      if (onUpdate) {
        const update = onPolicyUpdateError(policy, rules, variables);
        if (update) return update;
      }
    }
  }
  return null;
}
