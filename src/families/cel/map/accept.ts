/**
 * @file Accepting MutatingAdmissionPolicy and MutatingAdmissionPolicyBinding documents into the CEL family. A
 * binding is kept apart from its policy: the loaders pass the bindings read with the policies to every evaluation
 * (`EvaluationRequest.bindings`), and a policy reads those naming it (`spec.policyName`).
 */
import type { Acceptance, BindingAcceptance, DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, SourceLocation } from '../../../types.js';
import { policyMetadata } from '../vpol/policy.js';
import { checkMutatingAdmissionDocument, decodeMutatingAdmissionPolicyBindingSpec, decodeMutatingAdmissionPolicySpec } from './decode.js';
import { MUTATING_ADMISSION_POLICY_BINDING, MutatingAdmissionPolicy, type MutatingAdmissionPolicyBinding } from './policy.js';

/** Accepts a MutatingAdmissionPolicy document. */
export function acceptMutatingAdmissionPolicy(document: JsonObject, source: SourceLocation | undefined): Acceptance {
  const problems: DocumentProblem[] = [];
  const name = checkMutatingAdmissionDocument(document, problems);
  const spec = decodeMutatingAdmissionPolicySpec(document.spec, problems);
  if (problems.length > 0) return { status: 'malformed', problems };
  const { annotations } = policyMetadata(document);
  const policy = new MutatingAdmissionPolicy({ apiVersion: String(document.apiVersion), name, annotations, ...(source === undefined ? {} : { source }), spec });
  return { status: 'accepted', policy };
}

/** Accepts a MutatingAdmissionPolicyBinding document. */
export function acceptMutatingAdmissionPolicyBinding(document: JsonObject): BindingAcceptance {
  const problems: DocumentProblem[] = [];
  const name = checkMutatingAdmissionDocument(document, problems);
  const spec = decodeMutatingAdmissionPolicyBindingSpec(document.spec, problems);
  if (problems.length > 0) return { status: 'malformed', problems };
  const binding: MutatingAdmissionPolicyBinding = { family: 'cel', kind: MUTATING_ADMISSION_POLICY_BINDING, name, policyName: spec.policyName, spec };
  return { status: 'accepted', binding };
}
