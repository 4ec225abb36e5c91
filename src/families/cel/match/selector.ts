/**
 * @file `metav1.LabelSelector` as Kubernetes builds it for admission matching
 * (k8s.io/apimachinery pkg/apis/meta/v1/helpers.go `LabelSelectorAsSelector`, pkg/labels/selector.go
 * `NewRequirement`, `Requirement.Matches`): no wildcards, strict key/value syntax, and an error for a
 * selector that cannot be built.
 */
import type { LabelSelector } from './types.js';

/** A built selector: `matches`, and whether it selects everything (`Empty()`). */
export interface BuiltSelector {
  readonly empty: boolean;
  matches(labels: Readonly<Record<string, string>>): boolean;
}

const DNS1123_LABEL = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?$/;
const NAME_PART = /^(?:[A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(?:(?:[A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** apimachinery validation `IsQualifiedName` (label keys). */
function qualifiedNameError(key: string): string | null {
  const parts = key.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    if (prefix.length === 0 || prefix.length > 253 || !prefix.split('.').every((label) => DNS1123_LABEL.test(label))) {
      return `prefix part must be a lowercase RFC 1123 subdomain`;
    }
    name = parts[1]!;
  } else return `a qualified name must consist of alphanumeric characters, '-', '_' or '.', with an optional DNS subdomain prefix and '/'`;
  if (name.length === 0) return 'name part must be non-empty';
  if (name.length > 63) return 'name part must be no more than 63 characters';
  if (!NAME_PART.test(name)) return `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`;
  return null;
}

function valueError(value: string): string | null {
  if (value.length > 63) return 'must be no more than 63 characters';
  if (!LABEL_VALUE.test(value)) return `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`;
  return null;
}

type Test = (labels: Readonly<Record<string, string>>) => boolean;

function requirement(key: string, operator: 'in' | 'notin' | 'exists' | '!' | '=', values: readonly string[]): Test | string {
  const keyError = qualifiedNameError(key);
  if (keyError !== null) return `key: Invalid value: "${key}": ${keyError}`;
  if ((operator === 'in' || operator === 'notin') && values.length === 0) return `values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty`;
  if ((operator === 'exists' || operator === '!') && values.length > 0) return `values: Invalid value: ${JSON.stringify(values)}: values set must be empty for exists and does not exist`;
  for (let i = 0; i < values.length; i++) {
    const error = valueError(values[i]!);
    if (error !== null) return `values[${i}][${key}]: Invalid value: "${values[i]}": ${error}`;
  }
  const set = new Set(values);
  const has = (labels: Readonly<Record<string, string>>): boolean => Object.prototype.hasOwnProperty.call(labels, key);
  switch (operator) {
    case '=':
    case 'in':
      return (labels) => has(labels) && set.has(labels[key]!);
    case 'notin':
      return (labels) => !has(labels) || !set.has(labels[key]!);
    case 'exists':
      return has;
    case '!':
      return (labels) => !has(labels);
  }
}

const OPERATORS: Readonly<Record<string, 'in' | 'notin' | 'exists' | '!'>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

const EVERYTHING: BuiltSelector = { empty: true, matches: () => true };

/**
 * Builds a selector: `undefined` (a nil selector) selects everything, as Kyverno's `MatchCriteria`
 * (kyverno/kyverno pkg/cel/matching/criteria.go) defaults it; a selector that cannot be built gives its error.
 */
export function buildSelector(selector: LabelSelector | undefined): BuiltSelector | { error: string } {
  if (selector === undefined) return EVERYTHING;
  const labels = Object.entries(selector.matchLabels ?? {});
  const expressions = selector.matchExpressions ?? [];
  if (labels.length + expressions.length === 0) return EVERYTHING;
  const tests: Test[] = [];
  for (const [key, value] of labels) {
    const test = requirement(key, '=', [value]);
    if (typeof test === 'string') return { error: test };
    tests.push(test);
  }
  for (const expression of expressions) {
    const operator = OPERATORS[expression.operator];
    if (operator === undefined) return { error: `"${expression.operator}" is not a valid label selector operator` };
    const test = requirement(expression.key, operator, expression.values ?? []);
    if (typeof test === 'string') return { error: test };
    tests.push(test);
  }
  return { empty: false, matches: (values) => tests.every((test) => test(values)) };
}

/** Whether a selector has `matchLabels` or `matchExpressions` (Kyverno CLI `hasSelector`). */
export function hasRequirements(selector: LabelSelector | undefined): boolean {
  return selector !== undefined && (Object.keys(selector.matchLabels ?? {}).length > 0 || (selector.matchExpressions ?? []).length > 0);
}
