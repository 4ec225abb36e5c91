/**
 * @file Kubernetes label selectors (`selector`, `namespaceSelector`) as Kyverno evaluates them
 * (`CheckSelector`, pkg/utils/match/labels.go): `matchLabels` entries holding `*`/`?` are first rewritten
 * against the actual labels (`wildcards.ReplaceInSelector`), then the selector is built with apimachinery
 * `LabelSelectorAsSelector` semantics (label key/value syntax checks, operator checks) and matched.
 * An invalid selector never matches. Static parts of a selector are compiled once and cached.
 */
import type { JsonValue } from '../../../types.js';
import { isObject } from '../../../util/json-value.js';
import { containsWildcard, wildcardMatch } from '../../../util/wildcard.js';

type Operator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

interface Requirement {
  readonly key: string;
  readonly operator: Operator;
  readonly values: readonly string[];
}

interface CompiledSelector {
  /** Why the selector can never be built (bad operator, bad syntax, wrong value types), or null. */
  readonly error: string | null;
  /** Requirements that do not depend on the labels being matched. */
  readonly fixed: readonly Requirement[];
  /** `matchLabels` entries with wildcards in key or value, rewritten per label set. */
  readonly wildcardLabels: readonly (readonly [string, string])[];
}

const DNS1123_LABEL = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?$/;
const QUALIFIED_NAME_PART = /^(?:[A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(?:(?:[A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** apimachinery `IsDNS1123Subdomain`. */
function isDns1123Subdomain(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  return value.split('.').every((label) => DNS1123_LABEL.test(label));
}

/** apimachinery `IsQualifiedName` (label keys). */
export function isQualifiedName(value: string): boolean {
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    if (parts[0].length === 0 || !isDns1123Subdomain(parts[0])) return false;
    name = parts[1];
  } else {
    return false;
  }
  return name.length > 0 && name.length <= 63 && QUALIFIED_NAME_PART.test(name);
}

/** apimachinery `IsValidLabelValue`. */
export function isValidLabelValue(value: string): boolean {
  return value.length <= 63 && LABEL_VALUE.test(value);
}

function invalid(error: string): CompiledSelector {
  return { error, fixed: [], wildcardLabels: [] };
}
const cache = new WeakMap<object, CompiledSelector>();

function keyError(key: string): string | null {
  return isQualifiedName(key) ? null : `key: Invalid value: ${JSON.stringify(key)}: must be a qualified name`;
}

function valueError(value: string): string | null {
  return isValidLabelValue(value) ? null : `values[0]: Invalid value: ${JSON.stringify(value)}: must be a valid label value`;
}

/** A requirement built from a `matchExpressions` entry, or the apimachinery error text. */
function compileExpression(expr: JsonValue): Requirement | string {
  if (!isObject(expr)) return 'matchExpressions: must be an object';
  const { key, operator, values } = expr;
  if (typeof key !== 'string' || typeof operator !== 'string') return 'matchExpressions: key and operator are required';
  if (values !== undefined && values !== null && !Array.isArray(values)) return 'values: must be a list';
  const list: string[] = [];
  for (const v of values ?? []) {
    if (typeof v !== 'string') return 'values: must be a list of strings';
    list.push(v);
  }
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (list.length === 0) return "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty";
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (list.length !== 0) {
        return `values: Invalid value: ${JSON.stringify(list)}: values set must be empty for exists and does not exist`;
      }
      break;
    default:
      return `${JSON.stringify(operator)} is not a valid label selector operator`;
  }
  const badKey = keyError(key);
  if (badKey !== null) return badKey;
  for (const v of list) {
    const badValue = valueError(v);
    if (badValue !== null) return badValue;
  }
  return { key, operator, values: list };
}

function compile(sel: { [key: string]: JsonValue }): CompiledSelector {
  const fixed: Requirement[] = [];
  const wildcardLabels: (readonly [string, string])[] = [];
  const { matchLabels, matchExpressions } = sel;
  if (matchLabels !== undefined && matchLabels !== null) {
    if (!isObject(matchLabels)) return invalid('matchLabels: must be a map');
    for (const [key, value] of Object.entries(matchLabels)) {
      if (typeof value !== 'string') return invalid('matchLabels: values must be strings');
      if (containsWildcard(key) || containsWildcard(value)) {
        wildcardLabels.push([key, value]);
      } else {
        const error = keyError(key) ?? valueError(value);
        if (error !== null) return invalid(error);
        fixed.push({ key, operator: 'In', values: [value] });
      }
    }
  }
  if (matchExpressions !== undefined && matchExpressions !== null) {
    if (!Array.isArray(matchExpressions)) return invalid('matchExpressions: must be a list');
    for (const expr of matchExpressions) {
      const requirement = compileExpression(expr);
      if (typeof requirement === 'string') return invalid(requirement);
      fixed.push(requirement);
    }
  }
  return { error: null, fixed, wildcardLabels };
}

function compiled(sel: object): CompiledSelector {
  let result = cache.get(sel);
  if (result === undefined) {
    result = isObject(sel) ? compile(sel) : invalid('selector: must be an object');
    cache.set(sel, result);
  }
  return result;
}

function requirementMatches(req: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, req.key);
  switch (req.operator) {
    case 'In':
      return has && req.values.includes(labels[req.key]);
    case 'NotIn':
      return !has || !req.values.includes(labels[req.key]);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

/**
 * Kyverno `expandWildcards` for selectors: the first label whose key and value wildcard-match the entry
 * replaces it; otherwise every `*` and `?` becomes `0`.
 */
function expandWildcardLabel(
  key: string,
  value: string,
  labels: Readonly<Record<string, string>>,
): readonly [string, string] {
  for (const labelKey of Object.keys(labels)) {
    if (wildcardMatch(key, labelKey) && wildcardMatch(value, labels[labelKey])) {
      return [labelKey, labels[labelKey]];
    }
  }
  return [key.replace(/[*?]/g, '0'), value.replace(/[*?]/g, '0')];
}

/**
 * Whether a label selector matches a label set. `selector` is the raw policy value (a non-null object);
 * an invalid selector returns false, as Kyverno's "failed to parse selector" makes the filter fail.
 */
export function selectorMatches(selector: object, labels: Readonly<Record<string, string>>): boolean {
  const sel = compiled(selector);
  if (sel.error !== null) return false;
  if (sel.wildcardLabels.length > 0) {
    // The rewritten entries replace the originals in a map: a later entry with the same key wins.
    const rewritten = new Map<string, string>();
    for (const [key, value] of sel.wildcardLabels) {
      const [k, v] = expandWildcardLabel(key, value, labels);
      rewritten.set(k, v);
    }
    for (const [k, v] of rewritten) {
      if (!isQualifiedName(k) || !isValidLabelValue(v)) return false;
      if (labels[k] !== v || !Object.prototype.hasOwnProperty.call(labels, k)) return false;
    }
  }
  for (const req of sel.fixed) {
    if (!requirementMatches(req, labels)) return false;
  }
  return true;
}

/**
 * apimachinery `LabelSelectorAsSelector` as policy validation applies it (before any wildcard rewrite):
 * the error text of an invalid selector, or null. `requirements` is the number of requirements built.
 */
export function describeSelector(selector: object): { error: string | null; requirements: number } {
  const sel = compiled(selector);
  return { error: sel.error, requirements: sel.fixed.length + sel.wildcardLabels.length };
}
