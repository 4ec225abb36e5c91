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
 * kind and subresource and the namespace object's labels. User-info filters (roles, clusterRoles, subjects) are
 * not translated: Kyverno resolves roles from RBAC bindings and drops these filters without admission info.
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
}

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

/** One filter; `null` when it is empty (an empty match filter never holds, an empty exclude filter excludes nothing). */
function filterCondition(filter: ResourceFilter, path: PolicyPath): FilterOutcome | null {
  if (isSet(filter.roles) || isSet(filter.clusterRoles) || isSet(filter.subjects)) {
    throw new Untranslatable('user-info filters (roles, clusterRoles, subjects): Kyverno resolves roles from RBAC bindings and drops these filters without admission info', path);
  }
  const desc = filter.resources;
  if (desc === undefined || desc === null) return null;
  const empty = !['kinds', 'name', 'names', 'namespaces', 'annotations', 'selector', 'namespaceSelector', 'operations'].some((key) => isSet((desc as Record<string, unknown>)[key]));
  if (empty) return null;
  return descriptionCondition(desc, [...path, 'resources']);
}

function blockFilters(block: KyvernoMatch): { filters: ResourceFilter[]; mode: 'any' | 'all' | 'inline' } {
  if (block.any && block.any.length > 0) return { filters: block.any, mode: 'any' };
  if (block.all && block.all.length > 0) return { filters: block.all, mode: 'all' };
  return { filters: [block], mode: 'inline' };
}

function blockCondition(block: KyvernoMatch, path: PolicyPath): { condition: string; outcomes: (FilterOutcome | null)[] } {
  const { filters, mode } = blockFilters(block);
  const outcomes = filters.map((filter, i) => filterCondition(filter, mode === 'inline' ? path : [...path, mode, i]));
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
    const match = blockCondition(rule.match ?? {}, [...rulePath, 'match']);
    const conditions: MatchCondition[] = [{ name: 'kyverno-match', expression: match.condition }];
    if (rule.exclude !== undefined && rule.exclude !== null) {
      const exclude = blockCondition(rule.exclude, [...rulePath, 'exclude']);
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
    return { ok: true, value: { matchConstraints: { resourceRules: [resourceRule] }, matchConditions: conditions, operations } };
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
