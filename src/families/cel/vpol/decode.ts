/**
 * @file Decoding a ValidatingPolicy / NamespacedValidatingPolicy spec, with each shape problem at its JSON
 * path (the CRD schema kyverno/kyverno cmd/cli/kubectl-kyverno/data/crds/policies.kyverno.io_validatingpolicies.yaml).
 */
import type { DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { decodeMatchResources } from '../match/index.js';
import { auditAnnotations, isObject, namedExpressions, optionalString, type Path, stringList, validations } from '../decode.js';
import type { ValidatingPolicySpec } from './types.js';

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
