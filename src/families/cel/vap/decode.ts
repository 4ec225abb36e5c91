/**
 * @file Decoding ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding documents
 * (k8s.io/api/admissionregistration/v1, `ValidatingAdmissionPolicySpec`, `ValidatingAdmissionPolicyBindingSpec`),
 * with each shape problem at its JSON path. The Kyverno CLI loads only the `v1` version of both kinds
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/policy/load.go): any other is `policy type not supported`.
 */
import type { DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import type { ParamKind, ParamRef, ValidationExpression } from '../../admission/index.js';
import { decodeMatchResources, type MatchResources } from '../match/index.js';
import { auditAnnotations, isObject, namedExpressions, objectField, optionalString, type Path, stringList, validations } from '../decode.js';
import type { NamedExpression } from '../vpol/types.js';

/** The only version the Kyverno CLI loads. */
export const ADMISSION_V1 = 'admissionregistration.k8s.io/v1';

export interface ValidatingAdmissionPolicySpec {
  paramKind?: ParamKind;
  matchConstraints?: MatchResources;
  validations: ValidationExpression[];
  /** Fail (default) or Ignore. */
  failurePolicy: 'Fail' | 'Ignore';
  auditAnnotations: { key: string; valueExpression: string }[];
  matchConditions: NamedExpression[];
  variables: NamedExpression[];
}

export interface ValidatingAdmissionPolicyBindingSpec {
  policyName: string;
  paramRef?: ParamRef;
  matchResources?: MatchResources;
  validationActions: string[];
}

/** Checks the `apiVersion` (v1 only) and `metadata.name` of a document. */
export function checkDocument(document: JsonObject, problems: DocumentProblem[]): string {
  if (document.apiVersion !== ADMISSION_V1) {
    problems.push({ message: `policy type not supported ${String(document.apiVersion)}, Kind=${String(document.kind)}`, path: ['apiVersion'] });
  }
  const metadata = isObject(document.metadata) ? document.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  if (name === '') problems.push({ message: 'metadata.name is required', path: ['metadata', 'name'] });
  return name;
}

/** Decodes a ValidatingAdmissionPolicy `spec`; `problems` receives the shape problems. */
export function decodeValidatingAdmissionPolicySpec(spec: JsonValue | undefined, problems: DocumentProblem[]): ValidatingAdmissionPolicySpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  const failurePolicy = decodeFailurePolicy(value, path, problems);
  const decoded: ValidatingAdmissionPolicySpec = {
    validations: validations(value.validations, [...path, 'validations'], problems),
    failurePolicy,
    auditAnnotations: auditAnnotations(value.auditAnnotations, [...path, 'auditAnnotations'], problems),
    matchConditions: namedExpressions(value.matchConditions, [...path, 'matchConditions'], problems),
    variables: namedExpressions(value.variables, [...path, 'variables'], problems),
  };
  return Object.assign(decoded, decodeParamKindAndConstraints(value, path, problems));
}

/** `failurePolicy` of an admission policy spec: Fail (the default) or Ignore. */
export function decodeFailurePolicy(value: JsonObject, path: Path, problems: DocumentProblem[]): 'Fail' | 'Ignore' {
  const failurePolicy = optionalString(value, 'failurePolicy', path, problems) ?? 'Fail';
  if (failurePolicy !== 'Fail' && failurePolicy !== 'Ignore') {
    problems.push({ message: `unsupported value "${failurePolicy}": supported values: "Fail", "Ignore"`, path: [...path, 'failurePolicy'] });
  }
  return failurePolicy === 'Ignore' ? 'Ignore' : 'Fail';
}

/** `paramKind` and `matchConstraints` of an admission policy spec (ValidatingAdmissionPolicy, MutatingAdmissionPolicy). */
export function decodeParamKindAndConstraints(
  value: JsonObject,
  path: Path,
  problems: DocumentProblem[],
): { paramKind?: ParamKind; matchConstraints?: MatchResources } {
  const out: { paramKind?: ParamKind; matchConstraints?: MatchResources } = {};
  const paramKind = objectField(value, 'paramKind', path, problems);
  if (paramKind !== undefined) {
    const at = [...path, 'paramKind'];
    out.paramKind = { apiVersion: optionalString(paramKind, 'apiVersion', at, problems) ?? '', kind: optionalString(paramKind, 'kind', at, problems) ?? '' };
  }
  const matchConstraints = decodeMatchResources(value.matchConstraints, [...path, 'matchConstraints'], problems);
  if (matchConstraints !== undefined) out.matchConstraints = matchConstraints;
  return out;
}

/** Decodes a ValidatingAdmissionPolicyBinding `spec`; `problems` receives the shape problems. */
export function decodeValidatingAdmissionPolicyBindingSpec(spec: JsonValue | undefined, problems: DocumentProblem[]): ValidatingAdmissionPolicyBindingSpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  const decoded: ValidatingAdmissionPolicyBindingSpec = {
    policyName: optionalString(value, 'policyName', path, problems) ?? '',
    validationActions: stringList(value.validationActions, [...path, 'validationActions'], problems),
  };
  return Object.assign(decoded, decodeParamRefAndResources(value, path, problems));
}

/** `paramRef` and `matchResources` of an admission policy binding spec (ValidatingAdmissionPolicyBinding, MutatingAdmissionPolicyBinding). */
export function decodeParamRefAndResources(value: JsonObject, path: Path, problems: DocumentProblem[]): { paramRef?: ParamRef; matchResources?: MatchResources } {
  const out: { paramRef?: ParamRef; matchResources?: MatchResources } = {};
  const paramRef = objectField(value, 'paramRef', path, problems);
  if (paramRef !== undefined) {
    const at = [...path, 'paramRef'];
    const ref: { -readonly [K in keyof ParamRef]: ParamRef[K] } = {};
    for (const field of ['name', 'namespace', 'parameterNotFoundAction'] as const) {
      const text = optionalString(paramRef, field, at, problems);
      if (text !== undefined) ref[field] = text;
    }
    if (paramRef.selector !== undefined && paramRef.selector !== null) {
      if (isObject(paramRef.selector)) ref.selector = paramRef.selector;
      else problems.push({ message: 'expected a label selector object', path: [...at, 'selector'] });
    }
    out.paramRef = ref;
  }
  const matchResources = decodeMatchResources(value.matchResources, [...path, 'matchResources'], problems);
  if (matchResources !== undefined) out.matchResources = matchResources;
  return out;
}
