/**
 * @file The admission matcher of `matchConstraints` (kyverno/kyverno pkg/cel/matching/matcher.go `Match`):
 * namespaceSelector, objectSelector, excludeResourceRules, resourceRules (none → everything), and selector
 * errors reported only for requests everything else matched. The namespace labels come from the object itself
 * for a Namespace being created or updated, else from the namespace object the CLI resolved, else from a
 * stand-in namespace labelled only `kubernetes.io/metadata.name: <namespace>`
 * (pkg/cel/matching/predicates/namespace/matcher.go).
 */
import type { JsonObject } from '../../../types.js';
import { labelsOf, metadataString } from './object.js';
import { anyRuleMatches } from './rules.js';
import { buildSelector } from './selector.js';
import type { AdmissionAttributes, MatchOutcome, MatchResources } from './types.js';

/** `namespace.Matcher.MatchNamespaceSelector`: whether the namespace selector accepts the request, or an error. */
function namespaceSelectorMatches(constraints: MatchResources, attributes: AdmissionAttributes, namespaceObject: JsonObject | null): boolean | string {
  // A cluster-scoped request other than a Namespace is never exempted.
  if (attributes.namespace === '' && attributes.resource !== 'namespaces') return true;
  const selector = buildSelector(constraints.namespaceSelector);
  if ('error' in selector) return `Internal error occurred: ${selector.error}`;
  if (selector.empty) return true;
  let labels: Record<string, string>;
  if (attributes.resource === 'namespaces' && attributes.subresource === '' && (attributes.operation === 'CREATE' || attributes.operation === 'UPDATE')) {
    labels = labelsOf(attributes.object);
  } else if (namespaceObject === null) {
    labels = { 'kubernetes.io/metadata.name': attributes.namespace };
  } else if (metadataString(namespaceObject, 'name') !== attributes.namespace) {
    return `namespaces "${attributes.namespace}" not found`;
  } else {
    labels = labelsOf(namespaceObject);
  }
  return selector.matches(labels);
}

/** `object.Matcher.MatchObjectSelector`: the new or the old object's labels. */
function objectSelectorMatches(constraints: MatchResources, attributes: AdmissionAttributes): boolean | string {
  const selector = buildSelector(constraints.objectSelector);
  if ('error' in selector) return `Internal error occurred: ${selector.error}`;
  if (selector.empty) return true;
  const matches = (object: JsonObject | null): boolean => object !== null && selector.matches(labelsOf(object));
  return matches(attributes.object) || matches(attributes.oldObject);
}

/**
 * Matches a request against `matchConstraints`. `namespaceObject` is the namespace the CLI resolved for the
 * request (Values `namespaces` / `namespaceSelector`), null when none was.
 */
export function matchConstraints(constraints: MatchResources, attributes: AdmissionAttributes, namespaceObject: JsonObject | null): MatchOutcome {
  const namespace = namespaceSelectorMatches(constraints, attributes, namespaceObject);
  if (namespace === false) return { matched: false };
  const object = objectSelectorMatches(constraints, attributes);
  if (object === false) return { matched: false };
  if (anyRuleMatches(constraints.excludeResourceRules, attributes)) return { matched: false };
  const rules = constraints.resourceRules ?? [];
  if (rules.length > 0 && !anyRuleMatches(rules, attributes)) return { matched: false };
  if (typeof namespace === 'string') return { matched: false, error: namespace };
  if (typeof object === 'string') return { matched: false, error: object };
  return { matched: true };
}
