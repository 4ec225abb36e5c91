/**
 * @file The `validate.cel` handler of ClusterPolicy/Policy rules (kyverno/kyverno
 * pkg/engine/handlers/validation/validate_cel.go, `validateCELHandler.Process`): the rule's CEL preconditions,
 * variables and expressions run through Kubernetes' admission-policy validator, and its decisions become the
 * rule response. PolicyExceptions, match/exclude, autogen and classic preconditions are handled before, by the
 * validation engine.
 *
 * The validator (and so every expression) is compiled once per rule of a policy (the alike autogen rules of the
 * Pod controller kinds once in all).
 */
import {
  AdmissionValidator,
  admissionRequest,
  celValue,
  collectParams,
  groupVersionKind,
  metadataString,
  namespaceObject,
  offlineParamStore,
  type AdmissionExpressions,
  type ExpressionOrigin,
  type NamedExpression,
  type ParamKind,
  type ParamRef,
  type PolicyDecision,
  type ValidateResult,
  type ValidationExpression,
} from '../../../admission/index.js';
import type { JsonObject, JsonValue, RuleResponse } from '../../../../types.js';
import { isObject, stringifyJson } from '../../../../util/json-value.js';
import type { KyvernoPolicy } from '../../policy/compiled.js';
import type { Rule } from '../../policy/types.js';
import { toEngineOperation } from '../match-input.js';
import { ruleResponse } from '../response.js';
import type { RuleEnvironment } from '../rule-environment.js';

/** A rule's `validate.cel` compiled once. */
interface CompiledCelRule {
  readonly validator: AdmissionValidator;
  readonly expressions: AdmissionExpressions;
  /** `paramKind` and `paramRef` are both set (`CEL.HasParam`). */
  readonly param: { readonly kind: ParamKind; readonly ref: ParamRef } | null;
}

const compiledRules = new WeakMap<Rule, CompiledCelRule>();
/**
 * The compiled rules of a policy by their CEL content: autogen derives a rule object per Pod controller kind,
 * all alike, and each is compiled once for the policy.
 */
const compiledByPolicy = new WeakMap<KyvernoPolicy, Map<string, CompiledCelRule>>();

const str = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');
const objects = (value: JsonValue | undefined): JsonObject[] => (Array.isArray(value) ? value.filter(isObject) : []);

function named(value: JsonValue | undefined): NamedExpression[] {
  return objects(value).map((entry) => ({ name: str(entry.name), expression: str(entry.expression) }));
}

/** The CEL parts of a rule; an expression without a message takes `validate.message`. */
function celExpressions(rule: Rule): { expressions: AdmissionExpressions; cel: JsonObject } {
  const cel = isObject(rule.validate?.cel) ? rule.validate.cel : {};
  const fallback = rule.validate?.message ?? '';
  const validations: ValidationExpression[] = objects(cel.expressions).map((entry) => ({
    expression: str(entry.expression),
    message: str(entry.message) === '' ? fallback : str(entry.message),
    messageExpression: str(entry.messageExpression),
    reason: str(entry.reason),
  }));
  const expressions: AdmissionExpressions = {
    matchConditions: named(rule.celPreconditions),
    variables: named(cel.variables),
    validations,
    auditAnnotations: objects(cel.auditAnnotations).map((entry) => ({ key: str(entry.key), valueExpression: str(entry.valueExpression) })),
  };
  return { expressions, cel };
}

function compiledRule(rule: Rule, policy: KyvernoPolicy): CompiledCelRule {
  let compiled = compiledRules.get(rule);
  if (compiled !== undefined) return compiled;
  let byContent = compiledByPolicy.get(policy);
  if (byContent === undefined) {
    byContent = new Map();
    compiledByPolicy.set(policy, byContent);
  }
  const key = stringifyJson([rule.celPreconditions ?? null, rule.validate?.cel ?? null, rule.validate?.message ?? '']);
  compiled = byContent.get(key);
  if (compiled === undefined) {
    const { expressions, cel } = celExpressions(rule);
    const param = isObject(cel.paramKind) && isObject(cel.paramRef) ? { kind: cel.paramKind as ParamKind, ref: cel.paramRef as ParamRef } : null;
    // The validations, variables and preconditions of `validate.cel` see `authorizer`; messages do not.
    const validator = new AdmissionValidator(expressions, { params: param !== null, authorizer: true });
    compiled = { validator, expressions, param };
    byContent.set(key, compiled);
  }
  compiledRules.set(rule, compiled);
  return compiled;
}

/** Whether the policy's status says a ValidatingAdmissionPolicy was generated for it (then Kyverno skips CEL rules). */
function generatedValidatingAdmissionPolicy(policy: KyvernoPolicy): boolean {
  const status = (policy.policy as unknown as JsonObject).status;
  return isObject(status) && isObject(status.validatingAdmissionPolicy) && status.validatingAdmissionPolicy.generated === true;
}

/** Runs a `validate.cel` rule; null when it gives no response. */
export function validateCel(env: RuleEnvironment, policy: KyvernoPolicy): RuleResponse | null {
  if (generatedValidatingAdmissionPolicy(policy)) return null;
  const rule = env.plan.rule;
  const compiled = compiledRule(rule, policy);
  const mode = env.numberMode;
  const operation = toEngineOperation(env.operation);

  // DELETE: the object is gone and the old object is the resource; UPDATE: the old object is the resource as it was.
  const resource = env.resource;
  let object: JsonObject | null = resource;
  let oldObject: JsonObject | null = null;
  if (env.isDelete) {
    object = null;
    oldObject = resource;
  } else if (operation === 'UPDATE') {
    const old = queryObject(env, 'request.oldObject');
    oldObject = old ?? resource;
  }
  const gvk = groupVersionKind(resource);
  const name = metadataString(resource, 'name');
  // A Namespace is not in a namespace of its own (`ns` is unset for it).
  const namespace = gvk.kind === 'Namespace' && gvk.version === 'v1' && gvk.group === '' ? '' : metadataString(resource, 'namespace');
  const user = env.userInfo?.userInfo ?? {};
  const request = admissionRequest({
    kind: gvk,
    // The Kyverno CLI sets no request resource on the policy context (`PolicyContext.RequestResource` is empty).
    resource: { group: '', version: '', resource: '' },
    name,
    namespace,
    operation,
    user,
  });
  const bindings = {
    object: object === null ? null : celValue(object, mode),
    oldObject: oldObject === null ? null : celValue(oldObject, mode),
    request,
    // Without a live cluster the handler builds the namespace from its name alone (no labels).
    namespaceObject: namespaceObject(namespace),
  };

  const results: { result: ValidateResult }[] = [];
  if (compiled.param !== null) {
    const params = env.external?.params ?? [];
    const store = offlineParamStore([...params, resource], env.external?.cluster);
    const collected = collectParams(compiled.param.kind, compiled.param.ref, namespace, store);
    if ('error' in collected) return ruleResponse(rule.name, 'Validation', 'error', `error in parameterized resource: ${collected.error}`);
    for (const param of collected.params) results.push({ result: compiled.validator.validate({ ...bindings, params: celValue(param, mode) }, undefined, env.explainFailures) });
  } else {
    results.push({ result: compiled.validator.validate(bindings, undefined, env.explainFailures) });
  }

  for (const { result } of results) {
    if (!result.matched) return ruleResponse(rule.name, 'Validation', 'skip', 'cel preconditions not met');
    for (const decision of result.decisions) {
      if (decision.action === 'admit' && decision.evaluation === 'error') return located(ruleResponse(rule.name, 'Validation', 'error', decision.message), decision, rule, policy, compiled);
      if (decision.action === 'deny') {
        const failed = ruleResponse(rule.name, 'Validation', 'fail', decision.message);
        if (decision.blamed !== undefined) failed.path = `/${decision.blamed.join('/')}/`;
        return located(failed, decision, rule, policy, compiled);
      }
    }
  }
  return ruleResponse(rule.name, 'Validation', 'pass', `Validation rule '${rule.name}' passed.`);
}

function queryObject(env: RuleEnvironment, path: string): JsonObject | null {
  try {
    const value = env.context.query(path);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const AUTOGEN_PREFIXES = ['autogen-cronjob-', 'autogen-'];

/** The written rule a rule comes from (itself, or the rule autogen derived it from) and its index. */
function writtenRule(rule: Rule, policy: KyvernoPolicy): { rule: Rule; index: number } | null {
  const rules = policy.policy.spec.rules ?? [];
  const index = rules.indexOf(rule);
  if (index >= 0) return { rule, index };
  for (const prefix of AUTOGEN_PREFIXES) {
    if (!rule.name.startsWith(prefix)) continue;
    const original = rules.findIndex((candidate) => candidate.name === rule.name.slice(prefix.length));
    if (original >= 0) return { rule: rules[original]!, index: original };
  }
  return null;
}

/** The expression text at `origin` among a compiled rule's expressions. */
function expressionAt(expressions: AdmissionExpressions, origin: ExpressionOrigin): string | undefined {
  switch (origin.list) {
    case 'matchConditions':
      return expressions.matchConditions[origin.index]?.expression;
    case 'variables':
      return expressions.variables[origin.index]?.expression;
    case 'validations':
      return expressions.validations[origin.index]?.expression;
    case 'messageExpressions':
      return expressions.validations[origin.index]?.messageExpression;
  }
}

/**
 * Records on `response` where the deciding expression is in the policy document (`policyPath`) and, for an
 * error, its range in the expression (`expressionRange`). An autogen rule points at the rule it was derived
 * from; the range is kept only when autogen left the expression's text unchanged.
 */
function located(response: RuleResponse, decision: PolicyDecision, rule: Rule, policy: KyvernoPolicy, compiled: CompiledCelRule): RuleResponse {
  const origin = decision.origin;
  if (origin === undefined) return response;
  const written = writtenRule(rule, policy);
  if (written === null) return response;
  const base: (string | number)[] = ['spec', 'rules', written.index];
  let path: (string | number)[];
  switch (origin.list) {
    case 'matchConditions':
      path = [...base, 'celPreconditions', origin.index, 'expression'];
      break;
    case 'variables':
      path = [...base, 'validate', 'cel', 'variables', origin.index, 'expression'];
      break;
    case 'validations':
      path = [...base, 'validate', 'cel', 'expressions', origin.index, 'expression'];
      break;
    case 'messageExpressions':
      path = [...base, 'validate', 'cel', 'expressions', origin.index, 'messageExpression'];
      break;
  }
  response.policyPath = path;
  if (origin.range !== undefined) {
    const evaluated = expressionAt(compiled.expressions, origin);
    const original = written.rule === rule ? evaluated : expressionAt(celExpressions(written.rule).expressions, origin);
    if (evaluated !== undefined && evaluated === original) response.expressionRange = { start: origin.range.start, end: origin.range.end };
  }
  return response;
}
