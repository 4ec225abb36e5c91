/**
 * @file Decoding a MutatingPolicy / NamespacedMutatingPolicy spec, with each shape problem at its JSON path (the CRD
 * schema kyverno/kyverno cmd/cli/kubectl-kyverno/data/crds/policies.kyverno.io_mutatingpolicies.yaml; kyverno/api
 * api/policies.kyverno.io/v1beta1 mutating_policy.go, `MutatingPolicySpec`).
 */
import type { DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { auditAnnotations, isObject, list, namedExpressions, objectField, optionalString, stringList, type AuditAnnotation, type NamedExpression, type Path } from '../decode.js';
import { decodeMatchResources, type MatchResources } from '../match/index.js';

/** A `mutations[]` entry: an apply configuration or a JSON patch, each built by a CEL expression. */
export interface Mutation {
  patchType: 'ApplyConfiguration' | 'JSONPatch';
  expression: string;
}

export interface MutatingPolicySpec {
  matchConstraints?: MatchResources;
  matchConditions: NamedExpression[];
  variables: NamedExpression[];
  mutations: Mutation[];
  auditAnnotations: AuditAnnotation[];
  /** Fail (default) or Ignore. */
  failurePolicy: string;
  /** Never (default) or IfNeeded: offline the mutations run once either way. */
  reinvocationPolicy: string;
  /** `evaluation.mutateExisting.enabled`. */
  mutateExisting: boolean;
  /** `evaluation.useServerSideApply`: apply configurations may set atomic fields. */
  useServerSideApply: boolean;
  /** `targetMatchConstraints`: which objects a mutate-existing policy mutates. */
  targetMatchConstraints?: MatchResources;
  /** `targetMatchConstraints.expression`: a CEL map naming the targets. */
  targetExpression?: string;
  targetMatchConditions: NamedExpression[];
  /** `autogen.podControllers.controllers`: undefined means all controllers, `[]` none. */
  podControllers?: string[];
  /** `autogen.mutatingAdmissionPolicy.enabled`. */
  mapAutogen: boolean;
}

const SPEC_FIELDS = new Set([
  'matchConstraints',
  'matchConditions',
  'variables',
  'mutations',
  'auditAnnotations',
  'failurePolicy',
  'reinvocationPolicy',
  'evaluation',
  'autogen',
  'webhookConfiguration',
  'targetMatchConstraints',
  'targetMatchConditions',
]);

const PATCH_TYPES = new Set(['ApplyConfiguration', 'JSONPatch']);

function enabled(object: JsonObject | undefined, field: string, path: Path, problems: DocumentProblem[]): boolean {
  if (object === undefined) return false;
  const nested = objectField(object, field, path, problems);
  if (nested === undefined || nested.enabled === undefined || nested.enabled === null) return false;
  if (typeof nested.enabled === 'boolean') return nested.enabled;
  problems.push({ message: 'expected a boolean', path: [...path, field, 'enabled'] });
  return false;
}

function mutations(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): Mutation[] {
  return list(value, path, problems).flatMap((item, index): Mutation[] => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected a mutation object', path: at });
      return [];
    }
    const patchType = optionalString(item, 'patchType', at, problems) ?? '';
    if (!PATCH_TYPES.has(patchType)) {
      problems.push({ message: `unsupported value "${patchType}": supported values: "ApplyConfiguration", "JSONPatch"`, path: [...at, 'patchType'] });
      return [];
    }
    const field = patchType === 'ApplyConfiguration' ? 'applyConfiguration' : 'jsonPatch';
    const body = objectField(item, field, at, problems);
    // Kyverno's compiler skips a mutation whose body is missing (compiler.go `Compile`); the CRD requires it.
    if (body === undefined) {
      problems.push({ message: `${field} is required when patchType is ${patchType}`, path: [...at, field] });
      return [];
    }
    const expression = optionalString(body, 'expression', [...at, field], problems) ?? '';
    return [{ patchType: patchType as Mutation['patchType'], expression }];
  });
}

/** Decodes `spec`; `problems` receives the shape problems (paths from the document root). */
export function decodeMutatingPolicySpec(spec: JsonValue | undefined, problems: DocumentProblem[]): MutatingPolicySpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  for (const field of Object.keys(value)) if (!SPEC_FIELDS.has(field)) problems.push({ message: `unknown field "spec.${field}"`, path: [...path, field] });
  const evaluation = objectField(value, 'evaluation', path, problems);
  const decoded: MutatingPolicySpec = {
    matchConditions: namedExpressions(value.matchConditions, [...path, 'matchConditions'], problems),
    variables: namedExpressions(value.variables, [...path, 'variables'], problems),
    mutations: mutations(value.mutations, [...path, 'mutations'], problems),
    auditAnnotations: auditAnnotations(value.auditAnnotations, [...path, 'auditAnnotations'], problems),
    failurePolicy: optionalString(value, 'failurePolicy', path, problems) ?? 'Fail',
    reinvocationPolicy: optionalString(value, 'reinvocationPolicy', path, problems) ?? 'Never',
    mutateExisting: enabled(evaluation, 'mutateExisting', [...path, 'evaluation'], problems),
    useServerSideApply: evaluation?.useServerSideApply === true,
    targetMatchConditions: namedExpressions(value.targetMatchConditions, [...path, 'targetMatchConditions'], problems),
    mapAutogen: false,
  };
  if (decoded.failurePolicy !== 'Fail' && decoded.failurePolicy !== 'Ignore') {
    problems.push({ message: `unsupported value "${decoded.failurePolicy}": supported values: "Fail", "Ignore"`, path: [...path, 'failurePolicy'] });
  }
  if (decoded.reinvocationPolicy !== 'Never' && decoded.reinvocationPolicy !== 'IfNeeded') {
    problems.push({ message: `unsupported value "${decoded.reinvocationPolicy}": supported values: "Never", "IfNeeded"`, path: [...path, 'reinvocationPolicy'] });
  }
  const matchConstraints = decodeMatchResources(value.matchConstraints, [...path, 'matchConstraints'], problems);
  if (matchConstraints !== undefined) decoded.matchConstraints = matchConstraints;
  const target = objectField(value, 'targetMatchConstraints', path, problems);
  if (target !== undefined) {
    const { expression, ...resources } = target;
    const constraints = decodeMatchResources(resources, [...path, 'targetMatchConstraints'], problems);
    if (constraints !== undefined) decoded.targetMatchConstraints = constraints;
    if (typeof expression === 'string' && expression !== '') decoded.targetExpression = expression;
    else if (expression !== undefined && expression !== null && typeof expression !== 'string') {
      problems.push({ message: 'expected a string', path: [...path, 'targetMatchConstraints', 'expression'] });
    }
  }
  const autogen = objectField(value, 'autogen', path, problems);
  if (autogen !== undefined) {
    const podControllers = objectField(autogen, 'podControllers', [...path, 'autogen'], problems);
    if (podControllers !== undefined && podControllers.controllers !== undefined && podControllers.controllers !== null) {
      decoded.podControllers = stringList(podControllers.controllers, [...path, 'autogen', 'podControllers', 'controllers'], problems);
    }
    decoded.mapAutogen = enabled(autogen, 'mutatingAdmissionPolicy', [...path, 'autogen'], problems);
  }
  return decoded;
}
