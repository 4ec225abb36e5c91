/**
 * @file Rule response constructors, mirroring Kyverno's `internal.RulePass/RuleSkip/RuleError/RuleResponse`.
 */
import type { RuleResponse, RuleStatus, RuleType } from '../../../types.js';

export function ruleResponse(name: string, type: RuleType, status: RuleStatus, message: string, path?: string): RuleResponse {
  const response: RuleResponse = { name, type, status, message };
  if (path) response.path = path;
  return response;
}

/** Kyverno's `RuleError(rule, type, msg, err)`: message `<msg>: <err>`. */
export function ruleError(name: string, type: RuleType, message: string, error: unknown): RuleResponse {
  return ruleResponse(name, type, 'error', `${message}: ${errorText(error)}`);
}

/** The text of a thrown value, as Go's `err.Error()` would give it. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
