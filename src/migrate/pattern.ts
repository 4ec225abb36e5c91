/**
 * @file `validate.pattern` and `validate.anyPattern` of kyverno.io policies as CEL for a ValidatingPolicy, with
 * the exact semantics of Kyverno's pattern engine (kyverno/kyverno pkg/engine/validate/validate.go `MatchPattern`,
 * pkg/engine/handlers/validation/validate_resource.go `validatePatterns`), or the reason there is no faithful
 * translation.
 *
 * Verdicts: Kyverno's pattern outcome is pass, fail, skip (a conditional or global anchor said the rule does not
 * apply) or error (a failure Kyverno cannot place, counted as a failure: it denies a request as a failure does).
 * A ValidatingPolicy validation has pass and fail only: `expression` holds when Kyverno passes or skips, and is
 * false when it fails. `skipWhen`, present when the pattern can skip, holds exactly when Kyverno skips; negated in
 * the policy's `matchConditions` it turns those skips into "does not apply", Kyverno's skip.
 *
 * Scope of the verdict: resource numbers are read as admission reads them (an integral JSON number is an int64);
 * on DELETE Kyverno gives a pattern rule no verdict at all (there is no resource to match), while these expressions
 * fail on a null `object`, so the policy carrying them must not match DELETE. Wildcard keys under
 * `metadata.labels`/`annotations` resolve, in Kyverno, to one matching resource key picked in Go map order (random);
 * the translation requires every matching key to satisfy the pattern, which is Kyverno's outcome whenever that
 * outcome does not depend on the random pick. Where Kyverno compares a non-integral number by its Go `%e`/`%f` text,
 * which no CEL function reproduces, the expression raises an error rather than guess (`GO_TEXT_ERROR`,
 * pattern/scalar.ts); the error only surfaces when that comparison decides the outcome.
 */
import type { JsonValue } from '../types.js';
import { isObject } from '../util/json-value.js';
import { parseAnchor } from '../families/kyverno/engine/pattern/anchor.js';
import { or } from './pattern/cel-text.js';
import { codeExpr, failExpr, passExpr, skipExpr, type Outcome } from './pattern/outcome.js';
import { translateTree } from './pattern/tree.js';
import { layout as layOut } from './pattern/layout.js';
import type { NumberSemantics } from './pattern/scalar.js';
import type { PolicyPath, Translation, Untranslatable } from './types.js';

export interface PatternCel {
  /** A CEL boolean over `object` (or the root): Kyverno's pattern passes or skips. */
  readonly expression: string;
  /** A CEL boolean over `object` (or the root): Kyverno's pattern skips (absent when it never does). */
  readonly skipWhen?: string;
}

/** What the pattern is checked against, and how the expressions are written. */
export interface PatternOptions {
  /** The checked value: a CEL expression that can be repeated (default `object`). */
  readonly root?: string;
  /**
   * How Kyverno holds the value's integral numbers: `int64` for the admitted object (default), `float64` for a
   * value that went through a JSON round trip (a foreach element).
   */
  readonly numbers?: NumberSemantics;
  /** Lay the expressions out on lines (default true); false keeps them on one line, to embed them. */
  readonly layout?: boolean;
}

const VARIABLES_REASON = 'variables are translated by the conditions translator';

/** The first `{{ }}` variable or `$( )` reference in a pattern (keys or string values), with its path. */
function findVariable(value: JsonValue, path: PolicyPath): Untranslatable | null {
  if (typeof value === 'string') {
    if (value.includes('{{')) return { reason: `${VARIABLES_REASON} ({{ }} in a pattern value)`, path };
    if (value.includes('$(')) return { reason: `${VARIABLES_REASON} ($( ) reference in a pattern value)`, path };
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findVariable(value[i]!, [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (isObject(value)) {
    for (const key of Object.keys(value)) {
      if (key.includes('{{') || key.includes('$(')) return { reason: `${VARIABLES_REASON} (in a pattern key)`, path: [...path, key] };
      const found = findVariable(value[key]!, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * What Kyverno's policy validation refuses in a validate pattern (kyverno/kyverno pkg/validation/policy
 * `validateValidationPattern` → pkg/engine/anchor/common.go `ValidatePattern`): `+()` anchors, and existence
 * anchors whose value is not a non-empty list. Such a policy never runs, so it has no verdict to keep.
 */
function findRefused(value: JsonValue, path: PolicyPath): Untranslatable | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findRefused(value[i]!, [...path, i]);
      if (found !== null) return found;
    }
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      const anchor = parseAnchor(key);
      const inner = value[key]!;
      if (anchor?.type === 'addIfNotPresent') {
        return { reason: "Kyverno refuses the policy: a +() (add-if-not-present) anchor in a validate pattern", path: [...path, key] };
      }
      if (anchor?.type === 'existence' && (!Array.isArray(inner) || inner.length === 0)) {
        return { reason: 'Kyverno refuses the policy: an existence anchor needs a non-empty list', path: [...path, key] };
      }
      const found = findRefused(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Kyverno's policy validation also refuses non-string values under the pattern's `metadata.labels`/`annotations`
 * and `spec.template.metadata.labels`/`annotations` (pkg/validation/policy/validate.go `isLabelAndAnnotationsString`;
 * it checks the first of `metadata` and `spec` in Go map order, so with both keys the refusal is random).
 */
function findNonStringLabels(pattern: JsonValue, path: PolicyPath): Untranslatable | null {
  if (!isObject(pattern)) return null;
  const nonString = (metadata: JsonValue | undefined): boolean =>
    isObject(metadata) && [metadata.labels, metadata.annotations].some((m) => isObject(m) && Object.values(m).some((v) => typeof v !== 'string'));
  const reason = 'Kyverno refuses the policy: labels and annotations support only string values';
  if (nonString(pattern.metadata)) return { reason, path: [...path, 'metadata'] };
  const spec = pattern.spec;
  if (isObject(spec) && isObject(spec.template) && nonString(spec.template.metadata)) return { reason, path: [...path, 'spec', 'template', 'metadata'] };
  return null;
}

function outcomeOf(pattern: JsonValue, path: PolicyPath, options: PatternOptions): Translation<Outcome> {
  const variable = findVariable(pattern, path) ?? findRefused(pattern, path) ?? findNonStringLabels(pattern, path);
  if (variable !== null) return { ok: false, untranslatable: variable };
  return translateTree(pattern, path, options.root, options.numbers);
}

/** cel-go's parser limit on an expression (parser.go `expressionSizeCodePointLimit`, 100,000 code points). */
const CEL_SIZE_LIMIT = 100_000;

function withinLimits(cel: PatternCel, path: PolicyPath): Translation<PatternCel> {
  for (const expression of [cel.expression, cel.skipWhen ?? '']) {
    const size = [...expression].length;
    if (size > CEL_SIZE_LIMIT) {
      return { ok: false, untranslatable: { reason: `the CEL expression has ${size} code points, more than cel-go accepts (${CEL_SIZE_LIMIT})`, path } };
    }
  }
  return { ok: true, value: cel };
}

function toCel(outcome: Outcome, options: PatternOptions): PatternCel {
  const layout = options.layout === false ? (text: string): string => text : layOut;
  const skip = skipExpr(outcome);
  const expression = layout(outcome.kind === 'bool' ? outcome.expr : `${codeExpr(outcome)} != 3`);
  return skip === 'false' ? { expression } : { expression, skipWhen: layout(skip) };
}

/** The CEL translation of `validate.pattern` (at `path` in the policy), or why there is none. */
export function translatePattern(pattern: JsonValue, path: PolicyPath, options: PatternOptions = {}): Translation<PatternCel> {
  const outcome = outcomeOf(pattern, path, options);
  if (!outcome.ok) return outcome;
  return withinLimits(toCel(outcome.value, options), path);
}

/**
 * The CEL translation of `validate.anyPattern`: Kyverno passes when one pattern passes, fails when none passes and
 * one fails (or errors), and skips when every pattern skips.
 */
export function translateAnyPattern(patterns: JsonValue[], path: PolicyPath, options: PatternOptions = {}): Translation<PatternCel> {
  const layout = options.layout === false ? (text: string): string => text : layOut;
  const outcomes: Outcome[] = [];
  for (let i = 0; i < patterns.length; i++) {
    const outcome = outcomeOf(patterns[i]!, [...path, i], options);
    if (!outcome.ok) return outcome;
    outcomes.push(outcome.value);
  }
  if (outcomes.length === 0) return { ok: true, value: { expression: 'true' } };
  if (outcomes.length === 1) return withinLimits(toCel(outcomes[0]!, options), path);
  const anyPass = or(...outcomes.map(passExpr));
  const anyFail = or(...outcomes.map(failExpr));
  const expression = or(anyPass, anyFail === 'true' ? 'false' : anyFail === 'false' ? 'true' : `!(${anyFail})`);
  const skip = outcomes.every((o) => skipExpr(o) !== 'false') ? `!(${anyPass}) && !(${anyFail})` : 'false';
  return withinLimits(skip === 'false' ? { expression: layout(expression) } : { expression: layout(expression), skipWhen: layout(skip) }, path);
}
