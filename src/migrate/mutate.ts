/**
 * @file A `mutate` rule as a MutatingPolicy (NamespacedMutatingPolicy for a Policy) whose mutations are JSON patches
 * computed in CEL from the object: `patchStrategicMerge` (src/migrate/mutate/strategic-merge.ts), `patchesJson6902`
 * (src/migrate/mutate/json6902.ts) and `foreach` (src/migrate/mutate/foreach.ts).
 *
 * Kyverno reports a mutate rule `skip` when its patch leaves the resource as it was ("no patches applied",
 * pkg/engine/mutate/mutation.go `Mutate`), while a MutatingPolicy whose match conditions hold passes: the patch
 * operations are a variable, and a match condition requires that there be some (each operation is a change).
 *
 * Pod controllers: Kyverno generates `autogen-` rules for them (pkg/autogen: the patch wrapped in the pod template,
 * `request.object.spec`/`metadata` read from it). A MutatingPolicy's own autogen rewrites the text of its apply
 * configurations (and match conditions): `.spec` (and labels and annotations) into the template, and an expression that
 * starts with `Object{` wrapped in the template (pkg/cel/policies/mpol/autogen `convertPodToTemplateExpression`); JSON
 * patches, variables and other metadata are left as they are, which is not what Kyverno's rules do. The translation is
 * therefore written for the rule and each of its autogen rules, chosen by the object's kind, and the policy's own
 * autogen is turned off.
 */
import type { JsonObject } from '../types.js';
import type { Policy, Rule } from '../families/kyverno/policy/types.js';
import { isObject } from '../util/json-value.js';
import { AUTOGEN_CONTROLLERS_ANNOTATION, autogenControllers, createAutogen, matchKinds } from '../families/kyverno/policy/autogen.js';
import { canAutogen } from '../families/cel/vpol/autogen.js';
import type { MatchResources, NamedRuleWithOperations } from '../families/cel/match/types.js';
import { parseKindSelector } from '../families/kyverno/match/kind.js';
import { resourceOfKind, unsafeGuessKindToResource } from '../families/cel/match/resource-name.js';
import { translateContext, translateRuleFrame, type RuleFrame } from './rule-frame.js';
import type { MatchCondition } from './match.js';
import { layout } from './pattern/layout.js';
import { celString } from './jmespath.js';
import { translateMutation, type MutationTranslation } from './mutate/foreach.js';
import { rootSchemas, type GroupVersion, type Schemas } from './mutate/schema.js';
import type { PolicyPath, Translation, Untranslatable } from './types.js';

const CEL_API_VERSION = 'policies.kyverno.io/v1';

/** cel-go's parser limit on an expression (parser.go `expressionSizeCodePointLimit`). */
const CEL_SIZE_LIMIT = 100_000;

export interface MutateOutcome {
  readonly document?: JsonObject;
  readonly kind?: string;
  readonly untranslatable?: Untranslatable;
}

/** The rule and the autogen rules Kyverno generates for it, each with the kinds it selects. */
interface Variant {
  readonly rule: Rule;
  /** Kind names the variant selects. */
  readonly kinds: readonly string[];
}

function kindNames(rule: Rule): string[] {
  return [...new Set(matchKinds(rule.match).map((text) => parseKindSelector(text).kind))];
}

/**
 * The rule's autogen rules (Kyverno `generateRules` for this rule with the policy's controllers): the policy's
 * eligibility and controllers are the whole policy's (`CanAutoGen` over every rule).
 */
function variantsOf(policy: Policy, rule: Rule): Variant[] {
  const controllers = autogenControllers(policy);
  const variants: Variant[] = [{ rule, kinds: kindNames(rule) }];
  if (controllers.has('none') || controllers.size === 0) return variants;
  const annotations = { ...(policy.metadata.annotations ?? {}), [AUTOGEN_CONTROLLERS_ANNOTATION]: [...controllers].sort().join(',') };
  const single: Policy = { ...policy, metadata: { ...policy.metadata, annotations }, spec: { ...policy.spec, rules: [rule] } };
  for (const generated of createAutogen(single).rulesFor('')) {
    if (generated === rule) continue;
    variants.push({ rule: generated, kinds: kindNames(generated) });
  }
  return variants;
}

/** The kyaml schemas of what the variant selects: its kinds, in the groups and versions of exact resource rules. */
function schemasOf(variant: Variant, frame: RuleFrame): Schemas {
  if (variant.kinds.some((k) => k === '*' || k.includes('*') || k.includes('?'))) return rootSchemas(null);
  if (!frame.exactKinds) return rootSchemas(variant.kinds.map((kind) => ({ kind, groupVersions: null })));
  const byKind = new Map<string, GroupVersion[]>();
  for (const r of frame.matchConstraints.resourceRules ?? []) {
    for (const kind of variant.kinds) {
      const plurals = new Set([unsafeGuessKindToResource(kind), ...(r.apiGroups ?? []).map((g) => resourceOfKind(g === '*' ? '' : g, kind))]);
      if (!(r.resources ?? []).some((p) => plurals.has(p))) continue;
      const list = byKind.get(kind) ?? [];
      for (const group of r.apiGroups ?? ['*']) for (const version of r.apiVersions ?? ['*']) list.push({ group, version });
      byKind.set(kind, list);
    }
  }
  const cases = variant.kinds.map((kind) => ({ kind, groupVersions: byKind.get(kind) ?? null }));
  return rootSchemas(cases);
}

/** The frame (selection, preconditions) of a variant, for CREATE/UPDATE: Kyverno does not mutate on DELETE. */
function frameOf(rule: Rule, rulePath: PolicyPath): Translation<RuleFrame> {
  const frame = translateRuleFrame(rule, rulePath, { defaultOperations: ['CREATE', 'UPDATE'], mayDelete: false });
  if (!frame.ok) return frame;
  const resourceRules = (frame.value.matchConstraints.resourceRules ?? [])
    .map((r) => ({ ...r, operations: (r.operations ?? []).filter((o) => o !== 'DELETE') }))
    .filter((r) => r.operations.length > 0);
  if (resourceRules.length === 0) return { ok: false, untranslatable: { reason: 'the rule only matches DELETE requests, which Kyverno does not mutate', path: [...rulePath, 'match'] } };
  return { ok: true, value: { ...frame.value, matchConstraints: { ...frame.value.matchConstraints, resourceRules } } };
}

interface VariantTranslation {
  readonly variant: Variant;
  readonly frame: RuleFrame;
  readonly mutation: MutationTranslation;
}

function sameRule(a: NamedRuleWithOperations, b: NamedRuleWithOperations): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The kind test choosing a variant. */
function kindTest(variant: Variant): string {
  return variant.kinds.length === 1 ? `object.kind == ${celString(variant.kinds[0]!)}` : `object.kind in [${variant.kinds.map(celString).join(', ')}]`;
}

/** `test ? a : (… : last)` over the variants. */
function dispatch(translations: readonly VariantTranslation[], pick: (t: VariantTranslation) => string): string {
  let out = pick(translations[translations.length - 1]!);
  for (let i = translations.length - 2; i >= 0; i--) {
    const t = translations[i]!;
    const value = pick(t);
    if (value === out) continue;
    out = `${kindTest(t.variant)} ? ${value} : ${out}`;
  }
  return out;
}

/** The spec fields the policy sets for all its rules: evaluation modes, failure policy, webhook timeout. */
function policySpec(policy: Policy): JsonObject {
  const spec: JsonObject = {};
  const evaluation: JsonObject = {};
  if (policy.spec.admission === false) evaluation.admission = { enabled: false };
  if (policy.spec.background === false) evaluation.background = { enabled: false };
  if (Object.keys(evaluation).length > 0) spec.evaluation = evaluation;
  if (policy.spec.failurePolicy !== undefined) spec.failurePolicy = policy.spec.failurePolicy;
  if (typeof policy.spec.webhookTimeoutSeconds === 'number') spec.webhookConfiguration = { timeoutSeconds: policy.spec.webhookTimeoutSeconds };
  return spec;
}

/** Translates a rule's mutate block into a MutatingPolicy document with the given metadata. */
export function translateMutateRule(policy: Policy, rule: Rule, rulePath: PolicyPath, metadata: JsonObject, notes: Untranslatable[]): MutateOutcome {
  const path = [...rulePath, 'mutate'];
  const mutate = rule.mutate as JsonObject;
  if (Array.isArray(mutate.targets) && mutate.targets.length > 0) {
    return { untranslatable: { reason: 'a mutate-existing rule (`targets`: Kyverno patches other resources than the one admitted)', path: [...path, 'targets'] } };
  }
  if (mutate.mutateExistingOnPolicyUpdate === true) {
    return { untranslatable: { reason: 'a mutate-existing rule (`mutateExistingOnPolicyUpdate`)', path: [...path, 'mutateExistingOnPolicyUpdate'] } };
  }
  const mutateRules = (policy.spec.rules ?? []).filter((r) => isObject(r.mutate));
  if (policy.spec.applyRules === 'One' && mutateRules.length > 1) {
    return { untranslatable: { reason: '`applyRules: One` (Kyverno stops at the first rule that applies; separate policies all apply)', path: ['spec', 'applyRules'] } };
  }

  const variants = variantsOf(policy, rule);
  if (variants.length > 1) {
    const seen = new Set<string>();
    for (const v of variants) {
      for (const kind of v.kinds) {
        if (kind === '*' || seen.has(kind)) return { untranslatable: { reason: 'Kyverno generates autogen rules for this rule that select some kinds the rule also selects', path: [...rulePath, 'match'] } };
        seen.add(kind);
      }
    }
  }
  const translations: VariantTranslation[] = [];
  for (const variant of variants) {
    const frame = frameOf(variant.rule, rulePath);
    if (!frame.ok) return { untranslatable: frame.untranslatable };
    const context = translateContext(variant.rule.context, { mayDelete: false }, [...rulePath, 'context']);
    if (!context.ok) return { untranslatable: context.untranslatable };
    const mutation = translateMutation(variant.rule.mutate as JsonObject, path, context.value.inlineScope, schemasOf(variant, frame.value));
    if (!mutation.ok) return { untranslatable: mutation.untranslatable };
    translations.push({ variant, frame: frame.value, mutation: mutation.value });
  }

  // Selection: the variants' resource rules, and each match condition for the kinds of the variants that have it.
  const resourceRules: NamedRuleWithOperations[] = [];
  for (const t of translations) for (const r of t.frame.matchConstraints.resourceRules ?? []) if (!resourceRules.some((x) => sameRule(x, r))) resourceRules.push(r);
  const matchConstraints: MatchResources = { ...translations[0]!.frame.matchConstraints, resourceRules };
  const conditionNames: string[] = [];
  for (const t of translations) for (const c of t.frame.matchConditions) if (!conditionNames.includes(c.name)) conditionNames.push(c.name);
  const matchConditions: MatchCondition[] = conditionNames.map((name) => {
    if (translations.length === 1) return translations[0]!.frame.matchConditions.find((c) => c.name === name)!;
    const parts = translations.map((t) => {
      const own = t.frame.matchConditions.find((c) => c.name === name);
      return own === undefined ? `(${kindTest(t.variant)})` : `(${kindTest(t.variant)} && (${own.expression}))`;
    });
    return { name, expression: parts.join(' || ') };
  });

  const kind = policy.kind === 'Policy' ? 'NamespacedMutatingPolicy' : 'MutatingPolicy';
  // A Policy mutates the resources of its namespace only (the engine skips the others); a NamespacedMutatingPolicy is
  // not restricted to its namespace when the CLI evaluates it (pkg/cel/policies/mpol/engine/provider.go `NewProvider`).
  if (policy.kind === 'Policy') {
    matchConditions.unshift({ name: 'kyverno-policy-namespace', expression: `object.?metadata.?namespace.orValue("") == ${celString(policy.metadata.namespace ?? '')}` });
  }
  const spec: JsonObject = policySpec(policy);
  // The policy's own autogen would patch Pod controllers a second time (or wrongly): it is off.
  if (canAutogen(matchConstraints) || translations.length > 1) spec.autogen = { podControllers: { controllers: [] } };
  spec.matchConstraints = matchConstraints as unknown as JsonObject;
  const applies = dispatch(translations, (t) => t.mutation.applies);
  if (applies !== 'true') matchConditions.push({ name: 'kyverno-anchors', expression: applies });
  const first = translations[0]!.mutation;
  if (first.kind === 'sequence') {
    if (translations.length > 1) return { untranslatable: { reason: 'patchesJson6902 operations with autogen rules', path } };
    if (first.changes !== undefined) matchConditions.push({ name: 'kyverno-changes', expression: first.changes });
    else notes.push({ reason: 'Kyverno reports `skip` when these operations leave the resource as it was; the MutatingPolicy reports `pass`', path });
    if (matchConditions.length > 0) spec.matchConditions = matchConditions.map((c) => ({ name: c.name, expression: layout(c.expression) }));
    spec.mutations = first.mutations.map((m) => ({ patchType: 'JSONPatch', jsonPatch: { expression: layout(m) } }));
  } else {
    matchConditions.push({ name: 'kyverno-changes', expression: 'size(variables.patches) > 0' });
    spec.matchConditions = matchConditions.map((c) => ({ name: c.name, expression: layout(c.expression) }));
    spec.variables = [{ name: 'patches', expression: layout(dispatch(translations, (t) => (t.mutation.kind === 'sequence' ? '[]' : t.mutation.operations))) }];
    spec.mutations = [{ patchType: 'JSONPatch', jsonPatch: { expression: 'variables.patches' } }];
    if (translations.some((t) => t.mutation.kind === 'operations' && t.mutation.merge)) notes.push({
      reason: "Kyverno's strategic merge also collapses duplicate keys and drops null or empty elements in the resource's lists it merges by key (kyaml); the translation leaves such lists as they are",
      path,
    });
  }
  const expressions = [
    ...((spec.matchConditions ?? []) as JsonObject[]).map((c) => String(c.expression)),
    ...((spec.variables ?? []) as JsonObject[]).map((v) => String(v.expression)),
    ...(spec.mutations as JsonObject[]).map((m) => String((m.jsonPatch as JsonObject).expression)),
  ];
  const longest = Math.max(...expressions.map((e) => [...e].length));
  if (longest > CEL_SIZE_LIMIT) return { untranslatable: { reason: `the CEL expression has ${longest} code points, more than cel-go accepts (${CEL_SIZE_LIMIT})`, path } };
  return { kind, document: { apiVersion: CEL_API_VERSION, kind, metadata, spec } };
}
