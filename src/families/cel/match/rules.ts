/**
 * @file One admission rule against a request (k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules
 * `Matcher.Matches`: scope, operation, group, version, resource/subresource) and Kyverno's resource-name check
 * (kyverno/kyverno pkg/cel/matching/matcher.go `matchesResourceRules`, `matchesGeneratedName`).
 */
import type { AdmissionAttributes, NamedRuleWithOperations } from './types.js';
import { metadataString } from './object.js';

function exactOrWildcard(items: readonly string[] | undefined, requested: string): boolean {
  return (items ?? []).some((item) => item === '*' || item === requested);
}

/** `Matcher.scope`: a Namespace is cluster-scoped even though its requests name it as their namespace. */
function scopeMatches(scope: string | undefined, attributes: AdmissionAttributes): boolean {
  if (scope === undefined || scope === '*') return true;
  const isNamespace = attributes.group === '' && attributes.version === 'v1' && attributes.resource === 'namespaces';
  if (scope === 'Namespaced') return !isNamespace && attributes.namespace !== '';
  if (scope === 'Cluster') return isNamespace || attributes.namespace === '';
  return false;
}

/**
 * `Matcher.resource`: `res/sub` entries; `*` is every resource without subresource, `*\/*` everything,
 * `pods/*` pods and all its subresources (`*` matches the empty subresource too), `*\/scale` the scale
 * subresource of anything.
 */
function resourceMatches(resources: readonly string[] | undefined, attributes: AdmissionAttributes): boolean {
  for (const entry of resources ?? []) {
    const slash = entry.indexOf('/');
    const resource = slash === -1 ? entry : entry.slice(0, slash);
    const subresource = slash === -1 ? '' : entry.slice(slash + 1);
    if ((resource === '*' || resource === attributes.resource) && (subresource === '*' || subresource === attributes.subresource)) return true;
  }
  return false;
}

/** Whether the rule's operations, groups, versions, resources and scope accept the request. */
export function ruleMatches(rule: NamedRuleWithOperations, attributes: AdmissionAttributes): boolean {
  return (
    scopeMatches(rule.scope, attributes) &&
    exactOrWildcard(rule.operations, attributes.operation) &&
    exactOrWildcard(rule.apiGroups, attributes.group) &&
    exactOrWildcard(rule.apiVersions, attributes.version) &&
    resourceMatches(rule.resources, attributes)
  );
}

/**
 * Whether any rule matches, names included: an empty `resourceNames` accepts any name; a request without a
 * name is accepted when the object's `metadata.generateName` starts with one of the names.
 */
export function anyRuleMatches(rules: readonly NamedRuleWithOperations[] | undefined, attributes: AdmissionAttributes): boolean {
  for (const rule of rules ?? []) {
    if (!ruleMatches(rule, attributes)) continue;
    const names = rule.resourceNames ?? [];
    if (names.length === 0) return true;
    if (attributes.name === '') {
      const generateName = attributes.object === null ? '' : metadataString(attributes.object, 'generateName');
      if (names.some((name) => generateName.startsWith(name))) return true;
      continue;
    }
    if (names.includes(attributes.name)) return true;
  }
  return false;
}
