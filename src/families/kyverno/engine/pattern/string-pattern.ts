/**
 * @file Compilation of string pattern values (`pkg/engine/pattern/pattern.go`,
 * `pkg/engine/operator/operator.go`): `|` alternatives of `&` conjunctions of conditions, each a
 * comparison (`>=`, `<=`, `>`, `<`, `!`, equality) or a range (`a-b`, `a!-b`). The operand of a
 * comparison is pre-parsed as a Go duration and as a Kubernetes quantity. Compiled patterns are
 * cached by text, so each distinct pattern string is parsed once.
 */
import { parseGoDuration } from '../../../../util/go-duration.js';
import { parseQuantity, type Quantity } from '../../../../util/quantity.js';
import { goTrimSpace, trimSpaces } from '../../../../util/go-strings.js';

/** Kyverno's comparison operators (`operator.Operator`); `''` is equality, `!` inequality. */
export type ComparisonOperator = '' | '>=' | '<=' | '>' | '<' | '!';

export interface Comparison {
  readonly kind: 'comparison';
  readonly operator: ComparisonOperator;
  /** The operand text, operator and surrounding white space removed. */
  readonly operand: string;
  /** The operand as a Go duration (nanoseconds), when it parses as one. */
  readonly duration: bigint | null;
  /** The operand as a quantity, when it parses as one. */
  readonly quantity: Quantity | null;
}

/** `a-b` (`>= a` and `<= b`) or `a!-b` (`< a` or `> b`). */
interface Range {
  readonly kind: 'inRange' | 'notInRange';
  readonly low: Comparison;
  readonly high: Comparison;
}

export type Condition = Comparison | Range;

/** A compiled string pattern: true when any alternative has all its conditions true. */
interface StringPattern {
  readonly alternatives: readonly (readonly Condition[])[];
}

// Fixed patterns of operator.go; `\d` is ASCII-only in both RE2 and JavaScript.
const IN_RANGE = /^([-|+]?\d+(?:\.\d+)?[A-Za-z]*)-([-|+]?\d+(?:\.\d+)?[A-Za-z]*)$/;
const NOT_IN_RANGE = /^([-|+]?\d+(?:\.\d+)?[A-Za-z]*)!-([-|+]?\d+(?:\.\d+)?[A-Za-z]*)$/;

const PREFIX_OPERATORS: readonly ComparisonOperator[] = ['>=', '<=', '>', '<', '!'];

/** `operator.GetOperatorFromStringPattern`, with the two range operators. */
function operatorOf(condition: string): ComparisonOperator | 'inRange' | 'notInRange' {
  if (condition.length < 2) return '';
  for (const op of PREFIX_OPERATORS) {
    if (condition.startsWith(op)) return op;
  }
  if (NOT_IN_RANGE.test(condition)) return 'notInRange';
  if (IN_RANGE.test(condition)) return 'inRange';
  return '';
}

function comparison(operator: ComparisonOperator, operandText: string): Comparison {
  const operand = goTrimSpace(operandText);
  return {
    kind: 'comparison',
    operator,
    operand,
    duration: parseGoDuration(operand),
    quantity: parseQuantity(operand),
  };
}

/** Compiles one condition (`validateStringPattern`); ranges re-enter as `>= a`/`<= b` etc. */
function compileCondition(condition: string): Condition {
  const op = operatorOf(condition);
  if (op === 'inRange' || op === 'notInRange') {
    const match = (op === 'inRange' ? IN_RANGE : NOT_IN_RANGE).exec(condition)!;
    const [lowOp, highOp]: [ComparisonOperator, ComparisonOperator] = op === 'inRange' ? ['>=', '<='] : ['<', '>'];
    return { kind: op, low: comparison(lowOp, match[1]!), high: comparison(highOp, match[2]!) };
  }
  return comparison(op, condition.slice(op.length));
}

const cache = new Map<string, StringPattern>();
/** Pattern strings come from policies; the bound only guards against unbounded growth. */
const CACHE_LIMIT = 50_000;

/** Compiles (or fetches from the cache) a string pattern. */
export function compileStringPattern(pattern: string): StringPattern {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  const alternatives = pattern
    .split('|')
    .map((alternative) => trimSpaces(alternative).split('&').map((c) => compileCondition(trimSpaces(c))));
  const compiled: StringPattern = { alternatives };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}
