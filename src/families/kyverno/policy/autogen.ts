/**
 * @file Auto-generation of rules for Pod controllers, Kyverno autogen v1 (pkg/autogen/v1: `CanAutoGen`,
 * `computeRules`, `generateRules`, `generateRule`, `convertRule`, `updateFields`). A rule matching `Pod`
 * gets an `autogen-<name>` twin for DaemonSet/Deployment/Job/StatefulSet/ReplicaSet/ReplicationController
 * (patterns wrapped in `spec.template`) and an `autogen-cronjob-<name>` twin for CronJob (wrapped in
 * `spec.jobTemplate.spec.template`), with `request.object.spec/metadata` rewritten textually.
 *
 * Everything is computed once per policy and kind: {@link createAutogen} returns a memo, and
 * {@link computeRules} keeps one memo per policy object.
 */
import { containsKind } from '../match/kind.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import type { MatchResources, Policy, ResourceDescription, ResourceFilter, Rule } from './types.js';
import { isObject } from '../../../util/json-value.js';

/** The annotation selecting which controllers get generated rules. */
export const AUTOGEN_CONTROLLERS_ANNOTATION = 'pod-policies.kyverno.io/autogen-controllers';

/** Kyverno `PodControllers`. */
const POD_CONTROLLERS: readonly string[] = [
  'DaemonSet',
  'Deployment',
  'Job',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
  'CronJob',
];

const POD_CONTROLLER_SET: ReadonlySet<string> = new Set(POD_CONTROLLERS);
const POD_AND_CONTROLLER_KINDS: ReadonlySet<string> = new Set([...POD_CONTROLLERS, 'Pod']);
/** Controllers handled by the `autogen-` rule (CronJob has its own). */
const TEMPLATE_CONTROLLERS: ReadonlySet<string> = new Set(POD_CONTROLLERS.filter((kind) => kind !== 'CronJob'));

/** Kyverno `PodControllerGVKMap`: kinds written into generated rules. */
const CONTROLLER_GVK: Readonly<Record<string, string>> = {
  DaemonSet: 'apps/v1/DaemonSet',
  Deployment: 'apps/v1/Deployment',
  Job: 'batch/v1/Job',
  StatefulSet: 'apps/v1/StatefulSet',
  ReplicaSet: 'apps/v1/ReplicaSet',
  ReplicationController: 'v1/ReplicationController',
  CronJob: 'batch/v1/CronJob',
  Pod: 'v1/Pod',
};

type Replacements = readonly (readonly [string, string])[];

const POD_REPLACEMENTS: Replacements = [
  ['request.object.spec', 'request.object.spec.template.spec'],
  ['request.oldObject.spec', 'request.oldObject.spec.template.spec'],
  ['request.object.metadata', 'request.object.spec.template.metadata'],
  ['request.oldObject.metadata', 'request.oldObject.spec.template.metadata'],
];
const POD_CEL_REPLACEMENTS: Replacements = [
  ['object.spec', 'object.spec.template.spec'],
  ['oldObject.spec', 'oldObject.spec.template.spec'],
  ['object.metadata', 'object.spec.template.metadata'],
  ['oldObject.metadata', 'oldObject.spec.template.metadata'],
];
const CRONJOB_REPLACEMENTS: Replacements = [
  ['request.object.spec', 'request.object.spec.jobTemplate.spec.template.spec'],
  ['request.oldObject.spec', 'request.oldObject.spec.jobTemplate.spec.template.spec'],
  ['request.object.metadata', 'request.object.spec.jobTemplate.spec.template.metadata'],
  ['request.oldObject.metadata', 'request.oldObject.spec.jobTemplate.spec.template.metadata'],
];
const CRONJOB_CEL_REPLACEMENTS: Replacements = [
  ['object.spec', 'object.spec.jobTemplate.spec.template.spec'],
  ['oldObject.spec', 'oldObject.spec.jobTemplate.spec.template.spec'],
  ['object.metadata', 'object.spec.jobTemplate.spec.template.metadata'],
  ['oldObject.metadata', 'oldObject.spec.jobTemplate.spec.template.metadata'],
];

/** Kyverno `RegexReferences`: `$(...)` at the start, or after a character that is not a backslash. */
const REFERENCE_PATTERN = /^\$\([^\n][^ ]*\)|[^\\]\$\([^\n][^ ]*\)/g;

function isPresent<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

/** A Go value that is not the zero value once decoded: non-empty string, `true`, non-zero number, any list or map. */
function isSetValue(value: JsonValue | undefined): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false && value !== 0;
}

/** Whether a decoded Go struct differs from its zero value (some field is set). */
export function hasContent(value: JsonValue | undefined | object): boolean {
  if (!isObject(value)) return false;
  for (const key in value) {
    if (isSetValue(value[key])) return true;
  }
  return false;
}

/** Kyverno `MatchResources.GetKinds`: inline kinds, then `all`, then `any` kinds. */
export function matchKinds(match: MatchResources | undefined | null): string[] {
  if (!isPresent(match)) return [];
  const kinds: string[] = [...(match.resources?.kinds ?? [])];
  for (const filter of match.all ?? []) kinds.push(...(filter.resources?.kinds ?? []));
  for (const filter of match.any ?? []) kinds.push(...(filter.resources?.kinds ?? []));
  return kinds;
}

function convertKindsToGvk(kinds: readonly string[]): string[] {
  return kinds.map((kind) => CONTROLLER_GVK[kind] ?? kind);
}

/** Kyverno `splitKinds`: split on `,` (no trimming) and sort. */
function splitKinds(controllers: string): string[] {
  return controllers.split(',').sort();
}

/** Kyverno `stripCronJob`. */
function stripCronJob(controllers: string): string {
  return splitKinds(controllers)
    .filter((kind) => kind !== 'CronJob')
    .join(',');
}

/**
 * Kyverno `checkAutogenSupport` for one resource description: `name`, `names`, `selector`, `annotations`
 * or a kinds list of more than one entry containing Pod disable autogen. Reports whether the description
 * names Pod or a controller literally.
 */
function descriptionSupport(desc: ResourceDescription | undefined | null): { supported: boolean; namesPodKind: boolean } {
  if (!isPresent(desc)) return { supported: true, namesPodKind: false };
  const kinds = desc.kinds ?? [];
  if (
    (typeof desc.name === 'string' && desc.name !== '') ||
    (desc.names?.length ?? 0) > 0 ||
    isPresent(desc.selector) ||
    isPresent(desc.annotations) ||
    (kinds.length > 1 && containsKind(kinds, 'Pod'))
  ) {
    return { supported: false, namesPodKind: false };
  }
  return { supported: true, namesPodKind: kinds.some((kind) => POD_AND_CONTROLLER_KINDS.has(kind)) };
}

function hasPatchesJson6902(value: JsonValue | undefined): boolean {
  return typeof value === 'string' && value !== '';
}

/**
 * Kyverno `CanAutoGen`, evaluated over all rules: false if any rule has `generate` or a
 * `patchesJson6902` (also in mutate foreach), or any match/exclude description is unsupported; otherwise
 * true if some description names Pod or a controller.
 */
export function canAutoGen(rules: readonly Rule[]): boolean {
  let needed = false;
  for (const rule of rules) {
    if (hasContent(rule.generate)) return false;
    const mutate = rule.mutate;
    if (isObject(mutate)) {
      if (hasPatchesJson6902(mutate.patchesJson6902)) return false;
      const foreach = mutate.foreach;
      if (Array.isArray(foreach) && foreach.some((fe) => isObject(fe) && hasPatchesJson6902(fe.patchesJson6902))) {
        return false;
      }
    }
    const descriptions: (ResourceDescription | undefined)[] = [];
    const collect = (block: MatchResources | undefined | null): void => {
      if (!isPresent(block)) return;
      descriptions.push(block.resources);
      for (const filter of block.any ?? []) descriptions.push(filter.resources);
      for (const filter of block.all ?? []) descriptions.push(filter.resources);
    };
    collect(rule.match);
    collect(rule.exclude);
    for (const desc of descriptions) {
      const support = descriptionSupport(desc);
      if (!support.supported) return false;
      needed ||= support.namesPodKind;
    }
  }
  return needed;
}

/**
 * The controllers autogen targets for a policy: none when the policy is not eligible; otherwise the
 * annotation's comma-separated list (no trimming), or all seven controllers without the annotation.
 */
export function autogenControllers(policy: Policy): ReadonlySet<string> {
  return controllersFor(policy, canAutoGen(policy.spec.rules ?? []));
}

function controllersFor(policy: Policy, eligible: boolean): ReadonlySet<string> {
  if (!eligible) return new Set(['none']);
  const annotation = policy.metadata.annotations?.[AUTOGEN_CONTROLLERS_ANNOTATION];
  if (annotation === undefined) return POD_CONTROLLER_SET;
  return new Set(annotation.split(','));
}

/**
 * Kyverno `FindAndShiftReferences`: `$(...)` references in a message get `shift` inserted after the
 * pivot (`pattern`, `anyPattern/<index>`, `deny`, `podSecurity`).
 */
export function shiftReferences(value: string, shift: string, pivot: string): string {
  const references = value.match(REFERENCE_PATTERN);
  if (references === null) return value;
  let currentPivot = pivot;
  let result = value;
  for (const oldReference of references) {
    const initial = oldReference.startsWith('$(');
    const reference = initial ? oldReference : oldReference.slice(1);
    if (currentPivot === 'anyPattern') {
      const index = reference.indexOf(currentPivot);
      const ruleIndex = reference.slice(index + currentPivot.length + 1).split('/')[0];
      currentPivot = `${currentPivot}/${ruleIndex}`;
    }
    const shifted = reference.split(currentPivot).join(`${currentPivot}/${shift}`);
    const replacement = (initial ? '' : oldReference[0]) + shifted;
    result = result.replace(oldReference, () => replacement);
  }
  return result;
}

type FilterRewrite = (filters: readonly ResourceFilter[], kinds: readonly string[]) => ResourceFilter[];

/** Kyverno `getAnyAllAutogenRule`: filters whose kinds include Pod get the controller kinds. */
const rewritePodFilters: FilterRewrite = (filters, kinds) =>
  filters.map((filter) =>
    containsKind(filter.resources?.kinds, 'Pod')
      ? { ...filter, resources: { ...filter.resources, kinds: convertKindsToGvk(kinds) } }
      : filter,
  );

/** The CronJob variant: every filter gets the CronJob kind. */
const rewriteAllFilters: FilterRewrite = (filters, kinds) =>
  filters.map((filter) => ({ ...filter, resources: { ...(filter.resources ?? {}), kinds: convertKindsToGvk(kinds) } }));

function rewriteBlock(
  block: MatchResources,
  kinds: readonly string[],
  rewrite: FilterRewrite,
  inlineOnlyIfSet: boolean,
): MatchResources {
  if (block.any && block.any.length > 0) return { ...block, any: rewrite(block.any, kinds) };
  if (block.all && block.all.length > 0) return { ...block, all: rewrite(block.all, kinds) };
  if (inlineOnlyIfSet && (block.resources?.kinds?.length ?? 0) === 0) return block;
  return { ...block, resources: { ...(block.resources ?? {}), kinds: convertKindsToGvk(kinds) } };
}

function wrapTemplate(tplKey: string, value: JsonValue | undefined): JsonObject {
  return { spec: { [tplKey]: value ?? null } };
}

/** The validate fields every rewritten validation keeps, with the message shifted. */
function keptValidateFields(validate: JsonObject, shift: string, pivot: string): JsonObject {
  const out: JsonObject = {};
  const message = typeof validate.message === 'string' ? shiftReferences(validate.message, shift, pivot) : '';
  if (message !== '') out.message = message;
  for (const key of ['failureAction', 'failureActionOverrides', 'allowExistingViolations']) {
    if (isPresent(validate[key])) out[key] = validate[key];
  }
  return out;
}

/** Kyverno `createAutogenAssertion`: `object`/`oldObject` maps of an assertion tree get the template wrapping. */
function autogenAssertion(tree: JsonValue, tplKey: string): JsonValue {
  if (!isObject(tree)) return tree;
  const value: JsonObject = { ...tree };
  for (const node of ['object', 'oldObject']) {
    const object = tree[node];
    if (isObject(object)) value[node] = wrapTemplate(tplKey, { ...object });
  }
  return value;
}

function generateMutation(mutate: JsonObject, tplKey: string): JsonObject | null {
  if (isPresent(mutate.patchStrategicMerge)) {
    return { patchStrategicMerge: wrapTemplate(tplKey, mutate.patchStrategicMerge) };
  }
  const foreach = mutate.foreach;
  if (Array.isArray(foreach) && foreach.length > 0) {
    return {
      foreach: foreach.map((entry) => {
        const fe = isObject(entry) ? entry : {};
        const out: JsonObject = {};
        if (isPresent(fe.list)) out.list = fe.list;
        if (Array.isArray(fe.context) && fe.context.length > 0) out.context = fe.context;
        if (isPresent(fe.preconditions)) out.preconditions = fe.preconditions;
        out.patchStrategicMerge = wrapTemplate(tplKey, fe.patchStrategicMerge);
        return out;
      }),
    };
  }
  return null;
}

function generateValidation(validate: JsonObject, tplKey: string, shift: string): JsonObject | null {
  if (isPresent(validate.pattern)) {
    return { ...keptValidateFields(validate, shift, 'pattern'), pattern: wrapTemplate(tplKey, validate.pattern) };
  }
  if (isPresent(validate.deny)) {
    return { ...keptValidateFields(validate, shift, 'deny'), deny: validate.deny };
  }
  if (isPresent(validate.podSecurity)) {
    return { ...keptValidateFields(validate, shift, 'podSecurity'), podSecurity: validate.podSecurity };
  }
  if (isPresent(validate.anyPattern)) {
    const patterns = Array.isArray(validate.anyPattern) ? validate.anyPattern : [];
    return {
      ...keptValidateFields(validate, shift, 'anyPattern'),
      anyPattern: patterns.map((pattern) => wrapTemplate(tplKey, pattern)),
    };
  }
  if (Array.isArray(validate.foreach) && validate.foreach.length > 0) {
    return { ...keptValidateFields(validate, shift, 'pattern'), foreach: validate.foreach };
  }
  if (hasContent(validate.cel)) return validate;
  if (isPresent(validate.assert)) return { ...validate, assert: autogenAssertion(validate.assert, tplKey) };
  return null;
}

/** Kyverno `generateRule`: the rule with rewritten kinds and template-wrapped body, or null if not applicable. */
function generateRule(
  name: string,
  rule: Rule | null,
  tplKey: string,
  shift: string,
  kinds: readonly string[],
  rewrite: FilterRewrite,
): Rule | null {
  if (rule === null) return null;
  const out: Rule = { ...rule, name, match: rewriteBlock(rule.match ?? {}, kinds, rewrite, false) };
  if (isPresent(rule.exclude)) out.exclude = rewriteBlock(rule.exclude, kinds, rewrite, true);
  if (isObject(rule.mutate)) {
    const mutate = generateMutation(rule.mutate, tplKey);
    if (mutate !== null) return { ...out, mutate };
  }
  if (isObject(rule.validate)) {
    const validate = generateValidation(rule.validate as JsonObject, tplKey, shift);
    if (validate !== null) return { ...out, validate: validate as Rule['validate'] };
  }
  if (isPresent(rule.verifyImages)) return out;
  return null;
}

function autogenRuleName(prefix: string, name: string): string {
  const full = `${prefix}-${name}`;
  return full.length > 63 ? full.slice(0, 63) : full;
}

function isAutogenRuleName(name: string): boolean {
  return name.startsWith('autogen-');
}

const TEMPLATE_CONTROLLER_ORDER = ['DaemonSet', 'Deployment', 'Job', 'StatefulSet', 'ReplicaSet', 'ReplicationController'];

/** Kyverno `generateRuleForControllers`. */
function generateRuleForControllers(rule: Rule, controllers: string): Rule | null {
  if (isAutogenRuleName(rule.name) || controllers === '') return null;
  const excludeKinds = matchKinds(rule.exclude);
  if (!containsKind(matchKinds(rule.match), 'Pod') || (excludeKinds.length > 0 && !containsKind(excludeKinds, 'Pod'))) {
    return null;
  }
  let effective = controllers;
  if (controllers === 'all') {
    effective = TEMPLATE_CONTROLLER_ORDER.join(',');
  } else if (controllers !== 'none') {
    const validated = splitKinds(controllers).filter((kind) => TEMPLATE_CONTROLLERS.has(kind));
    if (validated.length > 0) effective = validated.join(',');
  }
  return generateRule(
    autogenRuleName('autogen', rule.name),
    rule,
    'template',
    'spec/template',
    splitKinds(effective),
    rewritePodFilters,
  );
}

/** Kyverno `generateCronJobRule`: built from the controllers rule, re-wrapped for `jobTemplate`. */
function generateCronJobRule(rule: Rule, controllers: string): Rule | null {
  if (!controllers.includes('CronJob') && !controllers.includes('all')) return null;
  return generateRule(
    autogenRuleName('autogen-cronjob', rule.name),
    generateRuleForControllers(rule, controllers),
    'jobTemplate',
    'spec/jobTemplate/spec/template',
    ['CronJob'],
    rewriteAllFilters,
  );
}

function replaceAll(text: string, replacements: Replacements): string {
  let result = text;
  for (const [from, to] of replacements) {
    if (result.includes(from)) result = result.split(from).join(to);
  }
  return result;
}

/** Applies the textual replacements to every string and object key, returning a fresh deep copy. */
function rewriteStrings(value: JsonValue, replacements: Replacements): JsonValue {
  if (typeof value === 'string') return replaceAll(value, replacements);
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, replacements));
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const key in value) out[replaceAll(key, replacements)] = rewriteStrings(value[key], replacements);
    return out;
  }
  return value;
}

/** Whether preconditions are non-empty (Kyverno `createRule`): a non-empty list, or an `{any, all}` with one set. */
function hasPreconditions(value: JsonValue | undefined): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return isObject(value) && (isPresent(value.any) || isPresent(value.all));
}

/**
 * Kyverno `createRule` + `convertRule`: keeps the fields a generated rule carries, then rewrites
 * `request.object.spec`/`metadata` (or `object.`/`oldObject.` for `validate.cel`) in every string.
 */
function convertRule(rule: Rule, target: 'Pod' | 'CronJob'): Rule {
  const out: JsonObject = { name: rule.name };
  if (hasContent(rule.match)) out.match = rule.match as JsonObject;
  if (hasContent(rule.exclude)) out.exclude = rule.exclude as JsonObject;
  if (Array.isArray(rule.celPreconditions) && rule.celPreconditions.length > 0) out.celPreconditions = rule.celPreconditions;
  if (Array.isArray(rule.context) && rule.context.length > 0) out.context = rule.context as unknown as JsonValue;
  if (hasPreconditions(rule.preconditions as JsonValue | undefined)) out.preconditions = rule.preconditions as JsonValue;
  if (hasContent(rule.mutate)) out.mutate = rule.mutate as JsonObject;
  if (hasContent(rule.validate)) out.validate = rule.validate as JsonObject;
  if (Array.isArray(rule.verifyImages) && rule.verifyImages.length > 0) out.verifyImages = rule.verifyImages;
  if (isPresent(rule.skipBackgroundRequests)) out.skipBackgroundRequests = rule.skipBackgroundRequests;
  if (isObject(rule.reportProperties) && Object.keys(rule.reportProperties).length > 0) {
    out.reportProperties = rule.reportProperties;
  }
  const cel = isObject(rule.validate) && isPresent((rule.validate as JsonObject).cel);
  const replacements = target === 'Pod'
    ? (cel ? POD_CEL_REPLACEMENTS : POD_REPLACEMENTS)
    : (cel ? CRONJOB_CEL_REPLACEMENTS : CRONJOB_REPLACEMENTS);
  return rewriteStrings(out, replacements) as unknown as Rule;
}

/** Kyverno `generateRules`: for each rule, its controllers twin then its CronJob twin. */
function generateRules(rules: readonly Rule[], controllers: string): Rule[] {
  const out: Rule[] = [];
  for (const rule of rules) {
    const forControllers = generateRuleForControllers(rule, stripCronJob(controllers));
    if (forControllers !== null) out.push(convertRule(forControllers, 'Pod'));
    const forCronJob = generateCronJobRule(rule, controllers);
    if (forCronJob !== null) out.push(convertRule(forCronJob, 'CronJob'));
  }
  return out;
}

/** Per-policy autogen memo. */
interface Autogen {
  /** Whether the policy is eligible (Kyverno `CanAutoGen`). */
  readonly eligible: boolean;
  /** The controllers rules are generated for (`{"none"}` when not eligible). */
  readonly controllers: ReadonlySet<string>;
  /**
   * Kyverno `ComputeRules(policy, kind)`: the original rules, or, for a controller kind with generated
   * rules, the original non-`autogen-` rules followed by the generated ones. `""` computes the rules for
   * every controller at once. The result is shared: do not mutate it.
   */
  rulesFor(kind: string): Rule[];
}

/** Prepares autogen for one policy; rules per kind are computed on first use and memoised. */
export function createAutogen(policy: Policy): Autogen {
  const rules = policy.spec.rules ?? [];
  const eligible = canAutoGen(rules);
  const controllers = controllersFor(policy, eligible);
  const memo = new Map<string, Rule[]>();
  const compute = (kind: string): Rule[] => {
    let requested = kind;
    if (requested !== '') {
      if (!controllers.has(requested)) return rules;
    } else {
      requested = [...controllers].sort().join(',');
    }
    if (requested === 'none') return rules;
    const generated = generateRules(rules, requested);
    if (generated.length === 0) return rules;
    return [...rules.filter((rule) => !isAutogenRuleName(rule.name)), ...generated];
  };
  return {
    eligible,
    controllers,
    rulesFor(kind: string): Rule[] {
      let result = memo.get(kind);
      if (result === undefined) {
        result = compute(kind);
        memo.set(kind, result);
      }
      return result;
    },
  };
}

const autogenByPolicy = new WeakMap<Policy, Autogen>();

/** Kyverno `ComputeRules(policy, kind)`, memoised per policy object (see {@link Autogen.rulesFor}). */
export function computeRules(policy: Policy, kind: string): Rule[] {
  let autogen = autogenByPolicy.get(policy);
  if (autogen === undefined) {
    autogen = createAutogen(policy);
    autogenByPolicy.set(policy, autogen);
  }
  return autogen.rulesFor(kind);
}
