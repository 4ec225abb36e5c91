/**
 * @file Kyverno's pattern comparator (pkg/engine/pattern `Validate`) restricted to a string value
 * and a string pattern, which is how the `AnyIn`/`AllIn` family evaluates range values such as
 * `1-10`, `1Gi-10Gi` or `30m-2h` (and their `!-` negation): alternatives split on `|`, conjuncts
 * on `&`, the operator prefix (pkg/engine/operator `GetOperatorFromStringPattern`), then a
 * duration, quantity or wildcard comparison.
 */
import { parseGoDuration } from '../../util/go-duration.js';
import { compareQuantities, parseQuantity } from '../../util/quantity.js';
import { wildcardMatch } from '../../util/wildcard.js';

type Operator = '' | '>=' | '<=' | '>' | '<' | '!' | 'range' | 'not-range';

/** pkg/engine/operator `InRangeRegex` (Go RE2; `\d` is ASCII there as in JavaScript). */
export const IN_RANGE = /^([-|+]?\d+(?:\.\d+)?[A-Za-z]*)-([-|+]?\d+(?:\.\d+)?[A-Za-z]*)$/;
const NOT_IN_RANGE = /^([-|+]?\d+(?:\.\d+)?[A-Za-z]*)!-([-|+]?\d+(?:\.\d+)?[A-Za-z]*)$/;

/** `GetOperatorFromStringPattern(pattern) == InRange`. */
export function isRangePattern(pattern: string): boolean {
  return IN_RANGE.test(pattern);
}

/** pattern.Validate(value, pattern) for a string value and a string pattern. */
export function matchStringPattern(value: string, pattern: string): boolean {
  if (value === pattern) return true;
  for (const alternative of pattern.split('|')) {
    if (matchConjunction(value, trimSpaces(alternative))) return true;
  }
  return false;
}

function matchConjunction(value: string, pattern: string): boolean {
  for (const conjunct of pattern.split('&')) {
    if (!matchSingle(value, trimSpaces(conjunct))) return false;
  }
  return true;
}

function matchSingle(value: string, pattern: string): boolean {
  const op = operatorOf(pattern);
  if (op === 'range') {
    const [, low, high] = IN_RANGE.exec(pattern)!;
    return matchSingle(value, `>= ${low}`) && matchSingle(value, `<= ${high}`);
  }
  if (op === 'not-range') {
    const [, low, high] = NOT_IN_RANGE.exec(pattern)!;
    return matchSingle(value, `< ${low}`) || matchSingle(value, `> ${high}`);
  }
  const operand = pattern.slice(op.length).trim();
  return compareDurations(value, operand, op) || compareQuantityStrings(value, operand, op) || compareText(value, operand, op);
}

function operatorOf(pattern: string): Operator {
  if (pattern.length < 2) return '';
  if (pattern.startsWith('>=')) return '>=';
  if (pattern.startsWith('<=')) return '<=';
  if (pattern.startsWith('>')) return '>';
  if (pattern.startsWith('<')) return '<';
  if (pattern.startsWith('!')) return '!';
  if (NOT_IN_RANGE.test(pattern)) return 'not-range';
  if (IN_RANGE.test(pattern)) return 'range';
  return '';
}

function holds(cmp: number, op: Operator): boolean {
  switch (op) {
    case '':
      return cmp === 0;
    case '!':
      return cmp !== 0;
    case '>':
      return cmp > 0;
    case '<':
      return cmp < 0;
    case '>=':
      return cmp >= 0;
    case '<=':
      return cmp <= 0;
    default:
      return false;
  }
}

function compareDurations(value: string, operand: string, op: Operator): boolean {
  const expected = parseGoDuration(operand);
  if (expected === null) return false;
  const actual = parseGoDuration(value);
  if (actual === null) return false;
  return holds(actual === expected ? 0 : actual > expected ? 1 : -1, op);
}

function compareQuantityStrings(value: string, operand: string, op: Operator): boolean {
  const expected = parseQuantity(operand);
  if (expected === null) return false;
  const actual = parseQuantity(value);
  if (actual === null) return false;
  return holds(compareQuantities(actual, expected), op);
}

function compareText(value: string, operand: string, op: Operator): boolean {
  if (op === '') return wildcardMatch(operand, value);
  if (op === '!') return !wildcardMatch(operand, value);
  return false;
}

/** Go `strings.Trim(s, " ")`. */
function trimSpaces(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) === 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) === 0x20) end--;
  return s.slice(start, end);
}
