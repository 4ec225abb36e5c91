/**
 * @file Decoding MutatingAdmissionPolicy and MutatingAdmissionPolicyBinding documents
 * (k8s.io/api/admissionregistration v1alpha1, v1beta1 and v1, `MutatingAdmissionPolicySpec`,
 * `MutatingAdmissionPolicyBindingSpec`), with each shape problem at its JSON path. The Kyverno CLI loads the three
 * versions of both kinds (kyverno/kyverno cmd/cli/kubectl-kyverno/policy/load.go, `mapV1alpha1`, `mapV1beta1`,
 * `mapV1`; v1 is converted to v1beta1, `ConvertMutatingAdmissionPolicyToBeta`): any other is
 * `policy type not supported`.
 */
import type { DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import type { AdmissionMutation, ParamKind, ParamRef } from '../../admission/index.js';
import type { MatchResources } from '../match/index.js';
import { decodeFailurePolicy, decodeParamKindAndConstraints, decodeParamRefAndResources } from '../vap/decode.js';
import { isObject, list, namedExpressions, objectField, optionalString, type Path } from '../decode.js';
import type { NamedExpression } from '../vpol/types.js';

/** The versions the Kyverno CLI loads. */
export const MUTATING_ADMISSION_VERSIONS: ReadonlySet<string> = new Set([
  'admissionregistration.k8s.io/v1alpha1',
  'admissionregistration.k8s.io/v1beta1',
  'admissionregistration.k8s.io/v1',
]);

export interface MutatingAdmissionPolicySpec {
  paramKind?: ParamKind;
  matchConstraints?: MatchResources;
  variables: NamedExpression[];
  mutations: AdmissionMutation[];
  /** Fail (default) or Ignore. */
  failurePolicy: 'Fail' | 'Ignore';
  matchConditions: NamedExpression[];
}

export interface MutatingAdmissionPolicyBindingSpec {
  policyName: string;
  paramRef?: ParamRef;
  matchResources?: MatchResources;
}

/** Checks the `apiVersion` (one of the loaded versions) and `metadata.name` of a document. */
export function checkMutatingAdmissionDocument(document: JsonObject, problems: DocumentProblem[]): string {
  if (!MUTATING_ADMISSION_VERSIONS.has(String(document.apiVersion))) {
    problems.push({ message: `policy type not supported ${String(document.apiVersion)}, Kind=${String(document.kind)}`, path: ['apiVersion'] });
  }
  const metadata = isObject(document.metadata) ? document.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  if (name === '') problems.push({ message: 'metadata.name is required', path: ['metadata', 'name'] });
  return name;
}

const PATCH_FIELDS: Readonly<Record<AdmissionMutation['patchType'], string>> = { ApplyConfiguration: 'applyConfiguration', JSONPatch: 'jsonPatch' };

/**
 * `mutations[]`. A mutation whose patch type has no expression block is left out, as Kyverno's compiler leaves it
 * (kyverno/kyverno pkg/admissionpolicy/compiler.go `CompileMutations`: `if m.JSONPatch != nil`).
 */
function mutations(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): AdmissionMutation[] {
  const out: AdmissionMutation[] = [];
  list(value, path, problems).forEach((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected an object', path: at });
      return;
    }
    const patchType = optionalString(item, 'patchType', at, problems) ?? '';
    if (patchType !== 'ApplyConfiguration' && patchType !== 'JSONPatch') {
      problems.push({ message: `unsupported value "${patchType}": supported values: "ApplyConfiguration", "JSONPatch"`, path: [...at, 'patchType'] });
      return;
    }
    const block = objectField(item, PATCH_FIELDS[patchType], at, problems);
    if (block === undefined) return;
    const expression = optionalString(block, 'expression', [...at, PATCH_FIELDS[patchType]], problems) ?? '';
    out.push({ patchType, expression });
  });
  return out;
}

/** Decodes a MutatingAdmissionPolicy `spec`; `problems` receives the shape problems. */
export function decodeMutatingAdmissionPolicySpec(spec: JsonValue | undefined, problems: DocumentProblem[]): MutatingAdmissionPolicySpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  const failurePolicy = decodeFailurePolicy(value, path, problems);
  optionalString(value, 'reinvocationPolicy', path, problems);
  const decoded: MutatingAdmissionPolicySpec = {
    variables: namedExpressions(value.variables, [...path, 'variables'], problems),
    mutations: mutations(value.mutations, [...path, 'mutations'], problems),
    failurePolicy,
    matchConditions: namedExpressions(value.matchConditions, [...path, 'matchConditions'], problems),
  };
  return Object.assign(decoded, decodeParamKindAndConstraints(value, path, problems));
}

/** Decodes a MutatingAdmissionPolicyBinding `spec`; `problems` receives the shape problems. */
export function decodeMutatingAdmissionPolicyBindingSpec(spec: JsonValue | undefined, problems: DocumentProblem[]): MutatingAdmissionPolicyBindingSpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  const decoded: MutatingAdmissionPolicyBindingSpec = { policyName: optionalString(value, 'policyName', path, problems) ?? '' };
  return Object.assign(decoded, decodeParamRefAndResources(value, path, problems));
}
