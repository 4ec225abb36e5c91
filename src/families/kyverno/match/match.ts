/**
 * @file Rule `match`/`exclude` evaluation (Kyverno `MatchesResourceDescription`,
 * pkg/engine/utils/match.go) and the per-filter checks it is made of, reusable for PolicyException
 * matching (Kyverno `CheckMatchesResources`, pkg/utils/match/match.go) through {@link FilterOptions}.
 */
import type { RequestUserInfo } from '../../../evaluate/types.js';
import type { MatchResources, ResourceDescription, ResourceFilter, Rule, UserInfoFilter } from '../policy/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { wildcardMatch } from '../../../util/wildcard.js';
import { checkKind, type GroupVersionKind } from './kind.js';
import { selectorMatches } from './selector.js';
import { hasAdmissionInfo, hasUserInfoFilter, userInfoMatches } from './subjects.js';

/** Everything match/exclude looks at for one evaluation. */
export interface MatchInput {
  /** The resource being matched (the old object for DELETE). */
  resource: JsonObject;
  /** Request GVK: for a subresource request, the parent resource's GVK. */
  kind: string;
  group: string;
  version: string;
  /** `""` for the object itself. */
  subresource: string;
  /** `CREATE`, `UPDATE`, `DELETE` or `CONNECT`. */
  operation: string;
  /** Labels of the resource's namespace (for `namespaceSelector`). */
  namespaceLabels: Record<string, string>;
  /** Admission user info; absent means none (user-info filters are then dropped from `match`). */
  userInfo?: RequestUserInfo;
  /** Namespace of a namespaced `Policy` (`default` when it has none); empty or absent for ClusterPolicy. */
  policyNamespace?: string;
}

/** The differences between policy match/exclude and PolicyException matching. */
interface FilterOptions {
  /** Accept `ephemeralcontainers` requests on Pod selectors (policies only). */
  readonly allowEphemeralContainers: boolean;
  /** Whether `operations` is checked (policies) or ignored (exceptions). */
  readonly checkOperations: boolean;
  /** `namespaceSelector` on a `Namespace` resource: fails the filter (policies) or is skipped (exceptions). */
  readonly namespaceSelectorOnNamespace: 'fail' | 'skip';
}

const POLICY_FILTER_OPTIONS: FilterOptions = {
  allowEphemeralContainers: true,
  checkOperations: true,
  namespaceSelectorOnNamespace: 'fail',
};

export const EXCEPTION_FILTER_OPTIONS: FilterOptions = {
  allowEphemeralContainers: false,
  checkOperations: false,
  namespaceSelectorOnNamespace: 'skip',
};

const EMPTY_MAP: Readonly<Record<string, string>> = Object.freeze({});

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

function stringField(obj: JsonObject | undefined, key: string): string {
  const value = obj?.[key];
  return typeof value === 'string' ? value : '';
}

/** Unstructured `GetLabels`/`GetAnnotations`: a map with any non-string value reads as empty. */
function stringMap(value: JsonValue | undefined): Readonly<Record<string, string>> {
  const obj = asObject(value);
  if (obj === undefined) return EMPTY_MAP;
  for (const key in obj) {
    if (typeof obj[key] !== 'string') return EMPTY_MAP;
  }
  return obj as Record<string, string>;
}

/**
 * The resource attributes read by the filters; labels and annotations are read only when needed. One
 * subject serves every rule matched with the same input (see {@link RuleMatcher.matchesSubject}).
 */
export class MatchSubject {
  readonly gvk: GroupVersionKind;
  readonly objectKind: string;
  readonly name: string;
  readonly namespace: string;
  private readonly metadata: JsonObject | undefined;
  private labelMap: Readonly<Record<string, string>> | undefined;
  private annotationMap: Readonly<Record<string, string>> | undefined;

  constructor(readonly input: MatchInput) {
    this.metadata = asObject(input.resource.metadata);
    const name = stringField(this.metadata, 'name');
    this.gvk = { group: input.group, version: input.version, kind: input.kind };
    this.objectKind = stringField(input.resource, 'kind');
    this.name = name !== '' ? name : stringField(this.metadata, 'generateName');
    this.namespace = stringField(this.metadata, 'namespace');
  }

  get labels(): Readonly<Record<string, string>> {
    return (this.labelMap ??= stringMap(this.metadata?.labels));
  }

  get annotations(): Readonly<Record<string, string>> {
    return (this.annotationMap ??= stringMap(this.metadata?.annotations));
  }
}

type ResourceView = MatchSubject;

function view(input: MatchInput): ResourceView {
  return new MatchSubject(input);
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Whether a resource description is the zero value in Go terms: no field set (empty strings and nulls
 * count as unset; empty lists and maps count as set, as decoded Go slices/maps are non-nil).
 */
export function isEmptyResourceDescription(desc: ResourceDescription | undefined | null): boolean {
  if (desc === undefined || desc === null) return true;
  return !(
    isSet(desc.kinds) ||
    isSet(desc.name) ||
    isSet(desc.names) ||
    isSet(desc.namespaces) ||
    isSet(desc.annotations) ||
    isSet(desc.selector) ||
    isSet(desc.namespaceSelector) ||
    isSet(desc.operations)
  );
}

/** Whether a user-info filter is the Go zero value (see {@link isEmptyResourceDescription}). */
function isEmptyUserInfo(filter: UserInfoFilter): boolean {
  return !(isSet(filter.roles) || isSet(filter.clusterRoles) || isSet(filter.subjects));
}

function anyWildcardMatch(patterns: readonly string[], text: string): boolean {
  for (const pattern of patterns) {
    if (wildcardMatch(pattern, text)) return true;
  }
  return false;
}

/** Kyverno `CheckAnnotations`: every expected entry is matched by some annotation (key and value wildcards). */
function annotationsMatch(expected: Readonly<Record<string, string>>, actual: Readonly<Record<string, string>>): boolean {
  for (const key in expected) {
    const value = expected[key];
    let found = false;
    for (const actualKey in actual) {
      if (wildcardMatch(key, actualKey) && wildcardMatch(value, actual[actualKey])) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/**
 * What a resource description checks, read once per description object (policy documents are never
 * mutated, and the same descriptions are matched against every resource).
 */
interface DescriptionPlan {
  readonly operations: readonly string[] | null;
  readonly kinds: readonly string[] | null;
  readonly name: string | null;
  readonly names: readonly string[] | null;
  readonly namespaces: readonly string[] | null;
  readonly annotations: Readonly<Record<string, string>> | null;
  readonly selector: NonNullable<ResourceDescription['selector']> | null;
  readonly namespaceSelector: NonNullable<ResourceDescription['namespaceSelector']> | null;
  /** `kinds` lists `*` (a resource without a kind is then checked against `namespaceSelector`). */
  readonly kindsIncludeStar: boolean;
}

const descriptionPlans = new WeakMap<ResourceDescription, DescriptionPlan>();

function descriptionPlan(desc: ResourceDescription): DescriptionPlan {
  let plan = descriptionPlans.get(desc);
  if (plan === undefined) {
    plan = {
      operations: desc.operations && desc.operations.length > 0 ? desc.operations : null,
      kinds: desc.kinds && desc.kinds.length > 0 ? desc.kinds : null,
      name: typeof desc.name === 'string' && desc.name !== '' ? desc.name : null,
      names: desc.names && desc.names.length > 0 ? desc.names : null,
      namespaces: desc.namespaces && desc.namespaces.length > 0 ? desc.namespaces : null,
      annotations: desc.annotations && Object.keys(desc.annotations).length > 0 ? desc.annotations : null,
      selector: desc.selector !== undefined && desc.selector !== null ? desc.selector : null,
      namespaceSelector: desc.namespaceSelector !== undefined && desc.namespaceSelector !== null ? desc.namespaceSelector : null,
      kindsIncludeStar: desc.kinds?.includes('*') ?? false,
    };
    descriptionPlans.set(desc, plan);
  }
  return plan;
}

function descriptionMatches(desc: DescriptionPlan, res: ResourceView, options: FilterOptions): boolean {
  const { input } = res;
  if (options.checkOperations && desc.operations !== null) {
    if (!desc.operations.includes(input.operation)) return false;
  }
  if (desc.kinds !== null) {
    if (!checkKind(desc.kinds, res.gvk, input.subresource, options.allowEphemeralContainers)) return false;
  }
  if (desc.name !== null && !wildcardMatch(desc.name, res.name)) return false;
  if (desc.names !== null && !anyWildcardMatch(desc.names, res.name)) return false;
  if (desc.namespaces !== null) {
    const namespace = res.objectKind === 'Namespace' ? res.name : res.namespace;
    if (!anyWildcardMatch(desc.namespaces, namespace)) return false;
  }
  if (desc.annotations !== null) {
    if (!annotationsMatch(desc.annotations, res.annotations)) return false;
  }
  if (desc.selector !== null) {
    if (!selectorMatches(desc.selector, res.labels)) return false;
  }
  if (desc.namespaceSelector !== null) {
    if (res.objectKind === 'Namespace') {
      if (options.namespaceSelectorOnNamespace === 'fail') return false;
    } else if (res.objectKind !== '' || (options.namespaceSelectorOnNamespace === 'fail' && desc.kindsIncludeStar)) {
      // A resource without a kind is only checked by policies, and only when the filter lists kind `*`.
      if (!selectorMatches(desc.namespaceSelector, input.namespaceLabels)) return false;
    }
  }
  return true;
}

/**
 * Whether the resource part of one filter holds (every specified attribute; any entry within a list).
 * `operations` first; `kinds`; `name`/`names` (wildcards, `generateName` fallback); `namespaces` (the
 * resource's own name for a `Namespace`); `annotations`; `selector`; `namespaceSelector`.
 */
export function resourceDescriptionMatches(
  desc: ResourceDescription,
  input: MatchInput,
  options: FilterOptions = POLICY_FILTER_OPTIONS,
): boolean {
  return descriptionMatches(descriptionPlan(desc), view(input), options);
}

/** What a filter checks, read once per filter object. */
interface FilterPlan {
  readonly filter: ResourceFilter;
  /** The plan of `resources`, when present. */
  readonly description: DescriptionPlan | null;
  readonly emptyDescription: boolean;
  readonly emptyUserInfo: boolean;
  readonly hasUserInfo: boolean;
}

const filterPlans = new WeakMap<ResourceFilter, FilterPlan>();

function filterPlan(filter: ResourceFilter): FilterPlan {
  let plan = filterPlans.get(filter);
  if (plan === undefined) {
    const desc = filter.resources;
    plan = {
      filter,
      description: desc !== undefined && desc !== null ? descriptionPlan(desc) : null,
      emptyDescription: isEmptyResourceDescription(desc),
      emptyUserInfo: isEmptyUserInfo(filter),
      hasUserInfo: hasUserInfoFilter(filter),
    };
    filterPlans.set(filter, plan);
  }
  return plan;
}

function filterHolds(plan: FilterPlan, res: ResourceView, options: FilterOptions, ignoreUserInfo: boolean): boolean {
  if (plan.description !== null && !descriptionMatches(plan.description, res, options)) return false;
  if (!ignoreUserInfo && plan.hasUserInfo && !userInfoMatches(plan.filter, res.input.userInfo)) return false;
  return true;
}

/** One `match` filter: an empty filter is an error ("match cannot be empty") and does not match. */
function matchFilterHolds(plan: FilterPlan, res: ResourceView, dropUserInfo: boolean): boolean {
  if (plan.emptyDescription && (dropUserInfo || plan.emptyUserInfo)) return false;
  return filterHolds(plan, res, POLICY_FILTER_OPTIONS, dropUserInfo);
}

/** One `exclude` filter: true if it excludes the resource; an empty filter excludes nothing. */
function excludeFilterHolds(plan: FilterPlan, res: ResourceView): boolean {
  if (plan.emptyDescription && plan.emptyUserInfo) return false;
  return filterHolds(plan, res, POLICY_FILTER_OPTIONS, false);
}

/**
 * A `match`/`exclude` block: its `any` filters (when non-empty), else its `all` filters (when
 * non-empty), else the block itself as one inline filter.
 */
interface BlockPlan {
  readonly any: readonly FilterPlan[] | null;
  readonly all: readonly FilterPlan[] | null;
  readonly inline: FilterPlan | null;
}

const blockPlans = new WeakMap<MatchResources, BlockPlan>();

function blockPlan(block: MatchResources): BlockPlan {
  let plan = blockPlans.get(block);
  if (plan === undefined) {
    if (block.any && block.any.length > 0) plan = { any: block.any.map(filterPlan), all: null, inline: null };
    else if (block.all && block.all.length > 0) plan = { any: null, all: block.all.map(filterPlan), inline: null };
    else plan = { any: null, all: null, inline: filterPlan(block) };
    blockPlans.set(block, plan);
  }
  return plan;
}

/** The block of a rule without `match`. */
const NO_MATCH: MatchResources = {};

function matchBlockHolds(match: BlockPlan, res: ResourceView): boolean {
  const dropUserInfo = !hasAdmissionInfo(res.input.userInfo);
  if (match.any !== null) {
    for (const filter of match.any) {
      if (matchFilterHolds(filter, res, dropUserInfo)) return true;
    }
    return false;
  }
  if (match.all !== null) {
    for (const filter of match.all) {
      if (!matchFilterHolds(filter, res, dropUserInfo)) return false;
    }
    return true;
  }
  return matchFilterHolds(match.inline!, res, dropUserInfo);
}

function excludeBlockHolds(exclude: BlockPlan, res: ResourceView): boolean {
  if (exclude.any !== null) {
    for (const filter of exclude.any) {
      if (excludeFilterHolds(filter, res)) return true;
    }
    return false;
  }
  if (exclude.all !== null) {
    for (const filter of exclude.all) {
      if (!excludeFilterHolds(filter, res)) return false;
    }
    return true;
  }
  return excludeFilterHolds(exclude.inline!, res);
}

/** The kind and operation checks of `descriptionMatches` for a policy filter. */
function descriptionShapeHolds(desc: DescriptionPlan, gvk: GroupVersionKind, subresource: string, operation: string): boolean {
  if (desc.operations !== null && !desc.operations.includes(operation)) return false;
  return desc.kinds === null || checkKind(desc.kinds, gvk, subresource, POLICY_FILTER_OPTIONS.allowEphemeralContainers);
}

/** Whether a `match` filter can hold for a request shape (see `matchFilterHolds`). */
function matchFilterMayHold(plan: FilterPlan, gvk: GroupVersionKind, subresource: string, operation: string, dropUserInfo: boolean): boolean {
  if (plan.emptyDescription && (dropUserInfo || plan.emptyUserInfo)) return false;
  return plan.description === null || descriptionShapeHolds(plan.description, gvk, subresource, operation);
}

function matchBlockMayHold(match: BlockPlan, gvk: GroupVersionKind, subresource: string, operation: string, dropUserInfo: boolean): boolean {
  if (match.any !== null) return match.any.some((filter) => matchFilterMayHold(filter, gvk, subresource, operation, dropUserInfo));
  if (match.all !== null) return match.all.every((filter) => matchFilterMayHold(filter, gvk, subresource, operation, dropUserInfo));
  return matchFilterMayHold(match.inline!, gvk, subresource, operation, dropUserInfo);
}

/**
 * Whether an `exclude` filter holds for every resource of a request shape: it checks kinds and operations
 * only (no names, namespaces, annotations, selectors or subjects) and both hold (see `excludeFilterHolds`).
 */
function excludeFilterSurelyHolds(plan: FilterPlan, gvk: GroupVersionKind, subresource: string, operation: string): boolean {
  if (plan.emptyDescription && plan.emptyUserInfo) return false;
  if (plan.hasUserInfo) return false;
  const desc = plan.description;
  if (desc === null) return true;
  if (
    desc.name !== null ||
    desc.names !== null ||
    desc.namespaces !== null ||
    desc.annotations !== null ||
    desc.selector !== null ||
    desc.namespaceSelector !== null
  ) {
    return false;
  }
  return descriptionShapeHolds(desc, gvk, subresource, operation);
}

function excludeBlockSurelyHolds(exclude: BlockPlan, gvk: GroupVersionKind, subresource: string, operation: string): boolean {
  if (exclude.any !== null) return exclude.any.some((filter) => excludeFilterSurelyHolds(filter, gvk, subresource, operation));
  if (exclude.all !== null) return exclude.all.every((filter) => excludeFilterSurelyHolds(filter, gvk, subresource, operation));
  return excludeFilterSurelyHolds(exclude.inline!, gvk, subresource, operation);
}

/**
 * Kyverno `MatchesResourceDescription`: a namespaced policy only sees resources of its namespace; the
 * `match` block must hold (`any`: one filter, else `all`: every filter, else the inline filter) and,
 * when it does, the `exclude` block must not.
 */
export function ruleMatches(rule: Rule, input: MatchInput): boolean {
  return ruleMatcher(rule).matches(input);
}

/** The `match` and `exclude` blocks of a rule, prepared once: see {@link ruleMatches}. */
export class RuleMatcher {
  readonly #match: BlockPlan;
  readonly #exclude: BlockPlan | null;

  constructor(rule: Rule) {
    this.#match = blockPlan(rule.match ?? NO_MATCH);
    const exclude = rule.exclude;
    this.#exclude = exclude === undefined || exclude === null ? null : blockPlan(exclude);
  }

  /** {@link ruleMatches} for the rule this matcher was prepared from. */
  matches(input: MatchInput): boolean {
    return this.matchesSubject(view(input));
  }

  /**
   * Whether the rule can match a request for `gvk`/`subresource` with `operation`, judged on what does not
   * depend on the resource itself: false only when `match` cannot hold by kind or operation (or is empty), or
   * when `exclude` holds by kind and operation alone (filters naming nothing else). A rule for which this is
   * false has {@link matchesSubject} false for every resource of that request shape; one for which it is true
   * still needs {@link matchesSubject}.
   */
  mayMatch(gvk: GroupVersionKind, subresource: string, operation: string, dropUserInfo: boolean): boolean {
    if (!matchBlockMayHold(this.#match, gvk, subresource, operation, dropUserInfo)) return false;
    return this.#exclude === null || !excludeBlockSurelyHolds(this.#exclude, gvk, subresource, operation);
  }

  /** {@link matches} with the subject of an input (`new MatchSubject(input)`), built once for many rules. */
  matchesSubject(res: MatchSubject): boolean {
    const input = res.input;
    if (input.policyNamespace && input.policyNamespace !== res.namespace) return false;
    if (!matchBlockHolds(this.#match, res)) return false;
    return this.#exclude === null || !excludeBlockHolds(this.#exclude, res);
  }
}

/** Matchers by rule object: rules are matched against every resource and never mutated. */
const ruleMatchers = new WeakMap<Rule, RuleMatcher>();

/** The (cached) matcher of a rule. */
export function ruleMatcher(rule: Rule): RuleMatcher {
  let matcher = ruleMatchers.get(rule);
  if (matcher === undefined) {
    matcher = new RuleMatcher(rule);
    ruleMatchers.set(rule, matcher);
  }
  return matcher;
}

/**
 * One filter as PolicyException matching (and other users of {@link FilterOptions}) evaluates it: an empty
 * filter fails; otherwise both its resource and user-info parts must hold (user info is never dropped).
 */
export function resourceFilterMatches(
  filter: ResourceFilter,
  input: MatchInput,
  options: FilterOptions = EXCEPTION_FILTER_OPTIONS,
): boolean {
  const plan = filterPlan(filter);
  if (plan.emptyDescription && plan.emptyUserInfo) return false;
  return filterHolds(plan, view(input), options, false);
}

/**
 * Kyverno `CheckMatchesResources` (PolicyException `match`): `any` needs one filter, else `all` needs every
 * filter; with neither there is nothing to fail and the statement holds.
 */
export function anyAllMatches(
  statement: { any?: ResourceFilter[]; all?: ResourceFilter[] },
  input: MatchInput,
  options: FilterOptions = EXCEPTION_FILTER_OPTIONS,
): boolean {
  const res = view(input);
  const holds = (filter: ResourceFilter): boolean => {
    const plan = filterPlan(filter);
    return !(plan.emptyDescription && plan.emptyUserInfo) && filterHolds(plan, res, options, false);
  };
  if (statement.any && statement.any.length > 0) return statement.any.some(holds);
  if (statement.all && statement.all.length > 0) return statement.all.every(holds);
  return true;
}
