/**
 * @file What the engine reads of a rule, read once per rule object. Rules are evaluated against every
 * resource and never mutated; policy documents come in many shapes, so reading their fields again for
 * each resource costs more than the lookup of a plan.
 */
import { RuleMatcher, ruleMatcher } from '../match/match.js';
import type { KyvernoPolicy } from '../policy/compiled.js';
import type { Conditions, ContextEntry, ForEachValidation, Rule, Validation } from '../policy/types.js';
import type { JsonValue } from '../../../types.js';
import type { ResourceIdentity } from './match-input.js';

/**
 * The handler a validate rule runs, in order of precedence (the `handlerFactory` of `engine.validate`,
 * kyverno/kyverno pkg/engine/validation.go).
 */
type HandlerKind = 'manifests' | 'podSecurity' | 'cel' | 'resource';

/** One level of resource validation: the rule itself (nesting 0) or a foreach entry (nesting ≥ 1). */
export interface ValidatorSpec {
  readonly contextEntries: ContextEntry[] | undefined;
  readonly preconditions: Conditions | undefined;
  readonly pattern: JsonValue | undefined;
  readonly anyPattern: JsonValue | undefined;
  readonly deny: { conditions?: Conditions } | undefined | null;
  readonly forEach: ForEachValidation[] | undefined | null;
  readonly nesting: number;
  /** A foreach entry's `list` expression (`''` at the rule level). */
  readonly list: string;
  /** A foreach entry's `elementScope`. */
  readonly elementScope: boolean | undefined;
}

export class RulePlan {
  readonly name: string;
  /** The rule has a (non-null) `validate` section. */
  readonly validates: boolean;
  readonly matcher: RuleMatcher;
  readonly context: ContextEntry[] | undefined;
  readonly preconditions: Conditions | undefined;
  /** `validate`, or `{}` without one. */
  readonly validation: Validation;
  /** `validate.message`, `''` without one. */
  readonly message: string;
  /** The message of a passing pattern or deny: `validation rule '<name>' passed.` */
  readonly passMessage: string;
  readonly handler: HandlerKind;
  /** The resource handler's top level. */
  readonly spec: ValidatorSpec;

  constructor(readonly rule: Rule) {
    this.name = rule.name;
    this.validates = Boolean(rule.validate);
    this.matcher = ruleMatcher(rule);
    this.context = rule.context;
    this.preconditions = rule.preconditions;
    const validation = rule.validate ?? {};
    this.validation = validation;
    this.message = rule.validate?.message ?? '';
    this.passMessage = `validation rule '${rule.name}' passed.`;
    if (validation.manifests && Object.keys(validation.manifests).length > 0) this.handler = 'manifests';
    else if (validation.podSecurity && Object.keys(validation.podSecurity).length > 0) this.handler = 'podSecurity';
    else if (validation.cel && Object.keys(validation.cel).length > 0) this.handler = 'cel';
    else this.handler = 'resource';
    this.spec = {
      contextEntries: undefined,
      preconditions: undefined,
      pattern: validation.pattern,
      anyPattern: validation.anyPattern,
      deny: validation.deny,
      forEach: validation.foreach,
      nesting: 0,
      list: '',
      elementScope: undefined,
    };
  }
}

const rulePlans = new WeakMap<Rule, RulePlan>();

/** The (cached) plan of a rule. */
export function rulePlan(rule: Rule): RulePlan {
  let plan = rulePlans.get(rule);
  if (plan === undefined) {
    plan = new RulePlan(rule);
    rulePlans.set(rule, plan);
  }
  return plan;
}

const entrySpecs = new WeakMap<ForEachValidation, ValidatorSpec>();

/** The validation level of a foreach entry at `nesting` (cached per entry). */
export function foreachSpec(entry: ForEachValidation, nesting: number): ValidatorSpec {
  let spec = entrySpecs.get(entry);
  if (spec === undefined || spec.nesting !== nesting) {
    spec = {
      contextEntries: entry.context,
      preconditions: entry.preconditions,
      pattern: entry.pattern,
      anyPattern: entry.anyPattern,
      deny: entry.deny,
      forEach: entry.foreach,
      nesting,
      list: entry.list,
      elementScope: entry.elementScope,
    };
    entrySpecs.set(entry, spec);
  }
  return spec;
}

/** The candidate validate rules of a policy by request shape (see `validateCandidates`). */
const candidateCache = new WeakMap<KyvernoPolicy, Map<string, readonly RulePlan[]>>();
/** Request shapes are few (kinds × subresources × operations); the bound only guards against misuse. */
const MAX_SHAPES = 4096;

/**
 * The plans of the policy's validate rules (autogen rules included, in order) that can match a request for
 * a resource of `identity` with `subresource`, `operation` and user info (`dropUserInfo`: none): the rules
 * left out cannot match any such resource by kind, operation or exclusion (`RuleMatcher.mayMatch`), so they
 * would give no response. Worked out once per (policy, request shape).
 */
export function validateCandidates(
  policy: KyvernoPolicy,
  identity: ResourceIdentity,
  subresource: string,
  operation: string,
  dropUserInfo: boolean,
): readonly RulePlan[] {
  let byShape = candidateCache.get(policy);
  if (byShape === undefined) {
    byShape = new Map();
    candidateCache.set(policy, byShape);
  }
  const key =
    subresource === '' && operation === 'CREATE' && dropUserInfo
      ? identity.gvkKey
      : `${identity.gvkKey}\n${subresource}\n${operation}\n${dropUserInfo ? 1 : 0}`;
  let plans = byShape.get(key);
  if (plans === undefined) {
    const gvk = { group: identity.group, version: identity.version, kind: identity.kind };
    plans = policy
      .validateRulesForKind(identity.kind)
      .map(rulePlan)
      .filter((plan) => plan.validates && plan.matcher.mayMatch(gvk, subresource, operation, dropUserInfo));
    if (byShape.size >= MAX_SHAPES) byShape.clear();
    byShape.set(key, plans);
  }
  return plans;
}
