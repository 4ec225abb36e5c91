/**
 * @file A `kyverno.io` ClusterPolicy/Policy prepared for evaluation: everything about the policy that does
 * not depend on the resource is worked out once here (autogen rules per kind, the kind index, flags), so that
 * evaluating many resources stays cheap. The handlers are attached by the family (families/kyverno/compile.ts).
 */
import type { CompiledPolicy } from '../../../evaluate/types.js';
import { parseKindSelector } from '../match/kind.js';
import { createAutogen } from './autogen.js';
import type { MatchResources, Policy, Rule } from './types.js';

/** A compiled ClusterPolicy/Policy: the family-independent view plus what the JMESPath engine reads. */
export interface KyvernoPolicy extends CompiledPolicy {
  readonly family: 'kyverno';
  readonly kind: 'ClusterPolicy' | 'Policy';
  /** The policy as loaded. */
  readonly policy: Policy;
  readonly hasValidate: boolean;
  readonly hasMutate: boolean;
  readonly hasGenerate: boolean;
  /** Kyverno `ComputeRules(policy, kind)` (autogen rules included), worked out once per kind. */
  computedRules(kind: string): readonly Rule[];
  /** The rules of `computedRules(kind)` whose match block can name that kind. */
  rulesForKind(kind: string): readonly Rule[];
  /** The rules of `rulesForKind(kind)` that have a `validate` section. */
  validateRulesForKind(kind: string): readonly Rule[];
}

/** What the family adds to the policy data: the handlers, the failure action, the rule list. */
export type KyvernoHandlers = Pick<KyvernoPolicy, 'mutate' | 'verifyImages' | 'validate' | 'generate' | 'failureAction' | 'rules' | 'ruleCount' | 'mutationsSettle'>;

/** The policy data of a compiled ClusterPolicy/Policy; `handlers` receives it to attach the handlers. */
export function compiledPolicy(policy: Policy, handlers: (compiled: KyvernoPolicy) => KyvernoHandlers): KyvernoPolicy {
  const rules = policy.spec.rules ?? [];
  // The compiled policy holds its own autogen memo. Sharing validation's memo (a WeakMap keyed by the policy)
  // raised the peak memory of the repository scan in `npm run bench` by about 190 MiB.
  const autogen = createAutogen(policy);
  const byKind = new Map<string, readonly Rule[]>();
  const validateByKind = new Map<string, readonly Rule[]>();
  const namespaced = policy.kind === 'Policy';
  const data: Omit<KyvernoPolicy, keyof KyvernoHandlers> = {
    family: 'kyverno',
    apiVersion: policy.apiVersion,
    policy,
    name: policy.metadata.name,
    namespace: namespaced ? policy.metadata.namespace || 'default' : '',
    namespaced,
    kind: policy.kind,
    annotations: policy.metadata.annotations ?? {},
    scored: policy.metadata.annotations?.['policies.kyverno.io/scored'] !== 'false',
    ...(policy.source ? { source: policy.source } : {}),
    hasValidate: rules.some((rule) => rule.validate !== undefined),
    hasMutate: rules.some((rule) => rule.mutate !== undefined),
    hasGenerate: rules.some((rule) => rule.generate !== undefined),
    computedRules: (kind: string): readonly Rule[] => autogen.rulesFor(kind),
    rulesForKind(kind: string): readonly Rule[] {
      let selected = byKind.get(kind);
      if (selected === undefined) {
        selected = autogen.rulesFor(kind).filter((rule) => mayMatchKind(rule.match, kind));
        byKind.set(kind, selected);
      }
      return selected;
    },
    validateRulesForKind(kind: string): readonly Rule[] {
      let selected = validateByKind.get(kind);
      if (selected === undefined) {
        selected = data.rulesForKind(kind).filter((rule) => rule.validate !== undefined);
        validateByKind.set(kind, selected);
      }
      return selected;
    },
  };
  // The handlers close over the finished policy; they run only after it is complete.
  const compiled = data as KyvernoPolicy;
  return Object.assign(compiled, handlers(compiled));
}

/**
 * Whether a match block can possibly select `kind`: false only when every filter names kinds and none of
 * them can be `kind`. Exact matching (group, version, subresource) stays with match/.
 */
function mayMatchKind(match: MatchResources | undefined, kind: string): boolean {
  if (!match) return true;
  const filters = match.any?.length ? match.any : match.all?.length ? match.all : [match];
  for (const filter of filters) {
    const kinds = filter.resources?.kinds;
    if (!kinds || kinds.length === 0) return true;
    for (const selector of kinds) {
      const parsed = parseKindSelector(selector);
      if (parsed.kind === kind || parsed.kind.includes('*') || parsed.kind.includes('?')) return true;
    }
  }
  return false;
}
