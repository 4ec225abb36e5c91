/**
 * @file How a failed rule is reported (`.kyverno-lint.yaml` `severity` and `ignore`): the severity of
 * the rule's entry, else of its policy's entry, else of its failure action (`audit`/`enforce`); and
 * whether a rule id is ignored. Rule names Kyverno generates for Pod controllers (`autogen-<rule>`,
 * `autogen-cronjob-<rule>`) answer to the entries of `<rule>` as well, an entry for the generated
 * name itself winning. A namespaced Policy may be named `namespace/name` (as in its rule ids) or `name`.
 */
import { wildcardMatch } from '../util/wildcard.js';
import type { SeverityMapping, SeveritySetting } from './types.js';

export type FailureAction = 'Audit' | 'Enforce';

const AUTOGEN_PREFIX = /^autogen-(cronjob-)?/;

/** `rule` and, for an autogen rule, the rule it was generated from. */
export function ruleNames(rule: string): string[] {
  const base = rule.replace(AUTOGEN_PREFIX, '');
  return base === rule || base === '' ? [rule] : [rule, base];
}

/** `policy` and, for `namespace/name`, `name`. */
function policyNames(policy: string): string[] {
  const slash = policy.lastIndexOf('/');
  return slash === -1 ? [policy] : [policy, policy.slice(slash + 1)];
}

/** The severity the mapping sets for this policy or rule explicitly (`rules`, then `policies`), if any. */
export function configuredSeverity(mapping: SeverityMapping, policyName: string, ruleName: string): SeveritySetting | undefined {
  const policies = policyNames(policyName);
  for (const policy of policies) {
    for (const rule of ruleNames(ruleName)) {
      const key = `${policy}/${rule}`;
      if (Object.hasOwn(mapping.rules, key)) return mapping.rules[key];
    }
  }
  for (const policy of policies) {
    if (Object.hasOwn(mapping.policies, policy)) return mapping.policies[policy];
  }
  return undefined;
}

/**
 * The severity of a failure action (`audit`, `enforce`), for rules the mapping does not name: a failure
 * has `configuredSeverity(…) ?? actionSeverity(…)`.
 */
export function actionSeverity(mapping: SeverityMapping, failureAction: FailureAction): SeveritySetting {
  return failureAction === 'Enforce' ? mapping.enforce : mapping.audit;
}

/**
 * Whether `ruleId` (`policy/rule`, `namespace/policy/rule`, `kyverno-lint/<code>`) matches one of the
 * `ignore` patterns (`*` any run of characters, `/` included; `?` one character). An autogen rule id
 * also matches the patterns of the rule it was generated from.
 */
export function isIgnored(ignore: readonly string[], ruleId: string): boolean {
  if (ignore.length === 0) return false;
  const slash = ruleId.lastIndexOf('/');
  const ids = [ruleId];
  if (slash !== -1) {
    const rule = ruleId.slice(slash + 1);
    for (const name of ruleNames(rule).slice(1)) ids.push(`${ruleId.slice(0, slash + 1)}${name}`);
  }
  return ignore.some((pattern) => ids.some((id) => wildcardMatch(pattern, id)));
}
