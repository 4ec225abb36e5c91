/**
 * @file The ValidatingPolicy spec as the engine reads it (kyverno/api api/policies.kyverno.io/v1beta1
 * validating_policy.go, `ValidatingPolicySpec`; every served version decodes into it).
 */
import type { AuditAnnotation, NamedExpression, Validation } from '../decode.js';
import type { MatchResources } from '../match/index.js';

export type { AuditAnnotation, NamedExpression, Validation };

export interface ValidatingPolicySpec {
  matchConstraints?: MatchResources;
  matchConditions: NamedExpression[];
  variables: NamedExpression[];
  validations: Validation[];
  auditAnnotations: AuditAnnotation[];
  /** Deny, Audit, Warn; `[Deny]` when unset. */
  validationActions: string[];
  /** Fail (default) or Ignore. */
  failurePolicy: string;
  /** Kubernetes (default), JSON, Envoy or HTTP. */
  mode: string;
  /** `autogen.podControllers.controllers`: undefined means all controllers, `[]` none. */
  podControllers?: string[];
}
