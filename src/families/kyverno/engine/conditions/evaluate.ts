/**
 * @file Evaluation of condition blocks — rule and foreach `preconditions`, `deny.conditions` —
 * as pkg/engine/variables/evaluate.go does it: the legacy list (AND) or `{any, all}`, with
 * short-circuiting (conditions never reached are not substituted, so their errors do not surface)
 * and the messages of the conditions that decided the result.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { ConditionError } from './errors.js';
import { type OperatorHandler, UNKNOWN_OPERATOR_MESSAGE, operatorHandler } from './operators.js';
import { type CompiledOperator, compileOperator } from './compiled.js';
import { referenceEvaluation } from '../evaluation-mode.js';
import { hasVariables } from '../variables/index.js';

/** Which part of a condition is being substituted. */
export type ConditionPart = 'key' | 'value';

/**
 * Substitutes variables in a condition's key or value. A variable that cannot be resolved is
 * reported by returning a `SubstituteFailure` (or by throwing).
 */
export type ConditionSubstitute = ((value: JsonValue, part: ConditionPart) => JsonValue | SubstituteFailure) & {
  /**
   * Set on a substitute that returns every value without `{{` variables and `$( )` references as it is
   * (variable substitution): conditions then evaluate compiled, their constant parts neither
   * substituted nor read again.
   */
  readonly keepsConstants?: boolean;
};

/** What a `ConditionSubstitute` returns when a variable cannot be resolved: the reason. */
export class SubstituteFailure {
  constructor(readonly reason: string) {}
}

/** A condition block that could not be evaluated, as a value: the `ConditionError` message. */
export class ConditionFailure {
  constructor(readonly message: string) {}
}

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
function evaluateCondition(condition: JsonValue, substitute: ConditionSubstitute): ConditionsOutcome | ConditionFailure {
  const plan = conditionPlan(condition);
  const key = substitutePart(plan.key, 'key', substitute);
  if (key instanceof ConditionFailure) return key;
  const value = substitutePart(plan.value, 'value', substitute);
  if (value instanceof ConditionFailure) return value;
  if (plan.handler === undefined) throw new ConditionError(UNKNOWN_OPERATOR_MESSAGE);
  return { result: plan.handler(key, value, plan.operator), message: plan.message };
}

/** A condition's parts as evaluation reads them. */
interface ConditionPlan {
  readonly key: JsonValue;
  readonly value: JsonValue;
  readonly operator: string;
  readonly handler: OperatorHandler | undefined;
  readonly message: string;
  /** The compiled condition, made on its first compiled evaluation. */
  compiled?: CompiledCondition;
}

/** A condition compiled: which parts need substituting, the operator, the two outcomes. */
interface CompiledCondition {
  readonly substituteKey: boolean;
  readonly substituteValue: boolean;
  /** Undefined for an unknown operator. */
  readonly operator: CompiledOperator | undefined;
  readonly whenTrue: ConditionsOutcome;
  readonly whenFalse: ConditionsOutcome;
}

function compileCondition(plan: ConditionPlan): CompiledCondition {
  const substituteValue = hasVariables(plan.value);
  return {
    substituteKey: hasVariables(plan.key),
    substituteValue,
    operator: compileOperator(plan.operator, substituteValue ? undefined : plan.value),
    whenTrue: Object.freeze({ result: true, message: plan.message }),
    whenFalse: Object.freeze({ result: false, message: plan.message }),
  };
}

/**
 * `evaluateCondition` compiled, for a substitute that `keepsConstants`: the parts without variables are
 * not substituted (the substitute would return them as they are), the operator applies its compiled form.
 */
function evaluateCompiledCondition(condition: JsonValue, substitute: ConditionSubstitute): ConditionsOutcome | ConditionFailure {
  const plan = conditionPlan(condition);
  const compiled = (plan.compiled ??= compileCondition(plan));
  let key = plan.key;
  if (compiled.substituteKey) {
    const substituted = substitutePart(key, 'key', substitute);
    if (substituted instanceof ConditionFailure) return substituted;
    key = substituted;
  }
  let value = plan.value;
  if (compiled.substituteValue) {
    const substituted = substitutePart(value, 'value', substitute);
    if (substituted instanceof ConditionFailure) return substituted;
    value = substituted;
  }
  if (compiled.operator === undefined) throw new ConditionError(UNKNOWN_OPERATOR_MESSAGE);
  return compiled.operator(key, value) ? compiled.whenTrue : compiled.whenFalse;
}

type EvaluateCondition = typeof evaluateCondition;

/** Stands for a condition that is not a map (all its parts absent). */
const NOT_A_MAP: JsonObject = Object.freeze({}) as JsonObject;

/** Plans by condition object: conditions are policy text, evaluated for every resource and never mutated. */
const conditionPlans = new WeakMap<JsonObject, ConditionPlan>();

function conditionPlan(condition: JsonValue): ConditionPlan {
  const c: JsonObject = typeof condition === 'object' && condition !== null && !Array.isArray(condition) ? condition : NOT_A_MAP;
  let plan = conditionPlans.get(c);
  if (plan === undefined) {
    const operator = typeof c['operator'] === 'string' ? c['operator'] : '';
    plan = {
      key: c['key'] ?? null,
      value: c['value'] ?? null,
      operator,
      handler: operatorHandler(operator),
      message: typeof c['message'] === 'string' ? c['message'] : '',
    };
    conditionPlans.set(c, plan);
  }
  return plan;
}

function substitutePart(raw: JsonValue, part: ConditionPart, substitute: ConditionSubstitute): JsonValue | ConditionFailure {
  let result: JsonValue | SubstituteFailure;
  try {
    result = substitute(raw, part);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConditionError(`failed to substitute variables in condition ${part}: ${reason}`, { cause: error });
  }
  if (result instanceof SubstituteFailure) return new ConditionFailure(`failed to substitute variables in condition ${part}: ${result.reason}`);
  return result;
}

/**
 * Evaluates a condition block: the legacy list (all must hold; true → the true conditions'
 * messages joined with `;`, false → the failing condition's message) or `{any, all}` (`any`
 * present, even empty, needs one true condition; `all` needs every one; true → messages of the
 * true conditions, false → of the false ones, joined with `; `). Absent conditions are true.
 * Throws a `ConditionError` on the first evaluation error.
 */
export function evaluateConditions(conditions: JsonValue | undefined, substitute: ConditionSubstitute): ConditionsOutcome {
  const outcome = tryEvaluateConditions(conditions, substitute);
  if (outcome instanceof ConditionFailure) throw new ConditionError(outcome.message);
  return outcome;
}

/**
 * As `evaluateConditions`, but a variable that cannot be resolved ends the evaluation with a
 * `ConditionFailure` (carrying the `ConditionError` message) instead of an error; other evaluation
 * errors are still thrown.
 */
export function tryEvaluateConditions(
  conditions: JsonValue | undefined,
  substitute: ConditionSubstitute,
): ConditionsOutcome | ConditionFailure {
  if (conditions === undefined || conditions === null) return { result: true, message: '' };
  const evaluate = substitute.keepsConstants === true && !referenceEvaluation() ? evaluateCompiledCondition : evaluateCondition;
  if (Array.isArray(conditions)) return evaluateList(conditions, substitute, evaluate);
  if (typeof conditions !== 'object') throw new ConditionError('invalid condition');
  return evaluateAnyAll(conditionList(conditions['any']), conditionList(conditions['all']), substitute, evaluate);
}

/** An `any`/`all` member: absent (or null) is undefined; anything but a list is invalid. */
function conditionList(v: JsonValue | undefined): JsonValue[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new ConditionError('invalid condition');
  return v;
}

/** evaluate.go `evaluateOldConditions`. */
function evaluateList(
  conditions: JsonValue[],
  substitute: ConditionSubstitute,
  evaluate: EvaluateCondition,
): ConditionsOutcome | ConditionFailure {
  let trueMessages: string[] | null = null;
  for (const condition of conditions) {
    const outcome = evaluate(condition, substitute);
    if (outcome instanceof ConditionFailure || !outcome.result) return outcome;
    if (outcome.message !== '') (trueMessages ??= []).push(outcome.message);
  }
  return { result: true, message: trueMessages === null ? '' : joinNonEmpty(trueMessages, ';') };
}

/** evaluate.go `evaluateAnyAllConditions`. */
function evaluateAnyAll(
  any: JsonValue[] | undefined,
  all: JsonValue[] | undefined,
  substitute: ConditionSubstitute,
  evaluate: EvaluateCondition,
): ConditionsOutcome | ConditionFailure {
  // Only non-empty messages are kept: they are joined with `JoinNonEmpty`.
  let trueMessages: string[] | null = null;
  let falseMessages: string[] | null = null;
  let anyResult = true;
  if (any !== undefined) {
    anyResult = false;
    for (const condition of any) {
      const outcome = evaluate(condition, substitute);
      if (outcome instanceof ConditionFailure) return outcome;
      if (outcome.result) {
        anyResult = true;
        if (outcome.message !== '') (trueMessages ??= []).push(outcome.message);
        break;
      }
      if (outcome.message !== '') (falseMessages ??= []).push(outcome.message);
    }
  }
  let allResult = true;
  if (all !== undefined) {
    for (const condition of all) {
      const outcome = evaluate(condition, substitute);
      if (outcome instanceof ConditionFailure) return outcome;
      if (!outcome.result) {
        allResult = false;
        if (outcome.message !== '') (falseMessages ??= []).push(outcome.message);
        break;
      }
      if (outcome.message !== '') (trueMessages ??= []).push(outcome.message);
    }
  }
  const result = anyResult && allResult;
  const messages = result ? trueMessages : falseMessages;
  return { result, message: messages === null ? '' : joinNonEmpty(messages, '; ') };
}
