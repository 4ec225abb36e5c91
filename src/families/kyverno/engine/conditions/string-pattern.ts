/**
 * @file How the `AnyIn`/`AllIn` family evaluates range values such as `1-10`, `1Gi-10Gi` or `30m-2h` (and
 * their `!-` negation): with Kyverno's pattern comparator (pkg/engine/pattern `Validate`) on a string value.
 */
import { validateValue } from '../pattern/index.js';

/** pkg/engine/operator `InRangeRegex` (Go RE2; `\d` is ASCII there as in JavaScript). */
const IN_RANGE = /^([-|+]?\d+(?:\.\d+)?[A-Za-z]*)-([-|+]?\d+(?:\.\d+)?[A-Za-z]*)$/;

/** `GetOperatorFromStringPattern(pattern) == InRange`. */
export function isRangePattern(pattern: string): boolean {
  return IN_RANGE.test(pattern);
}

/** pattern.Validate(value, pattern) for a string value and a string pattern. */
export function matchStringPattern(value: string, pattern: string): boolean {
  return validateValue(value, pattern, 'float64');
}
