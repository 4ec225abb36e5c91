/**
 * @file The admission matcher's data: Kubernetes `MatchResources` (k8s.io/api/admissionregistration/v1,
 * the `matchConstraints` of the `policies.kyverno.io` kinds, of ValidatingAdmissionPolicy and
 * MutatingAdmissionPolicy) and the attributes of the admission request it is matched against
 * (k8s.io/apiserver/pkg/admission `Attributes`).
 */
import type { JsonObject } from '../../../types.js';

/** `metav1.LabelSelectorRequirement`. */
export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** `metav1.LabelSelector`. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/** `admissionregistrationv1.NamedRuleWithOperations`. */
export interface NamedRuleWithOperations {
  resourceNames?: string[];
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  /** `*` (the default), `Cluster` or `Namespaced`. */
  scope?: string;
}

/** `admissionregistrationv1.MatchResources`. */
export interface MatchResources {
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  resourceRules?: NamedRuleWithOperations[];
  excludeResourceRules?: NamedRuleWithOperations[];
  /** `Exact` or `Equivalent`; offline only the request's own resource is compared. */
  matchPolicy?: string;
}

/** The admission request a policy is matched against (`admission.Attributes`). */
export interface AdmissionAttributes {
  group: string;
  version: string;
  kind: string;
  /** The plural resource name (`pods`). */
  resource: string;
  /** `""` for the object itself. */
  subresource: string;
  /** `""` for a cluster-scoped resource. */
  namespace: string;
  name: string;
  /** CREATE, UPDATE, DELETE or CONNECT. */
  operation: string;
  object: JsonObject | null;
  oldObject: JsonObject | null;
}

/** Whether a request matches; `error` when a selector or the namespace could not be read. */
export type MatchOutcome = { readonly matched: boolean; readonly error?: undefined } | { readonly matched: false; readonly error: string };
