/**
 * @file One ClusterPolicy/Policy document as CEL policies: each rule becomes a policy of the kind its action
 * has (Kyverno's migration guide: "convert each rule to a policy"; a CEL policy holds one action and one
 * selection, while the rules of a kyverno.io policy each have their own), named after the policy when it has one
 * rule and `<policy>-<rule>` otherwise. A Policy (namespaced) becomes the Namespaced kind in its namespace.
 *
 * A rule that has no faithful translation is not approximated: it stays in what is left of the original
 * document (the remainder), and each reason is reported at its path.
 */
import type { JsonObject, JsonValue } from '../types.js';
import type { Policy, Rule } from '../families/kyverno/policy/types.js';
import { isObject } from '../util/json-value.js';
import { AUTOGEN_CONTROLLERS_ANNOTATION, autogenControllers, matchKinds } from '../families/kyverno/policy/autogen.js';
import { translateRuleFrame, type ConfigMapRead, type RuleFrame } from './rule-frame.js';
import { translateValidate } from './validate.js';
import { translateGenerateRule } from './generate.js';
import { existingViolationCondition } from './existing-violations.js';
import { translateMutateRule } from './mutate.js';
import type { PolicyPath, Untranslatable } from './types.js';

export const CEL_API_VERSION = 'policies.kyverno.io/v1';

/** A CEL policy written for one rule. */
export interface MigratedRule {
  readonly rule: string;
  readonly document: JsonObject;
  readonly kind: string;
  readonly name: string;
  /** The ConfigMaps the translation reads with `resource.Get` (its `configMap` context entries). */
  readonly configMaps?: readonly ConfigMapRead[];
}

/** What one kyverno.io policy document migrates to. */
export interface PolicyMigration {
  readonly name: string;
  readonly kind: 'ClusterPolicy' | 'Policy';
  readonly namespace?: string;
  /** The CEL policies, one per translated rule, in rule order. */
  readonly translated: readonly MigratedRule[];
  /** The original document with only the rules that were not translated; null when every rule was. */
  readonly remainder: JsonObject | null;
  /** Why rules (or parts kept out of a translation) were not translated. */
  readonly untranslatable: readonly Untranslatable[];
  /** Notes on translated rules: behaviour the CEL kind has that differs at the edges (never silent). */
  readonly notes: readonly Untranslatable[];
}

const CONTROLLER_RESOURCES: Readonly<Record<string, string>> = {
  DaemonSet: 'daemonsets',
  Deployment: 'deployments',
  Job: 'jobs',
  StatefulSet: 'statefulsets',
  ReplicaSet: 'replicasets',
  CronJob: 'cronjobs',
};
const ALL_CEL_CONTROLLERS = Object.values(CONTROLLER_RESOURCES).sort();

/** A DNS subdomain name (`metadata.name`): lower case, `[a-z0-9.-]`, at most 253 characters. */
export function policyName(text: string): string {
  const name = text
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return (name === '' ? 'policy' : name).slice(0, 253).replace(/[-.]+$/, '');
}

function failureAction(policy: Policy, rule: Rule): 'Deny' | 'Audit' {
  const action = rule.validate?.failureAction ?? policy.spec.validationFailureAction ?? 'Audit';
  return String(action).toLowerCase() === 'enforce' ? 'Deny' : 'Audit';
}

/** The CEL autogen setting keeping the original's Pod controllers (pkg/autogen `GetAutogenKinds`). */
function autogenSetting(policy: Policy, rule: Rule, frame: RuleFrame, path: PolicyPath, notes: Untranslatable[]): JsonObject | undefined {
  const controllers = autogenControllers(policy);
  const rules = frame.matchConstraints.resourceRules ?? [];
  const eligible = rules.length === 1 && rules[0]!.apiGroups?.join() === '' && rules[0]!.apiVersions?.join() === 'v1' && rules[0]!.resources?.join() === 'pods';
  if (controllers.has('none') || controllers.size === 0) return eligible ? { podControllers: { controllers: [] } } : undefined;
  // Kyverno generates rules for the Pod controllers of a rule on Pods (pkg/autogen `generateRule`).
  const kinds = new Set(matchKinds(rule.match).map((k) => k.split('/').pop()!));
  const generated = kinds.has('Pod') ? [...controllers].filter((c) => c !== 'Pod').sort() : [];
  if (generated.length === 0) return undefined;
  if (!eligible) {
    notes.push({
      reason: `Kyverno also applies this rule to ${generated.join(', ')} through autogen; the translation does not match only Pods, so CEL autogen does not apply and those are not checked`,
      path,
    });
    return undefined;
  }
  if (controllers.has('ReplicationController')) {
    notes.push({ reason: 'Kyverno also applies this rule to ReplicationControllers through autogen; the CEL autogen does not cover ReplicationControllers', path });
  }
  const wanted = [...controllers].map((kind) => CONTROLLER_RESOURCES[kind]).filter((r): r is string => r !== undefined).sort();
  if (wanted.join() === ALL_CEL_CONTROLLERS.join()) return undefined;
  return { podControllers: { controllers: wanted } };
}

/**
 * Whether a request's object has the Pod template the CEL autogen rewrites `object.spec`/`object.metadata` into
 * (written with index syntax, which that rewrite leaves alone): always for a Pod.
 */
const POD_TEMPLATE_PRESENT =
  'request.kind.kind == "Pod" || (request.kind.kind == "CronJob" ? ' +
  'type(object[?"spec"].orValue(null)) == map && type(object["spec"][?"jobTemplate"].orValue(null)) == map && ' +
  'type(object["spec"]["jobTemplate"][?"spec"].orValue(null)) == map && type(object["spec"]["jobTemplate"]["spec"][?"template"].orValue(null)) == map' +
  ' : type(object[?"spec"].orValue(null)) == map && type(object["spec"][?"template"].orValue(null)) == map)';

/** The CEL autogen reaches Pod controllers: the policy matches only Pods and names controllers. */
function autogenApplies(frame: RuleFrame, autogen: JsonObject | undefined): boolean {
  const rules = frame.matchConstraints.resourceRules ?? [];
  const podsOnly = rules.length === 1 && rules[0]!.apiGroups?.join() === '' && rules[0]!.resources?.join() === 'pods';
  const controllers = ((autogen?.podControllers as JsonObject | undefined)?.controllers ?? null) as string[] | null;
  return podsOnly && (controllers === null || controllers.length > 0);
}

function metadataFor(policy: Policy, name: string): JsonObject {
  const metadata: JsonObject = { name };
  if (policy.kind === 'Policy' && policy.metadata.namespace !== undefined) metadata.namespace = policy.metadata.namespace;
  const labels = policy.metadata.labels;
  if (labels !== undefined && Object.keys(labels).length > 0) metadata.labels = { ...labels };
  const annotations = { ...(policy.metadata.annotations ?? {}) };
  delete annotations[AUTOGEN_CONTROLLERS_ANNOTATION];
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  return metadata;
}

function evaluationOf(policy: Policy): JsonObject | undefined {
  const evaluation: JsonObject = {};
  if (policy.spec.admission === false) evaluation.admission = { enabled: false };
  if (policy.spec.background === false) evaluation.background = { enabled: false };
  return Object.keys(evaluation).length > 0 ? evaluation : undefined;
}

function withoutDelete(frame: RuleFrame): RuleFrame {
  const resourceRules = (frame.matchConstraints.resourceRules ?? []).map((r) => ({ ...r, operations: (r.operations ?? []).filter((op) => op === 'CREATE' || op === 'UPDATE') }));
  return { ...frame, matchConstraints: { ...frame.matchConstraints, resourceRules: resourceRules.filter((r) => r.operations.length > 0) } };
}

interface RuleOutcome {
  readonly document?: JsonObject;
  readonly kind?: string;
  readonly untranslatable?: Untranslatable;
  readonly configMaps?: readonly ConfigMapRead[];
}

function translateValidateRule(policy: Policy, rule: Rule, rulePath: PolicyPath, name: string, notes: Untranslatable[]): RuleOutcome {
  const path = [...rulePath, 'validate'];
  for (const key of ['failureActionOverrides'] as const) {
    if (Array.isArray(rule.validate?.[key]) && rule.validate![key]!.length > 0) {
      return { untranslatable: { reason: 'per-namespace failure actions (a CEL policy has one set of validation actions)', path: [...path, key] } };
    }
  }
  if (Array.isArray(policy.spec.validationFailureActionOverrides) && policy.spec.validationFailureActionOverrides.length > 0) {
    return { untranslatable: { reason: 'per-namespace failure actions (a CEL policy has one set of validation actions)', path: ['spec', 'validationFailureActionOverrides'] } };
  }
  const hasPattern = rule.validate?.pattern !== undefined || rule.validate?.anyPattern !== undefined;
  const frameResult = translateRuleFrame(rule, rulePath, {
    defaultOperations: hasPattern ? ['CREATE', 'UPDATE'] : ['CREATE', 'UPDATE', 'DELETE'],
    mayDelete: !hasPattern,
    ...(policy.kind === 'Policy' ? { policyNamespace: policy.metadata.namespace ?? 'default' } : {}),
  });
  if (!frameResult.ok) return { untranslatable: frameResult.untranslatable };
  const validate = translateValidate(rule, rulePath, frameResult.value.scope, frameResult.value.inlineScope);
  if (!validate.ok) return { untranslatable: validate.untranslatable };
  const frame = validate.value.createUpdateOnly ? withoutDelete(frameResult.value) : frameResult.value;
  if (rule.validate?.cel !== undefined && rule.validate.cel !== null) {
    // pkg/engine/handlers/validation/validate_cel.go: the rule's validator runs with the Fail failure policy, so an
    // expression that cannot be evaluated is a failed validation there, and an evaluation error in a ValidatingPolicy.
    notes.push({
      reason: 'an expression that cannot be evaluated (a missing field, a wrong type) is a `fail` of this rule and an `error` of the ValidatingPolicy; both deny the request when the policy enforces',
      path: [...rulePath, 'validate', 'cel'],
    });
  }
  notes.push(...frame.notes);
  if ((frame.matchConstraints.resourceRules ?? []).length === 0) {
    return { untranslatable: { reason: 'the rule only matches DELETE requests, on which Kyverno does not validate a pattern', path: [...rulePath, 'match'] } };
  }

  const kind = policy.kind === 'Policy' ? 'NamespacedValidatingPolicy' : 'ValidatingPolicy';
  const spec: JsonObject = { validationActions: [failureAction(policy, rule)] };
  const evaluation = evaluationOf(policy);
  if (evaluation !== undefined) spec.evaluation = evaluation;
  const autogen = autogenSetting(policy, rule, frame, rulePath, notes);
  if (autogen !== undefined) spec.autogen = autogen;
  if (policy.spec.failurePolicy !== undefined) spec.failurePolicy = policy.spec.failurePolicy;
  if (typeof policy.spec.webhookTimeoutSeconds === 'number') spec.webhookConfiguration = { timeoutSeconds: policy.spec.webhookTimeoutSeconds };
  spec.matchConstraints = frame.matchConstraints as unknown as JsonObject;
  // Kyverno's autogen rules for Pod controllers fail a pattern on a controller without a Pod template; the CEL
  // autogen rewrites `object.spec`/`object.metadata` into the template, which would be an error there instead.
  const podTemplate = validate.value.createUpdateOnly && autogenApplies(frame, autogen) ? POD_TEMPLATE_PRESENT : null;
  const guarded = (expression: string): string => (podTemplate === null ? expression : `(${podTemplate}) && (${expression})`);
  const validations = validate.value.validations.map((v) => ({ ...v, expression: guarded(v.expression) }));
  // A false match condition wins over an erroring one; Kyverno checks the preconditions first (an error is the
  // rule's error), then the validate block's skip: the skip holds only where the preconditions do.
  const preconditions = frame.matchConditions.find((c) => c.name === 'kyverno-preconditions');
  const skips = validate.value.matchConditions.map((c) => {
    const expression = guarded(c.expression);
    return { name: c.name, expression: preconditions === undefined ? expression : `(${preconditions.expression}) ? (${expression}) : false` };
  });
  const matchConditions = [...frame.matchConditions, ...skips];
  if (spec.validationActions !== undefined && (spec.validationActions as string[])[0] === 'Deny' && rule.validate?.allowExistingViolations !== false) {
    const canUpdate = (frame.matchConstraints.resourceRules ?? []).some((r) => (r.operations ?? []).includes('UPDATE') || (r.operations ?? []).includes('*'));
    const condition = canUpdate
      ? existingViolationCondition(
          matchConditions.map((c) => c.expression),
          validations.map((v) => v.expression),
        )
      : null;
    if (condition !== null) matchConditions.push({ name: 'kyverno-existing-violation', expression: condition });
    else if (canUpdate) {
      notes.push({
        reason:
          'on an UPDATE, Kyverno lets an object that already violated this Enforce rule keep violating it (allowExistingViolations); the rule reads what cannot be evaluated on the old object, so the translation denies such updates',
        path: [...rulePath, 'validate'],
      });
    }
  }
  if (matchConditions.length > 0) spec.matchConditions = matchConditions.map((c) => ({ name: c.name, expression: c.expression }));
  const variables = [...frame.variables, ...validate.value.variables];
  if (variables.length > 0) spec.variables = variables.map((v) => ({ name: v.name, expression: v.expression }));
  spec.validations = validations.map((v) => ({ ...v }) as JsonObject);
  if (validate.value.auditAnnotations.length > 0) spec.auditAnnotations = validate.value.auditAnnotations.map((a) => ({ ...a }));
  return { kind, document: { apiVersion: CEL_API_VERSION, kind, metadata: metadataFor(policy, name), spec }, configMaps: frame.configMaps };
}

function translateRule(policy: Policy, rule: Rule, rulePath: PolicyPath, name: string, notes: Untranslatable[]): RuleOutcome {
  if (isObject(rule.validate)) return translateValidateRule(policy, rule, rulePath, name, notes);
  if (isObject(rule.mutate)) return translateMutateRule(policy, rule, rulePath, metadataFor(policy, name), notes);
  if (isObject(rule.generate)) return translateGenerateRule(policy, rule, rulePath, { apiVersion: CEL_API_VERSION, metadata: metadataFor(policy, name) }, notes);
  if (Array.isArray(rule.verifyImages)) return { untranslatable: { reason: 'verifyImages rules (image signature checks) are not translated', path: [...rulePath, 'verifyImages'] } };
  return { untranslatable: { reason: 'a rule with no action', path: rulePath } };
}

/** The names of a policy's CEL translations, by rule: unique, stable, valid object names. */
export function translatedNames(policyNameText: string, rules: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const rule of rules) {
    const base = rules.length === 1 ? policyName(policyNameText) : policyName(`${policyNameText}-${rule}`);
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base.slice(0, 250)}-${i}`;
    used.add(name);
    names.set(rule, name);
  }
  return names;
}

/** Migrates one decoded ClusterPolicy/Policy (`document` is its plain JSON). */
export function migratePolicy(policy: Policy, document: JsonObject): PolicyMigration {
  const rules = policy.spec.rules ?? [];
  const names = translatedNames(policy.metadata.name, rules.map((r) => r.name));
  const translated: MigratedRule[] = [];
  const untranslatable: Untranslatable[] = [];
  const notes: Untranslatable[] = [];
  const kept: JsonValue[] = [];
  const originalRules = ((document.spec as JsonObject | undefined)?.rules ?? []) as JsonValue[];
  for (const [i, rule] of rules.entries()) {
    const name = names.get(rule.name)!;
    const ruleNotes: Untranslatable[] = [];
    const outcome = translateRule(policy, rule, ['spec', 'rules', i], name, ruleNotes);
    if (outcome.document !== undefined) {
      translated.push({ rule: rule.name, document: outcome.document, kind: outcome.kind!, name, ...(outcome.configMaps !== undefined && outcome.configMaps.length > 0 ? { configMaps: outcome.configMaps } : {}) });
      notes.push(...ruleNotes);
    } else {
      untranslatable.push(outcome.untranslatable!);
      kept.push(originalRules[i] ?? (rule as unknown as JsonValue));
    }
  }
  let remainder: JsonObject | null = null;
  if (kept.length === rules.length) remainder = document;
  else if (kept.length > 0) remainder = { ...document, spec: { ...(document.spec as JsonObject), rules: kept } };
  return {
    name: policy.metadata.name,
    kind: policy.kind,
    ...(policy.kind === 'Policy' && policy.metadata.namespace !== undefined ? { namespace: policy.metadata.namespace } : {}),
    translated,
    remainder,
    untranslatable,
    notes,
  };
}
