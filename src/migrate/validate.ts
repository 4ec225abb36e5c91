/**
 * @file A `validate` rule as the `validations` of a ValidatingPolicy.
 *
 * - `pattern`/`anyPattern`: one validation, true when Kyverno's pattern passes or skips; the skip (a conditional
 *   anchor that does not hold) is a match condition, as a skipped rule is a skipped policy. Kyverno does not
 *   validate a pattern on DELETE (pkg/engine/handlers/validation `validateResourceHandler`), so neither does the
 *   translation.
 * - `deny.conditions`: one validation, the negation of the conditions.
 * - `foreach`: one validation over the elements (foreach.ts), and the skip (every element skipped) as a match
 *   condition.
 * - `cel`: the expressions, variables and audit annotations as they are (a `validate.cel` rule already evaluates
 *   in the admission environment a ValidatingPolicy has).
 * - The message is the validation's `message`, or its `messageExpression` when it holds variables.
 */
import type { JsonObject, JsonValue } from '../types.js';
import type { Rule } from '../families/kyverno/policy/types.js';
import { isObject } from '../util/json-value.js';
import { translateConditions } from './conditions.js';
import { translateForeach } from './foreach.js';
import { translateMessage, type TranslationScope } from './jmespath.js';
import type { MatchCondition } from './match.js';
import { translateAnyPattern, translatePattern } from './pattern.js';
import type { Variable } from './rule-frame.js';
import type { PolicyPath, Translation } from './types.js';

export interface ValidationEntry {
  readonly expression: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
}

/** What the rule's validate block translates to. */
export interface ValidateTranslation {
  readonly validations: readonly ValidationEntry[];
  /** Conditions under which Kyverno skips the rule (after the frame's). */
  readonly matchConditions: readonly MatchCondition[];
  readonly variables: readonly Variable[];
  readonly auditAnnotations: readonly JsonObject[];
  /** The validate block can only fail on CREATE/UPDATE (a pattern). */
  readonly createUpdateOnly: boolean;
}

const UNSUPPORTED: readonly [key: string, reason: string][] = [
  ['podSecurity', 'a `podSecurity` rule (the Pod Security Standards checks have no CEL library in Kyverno; write the controls as validations, or keep the rule as it is)'],
  ['manifests', 'a `manifests` rule (signed YAML manifests have no CEL counterpart)'],
  ['assert', 'an `assert` rule (kyverno-json assertion trees have no CEL counterpart)'],
];

/** The `message` or `messageExpression` of a validation. */
function messageOf(message: JsonValue | undefined, scope: TranslationScope, path: PolicyPath): Translation<{ message?: string; messageExpression?: string }> {
  if (typeof message !== 'string' || message === '') return { ok: true, value: {} };
  if (!message.includes('{{')) return { ok: true, value: { message } };
  const translated = translateMessage(message, scope, path);
  if (!translated.ok) return translated;
  return { ok: true, value: { messageExpression: translated.value } };
}

function celValidate(cel: JsonObject, path: PolicyPath): Translation<Omit<ValidateTranslation, 'createUpdateOnly' | 'matchConditions'>> {
  if (cel.paramKind !== undefined || cel.paramRef !== undefined) {
    return { ok: false, untranslatable: { reason: 'a `validate.cel` rule with parameters (a ValidatingPolicy has no paramKind)', path: [...path, cel.paramKind !== undefined ? 'paramKind' : 'paramRef'] } };
  }
  const expressions = Array.isArray(cel.expressions) ? cel.expressions : [];
  const validations: ValidationEntry[] = [];
  for (const [i, entry] of expressions.entries()) {
    if (!isObject(entry) || typeof entry.expression !== 'string') {
      return { ok: false, untranslatable: { reason: 'a CEL validation without an expression', path: [...path, 'expressions', i] } };
    }
    const validation: Record<string, string> = { expression: entry.expression };
    for (const key of ['message', 'messageExpression', 'reason'] as const) {
      if (typeof entry[key] === 'string' && entry[key] !== '') validation[key] = entry[key] as string;
    }
    validations.push(validation as unknown as ValidationEntry);
  }
  const variables: Variable[] = [];
  for (const [i, entry] of (Array.isArray(cel.variables) ? cel.variables : []).entries()) {
    if (!isObject(entry) || typeof entry.name !== 'string' || typeof entry.expression !== 'string') {
      return { ok: false, untranslatable: { reason: 'a CEL variable without a name and an expression', path: [...path, 'variables', i] } };
    }
    variables.push({ name: entry.name, expression: entry.expression });
  }
  const auditAnnotations = (Array.isArray(cel.auditAnnotations) ? cel.auditAnnotations : []).filter(isObject);
  return { ok: true, value: { validations, variables, auditAnnotations } };
}

/** A `{{ }}` variable naming a foreach element (`element`, `elementIndex`, `element0`, …). */
const ELEMENT_VARIABLE = /\{\{[^}]*\belement(Index)?[0-9]*\b/;

/**
 * Translates a rule's validate block. `scope` holds the rule's context variables, `inlineScope` the same inlined
 * (for match conditions).
 */
export function translateValidate(rule: Rule, rulePath: PolicyPath, scope: TranslationScope, inlineScope: TranslationScope = scope): Translation<ValidateTranslation> {
  const validate = rule.validate!;
  const path = [...rulePath, 'validate'];
  for (const [key, reason] of UNSUPPORTED) {
    const value = (validate as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) return { ok: false, untranslatable: { reason, path: [...path, key] } };
  }
  if (validate.foreach !== undefined && validate.foreach !== null && typeof validate.message === 'string' && ELEMENT_VARIABLE.test(validate.message)) {
    return { ok: false, untranslatable: { reason: 'a message that names the foreach element (Kyverno writes the failing element into it)', path: [...path, 'message'] } };
  }
  const message = messageOf(validate.message, scope, [...path, 'message']);
  if (!message.ok) return message;

  if (validate.cel !== undefined && validate.cel !== null) {
    const cel = celValidate(validate.cel, [...path, 'cel']);
    if (!cel.ok) return cel;
    return { ok: true, value: { ...cel.value, matchConditions: [], createUpdateOnly: false } };
  }
  if (validate.pattern !== undefined || validate.anyPattern !== undefined) {
    const translated =
      validate.pattern !== undefined
        ? translatePattern(validate.pattern, [...path, 'pattern'])
        : Array.isArray(validate.anyPattern)
          ? translateAnyPattern(validate.anyPattern, [...path, 'anyPattern'])
          : ({ ok: false, untranslatable: { reason: '`anyPattern` that is not a list', path: [...path, 'anyPattern'] } } as const);
    if (!translated.ok) return translated;
    const matchConditions: MatchCondition[] = [];
    if (translated.value.skipWhen !== undefined) matchConditions.push({ name: 'kyverno-pattern-applies', expression: `!(${translated.value.skipWhen})` });
    return {
      ok: true,
      value: { validations: [{ expression: translated.value.expression, ...message.value }], matchConditions, variables: [], auditAnnotations: [], createUpdateOnly: true },
    };
  }
  if (validate.deny !== undefined && validate.deny !== null) {
    const conditions = translateConditions((validate.deny.conditions ?? null) as JsonValue, scope, [...path, 'deny', 'conditions']);
    if (!conditions.ok) return conditions;
    return { ok: true, value: { validations: [{ expression: `!(${conditions.value})`, ...message.value }], matchConditions: [], variables: [], auditAnnotations: [], createUpdateOnly: false } };
  }
  if (validate.foreach !== undefined && validate.foreach !== null) {
    const foreachPath = [...path, 'foreach'];
    const translated = translateForeach(validate.foreach as unknown as JsonValue, scope, foreachPath);
    if (!translated.ok) return translated;
    // Match conditions are compiled before the variables: the skip reads the context inlined.
    const inlined = translateForeach(validate.foreach as unknown as JsonValue, inlineScope, foreachPath);
    if (!inlined.ok) return inlined;
    const matchConditions: MatchCondition[] = [];
    if (inlined.value.skipWhen !== 'false') matchConditions.push({ name: 'kyverno-foreach-applies', expression: `!(${inlined.value.skipWhen})` });
    return {
      ok: true,
      value: { validations: [{ expression: translated.value.expression, ...message.value }], matchConditions, variables: [], auditAnnotations: [], createUpdateOnly: false },
    };
  }
  return { ok: false, untranslatable: { reason: 'a validate block with none of pattern, anyPattern, deny, cel, foreach', path } };
}
