/**
 * @file Decoding a ValidatingPolicy / NamespacedValidatingPolicy spec, with each shape problem at its JSON
 * path (the CRD schema kyverno/kyverno cmd/cli/kubectl-kyverno/data/crds/policies.kyverno.io_validatingpolicies.yaml).
 */
import type { DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { decodeMatchResources } from '../match/index.js';
import type { AuditAnnotation, NamedExpression, ValidatingPolicySpec, Validation } from './types.js';

type Path = (string | number)[];

const SPEC_FIELDS = new Set([
  'matchConstraints',
  'matchConditions',
  'variables',
  'validations',
  'auditAnnotations',
  'validationActions',
  'failurePolicy',
  'evaluation',
  'autogen',
  'webhookConfiguration',
]);

const MODES = new Set(['Kubernetes', 'JSON', 'Envoy', 'HTTP']);
const ACTIONS = new Set(['Deny', 'Audit', 'Warn']);
const CONTROLLERS = new Set(['daemonsets', 'deployments', 'jobs', 'cronjobs', 'replicasets', 'statefulsets']);

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function list(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): JsonValue[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  problems.push({ message: 'expected a list', path });
  return [];
}

function optionalString(object: JsonObject, field: string, path: Path, problems: DocumentProblem[]): string | undefined {
  const value = object[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  problems.push({ message: 'expected a string', path: [...path, field] });
  return undefined;
}

function requiredString(object: JsonObject, field: string, path: Path, problems: DocumentProblem[]): string {
  const value = optionalString(object, field, path, problems);
  if (value === undefined && (object[field] === undefined || object[field] === null)) problems.push({ message: `${field} is required`, path: [...path, field] });
  return value ?? '';
}

function stringList(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): string[] {
  return list(value, path, problems).flatMap((item, index) => {
    if (typeof item === 'string') return [item];
    problems.push({ message: 'expected a string', path: [...path, index] });
    return [];
  });
}

/** `{name, expression}` entries (match conditions, variables). */
export function namedExpressions(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): NamedExpression[] {
  return list(value, path, problems).flatMap((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected an object with name and expression', path: at });
      return [];
    }
    return [{ name: requiredString(item, 'name', at, problems), expression: requiredString(item, 'expression', at, problems) }];
  });
}

function validations(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): Validation[] {
  return list(value, path, problems).flatMap((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected a validation object', path: at });
      return [];
    }
    const validation: Validation = { expression: requiredString(item, 'expression', at, problems) };
    for (const field of ['message', 'messageExpression', 'reason'] as const) {
      const text = optionalString(item, field, at, problems);
      if (text !== undefined) validation[field] = text;
    }
    return [validation];
  });
}

function auditAnnotations(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): AuditAnnotation[] {
  return list(value, path, problems).flatMap((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected an object with key and valueExpression', path: at });
      return [];
    }
    return [{ key: requiredString(item, 'key', at, problems), valueExpression: requiredString(item, 'valueExpression', at, problems) }];
  });
}

/** Decodes `spec`; `problems` receives the shape problems (paths from the document root). */
export function decodeValidatingPolicySpec(spec: JsonValue | undefined, problems: DocumentProblem[]): ValidatingPolicySpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  for (const field of Object.keys(value)) if (!SPEC_FIELDS.has(field)) problems.push({ message: `unknown field "spec.${field}"`, path: [...path, field] });
  const decoded: ValidatingPolicySpec = {
    matchConditions: namedExpressions(value.matchConditions, [...path, 'matchConditions'], problems),
    variables: namedExpressions(value.variables, [...path, 'variables'], problems),
    validations: validations(value.validations, [...path, 'validations'], problems),
    auditAnnotations: auditAnnotations(value.auditAnnotations, [...path, 'auditAnnotations'], problems),
    validationActions: stringList(value.validationActions, [...path, 'validationActions'], problems),
    failurePolicy: optionalString(value, 'failurePolicy', path, problems) ?? 'Fail',
    mode: 'Kubernetes',
  };
  decoded.validationActions.forEach((action, index) => {
    if (!ACTIONS.has(action)) problems.push({ message: `unsupported value "${action}": supported values: "Deny", "Audit", "Warn"`, path: [...path, 'validationActions', index] });
  });
  if (decoded.failurePolicy !== 'Fail' && decoded.failurePolicy !== 'Ignore') {
    problems.push({ message: `unsupported value "${decoded.failurePolicy}": supported values: "Fail", "Ignore"`, path: [...path, 'failurePolicy'] });
  }
  const matchConstraints = decodeMatchResources(value.matchConstraints, [...path, 'matchConstraints'], problems);
  if (matchConstraints !== undefined) decoded.matchConstraints = matchConstraints;
  if (value.evaluation !== undefined && value.evaluation !== null) {
    if (!isObject(value.evaluation)) problems.push({ message: 'expected an object', path: [...path, 'evaluation'] });
    else {
      const mode = optionalString(value.evaluation, 'mode', [...path, 'evaluation'], problems);
      if (mode !== undefined && mode !== '') {
        if (MODES.has(mode)) decoded.mode = mode;
        else problems.push({ message: `unsupported value "${mode}": supported values: "Kubernetes", "JSON", "Envoy", "HTTP"`, path: [...path, 'evaluation', 'mode'] });
      }
    }
  }
  if (isObject(value.autogen) && isObject(value.autogen.podControllers) && value.autogen.podControllers.controllers != null) {
    const at = [...path, 'autogen', 'podControllers', 'controllers'];
    decoded.podControllers = stringList(value.autogen.podControllers.controllers, at, problems);
  } else if (value.autogen !== undefined && value.autogen !== null && !isObject(value.autogen)) {
    problems.push({ message: 'expected an object', path: [...path, 'autogen'] });
  }
  return decoded;
}

/** Whether a controller name is one autogen knows (kyverno/kyverno pkg/cel/autogen/data.go, `ConfigsMap`). */
export function isKnownController(name: string): boolean {
  return CONTROLLERS.has(name);
}
