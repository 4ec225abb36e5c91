/**
 * @file Whether a PolicyException's `conditions` hold for a rule (kyverno/kyverno pkg/engine/utils/exceptions.go,
 * `checkExceptions`): an error in them means the exception does not apply.
 */
import type { JsonValue } from '../../../types.js';
import type { PolicyException } from '../policy/exception.js';
import { ConditionFailure, tryEvaluateConditions } from './conditions/index.js';
import type { RuleEnvironment } from './rule-environment.js';

export function exceptionConditionsHold(env: RuleEnvironment, exception: PolicyException): boolean {
  if (exception.conditions === undefined) return true;
  try {
    const outcome = tryEvaluateConditions(exception.conditions as JsonValue, env.substituteCondition);
    return !(outcome instanceof ConditionFailure) && outcome.result;
  } catch {
    // Kyverno logs the error and does not apply the exception.
    return false;
  }
}
