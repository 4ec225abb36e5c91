/**
 * @file Policy compilation: everything about a policy that does not depend on the resource is worked out
 * once here (autogen rules per kind, the kind index, flags), so that evaluating many resources stays cheap.
 */
import { parseKindSelector } from '../match/kind.js';
import { computeRules } from './autogen.js';
import type { MatchResources, Policy, Rule } from './types.js';

/** A policy prepared for evaluation. */
export interface CompiledPolicy {
  policy: Policy;
  name: string;
  /** The policy namespace: "" for ClusterPolicy, `default` when a Policy has none. */
  namespace: string;
  kind: 'ClusterPolicy' | 'Policy';
  /** False when the annotation `policies.kyverno.io/scored` is `"false"` (fail is then reported as warn). */
  scored: boolean;
  hasValidate: boolean;
  hasMutate: boolean;
  hasGenerate: boolean;
  /**
   * The rules, in definition order, that a resource of `kind` is evaluated against (autogen rules
   * included, Kyverno `ComputeRules`), narrowed to those whose match block can name that kind.
   */
  rulesForKind(kind: string): readonly Rule[];
  /** The rules of `rulesForKind(kind)` that have a `validate` section. */
  validateRulesForKind(kind: string): readonly Rule[];
}

export function compilePolicy(policy: Policy): CompiledPolicy {
  const rules = policy.spec.rules ?? [];
  const byKind = new Map<string, readonly Rule[]>();
  const validateByKind = new Map<string, readonly Rule[]>();
  const compiled: CompiledPolicy = {
    policy,
    name: policy.metadata.name,
    namespace: policy.kind === 'Policy' ? policy.metadata.namespace || 'default' : '',
    kind: policy.kind,
    scored: policy.metadata.annotations?.['policies.kyverno.io/scored'] !== 'false',
    hasValidate: rules.some((rule) => rule.validate !== undefined),
    hasMutate: rules.some((rule) => rule.mutate !== undefined),
    hasGenerate: rules.some((rule) => rule.generate !== undefined),
    rulesForKind(kind: string): readonly Rule[] {
      let selected = byKind.get(kind);
      if (selected === undefined) {
        selected = computeRules(policy, kind).filter((rule) => mayMatchKind(rule.match, kind));
        byKind.set(kind, selected);
      }
      return selected;
    },
    validateRulesForKind(kind: string): readonly Rule[] {
      let selected = validateByKind.get(kind);
      if (selected === undefined) {
        selected = compiled.rulesForKind(kind).filter((rule) => rule.validate !== undefined);
        validateByKind.set(kind, selected);
      }
      return selected;
    },
  };
  return compiled;
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
