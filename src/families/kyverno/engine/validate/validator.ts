/**
 * @file The validate "resource" handler: `deny`, `pattern`, `anyPattern` and `foreach`, with Kyverno's
 * statuses and messages (kyverno/kyverno pkg/engine/handlers/validation/validate_resource.go).
 */
import type { Conditions, ForEachValidation } from '../../policy/types.js';
import type { JsonObject, JsonValue, RuleResponse } from '../../../../types.js';
import { ConditionFailure, type ConditionsOutcome, tryEvaluateConditions } from '../conditions/index.js';
import { QueryFailure } from '../context/json-context.js';
import { matchCompiledPattern, matchPattern } from '../pattern/index.js';
import { errorText, ruleError, ruleResponse } from '../response.js';
import { ElementScopeFailure, type RuleEnvironment } from '../rule-environment.js';
import { foreachSpec, type ValidatorSpec } from '../rule-plan.js';
import { SubstitutionFailure } from '../variables/index.js';
import { denyMessage, patternFailureMessage, anyPatternFailureMessage } from './messages.js';

/**
 * The rule-level pattern of a validator as its last evaluation substituted it. Kyverno's `validator`
 * keeps the substituted pattern in place of the rule's (`substitutePatterns`), so the same validator run
 * again on the old object of an UPDATE substitutes the already substituted pattern: its variables keep the
 * values they had for the new object (validate_resource.go, `validateOldObject` calls `v.validate`).
 */
export interface PatternMemo {
  substituted?: JsonValue;
}

/**
 * Evaluates the resource handler of a validate rule; `null` means "no response". `memo`, when given,
 * holds the rule-level pattern (or anyPattern) substituted by a previous run, and receives this run's.
 */
export function validateRule(env: RuleEnvironment, memo?: PatternMemo): RuleResponse | null {
  return runValidator(env, env.plan.spec, memo);
}

function runValidator(env: RuleEnvironment, spec: ValidatorSpec, memo?: PatternMemo): RuleResponse | null {
  const name = env.plan.name;
  try {
    env.loadContext(spec.contextEntries);
  } catch (error) {
    return ruleError(name, 'Validation', 'failed to load context', error);
  }
  if (spec.preconditions !== undefined) {
    let outcome: ConditionsOutcome | ConditionFailure;
    try {
      outcome = tryEvaluateConditions(spec.preconditions as JsonValue, env.substituteCondition);
    } catch (error) {
      return ruleError(name, 'Validation', 'failed to evaluate preconditions', error);
    }
    if (outcome instanceof ConditionFailure) return ruleError(name, 'Validation', 'failed to evaluate preconditions', outcome.message);
    if (!outcome.result) return ruleResponse(name, 'Validation', 'skip', 'preconditions not met');
  }

  if (spec.deny !== undefined && spec.deny !== null) return validateDeny(env, spec.deny);

  if (spec.pattern !== undefined || spec.anyPattern !== undefined) {
    let pattern = spec.pattern;
    let anyPattern = spec.anyPattern;
    let substituted: JsonValue | SubstitutionFailure;
    try {
      substituted = env.trySubstitute(memo?.substituted ?? (pattern !== undefined ? pattern : (anyPattern as JsonValue)));
    } catch (error) {
      return ruleError(name, 'Validation', 'variable substitution failed', error);
    }
    if (substituted instanceof SubstitutionFailure) return ruleError(name, 'Validation', 'variable substitution failed', substituted.message);
    if (memo !== undefined) memo.substituted = substituted;
    // A pattern without variables is the policy's own value: it is matched compiled (once per pattern object).
    const compiled = !env.reference && substituted === (pattern !== undefined ? pattern : anyPattern);
    if (pattern !== undefined) pattern = substituted;
    else anyPattern = substituted;
    const target = env.element ?? (env.isDelete ? undefined : env.resource);
    if (target === undefined) return null;
    return validatePatterns(env, target, pattern, anyPattern, compiled);
  }

  if (spec.forEach !== undefined && spec.forEach !== null) return validateForEach(env, spec.forEach, spec.nesting);
  return null;
}

function validateDeny(env: RuleEnvironment, deny: { conditions?: Conditions }): RuleResponse {
  const rule = env.plan;
  let outcome: ConditionsOutcome | ConditionFailure;
  try {
    outcome = tryEvaluateConditions(deny.conditions as JsonValue, env.substituteCondition);
  } catch (error) {
    return ruleError(rule.name, 'Validation', 'failed to check deny conditions', error);
  }
  if (outcome instanceof ConditionFailure) return ruleError(rule.name, 'Validation', 'failed to check deny conditions', outcome.message);
  if (!outcome.result) {
    return ruleResponse(rule.name, 'Validation', 'pass', rule.passMessage);
  }
  return ruleResponse(rule.name, 'Validation', 'fail', denyMessage(env, outcome.message));
}

function validatePatterns(
  env: RuleEnvironment,
  target: JsonObject,
  pattern: JsonValue | undefined,
  anyPattern: JsonValue | undefined,
  compiled: boolean,
): RuleResponse {
  const rule = env.plan;
  if (pattern !== undefined) {
    const result = compiled ? matchCompiledPattern(target, pattern, env.numberMode) : matchPattern(target, pattern, { numberMode: env.numberMode });
    switch (result.outcome) {
      case 'pass':
        return ruleResponse(rule.name, 'Validation', 'pass', rule.passMessage);
      case 'skip':
        return ruleResponse(rule.name, 'Validation', 'skip', result.message);
      case 'error':
        return ruleResponse(rule.name, 'Validation', 'error', patternFailureMessage(env, result.message, ''));
      case 'fail':
        return ruleResponse(
          rule.name,
          'Validation',
          'fail',
          patternFailureMessage(env, result.message, result.path),
          env.resourcePath(result.path),
        );
    }
  }

  if (!Array.isArray(anyPattern)) {
    return ruleError(
      rule.name,
      'Validation',
      'failed to deserialize anyPattern, expected type array',
      `json: cannot unmarshal ${goTypeName(anyPattern ?? null)} into Go value of type []interface {}`,
    );
  }
  const failed: string[] = [];
  const skipped: string[] = [];
  let firstFailurePath: string | undefined;
  for (let index = 0; index < anyPattern.length; index++) {
    const result = compiled
      ? matchCompiledPattern(target, anyPattern[index] as JsonValue, env.numberMode)
      : matchPattern(target, anyPattern[index] as JsonValue, { numberMode: env.numberMode });
    if (result.outcome === 'pass') {
      return ruleResponse(rule.name, 'Validation', 'pass', `validation rule '${rule.name}' anyPattern[${index}] passed.`);
    }
    if (result.outcome === 'skip') {
      skipped.push(`rule ${rule.name}[${index}] skipped: ${result.message}`);
    } else if (result.outcome === 'fail' && result.path !== '') {
      failed.push(`rule ${rule.name}[${index}] failed at path ${result.path}`);
      firstFailurePath ??= env.resourcePath(result.path);
    } else {
      failed.push(`rule ${rule.name}[${index}] failed: ${result.message}`);
    }
  }
  if (failed.length > 0) {
    return ruleResponse(rule.name, 'Validation', 'fail', anyPatternFailureMessage(rule.message, failed), firstFailurePath);
  }
  if (skipped.length > 0) return ruleResponse(rule.name, 'Validation', 'skip', skipped.join(' '));
  return ruleResponse(rule.name, 'Validation', 'pass', rule.message);
}

function goTypeName(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}

function validateForEach(env: RuleEnvironment, entries: ForEachValidation[], nesting: number): RuleResponse | null {
  const rule = env.plan;
  let applied = 0;
  let listError: unknown;
  for (const entry of entries) {
    const spec = foreachSpec(entry, nesting + 1);
    let elements: JsonValue[] | QueryFailure;
    try {
      elements = env.tryEvaluateList(spec.list);
    } catch (error) {
      if (!errorText(error).includes('Unknown key')) listError = error;
      continue;
    }
    if (elements instanceof QueryFailure) {
      if (!elements.message.includes('Unknown key')) listError = elements.message;
      continue;
    }
    const { response, count } = validateElements(env, spec, elements, nesting);
    if (response.status !== 'pass') return response;
    applied += count;
  }
  if (applied === 0) {
    if (listError !== undefined) return ruleError(rule.name, 'Validation', 'failed to evaluate list', listError);
    return null;
  }
  return ruleResponse(rule.name, 'Validation', 'pass', 'rule passed');
}

function validateElements(
  env: RuleEnvironment,
  spec: ValidatorSpec,
  elements: JsonValue[],
  nesting: number,
): { response: RuleResponse; count: number } {
  const rule = env.plan;
  const ctx = env.context;
  let count = 0;
  ctx.checkpoint();
  try {
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index];
      if (element === null || element === undefined) continue;
      ctx.reset();
      let elementEnv: RuleEnvironment | ElementScopeFailure;
      try {
        elementEnv = env.withElement(element, index, nesting, spec.elementScope, spec.list);
      } catch (error) {
        return { response: ruleError(rule.name, 'Validation', 'failed to process foreach', error), count };
      }
      if (elementEnv instanceof ElementScopeFailure) {
        return { response: ruleError(rule.name, 'Validation', 'failed to process foreach', elementEnv.message), count };
      }
      const result = runValidator(elementEnv, spec);
      if (result === null || result.status === 'skip') continue;
      if (result.status === 'error' && result.message.includes('failed to evaluate preconditions')) continue;
      if (result.status !== 'pass') {
        return {
          response: ruleResponse(rule.name, 'Validation', result.status, `validation failure: ${result.message}`, result.path),
          count,
        };
      }
      count++;
    }
  } finally {
    ctx.restore();
  }
  return { response: ruleResponse(rule.name, 'Validation', 'pass', ''), count };
}

