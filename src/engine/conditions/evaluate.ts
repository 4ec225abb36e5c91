/**
 * @file Evaluation of condition blocks — rule and foreach `preconditions`, `deny.conditions` —
 * as pkg/engine/variables/evaluate.go does it: the legacy list (AND) or `{any, all}`, with
 * short-circuiting (conditions never reached are not substituted, so their errors do not surface)
 * and the messages of the conditions that decided the result.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { ConditionError } from './errors.js';
import { evaluateOperator } from './operators.js';

/** Which part of a condition is being substituted. */
export type ConditionPart = 'key' | 'value';

/** Substitutes variables in a condition's key or value; throws when a variable cannot be resolved. */
export type ConditionSubstitute = (value: JsonValue, part: ConditionPart) => JsonValue;

/** The outcome of a condition block and the joined messages of the conditions that decided it. */
export interface ConditionsOutcome {
  result: boolean;
  message: string;
}

/** Kyverno's `stringutils.JoinNonEmpty`: joins the non-empty parts with `separator`. */
export function joinNonEmpty(parts: readonly string[], separator: string): string {
  let out = '';
  for (const part of parts) {
    if (part === '') continue;
    out = out === '' ? part : out + separator + part;
  }
  return out;
}

/**
 * Evaluates one condition: substitutes its key then its value, then applies the operator.
 * Returns the result and the condition's raw `message`.
 */
function evaluateCondition(condition: JsonValue, substitute: ConditionSubstitute): ConditionsOutcome {
  const c: JsonObject = typeof condition === 'object' && condition !== null && !Array.isArray(condition) ? condition : {};
  const key = substitutePart(c['key'] ?? null, 'key', substitute);
  const value = substitutePart(c['value'] ?? null, 'value', substitute);
  const operator = typeof c['operator'] === 'string' ? c['operator'] : '';
  const message = typeof c['message'] === 'string' ? c['message'] : '';
  return { result: evaluateOperator(key, operator, value), message };
}

function substitutePart(raw: JsonValue, part: ConditionPart, substitute: ConditionSubstitute): JsonValue {
  try {
    return substitute(raw, part);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConditionError(`failed to substitute variables in condition ${part}: ${reason}`, { cause: error });
  }
}

/**
 * Evaluates a condition block: the legacy list (all must hold; true → the true conditions'
 * messages joined with `;`, false → the failing condition's message) or `{any, all}` (`any`
 * present, even empty, needs one true condition; `all` needs every one; true → messages of the
 * true conditions, false → of the false ones, joined with `; `). Absent conditions are true.
 * Throws a `ConditionError` on the first evaluation error.
 */
export function evaluateConditions(conditions: JsonValue | undefined, substitute: ConditionSubstitute): ConditionsOutcome {
  if (conditions === undefined || conditions === null) return { result: true, message: '' };
  if (Array.isArray(conditions)) return evaluateList(conditions, substitute);
  if (typeof conditions !== 'object') throw new ConditionError('invalid condition');
  return evaluateAnyAll(conditionList(conditions['any']), conditionList(conditions['all']), substitute);
}

/** An `any`/`all` member: absent (or null) is undefined; anything but a list is invalid. */
function conditionList(v: JsonValue | undefined): JsonValue[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new ConditionError('invalid condition');
  return v;
}

/** evaluate.go `evaluateOldConditions`. */
function evaluateList(conditions: JsonValue[], substitute: ConditionSubstitute): ConditionsOutcome {
  const trueMessages: string[] = [];
  for (const condition of conditions) {
    const outcome = evaluateCondition(condition, substitute);
    if (!outcome.result) return outcome;
    trueMessages.push(outcome.message);
  }
  return { result: true, message: joinNonEmpty(trueMessages, ';') };
}

/** evaluate.go `evaluateAnyAllConditions`. */
function evaluateAnyAll(
  any: JsonValue[] | undefined,
  all: JsonValue[] | undefined,
  substitute: ConditionSubstitute,
): ConditionsOutcome {
  const trueMessages: string[] = [];
  const falseMessages: string[] = [];
  let anyResult = true;
  if (any !== undefined) {
    anyResult = false;
    for (const condition of any) {
      const outcome = evaluateCondition(condition, substitute);
      if (outcome.result) {
        anyResult = true;
        trueMessages.push(outcome.message);
        break;
      }
      falseMessages.push(outcome.message);
    }
  }
  let allResult = true;
  for (const condition of all ?? []) {
    const outcome = evaluateCondition(condition, substitute);
    if (!outcome.result) {
      allResult = false;
      falseMessages.push(outcome.message);
      break;
    }
    trueMessages.push(outcome.message);
  }
  const result = anyResult && allResult;
  return { result, message: joinNonEmpty(result ? trueMessages : falseMessages, '; ') };
}
