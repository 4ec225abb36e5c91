/**
 * @file The validate "resource" handler: `deny`, `pattern`, `anyPattern` and `foreach`, with Kyverno's
 * statuses and messages (kyverno/kyverno pkg/engine/handlers/validation/validate_resource.go).
 */
import type { ContextEntry, Conditions, ForEachValidation } from '../../policy/types.js';
import type { JsonObject, JsonValue, RuleResponse } from '../../types.js';
import { evaluateConditions } from '../conditions/index.js';
import { matchPattern } from '../pattern/index.js';
import { errorText, ruleError, ruleResponse } from '../response.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { denyMessage, patternFailureMessage, anyPatternFailureMessage } from './messages.js';

/** One level of validation: the rule itself (nesting 0) or a foreach entry (nesting ≥ 1). */
interface ValidatorSpec {
  contextEntries?: ContextEntry[];
  preconditions?: Conditions;
  pattern?: JsonValue;
  anyPattern?: JsonValue;
  deny?: { conditions?: Conditions };
  forEach?: ForEachValidation[];
  nesting: number;
}

/** Evaluates the resource handler of a validate rule; `null` means "no response". */
export function validateRule(env: RuleEnvironment): RuleResponse | null {
  const validation = env.rule.validate ?? {};
  return runValidator(env, {
    pattern: validation.pattern,
    anyPattern: validation.anyPattern,
    deny: validation.deny,
    forEach: validation.foreach,
    nesting: 0,
  });
}

function runValidator(env: RuleEnvironment, spec: ValidatorSpec): RuleResponse | null {
  const rule = env.rule;
  try {
    env.loadContext(spec.contextEntries);
  } catch (error) {
    return ruleError(rule.name, 'Validation', 'failed to load context', error);
  }
  if (spec.preconditions !== undefined) {
    let passed: boolean;
    try {
      passed = evaluateConditions(spec.preconditions as JsonValue, env.substituteCondition).result;
    } catch (error) {
      return ruleError(rule.name, 'Validation', 'failed to evaluate preconditions', error);
    }
    if (!passed) return ruleResponse(rule.name, 'Validation', 'skip', 'preconditions not met');
  }

  if (spec.deny !== undefined && spec.deny !== null) return validateDeny(env, spec.deny);

  if (spec.pattern !== undefined || spec.anyPattern !== undefined) {
    let pattern = spec.pattern;
    let anyPattern = spec.anyPattern;
    try {
      if (pattern !== undefined) pattern = env.substitute(pattern);
      else anyPattern = env.substitute(anyPattern as JsonValue);
    } catch (error) {
      return ruleError(rule.name, 'Validation', 'variable substitution failed', error);
    }
    const target = env.element ?? (env.isDelete ? undefined : env.resource);
    if (target === undefined) return null;
    return validatePatterns(env, target, pattern, anyPattern);
  }

  if (spec.forEach !== undefined && spec.forEach !== null) return validateForEach(env, spec.forEach, spec.nesting);
  return null;
}

function validateDeny(env: RuleEnvironment, deny: { conditions?: Conditions }): RuleResponse {
  const rule = env.rule;
  let outcome: { result: boolean; message: string };
  try {
    outcome = evaluateConditions(deny.conditions as JsonValue, env.substituteCondition);
  } catch (error) {
    return ruleError(rule.name, 'Validation', 'failed to check deny conditions', error);
  }
  if (!outcome.result) {
    return ruleResponse(rule.name, 'Validation', 'pass', `validation rule '${rule.name}' passed.`);
  }
  return ruleResponse(rule.name, 'Validation', 'fail', denyMessage(env, outcome.message));
}

function validatePatterns(
  env: RuleEnvironment,
  target: JsonObject,
  pattern: JsonValue | undefined,
  anyPattern: JsonValue | undefined,
): RuleResponse {
  const rule = env.rule;
  if (pattern !== undefined) {
    const result = matchPattern(target, pattern, { numberMode: env.numberMode });
    switch (result.outcome) {
      case 'pass':
        return ruleResponse(rule.name, 'Validation', 'pass', `validation rule '${rule.name}' passed.`);
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
    const result = matchPattern(target, anyPattern[index] as JsonValue, { numberMode: env.numberMode });
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
    return ruleResponse(rule.name, 'Validation', 'fail', anyPatternFailureMessage(rule, failed), firstFailurePath);
  }
  if (skipped.length > 0) return ruleResponse(rule.name, 'Validation', 'skip', skipped.join(' '));
  return ruleResponse(rule.name, 'Validation', 'pass', rule.validate?.message ?? '');
}

function goTypeName(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}

function validateForEach(env: RuleEnvironment, entries: ForEachValidation[], nesting: number): RuleResponse | null {
  const rule = env.rule;
  let applied = 0;
  let listError: unknown;
  for (const entry of entries) {
    let elements: JsonValue[];
    try {
      elements = env.evaluateList(entry.list);
    } catch (error) {
      if (!errorText(error).includes('Unknown key')) listError = error;
      continue;
    }
    const { response, count } = validateElements(env, entry, elements, nesting);
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
  entry: ForEachValidation,
  elements: JsonValue[],
  nesting: number,
): { response: RuleResponse; count: number } {
  const rule = env.rule;
  const ctx = env.context;
  let count = 0;
  ctx.checkpoint();
  try {
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index];
      if (element === null || element === undefined) continue;
      ctx.reset();
      let elementEnv: RuleEnvironment;
      try {
        elementEnv = env.withElement(element, index, nesting, entry.elementScope, entry.list);
      } catch (error) {
        return { response: ruleError(rule.name, 'Validation', 'failed to process foreach', error), count };
      }
      const result = runValidator(elementEnv, {
        contextEntries: entry.context,
        preconditions: entry.preconditions,
        pattern: entry.pattern,
        anyPattern: entry.anyPattern,
        deny: entry.deny,
        forEach: entry.foreach,
        nesting: nesting + 1,
      });
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

