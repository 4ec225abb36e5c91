/**
 * @file Both evaluations of a translated rule part on one request: the JMESPath family's (rule matching,
 * condition blocks) and the CEL evaluation of the translation (matchConstraints, match conditions, condition
 * expressions in the ValidatingPolicy environment). Outcomes are `true`, `false` or `error`.
 */
import type { JsonObject, JsonValue } from '../../src/types.js';
import type { RequestUserInfo } from '../../src/evaluate/types.js';
import type { Rule } from '../../src/families/kyverno/policy/types.js';
import { ruleMatches } from '../../src/families/kyverno/match/match.js';
import { createAdmissionContext } from '../../src/families/kyverno/engine/context/admission.js';
import { RuleEnvironment } from '../../src/families/kyverno/engine/rule-environment.js';
import { ConditionFailure, tryEvaluateConditions } from '../../src/families/kyverno/engine/conditions/index.js';
import { SubstitutionFailure } from '../../src/families/kyverno/engine/variables/index.js';
import { parseApiVersion } from '../../src/families/kyverno/match/kind.js';
import { validatingPolicyActivation, validatingPolicyEnvironment } from '../../src/families/cel/environment.js';
import { matchConstraints, resourceOfKind } from '../../src/families/cel/match/index.js';
import type { MatchTranslation } from '../../src/migrate/match.js';

export type Outcome = true | false | 'error';

export interface Request {
  resource: JsonObject;
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  namespaceLabels: Record<string, string>;
  userInfo: RequestUserInfo;
}

export const USER: RequestUserInfo = { userInfo: { username: 'system:serviceaccount:team-a:deployer', groups: ['system:serviceaccounts', 'system:authenticated'] } };

function metadata(resource: JsonObject): JsonObject {
  const m = resource.metadata;
  return m !== null && typeof m === 'object' && !Array.isArray(m) ? m : {};
}

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** The environment a rule's conditions and texts are substituted in, for the request (the CLI's float64 numbers). */
function ruleEnvironment(request: Request): RuleEnvironment {
  const context = createAdmissionContext({ resource: request.resource, operation: request.operation, userInfo: request.userInfo });
  return new RuleEnvironment({
    rule: { name: 'rule' } as Rule,
    context,
    operation: request.operation,
    numberMode: 'float64',
    resource: request.resource,
    isDelete: request.operation === 'DELETE',
    userInfo: request.userInfo,
  });
}

/** Kyverno: conditions on the request, as preconditions and deny conditions are evaluated. */
export function kyvernoConditions(conditions: JsonValue, request: Request): Outcome {
  const env = ruleEnvironment(request);
  try {
    const outcome = tryEvaluateConditions(conditions, env.substituteCondition);
    if (outcome instanceof ConditionFailure) return 'error';
    return outcome.result;
  } catch {
    return 'error';
  }
}

/** Kyverno: a string (a message) with its variables substituted on the request; null when substitution fails. */
export function kyvernoText(text: string, request: Request): JsonValue | null {
  const env = ruleEnvironment(request);
  try {
    const result = env.trySubstitute(text);
    return result instanceof SubstitutionFailure ? null : result;
  } catch {
    return null;
  }
}

/** Kyverno: whether the rule's match/exclude select the request. */
export function kyvernoMatches(rule: Rule, request: Request): boolean {
  const gv = parseApiVersion(str(request.resource.apiVersion)) ?? { group: '', version: '' };
  return ruleMatches(rule, {
    resource: request.resource,
    kind: str(request.resource.kind),
    group: gv.group,
    version: gv.version,
    subresource: '',
    operation: request.operation,
    namespaceLabels: request.namespaceLabels,
    userInfo: request.userInfo,
  });
}

function admissionRequest(request: Request): JsonObject {
  const gv = parseApiVersion(str(request.resource.apiVersion)) ?? { group: '', version: '' };
  const kind = str(request.resource.kind);
  const meta = metadata(request.resource);
  return {
    uid: 'uid',
    kind: { group: gv.group, version: gv.version, kind },
    resource: { group: gv.group, version: gv.version, resource: resourceOfKind(gv.group, kind) },
    subResource: '',
    requestKind: { group: gv.group, version: gv.version, kind },
    name: str(meta.name),
    namespace: str(meta.namespace),
    operation: request.operation,
    userInfo: { username: request.userInfo.userInfo?.username ?? '', groups: request.userInfo.userInfo?.groups ?? [] },
  };
}

function activation(request: Request): Record<string, unknown> {
  const meta = metadata(request.resource);
  const namespace = str(meta.namespace);
  return validatingPolicyActivation(
    {
      object: request.operation === 'DELETE' ? null : request.resource,
      oldObject: request.operation === 'CREATE' ? null : request.resource,
      request: admissionRequest(request),
      namespaceObject: namespace === '' ? null : { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace, labels: request.namespaceLabels } },
    },
    'float64',
  );
}

/** CEL: a boolean expression of the ValidatingPolicy environment on the request. */
export function celOutcome(expression: string, request: Request): Outcome {
  return celEvaluator(expression)(request);
}

/** CEL: a boolean expression compiled once, evaluated on requests. */
export function celEvaluator(expression: string): (request: Request) => Outcome {
  const compiled = validatingPolicyEnvironment().compile(expression);
  if (!compiled.ok) throw new Error(`does not compile: ${compiled.error.message}\n${expression}`);
  return (request) => {
    const result = compiled.program.evaluate(activation(request));
    if (!result.ok) return 'error';
    if (typeof result.value !== 'boolean') throw new Error(`not a boolean: ${String(result.value)}\n${expression}`);
    return result.value;
  };
}

/** CEL: a string expression (a message) on the request; null when the evaluation fails. */
export function celText(expression: string, request: Request): string | null {
  const compiled = validatingPolicyEnvironment().compile(expression);
  if (!compiled.ok) throw new Error(`does not compile: ${compiled.error.message}\n${expression}`);
  const result = compiled.program.evaluate(activation(request));
  if (!result.ok) return null;
  if (typeof result.value !== 'string') throw new Error(`not a string: ${String(result.value)}\n${expression}`);
  return result.value;
}

/** CEL: matchConstraints then every match condition (all must hold; an error is an error). */
export function celMatches(translation: MatchTranslation, request: Request): Outcome {
  const gv = parseApiVersion(str(request.resource.apiVersion)) ?? { group: '', version: '' };
  const kind = str(request.resource.kind);
  const meta = metadata(request.resource);
  const namespace = str(meta.namespace);
  const outcome = matchConstraints(
    translation.matchConstraints,
    {
      group: gv.group,
      version: gv.version,
      kind,
      resource: resourceOfKind(gv.group, kind),
      subresource: '',
      namespace,
      name: str(meta.name),
      operation: request.operation,
      object: request.operation === 'DELETE' ? null : request.resource,
      oldObject: request.operation === 'CREATE' ? null : request.resource,
    },
    namespace === '' ? null : { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace, labels: request.namespaceLabels } },
  );
  if (outcome.error !== undefined) return 'error';
  if (!outcome.matched) return false;
  let errored = false;
  for (const condition of translation.matchConditions) {
    const result = celOutcome(condition.expression, request);
    if (result === false) return false;
    if (result === 'error') errored = true;
  }
  return errored ? 'error' : true;
}
