/**
 * @file Kubernetes' admission-policy CEL machinery as Kyverno uses it (kyverno/kyverno pkg/admissionpolicy; the
 * k8s.io/apiserver admission plugins it calls), shared by the kyverno family's ClusterPolicy `validate.cel` rules
 * and the cel family's ValidatingAdmissionPolicies. Not a family: it reads no policy document.
 */
export {
  admissionCelEnvironment,
  CompositedVariables,
  PER_CALL_LIMIT,
  RUNTIME_COST_BUDGET,
  type AdmissionDeclarations,
  type VariableDeclaration,
} from './environment.js';
export { collectParams, formatLabelSelector, offlineParamStore, type CollectedParams, type ParamKind, type ParamRef, type ParamStore } from './params.js';
export {
  AdmissionValidator,
  type AdmissionBindings,
  type AdmissionMutation,
  type MutationOutcome,
  type AdmissionExpressions,
  type ExpressionOrigin,
  type NamedExpression,
  type PolicyDecision,
  type ValidateResult,
  type ValidationExpression,
  type ValidatorOptions,
} from './validator.js';
export {
  admissionPolicyRequest,
  admissionRequest,
  celValue,
  groupVersionKind,
  metadataString,
  namespaceObject,
  type AdmissionPolicyRequest,
  type AdmissionRequestInput,
  type AdmissionUser,
  type GroupVersionKind,
} from './values.js';
