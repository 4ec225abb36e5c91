/**
 * @file The validation engine: one policy against one resource, as Kyverno's `engine.Validate` does
 * (kyverno/kyverno pkg/engine/engine.go, validation.go): rule selection (autogen), match/exclude, context,
 * preconditions, the validate handler, `applyRules: One`, and pre-existing violations on UPDATE.
 * No I/O happens here.
 */
import { policyReference, type EvaluationRequest, type PolicyResponse, type RequestUserInfo } from '../../../../evaluate/types.js';
import type { JsonObject, JsonValue, NumberMode, RuleResponse } from '../../../../types.js';
import { MatchSubject, anyAllMatches } from '../../match/match.js';
import { hasAdmissionInfo } from '../../match/subjects.js';
import type { KyvernoPolicy } from '../../policy/compiled.js';
import { exceptionsFor, type PolicyException } from '../../policy/exception.js';
import type { Rule } from '../../policy/types.js';
import { ConditionFailure, type ConditionsOutcome, tryEvaluateConditions } from '../conditions/index.js';
import { createAdmissionContext } from '../context/admission.js';
import { withUnresolvedHint } from '../context/external/index.js';
import type { JsonContext } from '../context/json-context.js';
import { keepsResource, plainResource, readsBackResource, resourceAfterValues } from '../context/read-back.js';
import { exceptionConditionsHold } from '../exceptions.js';
import { identify, matchInputFor, toEngineOperation, type EngineOperation } from '../match-input.js';
import { ruleError, ruleResponse } from '../response.js';
import { RuleEnvironment } from '../rule-environment.js';
import { RulePlan, rulePlan, validateCandidates } from '../rule-plan.js';
import { evaluatePodSecurity } from './pod-security/index.js';
import { type PatternMemo, validateRule } from './validator.js';
import { validateCel } from './cel.js';
import { withoutStackTraces } from '../../../../util/stack-traces.js';

const NO_EXCEPTIONS: readonly PolicyException[] = Object.freeze([]);

/**
 * Evaluates every validate rule of `policy` on the request's resource. Returns `null` when the policy
 * does not apply to the resource at all (a namespaced Policy and a resource of another namespace).
 */
export function validateResource(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse | null {
  const resourceValues = request.values?.resource;
  const rewritesRequest = readsBackResource(resourceValues);
  // Fast path: unless values replace the request's resource, the kind index alone can tell that no rule applies.
  let rules: readonly (Rule | RulePlan)[] | undefined;
  if (!rewritesRequest || keepsResource(resourceValues)) {
    const identity = identify(request.resource);
    if (policy.kind === 'Policy' && identity.namespace !== policy.namespace) return null;
    // The reference interpreter matches every rule of the kind; otherwise only the rules that can match a
    // request of this shape are looked at (the others give no response either way).
    rules = request.reference
      ? policy.validateRulesForKind(identity.kind)
      : validateCandidates(
          policy,
          identity,
          request.subresource ?? '',
          toEngineOperation(request.operation ?? 'CREATE'),
          !hasAdmissionInfo(request.userInfo),
        );
    if (rules.length === 0) return { policy, resource: rewritesRequest ? plainResource(request.resource) : request.resource, rules: [] };
  }

  return withoutStackTraces(evaluatePolicy, policy, request, rewritesRequest, rules);
}

/**
 * `rules`: the policy's validate rules for the request resource's kind (or the plans of those that can match
 * the request), when values do not replace the resource.
 */
function evaluatePolicy(
  policy: KyvernoPolicy,
  request: EvaluationRequest,
  rewritesRequest: boolean,
  rules: readonly (Rule | RulePlan)[] | undefined,
): PolicyResponse | null {
  const operation = request.operation ?? 'CREATE';
  const engineOperation = toEngineOperation(operation);
  const numberMode: NumberMode = request.numberMode ?? 'float64';
  const isDelete = engineOperation === 'DELETE';
  const resourceValues = request.values?.resource;

  // Without values, the context is only built once a rule matches (building it has no observable effect).
  let context: JsonContext | undefined;
  if (resourceValues) {
    context = createAdmissionContext({ resource: request.resource, operation, oldResource: request.oldResource, userInfo: request.userInfo, values: resourceValues });
  }
  const resource = context ? resourceAfterValues(context, resourceValues, isDelete, request.resource) : request.resource;

  const identity = identify(resource);
  if (policy.kind === 'Policy' && identity.namespace !== policy.namespace) return null;

  const responses: RuleResponse[] = [];
  const applyOne = policy.policy.spec.applyRules === 'One';
  const matchInput = matchInputFor(resource, request, engineOperation, policy);
  const subject = new MatchSubject(matchInput);
  // Without a rewrite, the resource (and so its kind) is the request's.
  rules ??= policy.validateRulesForKind(identity.kind);
  for (const entry of rules) {
    const plan = entry instanceof RulePlan ? entry : rulePlan(entry);
    const rule = plan.rule;
    if (!plan.validates) continue;
    if (!plan.matcher.matchesSubject(subject)) continue;
    const ruleExceptions = request.exceptions?.length ? exceptionsFor(request.exceptions, policyReference(policy), rule.name) : NO_EXCEPTIONS;
    const exceptions = ruleExceptions.length > 0 ? ruleExceptions.filter((exception) => anyAllMatches(exception.match, matchInput)) : NO_EXCEPTIONS;

    context ??= createAdmissionContext({ resource: request.resource, operation, oldResource: request.oldResource, userInfo: request.userInfo });
    const env = new RuleEnvironment({
      rule,
      context,
      operation,
      numberMode,
      resource,
      isDelete,
      values: request.values,
      external: request.external,
      policyNamespace: matchInput.policyNamespace,
      userInfo: request.userInfo,
      explainFailures: request.explainFailures === true,
      reference: request.reference === true,
    });
    context.checkpoint();
    let response: RuleResponse | null;
    try {
      response = evaluateValidateRule(env, policy, engineOperation, exceptions, { request, ruleExceptions });
    } finally {
      context.restore();
    }
    if (response === null) continue;
    const unresolved = env.unresolved;
    if (unresolved !== undefined) response = withUnresolvedHint(response, unresolved);
    responses.push(response);
    if (applyOne && (response.status === 'pass' || response.status === 'fail')) break;
  }
  return { policy, resource, rules: responses };
}

/** What the re-evaluation of a rule on the old object of an UPDATE needs besides the rule's environment. */
interface OldObjectCheck {
  request: EvaluationRequest;
  /** The policy's exceptions naming the rule, before their match is checked. */
  ruleExceptions: readonly PolicyException[];
}

function evaluateValidateRule(
  env: RuleEnvironment,
  policy: KyvernoPolicy,
  operation: EngineOperation,
  exceptions: readonly PolicyException[],
  check: OldObjectCheck,
): RuleResponse | null {
  const rule = env.plan;
  try {
    env.loadContext(rule.context);
  } catch (error) {
    return ruleError(rule.name, 'Validation', 'failed to load context', error);
  }
  if (rule.preconditions !== undefined) {
    let outcome: ConditionsOutcome | ConditionFailure;
    try {
      outcome = tryEvaluateConditions(rule.preconditions as JsonValue, env.substituteCondition);
    } catch (error) {
      return ruleError(rule.name, 'Validation', 'failed to evaluate preconditions', error);
    }
    if (outcome instanceof ConditionFailure) return ruleError(rule.name, 'Validation', 'failed to evaluate preconditions', outcome.message);
    if (!outcome.result) {
      const message = outcome.message === '' ? 'preconditions not met' : `preconditions not met; ${outcome.message}`;
      return ruleResponse(rule.name, 'Validation', 'skip', message);
    }
  }

  // PolicyExceptions apply after preconditions (a failed precondition wins), when their conditions hold.
  const applicable = exceptions.length === 0 ? exceptions : exceptions.filter((exception) => exceptionConditionsHold(env, exception));
  if (applicable.length > 0 && !rule.rule.validate?.podSecurity) {
    const keys = applicable.map((exception) => exception.key).join(', ');
    return ruleResponse(rule.name, 'Validation', 'skip', `rule is skipped due to policy exceptions${keys}`);
  }

  // Only an UPDATE re-runs the validator on the old object, with the pattern this run substituted.
  const memo: PatternMemo | undefined = operation === 'UPDATE' ? {} : undefined;
  const response = runHandler(env, policy, applicable, memo);
  // The CEL handler has no pre-existing-violation check (validate_cel.go); the resource and podSecurity handlers
  // do. Kyverno evaluates the old object whatever the new one gave, but only a failure on both changes the result.
  if (response?.status === 'fail' && rule.handler !== 'cel' && preExistingViolationsAllowed(rule.rule, policy, operation)) {
    const skipped = evaluateOldObject(env, policy, check, memo!);
    if (skipped === null) return response;
    skipped.preExisting = response.path === undefined ? { message: response.message } : { message: response.message, path: response.path };
    return skipped;
  }
  return response;
}

/**
 * Runs the rule's validate handler: manifests, then podSecurity, then cel, then the resource handler (the
 * `handlerFactory` of `engine.validate`, kyverno/kyverno pkg/engine/validation.go).
 */
function runHandler(env: RuleEnvironment, policy: KyvernoPolicy, exceptions: readonly PolicyException[], memo?: PatternMemo): RuleResponse | null {
  const rule = env.plan;
  switch (rule.handler) {
    case 'manifests':
      return ruleResponse(rule.name, 'Validation', 'error', 'validate.manifests (signature verification) cannot be evaluated offline');
    case 'podSecurity': {
      if (env.isDelete) return null;
      const result = evaluatePodSecurity(env.resource, rule.validation.podSecurity!, rule.name, exceptions, env.reference);
      return ruleResponse(rule.name, 'Validation', result.status, result.message, result.path);
    }
    case 'cel':
      return validateCel(env, policy);
    case 'resource':
      return validateRule(env, memo);
  }
}

/**
 * An Enforce rule on UPDATE with `allowExistingViolations` (default true) is re-evaluated against the old
 * object; a violation that already existed there becomes a skip (kyverno/kyverno
 * pkg/engine/handlers/validation/validate_resource.go, `validator.validate` and `validateOldObject`;
 * validate_pss.go, `validatePssHandler.validate`, for podSecurity rules). `IsUpdateRequest`
 * (pkg/engine/utils/utils.go) holds for an UPDATE only: CREATE has no old object, DELETE no new one.
 */
function preExistingViolationsAllowed(rule: Rule, policy: KyvernoPolicy, operation: EngineOperation): boolean {
  if (operation !== 'UPDATE') return false;
  if (rule.validate?.allowExistingViolations === false) return false;
  const action = rule.validate?.failureAction ?? policy.policy.spec.validationFailureAction ?? '';
  return action === 'Enforce' || action === 'enforce';
}

/**
 * The user `matchResource` matches the old object with (pkg/engine/handlers/validation/utils.go): not the
 * request's, "as the user can be different", so a match on subjects, roles or cluster roles does not hold.
 */
const INVALID_USER: RequestUserInfo = Object.freeze({
  roles: ['kyverno:invalidrole'],
  clusterRoles: ['kyverno:invalidrole'],
  userInfo: { username: 'kyverno:kyverno-invalid-controller', uid: 'kyverno:invaliduid', groups: ['kyverno:invalidgroup'] },
});

/** The old object in the context once its `validateOldObject` has replaced it (the empty resource). */
const EMPTY_OBJECT: JsonObject = Object.freeze({}) as JsonObject;

/**
 * Kyverno's `validateOldObject` (validate_resource.go; validate_pss.go likewise): in the rule's context as
 * the new object left it (the rule's context entries keep their values), `request.object` becomes the old
 * object, `request.oldObject` the empty resource and `request.operation` CREATE; the old object must meet the
 * rule's preconditions and match the rule as a CREATE by another user (`matchResource`), then the validator
 * runs again on it: `deny` conditions and `foreach` lists read the old object, a pattern keeps the variable
 * values of the new object's run. A failure there too makes the rule a skip; anything else (null) leaves the
 * new object's failure.
 */
function evaluateOldObject(env: RuleEnvironment, policy: KyvernoPolicy, check: OldObjectCheck, memo: PatternMemo): RuleResponse | null {
  const rule = env.plan;
  const context = env.context;
  let oldObject: JsonValue;
  try {
    oldObject = context.query('request.oldObject');
  } catch {
    return null;
  }
  if (oldObject === null || typeof oldObject !== 'object' || Array.isArray(oldObject)) return null;
  context.checkpoint();
  try {
    context.setResource(oldObject);
    context.setOldResource(EMPTY_OBJECT);
    context.merge({ request: { operation: 'CREATE' } });
    const oldEnv = new RuleEnvironment({
      rule: env.rule,
      context,
      operation: 'CREATE',
      numberMode: env.numberMode,
      resource: oldObject,
      isDelete: false,
      values: env.values,
      external: env.external,
      policyNamespace: env.policyNamespace,
      userInfo: env.userInfo,
      reference: env.reference,
    });
    if (rule.preconditions !== undefined) {
      const outcome = tryEvaluateConditions(rule.preconditions as JsonValue, oldEnv.substituteCondition);
      if (outcome instanceof ConditionFailure || !outcome.result) return null;
    }
    const input = matchInputFor(oldObject, check.request, 'CREATE', policy);
    if (!rule.matcher.matchesSubject(new MatchSubject({ ...input, subresource: '', userInfo: INVALID_USER }))) return null;
    let oldResponse: RuleResponse | null;
    if (rule.handler === 'podSecurity') {
      // validate_pss.go `validate` matches the exceptions against the old object (now the new one) too.
      const exceptions = check.ruleExceptions.filter((exception) => anyAllMatches(exception.match, input) && exceptionConditionsHold(oldEnv, exception));
      oldResponse = runHandler(oldEnv, policy, exceptions);
    } else {
      oldResponse = validateRule(oldEnv, memo);
    }
    if (oldResponse?.status !== 'fail') return null;
    return ruleResponse(rule.name, 'Validation', 'skip', 'skipping the rule evaluation as pre-existing violations are allowed');
  } catch {
    // Kyverno's validator turns errors into error responses (or, in `matchResource`, into no match).
    return null;
  } finally {
    context.restore();
  }
}
