/**
 * @file The mutation engine: one policy's mutate rules on one resource, as Kyverno's `engine.Mutate`
 * runs them (kyverno/kyverno pkg/engine/mutation.go `engine.mutate`, pkg/engine/engine.go
 * `invokeRuleHandler`, pkg/engine/handlers/mutation/*): rules in definition order (autogen rules
 * after), each matched against the output of the previous rule; context, preconditions and
 * PolicyExceptions; then foreach, strategic merge or JSON patch; `request.object` refreshed after every
 * rule; `applyRules: One`; mutate-existing rules against the fake cluster. No I/O happens here.
 */
import { MatchSubject, anyAllMatches } from '../../match/match.js';
import type { KyvernoPolicy } from '../../policy/compiled.js';
import { exceptionsFor, type PolicyException } from '../../policy/exception.js';
import type { Rule } from '../../policy/types.js';
import type { JsonObject, JsonValue, NumberMode, RuleResponse } from '../../../../types.js';
import { ConditionFailure, tryEvaluateConditions } from '../conditions/index.js';
import { createAdmissionContext } from '../context/admission.js';
import { keepsResource, plainResource, readsBackResource, resourceAfterValues } from '../context/read-back.js';
import { withUnresolvedHint } from '../context/external/index.js';
import { exceptionConditionsHold } from '../exceptions.js';
import { identify, matchInputFor, toEngineOperation } from '../match-input.js';
import { errorText, ruleResponse } from '../response.js';
import { RuleEnvironment } from '../rule-environment.js';
import { policyReference, type EvaluationRequest, type PolicyResponse } from '../../../../evaluate/types.js';
import { SubstitutionFailure } from '../variables/index.js';
import { foreachEntries, mutateForEach } from './foreach.js';
import { applyMutation, mutatedMessage, type PatchOutcome } from './patch.js';
import { mutateTargets } from './targets.js';
import { withoutStackTraces } from '../../../../util/stack-traces.js';
import { isObject } from '../../../../util/json-value.js';

const EMPTY: JsonObject = Object.freeze({}) as JsonObject;

/**
 * Evaluates every mutate rule of `policy` on the request's resource. Always gives a response (with
 * no rules when none matched); `patchedResource` is the resource after the policy's mutations.
 */
export function mutateResource(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse {
  return withoutStackTraces(evaluatePolicy, policy, request);
}

function evaluatePolicy(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse {
  const operation = request.operation ?? 'CREATE';
  const engineOperation = toEngineOperation(operation);
  const numberMode: NumberMode = request.numberMode ?? 'float64';
  const isDelete = engineOperation === 'DELETE';
  const resourceValues = request.values?.resource;
  const readsBack = readsBackResource(resourceValues);
  // Fast path: unless values replace the resource, it is known without building the context, and so is
  // whether any rule can apply.
  if (keepsResource(resourceValues)) {
    const resource = readsBack ? plainResource(request.resource) : request.resource;
    if (isDelete || mutateRules(policy, resource) === null) return { policy, resource, rules: [], patchedResource: resource };
  }

  const context = createAdmissionContext({ resource: request.resource, operation, oldResource: request.oldResource, userInfo: request.userInfo, values: resourceValues });
  const resource = resourceAfterValues(context, resourceValues, isDelete, request.resource);
  const unchanged: PolicyResponse = { policy, resource, rules: [], patchedResource: resource };
  // A DELETE request has no new object to mutate.
  if (isDelete) return unchanged;
  const rules = mutateRules(policy, resource);
  if (rules === null) return unchanged;
  const responses: RuleResponse[] = [];
  const applyOne = policy.policy.spec.applyRules === 'One';
  const policyNamespace = policy.kind === 'Policy' ? policy.namespace : undefined;
  let current = resource;
  for (const rule of rules) {
    const matchInput = matchInputFor(current, request, engineOperation, policy);
    const env = new RuleEnvironment({
      rule,
      context,
      operation,
      numberMode,
      resource: current,
      isDelete,
      values: request.values,
      external: request.external,
      policyNamespace,
    });
    if (!env.plan.matcher.matchesSubject(new MatchSubject(matchInput))) continue;
    const exceptions = request.exceptions?.length
      ? exceptionsFor(request.exceptions, policyReference(policy), rule.name).filter((exception) => anyAllMatches(exception.match, matchInput))
      : [];

    context.checkpoint();
    let result: RuleResult;
    try {
      result = evaluateRule(env, rule, current, exceptions, request, request.reference !== true);
    } finally {
      context.restore();
    }
    const unresolved = env.unresolved;
    // A rule whose required data failed to load errors, and its patch, made without the data, is not applied.
    if (unresolved?.failure !== undefined && result.responses.length > 0) result = { resource: current, responses: [result.responses[0]!] };
    current = result.resource;
    context.setResource(current);
    for (const response of result.responses) responses.push(unresolved === undefined ? response : withUnresolvedHint(response, unresolved));
    if (applyOne && result.responses.some((response) => response.status === 'pass' || response.status === 'fail')) break;
  }
  return { policy, resource, rules: responses, patchedResource: current };
}

/** The mutate rules of `rulesForKind` arrays (cached per kind by the policy). */
const mutateRulesOf = new WeakMap<readonly Rule[], readonly Rule[]>();

/**
 * The mutate rules of `policy` that a resource of its kind is evaluated against; null when there is
 * none, or when the policy is a namespaced Policy of another namespace.
 */
function mutateRules(policy: KyvernoPolicy, resource: JsonObject): readonly Rule[] | null {
  const identity = identify(resource);
  if (policy.kind === 'Policy' && identity.namespace !== policy.namespace) return null;
  const forKind = policy.rulesForKind(identity.kind);
  let rules = mutateRulesOf.get(forKind);
  if (rules === undefined) {
    rules = forKind.filter((rule) => rule.mutate !== undefined);
    mutateRulesOf.set(forKind, rules);
  }
  return rules.length === 0 ? null : rules;
}

interface RuleResult {
  /** The resource after the rule (Kyverno continues with an empty object after a failed patch). */
  resource: JsonObject;
  responses: RuleResponse[];
}

function evaluateRule(
  env: RuleEnvironment,
  rule: Rule,
  resource: JsonObject,
  exceptions: readonly PolicyException[],
  request: Pick<EvaluationRequest, 'targets' | 'targetReads' | 'keepResourceOnMutateError'>,
  compiled: boolean,
): RuleResult {
  const keepOnError = request.keepResourceOnMutateError === true;
  const name = env.plan.name;
  const only = (response: RuleResponse): RuleResult => ({ resource, responses: [response] });
  try {
    env.loadContext(rule.context);
  } catch (error) {
    return only(ruleResponse(name, 'Mutation', 'error', `failed to load context: ${errorText(error)}`));
  }
  if (rule.preconditions !== undefined) {
    let outcome;
    try {
      outcome = tryEvaluateConditions(rule.preconditions as JsonValue, env.substituteCondition);
    } catch (error) {
      return only(ruleResponse(name, 'Mutation', 'error', `failed to evaluate preconditions: ${errorText(error)}`));
    }
    if (outcome instanceof ConditionFailure) return only(ruleResponse(name, 'Mutation', 'error', `failed to evaluate preconditions: ${outcome.message}`));
    if (!outcome.result) {
      const message = outcome.message === '' ? 'preconditions not met' : `preconditions not met; ${outcome.message}`;
      return only(ruleResponse(name, 'Mutation', 'skip', message));
    }
  }
  const applicable = exceptions.filter((exception) => exceptionConditionsHold(env, exception));
  if (applicable.length > 0) {
    const keys = applicable.map((exception) => exception.key).join(', ');
    return only(ruleResponse(name, 'Mutation', 'skip', `rule is skipped due to policy exceptions${keys}`));
  }

  const mutation = isObject(rule.mutate) ? rule.mutate : {};
  const substituteRule = (): JsonObject | SubstitutionFailure => {
    const substituted = env.trySubstitute(rule as unknown as JsonValue);
    return substituted instanceof SubstitutionFailure ? substituted : isObject(substituted) ? substituted : {};
  };
  if (Array.isArray(mutation.targets) && mutation.targets.length > 0) {
    return { resource, responses: mutateTargets(env, mutation, request.targets, substituteRule, request.targetReads) };
  }

  let outcome: PatchOutcome;
  if (mutation.foreach !== undefined && mutation.foreach !== null) {
    outcome = mutateForEach(env, foreachEntries(mutation.foreach), resource, 0, compiled);
  } else {
    const substituted = substituteRule();
    if (substituted instanceof SubstitutionFailure) {
      outcome = { status: 'error', message: `variable substitution failed: ${substituted.message}` };
    } else {
      const patches = isObject(substituted.mutate) ? substituted.mutate : {};
      outcome = applyMutation(resource, patches.patchStrategicMerge, patches.patchesJson6902, compiled);
    }
  }
  switch (outcome.status) {
    case 'pass':
      return { resource: outcome.resource, responses: [ruleResponse(name, 'Mutation', 'pass', mutatedMessage(outcome.resource))] };
    case 'skip':
      return { resource: outcome.resource, responses: [ruleResponse(name, 'Mutation', 'skip', outcome.message)] };
    case 'error':
      // Kyverno's error response carries an empty resource (pkg/engine/mutate/mutation.go `NewErrorResponse`),
      // and the CLI's engine goes on with it.
      return { resource: keepOnError ? resource : EMPTY, responses: [ruleResponse(name, 'Mutation', 'error', outcome.message)] };
  }
}
