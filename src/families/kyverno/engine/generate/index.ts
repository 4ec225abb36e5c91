/**
 * @file Generate rules: the engine side (Kyverno `ApplyBackgroundChecks`, kyverno/kyverno
 * pkg/engine/background.go `filterRules`/`filterRule`), which decides the status of each generate (and
 * mutate-existing) rule for a trigger, and the CLI's generation simulation ({@link generateObjects}).
 *
 * Per rule, in `ComputeRules` order: PolicyExceptions first (skip), then match/exclude on the new object
 * (when only the old object matches, a generate rule fails; otherwise there is no response), the rule
 * context (a load failure gives no response), then preconditions: error, pass, or skip — fail when they hold
 * on the old object. `applyRules: One` stops after the first response that is not a skip.
 */
import { anyAllMatches, MatchSubject, ruleMatcher, type MatchInput } from '../../match/match.js';
import type { KyvernoPolicy } from '../../policy/compiled.js';
import { exceptionsFor, type PolicyException } from '../../policy/exception.js';
import type { Rule } from '../../policy/types.js';
import type { JsonValue, RuleResponse, RuleType } from '../../../../types.js';
import { ConditionFailure, type ConditionsOutcome, tryEvaluateConditions } from '../conditions/index.js';
import { withUnresolvedHint } from '../context/external/index.js';
import { exceptionConditionsHold } from '../exceptions.js';
import { ruleError, ruleResponse } from '../response.js';
import { RuleEnvironment } from '../rule-environment.js';
import { policyReference, type EvaluationRequest, type PolicyResponse } from '../../../../evaluate/types.js';
import { hasGenerate } from './generator.js';
import { prepareTrigger, type TriggerState } from './trigger.js';
import { withoutStackTraces } from '../../../../util/stack-traces.js';

export { generateObjects } from './generator.js';

const NO_LABELS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * The generate response of `policy` for the request's resource, or null when no rule produced a rule
 * response (Kyverno then emits no engine response for the policy).
 */
export function generateResource(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse | null {
  // Without exceptions, only rules whose match can name the request kind can respond (the old object, matched
  // when the new one is not, has the same kind).
  if (!request.exceptions?.length) {
    const kind = typeof request.resource.kind === 'string' ? request.resource.kind : '';
    if (!policy.rulesForKind(kind).some((rule) => hasGenerate(rule) || isMutateExisting(rule))) return null;
  }
  return withoutStackTraces(evaluatePolicy, policy, request);
}

/** Kyverno `Rule.IsMutateExisting`: a mutate rule with targets. */
function isMutateExisting(rule: Rule): boolean {
  const targets = rule.mutate?.targets;
  return Array.isArray(targets) && targets.length > 0;
}

/** Everything the rules of one evaluation share. */
interface Evaluation {
  policy: KyvernoPolicy;
  request: EvaluationRequest;
  trigger: TriggerState;
  policyNamespace: string | undefined;
  /** The new object's match subject; null without a new object (DELETE). */
  newSubject: MatchSubject | null;
  /** Match input of the old object; null without one (CREATE). */
  oldInput: MatchInput | null;
  /** What PolicyExceptions are matched against: the new object, else the old one. */
  exceptionInput: MatchInput;
}

function evaluatePolicy(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse | null {
  const trigger = prepareTrigger(request);
  const policyNamespace = policy.kind === 'Policy' ? policy.namespace : undefined;
  const base: Omit<MatchInput, 'resource'> = {
    kind: trigger.kind,
    group: trigger.group,
    version: trigger.version,
    subresource: request.subresource ?? '',
    operation: trigger.engineOperation,
    namespaceLabels: request.namespaceLabels ?? NO_LABELS,
    userInfo: request.userInfo,
    policyNamespace,
  };
  const evaluation: Evaluation = {
    policy,
    request,
    trigger,
    policyNamespace,
    newSubject: trigger.newResource === null ? null : new MatchSubject({ ...base, resource: trigger.newResource }),
    oldInput: trigger.oldResource === null ? null : { ...base, resource: trigger.oldResource },
    exceptionInput: { ...base, resource: trigger.resource },
  };

  const responses: RuleResponse[] = [];
  const applyOne = policy.policy.spec.applyRules === 'One';
  for (const rule of policy.computedRules(trigger.kind)) {
    const type: RuleType | null = hasGenerate(rule) ? 'Generation' : isMutateExisting(rule) ? 'Mutation' : null;
    if (type === null) continue;
    const response = filterRule(evaluation, rule, type);
    if (response === null) continue;
    responses.push(response);
    if (applyOne && response.status !== 'skip') break;
  }
  if (responses.length === 0) return null;
  return { policy, resource: trigger.resource, rules: responses };
}


function filterRule(evaluation: Evaluation, rule: Rule, type: RuleType): RuleResponse | null {
  const { trigger, request } = evaluation;
  const env = new RuleEnvironment({
    rule,
    context: trigger.context,
    operation: trigger.operation,
    numberMode: trigger.numberMode,
    resource: trigger.resource,
    isDelete: trigger.engineOperation === 'DELETE',
    values: request.values,
    external: request.external,
    policyNamespace: evaluation.policyNamespace,
  });

  const exceptions = matchingExceptions(evaluation, env, rule);
  if (exceptions.length > 0) {
    const keys = exceptions.map((exception) => exception.key).join(', ');
    return ruleResponse(rule.name, type, 'skip', `rule is skipped due to policy exception ${keys}`);
  }

  const matcher = ruleMatcher(rule);
  if (evaluation.newSubject === null || !matcher.matchesSubject(evaluation.newSubject)) {
    // A generate rule whose match holds only for the old object fails (Kyverno deletes its downstream).
    if (type === 'Generation' && evaluation.oldInput !== null && matcher.matches(evaluation.oldInput)) {
      return ruleResponse(rule.name, type, 'fail', '');
    }
    return null;
  }

  const context = trigger.context;
  context.checkpoint();
  try {
    try {
      env.loadContext(rule.context);
    } catch {
      // Kyverno logs "cannot add external data to the context" and produces no rule response.
      return null;
    }
    const response = evaluatePreconditions(env, rule, type, trigger);
    const unresolved = env.unresolved;
    return unresolved === undefined ? response : withUnresolvedHint(response, unresolved);
  } finally {
    context.restore();
  }
}

/** The exceptions naming this policy and rule whose match holds for the resource and whose conditions hold. */
function matchingExceptions(evaluation: Evaluation, env: RuleEnvironment, rule: Rule): PolicyException[] {
  const all = evaluation.request.exceptions;
  if (all === undefined || all.length === 0) return [];
  return exceptionsFor(all, policyReference(evaluation.policy), rule.name).filter(
    (exception) => anyAllMatches(exception.match, evaluation.exceptionInput) && exceptionConditionsHold(env, exception),
  );
}

/** Preconditions: `true` → pass, error → error, `false` → fail when they hold for the old object, else skip. */
function evaluatePreconditions(env: RuleEnvironment, rule: Rule, type: RuleType, trigger: TriggerState): RuleResponse {
  const evaluate = (): ConditionsOutcome | ConditionFailure => tryEvaluateConditions(rule.preconditions as JsonValue | undefined, env.substituteCondition);
  let outcome: ConditionsOutcome | ConditionFailure;
  try {
    outcome = evaluate();
  } catch (error) {
    return ruleError(rule.name, type, 'failed to evaluate conditions', error);
  }
  if (outcome instanceof ConditionFailure) return ruleError(rule.name, type, 'failed to evaluate conditions', outcome.message);
  if (outcome.result) return ruleResponse(rule.name, type, 'pass', '');

  if (trigger.oldResource !== null) {
    env.context.setResource(trigger.oldResource);
    let old: ConditionsOutcome | ConditionFailure;
    try {
      old = evaluate();
    } catch (error) {
      return ruleError(rule.name, type, 'failed to evaluate conditions for old resource', error);
    }
    if (old instanceof ConditionFailure) return ruleError(rule.name, type, 'failed to evaluate conditions for old resource', old.message);
    if (old.result) return ruleResponse(rule.name, type, 'fail', old.message);
  }
  return ruleResponse(rule.name, type, 'skip', '');
}
