/**
 * @file Failure messages of validate rules, worded exactly as Kyverno words them
 * (`buildErrorMessage`, `buildAnyPatternErrorMessage`, `getDenyMessage`).
 */
import type { RuleEnvironment } from '../rule-environment.js';
import { SubstitutionFailure } from '../variables/index.js';

/** The message of a failed (path) or errored (no path) `pattern`. */
export function patternFailureMessage(env: RuleEnvironment, errorText: string, path: string): string {
  const rule = env.plan;
  const message = rule.message;
  if (message === '') {
    if (path !== '') return `validation error: rule ${rule.name} failed at path ${path}`;
    return `validation error: rule ${rule.name} execution error: ${errorText}`;
  }
  let result: unknown;
  let failed = false;
  try {
    result = env.trySubstitute(message);
  } catch {
    failed = true;
  }
  if (failed || result instanceof SubstitutionFailure) {
    return `validation error: variables substitution error in rule ${rule.name} execution error: ${errorText}`;
  }
  let substituted = messageText(result);
  if (!substituted.endsWith('.')) substituted += '.';
  if (path !== '') return `validation error: ${substituted} rule ${rule.name} failed at path ${path}`;
  return `validation error: ${substituted} rule ${rule.name} execution error: ${errorText}`;
}

/** The message of an `anyPattern` where at least one pattern failed; `message` is the rule's. */
export function anyPatternFailureMessage(message: string, errors: string[]): string {
  const joined = errors.join(' ');
  if (message === '') return `validation error: ${joined}`;
  if (message.endsWith('.')) return `validation error: ${message} ${joined}`;
  return `validation error: ${message}. ${joined}`;
}

/** The message of a `deny` whose conditions are true: the rule message and the condition messages. */
export function denyMessage(env: RuleEnvironment, conditionMessages: string): string {
  const rule = env.plan;
  const message = [rule.message, conditionMessages].filter((part) => part !== '').join('; ');
  if (message === '') return `validation error: rule ${rule.name} failed`;
  try {
    const result = env.trySubstitute(message);
    return result instanceof SubstitutionFailure ? conditionMessages : messageText(result);
  } catch {
    return conditionMessages;
  }
}

function messageText(value: unknown): string {
  if (typeof value === 'string') return value;
  return "the produced message didn't resolve to a string, check your policy definition.";
}
