/**
 * @file Accepting ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding documents into the CEL family.
 * A binding is kept apart from its policy: the loaders pass the bindings read with the policies to every
 * evaluation (`EvaluationRequest.bindings`), and a policy reads those naming it (`spec.policyName`).
 */
import type { Acceptance, BindingAcceptance, DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, SourceLocation } from '../../../types.js';
import { policyMetadata } from '../vpol/policy.js';
import { checkDocument, decodeValidatingAdmissionPolicyBindingSpec, decodeValidatingAdmissionPolicySpec } from './decode.js';
import { VALIDATING_ADMISSION_POLICY_BINDING, ValidatingAdmissionPolicy, type ValidatingAdmissionPolicyBinding } from './policy.js';

/** Accepts a ValidatingAdmissionPolicy document. */
export function acceptValidatingAdmissionPolicy(document: JsonObject, source: SourceLocation | undefined): Acceptance {
  const problems: DocumentProblem[] = [];
  const name = checkDocument(document, problems);
  const spec = decodeValidatingAdmissionPolicySpec(document.spec, problems);
  if (problems.length > 0) return { status: 'malformed', problems };
  const { annotations } = policyMetadata(document);
  const policy = new ValidatingAdmissionPolicy({ apiVersion: String(document.apiVersion), name, annotations, ...(source === undefined ? {} : { source }), spec });
  return { status: 'accepted', policy };
}

/** Accepts a ValidatingAdmissionPolicyBinding document. */
export function acceptValidatingAdmissionPolicyBinding(document: JsonObject): BindingAcceptance {
  const problems: DocumentProblem[] = [];
  const name = checkDocument(document, problems);
  const spec = decodeValidatingAdmissionPolicyBindingSpec(document.spec, problems);
  if (problems.length > 0) return { status: 'malformed', problems };
  const binding: ValidatingAdmissionPolicyBinding = { family: 'cel', kind: VALIDATING_ADMISSION_POLICY_BINDING, name, policyName: spec.policyName, spec };
  return { status: 'accepted', binding };
}
