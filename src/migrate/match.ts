/**
 * @file A rule's `match`/`exclude` blocks as `matchConstraints` and `matchConditions` of a CEL policy.
 *
 * Kyverno's semantics (pkg/engine/utils/match.go `MatchesResourceDescription`, src/families/kyverno/match): the
 * `match` block holds when one `any` filter holds, else every `all` filter, else its inline filter; a filter holds
 * when every attribute it sets holds (operations, kinds, name/names and namespaces with wildcards and the
 * `generateName` fallback, annotations, label selectors); `exclude` removes what its block holds for.
 *
 * The translation keeps `matchConstraints.resourceRules` a superset (the resources of every kind named, the
 * operations named) and states the exact semantics in two match conditions: `kyverno-match` and
 * `kyverno-exclude`. Conditions read the resource Kyverno matches (the old object of a DELETE), the request's
 * kind and subresource, the namespace object's labels and the request's user info (`subjects`; roles and cluster
 * roles are not translated).
 */
import type { MatchResources as KyvernoMatch, ResourceDescription, ResourceFilter, Rule } from '../families/kyverno/policy/types.js';
import type { MatchResources, NamedRuleWithOperations } from '../families/cel/match/types.js';
import { resourceOfKind, unsafeGuessKindToResource } from '../families/cel/match/resource-name.js';
import { parseKindSelector } from '../families/kyverno/match/kind.js';
import { isQualifiedName, isValidLabelValue } from '../families/kyverno/match/selector.js';
import { celString, celWildcardMatch, hasWildcard } from './jmespath.js';
import type { PolicyPath, Translation } from './types.js';

/** A `matchConditions` entry. */
export interface MatchCondition {
  readonly name: string;
  readonly expression: string;
}

/** What a rule's match/exclude blocks translate to. */
export interface MatchTranslation {
  readonly matchConstraints: MatchResources;
  readonly matchConditions: readonly MatchCondition[];
  /** The operations the rule can apply to (for `request.object` on DELETE). */
  readonly operations: readonly string[];
  /** Behaviour of the translation that differs from Kyverno's at the edges. */
  readonly notes: readonly { readonly reason: string; readonly path: PolicyPath }[];
}

/** The note of a `match` filter whose user-info part Kyverno drops for a request without user information. */
const DROPPED_USER_INFO_NOTE =
  'Kyverno drops the user-info part of a `match` filter when the request carries no user information; it also counts the roles and cluster roles of a UserInfo file, which request.userInfo does not hold (a UserInfo file with roles but no username, uid or groups is read as none)';

class Untranslatable extends Error {
  constructor(
    readonly reason: string,
    readonly path: PolicyPath,
  ) {
    super(reason);
  }
}

const ALL_OPERATIONS = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

/** The resource Kyverno matches: the old object of a DELETE request. */
const RESOURCE = '(request.operation == "DELETE" ? oldObject : object)';
const METADATA = `${RESOURCE}.?metadata.orValue({})`;
const NAME = `(${METADATA}.?name.orValue("") != "" ? ${METADATA}.name : ${METADATA}.?generateName.orValue(""))`;

function anyOf(parts: readonly string[]): string {
  return parts.length === 1 ? parts[0]! : `(${parts.join(' || ')})`;
}

function allOf(parts: readonly string[]): string {
  if (parts.length === 0) return 'true';
  return parts.length === 1 ? parts[0]! : parts.map((p) => `(${p})`).join(' && ');
}

/** `CheckKind` for one selector; subresource selectors are not translated. */
function kindCondition(kinds: readonly string[], path: PolicyPath): string {
  const parts = kinds.map((text, i) => {
    const sel = parseKindSelector(text);
    if (sel.kind === '') throw new Untranslatable(`the kind selector ${JSON.stringify(text)}`, [...path, i]);
    if (sel.subresource !== '') throw new Untranslatable(`the subresource kind selector ${JSON.stringify(text)}`, [...path, i]);
    const gvk = allOf(
      [celWildcardMatch(sel.group, 'request.kind.group'), celWildcardMatch(sel.version, 'request.kind.version'), celWildcardMatch(sel.kind, 'request.kind.kind')].filter(
        (p) => p !== 'true',
      ),
    );
    // A Pod selector also accepts the ephemeralcontainers subresource of a core v1 Pod (CheckKind).
    return `(${gvk}) && (request.?subResource.orValue("") == "" || (request.?subResource.orValue("") == "ephemeralcontainers" && request.kind.group == "" && request.kind.version == "v1" && request.kind.kind == "Pod"))`;
  });
  return anyOf(parts);
}

/** A label selector without wildcards on a `map<string,string>` expression (apimachinery `LabelSelectorAsSelector`). */
function selectorCondition(selector: unknown, labels: string, path: PolicyPath): string {
  if (selector === null || typeof selector !== 'object' || Array.isArray(selector)) throw new Untranslatable('a label selector that is not a map', path);
  const { matchLabels, matchExpressions } = selector as { matchLabels?: Record<string, unknown>; matchExpressions?: unknown[] };
  const parts: string[] = [];
  const checkKey = (key: string): void => {
    if (hasWildcard(key) || !isQualifiedName(key)) throw new Untranslatable(`the selector key ${JSON.stringify(key)}`, path);
  };
  const checkValue = (value: unknown): string => {
    if (typeof value !== 'string' || hasWildcard(value) || !isValidLabelValue(value)) throw new Untranslatable(`the selector value ${JSON.stringify(value)}`, path);
    return value;
  };
  for (const [key, value] of Object.entries(matchLabels ?? {})) {
    checkKey(key);
    parts.push(`${labels}[?${celString(key)}].orValue(null) == ${celString(checkValue(value))}`);
  }
  for (const expression of matchExpressions ?? []) {
    const { key, operator, values } = (expression ?? {}) as { key?: unknown; operator?: unknown; values?: unknown };
    if (typeof key !== 'string') throw new Untranslatable('a selector requirement without a key', path);
    checkKey(key);
    const list = Array.isArray(values) ? values.map(checkValue) : [];
    const has = `${celString(key)} in ${labels}`;
    const inSet = `${labels}[${celString(key)}] in [${list.map(celString).join(', ')}]`;
    switch (operator) {
      case 'In':
        if (list.length === 0) throw new Untranslatable('an In requirement without values', path);
        parts.push(`${has} && ${inSet}`);
        break;
      case 'NotIn':
        if (list.length === 0) throw new Untranslatable('a NotIn requirement without values', path);
        parts.push(`!(${has}) || !(${inSet})`);
        break;
      case 'Exists':
        if (list.length > 0) throw new Untranslatable('an Exists requirement with values', path);
        parts.push(has);
        break;
      case 'DoesNotExist':
        if (list.length > 0) throw new Untranslatable('a DoesNotExist requirement with values', path);
        parts.push(`!(${has})`);
        break;
      default:
        throw new Untranslatable(`the selector operator ${JSON.stringify(operator)}`, path);
    }
  }
  return allOf(parts);
}

function stringMap(expression: string): string {
  // Unstructured GetLabels/GetAnnotations: a map with a value that is not a string reads as empty.
  return `(${expression}.all(_k, type(${expression}[_k]) == string) ? ${expression} : {})`;
}

/** One resource description: every attribute it sets. */
function descriptionCondition(desc: ResourceDescription, path: PolicyPath): { condition: string; kinds: readonly string[] | null; operations: readonly string[] | null } {
  const parts: string[] = [];
  const operations = desc.operations && desc.operations.length > 0 ? desc.operations : null;
  if (operations) parts.push(`request.operation in [${operations.map(celString).join(', ')}]`);
  const kinds = desc.kinds && desc.kinds.length > 0 ? desc.kinds : null;
  if (kinds) parts.push(kindCondition(kinds, [...path, 'kinds']));
  if (typeof desc.name === 'string' && desc.name !== '') parts.push(celWildcardMatch(desc.name, NAME));
  if (desc.names && desc.names.length > 0) parts.push(anyOf(desc.names.map((n) => celWildcardMatch(n, NAME))));
  if (desc.namespaces && desc.namespaces.length > 0) {
    const namespace = `(${RESOURCE}.?kind.orValue("") == "Namespace" ? ${NAME} : ${METADATA}.?namespace.orValue(""))`;
    parts.push(anyOf(desc.namespaces.map((n) => celWildcardMatch(n, namespace))));
  }
  if (desc.annotations && Object.keys(desc.annotations).length > 0) {
    const annotations = stringMap(`${METADATA}.?annotations.orValue({})`);
    for (const [key, value] of Object.entries(desc.annotations)) {
      parts.push(`${annotations}.exists(_a, ${celWildcardMatch(key, '_a')} && ${celWildcardMatch(value, `${annotations}[_a]`)})`);
    }
  }
  if (desc.selector !== undefined && desc.selector !== null) {
    parts.push(selectorCondition(desc.selector, stringMap(`${METADATA}.?labels.orValue({})`), [...path, 'selector']));
  }
  if (desc.namespaceSelector !== undefined && desc.namespaceSelector !== null) {
    if (kinds?.includes('*')) throw new Untranslatable('a namespaceSelector with kind `*` (Kyverno also applies it to resources without a kind)', [...path, 'namespaceSelector']);
    const labels = '(namespaceObject == null ? {} : namespaceObject.metadata.labels)';
    const selector = selectorCondition(desc.namespaceSelector, labels, [...path, 'namespaceSelector']);
    // A Namespace resource fails a namespaceSelector; a resource without a kind skips it.
    parts.push(`${RESOURCE}.?kind.orValue("") != "Namespace" && (${RESOURCE}.?kind.orValue("") == "" || (${selector}))`);
  }
  return { condition: allOf(parts), kinds, operations };
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

interface FilterOutcome {
  condition: string;
  kinds: readonly string[] | null;
  operations: readonly string[] | null;
}

const USER_INFO = 'request.userInfo';

/**
 * The request carries no user information (Kyverno compares the whole `RequestInfo` with its zero value,
 * pkg/engine/utils/match.go `matchesResourceDescriptionMatchHelper`): no username, uid, groups or extra. Kyverno's
 * `RequestInfo` also holds the roles a UserInfo file may give; `request.userInfo` has none.
 */
const NO_USER_INFO =
  `${USER_INFO}.?username.orValue("") == "" && ${USER_INFO}.?uid.orValue("") == "" && ` +
  `size(${USER_INFO}.?groups.orValue([])) == 0 && size(${USER_INFO}.?extra.orValue({})) == 0`;

/**
 * pkg/utils/match/subjects.go `CheckSubjects`: one subject holds. A ServiceAccount is the username
 * `system:serviceaccount:<namespace>:<name>` (wildcards allowed in both), a User the username, a Group one of the
 * groups (wildcards allowed in the subject); another kind never holds.
 */
function subjectsCondition(subjects: unknown, path: PolicyPath): string {
  if (!Array.isArray(subjects)) throw new Untranslatable('`subjects` that is not a list', path);
  const username = `${USER_INFO}.?username.orValue("")`;
  const parts = subjects.map((subject, i) => {
    if (subject === null || typeof subject !== 'object') throw new Untranslatable('a subject that is not a map', [...path, i]);
    const { kind, name, namespace } = subject as { kind?: unknown; name?: unknown; namespace?: unknown };
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    switch (kind) {
      case 'ServiceAccount':
        return celWildcardMatch(`system:serviceaccount:${text(namespace)}:${text(name)}`, username);
      case 'User':
        return celWildcardMatch(text(name), username);
      case 'Group':
        return `${USER_INFO}.?groups.orValue([]).exists(_g, ${celWildcardMatch(text(name), '_g')})`;
      default:
        return 'false';
    }
  });
  // An empty list checks nothing (doesResourceMatchConditionBlock checks subjects only when there are some).
  if (parts.length === 0) return 'true';
  return anyOf(parts);
}

/**
 * One filter; `null` when it is empty (an empty match filter never holds, an empty exclude filter excludes nothing).
 * User information: `subjects` hold on `request.userInfo`; a `match` filter drops its user-info part when the
 * request carries none (an empty description then fails: "match cannot be empty"), an `exclude` filter does not.
 * Roles and cluster roles are not translated: Kyverno's webhook resolves them from the RoleBindings and
 * ClusterRoleBindings of the cluster (pkg/userinfo `GetRoleRef`) and its CLI takes them from the UserInfo file;
 * a ValidatingPolicy's `request.userInfo` has neither.
 */
function filterCondition(filter: ResourceFilter, side: 'match' | 'exclude', path: PolicyPath, notes: { reason: string; path: PolicyPath }[]): FilterOutcome | null {
  for (const key of ['roles', 'clusterRoles'] as const) {
    const value = filter[key];
    if (isSet(value) && !(Array.isArray(value) && value.length === 0)) {
      throw new Untranslatable(`\`${key}\` in a user-info filter: Kyverno resolves the roles of the request from the cluster's RoleBindings and ClusterRoleBindings (its CLI from the UserInfo file), which a ValidatingPolicy's request.userInfo does not carry`, [...path, key]);
    }
  }
  const desc = filter.resources;
  const emptyDescription = desc === undefined || desc === null || !['kinds', 'name', 'names', 'namespaces', 'annotations', 'selector', 'namespaceSelector', 'operations'].some((key) => isSet((desc as Record<string, unknown>)[key]));
  const description: FilterOutcome = emptyDescription ? { condition: 'true', kinds: null, operations: null } : descriptionCondition(desc!, [...path, 'resources']);
  // An empty list is set (the filter is not empty) but checks nothing.
  if (!isSet(filter.roles) && !isSet(filter.clusterRoles) && !isSet(filter.subjects)) return emptyDescription ? null : description;
  const subjects = isSet(filter.subjects) ? subjectsCondition(filter.subjects, [...path, 'subjects']) : 'true';
  if (side === 'match') notes.push({ reason: DROPPED_USER_INFO_NOTE, path });
  const userInfo = side === 'match' ? (emptyDescription ? `!(${NO_USER_INFO}) && (${subjects})` : `(${NO_USER_INFO}) || (${subjects})`) : subjects;
  return { ...description, condition: allOf([description.condition, userInfo].filter((c) => c !== 'true')) };
}

function blockFilters(block: KyvernoMatch): { filters: ResourceFilter[]; mode: 'any' | 'all' | 'inline' } {
  if (block.any && block.any.length > 0) return { filters: block.any, mode: 'any' };
  if (block.all && block.all.length > 0) return { filters: block.all, mode: 'all' };
  return { filters: [block], mode: 'inline' };
}

function blockCondition(
  block: KyvernoMatch,
  side: 'match' | 'exclude',
  path: PolicyPath,
  notes: { reason: string; path: PolicyPath }[],
): { condition: string; outcomes: (FilterOutcome | null)[] } {
  const { filters, mode } = blockFilters(block);
  const outcomes = filters.map((filter, i) => filterCondition(filter, side, mode === 'inline' ? path : [...path, mode, i], notes));
  // An empty filter: `match` fails it ("match cannot be empty"), `exclude` does not hold.
  const parts = outcomes.map((o) => (o === null ? 'false' : o.condition));
  const condition = mode === 'all' ? allOf(parts) : anyOf(parts);
  return { condition, outcomes };
}

/**
 * Translates a rule's `match` and `exclude`. `rulePath` is the rule's path in the policy document.
 */
export function translateMatch(rule: Rule, rulePath: PolicyPath): Translation<MatchTranslation> {
  try {
    const notes: { reason: string; path: PolicyPath }[] = [];
    const match = blockCondition(rule.match ?? {}, 'match', [...rulePath, 'match'], notes);
    const conditions: MatchCondition[] = [{ name: 'kyverno-match', expression: match.condition }];
    if (rule.exclude !== undefined && rule.exclude !== null) {
      const exclude = blockCondition(rule.exclude, 'exclude', [...rulePath, 'exclude'], notes);
      if (exclude.condition !== 'false') conditions.push({ name: 'kyverno-exclude', expression: `!(${exclude.condition})` });
    }
    // The resource rules: a superset of what `match` can hold for.
    const { mode } = blockFilters(rule.match ?? {});
    const held = match.outcomes.filter((o): o is FilterOutcome => o !== null);
    let resources: string[] = ['*', '*/*'];
    let operations: readonly string[] = ALL_OPERATIONS;
    const withKinds = mode === 'all' ? held.filter((o) => o.kinds !== null).slice(0, 1) : held;
    if (held.length > 0 && withKinds.length > 0 && withKinds.every((o) => o.kinds !== null)) {
      const plurals = new Set<string>();
      for (const o of withKinds) {
        for (const text of o.kinds!) {
          const sel = parseKindSelector(text);
          if (hasWildcard(sel.kind)) {
            plurals.clear();
            plurals.add('*');
            break;
          }
          // A selector without a group names the kind in every group: the built-in plural and the guessed one.
          plurals.add(resourceOfKind(hasWildcard(sel.group) ? '' : sel.group, sel.kind));
          if (hasWildcard(sel.group)) plurals.add(unsafeGuessKindToResource(sel.kind));
          if (sel.kind === 'Pod') plurals.add('pods/ephemeralcontainers');
        }
        if (plurals.has('*')) break;
      }
      resources = plurals.has('*') ? ['*', '*/*'] : [...plurals];
    }
    const withOperations = mode === 'all' ? held.filter((o) => o.operations !== null).slice(0, 1) : held;
    if (held.length > 0 && withOperations.length > 0 && withOperations.every((o) => o.operations !== null)) {
      operations = [...new Set(withOperations.flatMap((o) => o.operations!))];
    }
    const resourceRule: NamedRuleWithOperations = { apiGroups: ['*'], apiVersions: ['*'], operations: [...operations], resources };
    return { ok: true, value: { matchConstraints: { resourceRules: [resourceRule] }, matchConditions: conditions, operations, notes } };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}

/**
 * A label selector (`matchLabels`, `matchExpressions`, no wildcards) as a CEL condition on `labels`, an expression
 * of type `map<string, string>` (apimachinery `LabelSelectorAsSelector`).
 */
export function translateLabelSelector(selector: unknown, labels: string, path: PolicyPath): Translation<string> {
  try {
    return { ok: true, value: selectorCondition(selector, labels, path) };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}
