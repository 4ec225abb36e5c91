/**
 * @file Decoding `matchConstraints` (`MatchResources`) from a policy document, with every shape problem at its
 * JSON path (the CRD schema of kyverno/kyverno cmd/cli/kubectl-kyverno/data/crds/policies.kyverno.io_*.yaml).
 */
import type { DocumentProblem } from '../../../evaluate/types.js';
import type { JsonValue } from '../../../types.js';
import { isObject, type Path } from '../decode.js';
import type { LabelSelector, LabelSelectorRequirement, MatchResources, NamedRuleWithOperations } from './types.js';

function stringList(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    problems.push({ message: 'expected a list of strings', path });
    return undefined;
  }
  const out: string[] = [];
  value.forEach((item, index) => {
    if (typeof item === 'string') out.push(item);
    else problems.push({ message: 'expected a string', path: [...path, index] });
  });
  return out;
}

function decodeSelector(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): LabelSelector | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    problems.push({ message: 'expected a label selector object', path });
    return undefined;
  }
  const selector: LabelSelector = {};
  if (value.matchLabels !== undefined && value.matchLabels !== null) {
    if (!isObject(value.matchLabels)) problems.push({ message: 'expected a map of strings', path: [...path, 'matchLabels'] });
    else {
      const labels: Record<string, string> = {};
      for (const [key, label] of Object.entries(value.matchLabels)) {
        if (typeof label === 'string') labels[key] = label;
        else problems.push({ message: 'expected a string', path: [...path, 'matchLabels', key] });
      }
      selector.matchLabels = labels;
    }
  }
  if (value.matchExpressions !== undefined && value.matchExpressions !== null) {
    if (!Array.isArray(value.matchExpressions)) problems.push({ message: 'expected a list', path: [...path, 'matchExpressions'] });
    else {
      const expressions: LabelSelectorRequirement[] = [];
      value.matchExpressions.forEach((item, index) => {
        const at = [...path, 'matchExpressions', index];
        if (!isObject(item) || typeof item.key !== 'string' || typeof item.operator !== 'string') {
          problems.push({ message: 'expected a requirement with string key and operator', path: at });
          return;
        }
        const requirement: LabelSelectorRequirement = { key: item.key, operator: item.operator };
        const values = stringList(item.values, [...at, 'values'], problems);
        if (values !== undefined) requirement.values = values;
        expressions.push(requirement);
      });
      selector.matchExpressions = expressions;
    }
  }
  return selector;
}

function decodeRules(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): NamedRuleWithOperations[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    problems.push({ message: 'expected a list of rules', path });
    return undefined;
  }
  const rules: NamedRuleWithOperations[] = [];
  value.forEach((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected a rule object', path: at });
      return;
    }
    const rule: NamedRuleWithOperations = {};
    for (const field of ['resourceNames', 'operations', 'apiGroups', 'apiVersions', 'resources'] as const) {
      const list = stringList(item[field], [...at, field], problems);
      if (list !== undefined) rule[field] = list;
    }
    if (item.scope !== undefined && item.scope !== null) {
      if (typeof item.scope === 'string') rule.scope = item.scope;
      else problems.push({ message: 'expected a string', path: [...at, 'scope'] });
    }
    rules.push(rule);
  });
  return rules;
}

/** Decodes `MatchResources` at `path` (problems appended); undefined for an absent or null value. */
export function decodeMatchResources(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): MatchResources | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    problems.push({ message: 'expected an object', path });
    return undefined;
  }
  const out: MatchResources = {};
  const namespaceSelector = decodeSelector(value.namespaceSelector, [...path, 'namespaceSelector'], problems);
  if (namespaceSelector !== undefined) out.namespaceSelector = namespaceSelector;
  const objectSelector = decodeSelector(value.objectSelector, [...path, 'objectSelector'], problems);
  if (objectSelector !== undefined) out.objectSelector = objectSelector;
  const resourceRules = decodeRules(value.resourceRules, [...path, 'resourceRules'], problems);
  if (resourceRules !== undefined) out.resourceRules = resourceRules;
  const excludeResourceRules = decodeRules(value.excludeResourceRules, [...path, 'excludeResourceRules'], problems);
  if (excludeResourceRules !== undefined) out.excludeResourceRules = excludeResourceRules;
  if (typeof value.matchPolicy === 'string') out.matchPolicy = value.matchPolicy;
  return out;
}
