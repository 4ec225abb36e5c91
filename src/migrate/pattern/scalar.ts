/**
 * @file Scalar pattern values as CEL (kyverno/kyverno pkg/engine/pattern/pattern.go `Validate`,
 * `validateStringPattern`, `compareDuration`, `compareQuantity`, `compareString`; the string pattern is
 * parsed by the engine's own parser, pkg/engine/operator/operator.go). Resource numbers are read as the
 * admission controller reads them: an integral JSON number is a CEL `int` (Go int64), any other a `double`.
 *
 * Each function returns a CEL boolean over a value expression `v` that is present in the resource (a
 * missing key is decided statically by the caller with the engine's own `validateValue`).
 *
 * A value that reached Kyverno through a JSON round trip (a foreach element: pkg/engine/utils/foreach.go
 * `AddElementToContext` → `jsonutils.DocumentToUntyped`) holds float64 numbers only: with `numbers: 'float64'`, a
 * CEL `int` is checked as the double Kyverno sees.
 */
import type { JsonValue } from '../../types.js';
import {
  compileStringPattern,
  type Comparison,
  type ComparisonOperator,
  type Condition,
} from '../../families/kyverno/engine/pattern/string-pattern.js';
import { validateValue } from '../../families/kyverno/engine/pattern/scalar.js';
import { goFloatToInt64 } from '../../util/go-int64.js';
import { formatGoDuration } from '../../util/go-duration.js';
import { and, celDouble, celString, ifThen, not, or, paren, wildcardMayMatchOver, wildcardTest } from './cel-text.js';

/** Go `strconv.ParseFloat` syntax (decimal and hexadecimal floats), as the engine accepts it. */
const GO_FLOAT_RE2 = '^[+-]?(([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?|0[xX]([0-9a-fA-F]+[.]?[0-9a-fA-F]*|[.][0-9a-fA-F]+)[pP][+-]?[0-9]+)$';
/** Go `time.ParseDuration` syntax (the engine's `parseGoDuration`): `0`, or unit-suffixed decimals. */
const GO_DURATION_RE2 = '^[+-]?(0|(([0-9]+[.]?[0-9]*|[.][0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$';

/** The characters of an int's decimal text, of a double's `%e` text, and of `true`/`false`. */
const INT_TEXT = /[-0-9]/;
const DOUBLE_TEXT = /[-+.0-9e]/;
const BOOL_TEXT = /[truefals]/;

const isNull = (v: string): string => `type(${v}) == null_type`;
const isString = (v: string): string => `type(${v}) == string`;
const isInt = (v: string): string => `type(${v}) == int`;
const isDouble = (v: string): string => `type(${v}) == double`;
const isBool = (v: string): string => `type(${v}) == bool`;

function holds(cmp: string, operator: ComparisonOperator): string {
  switch (operator) {
    case '':
      return `${cmp} == 0`;
    case '!':
      return `${cmp} != 0`;
    default:
      return `${cmp} ${operator} 0`;
  }
}

/**
 * The duration of a string value that has Go's duration syntax: `time.ParseDuration` reads a bare `0`, which CEL
 * implementations other than cel-go (whose `duration(string)` is `time.ParseDuration`) refuse, so it is spelt `0s`.
 */
function valueDuration(v: string): string {
  return `(${v}.matches("^[+-]?0$") ? duration("0s") : duration(${v}))`;
}

function durationHolds(left: string, c: Comparison): string {
  const right = `duration(${celString(formatGoDuration(c.duration!))})`;
  switch (c.operator) {
    case '':
      return `${left} == ${right}`;
    case '!':
      return `${left} != ${right}`;
    default:
      return `${left} ${c.operator} ${right}`;
  }
}

/** A statically known operand comparison (`0` as a duration against the operand). */
function staticDuration(ns: bigint, c: Comparison): string {
  const d = c.duration!;
  const cmp = ns === d ? 0 : ns < d ? -1 : 1;
  switch (c.operator) {
    case '':
      return String(cmp === 0);
    case '!':
      return String(cmp !== 0);
    case '>':
      return String(cmp > 0);
    case '<':
      return String(cmp < 0);
    case '>=':
      return String(cmp >= 0);
    case '<=':
      return String(cmp <= 0);
  }
}

/**
 * `compareString` (wildcard equality or inequality on the value's text); ordering operators on a
 * non-numeric text are false.
 */
function textComparison(text: string, c: Comparison, alphabet?: RegExp): string {
  if (c.operator !== '' && c.operator !== '!') return 'false';
  const matched = alphabet !== undefined && !wildcardMayMatchOver(c.operand, alphabet) ? 'false' : wildcardTest(text, c.operand);
  return c.operator === '!' ? not(matched) : matched;
}

/**
 * Where Kyverno's verdict depends on Go's `%e`/`%f` text of a non-integral number, which no CEL function produces
 * (cel-go's `format` prints `%f` with thousands separators and `%e` as `7.500000 × 10⁻⁰¹`, golang.org/x/text's
 * locale forms), the expression raises this error rather than guess. CEL's `&&`/`||` absorb it wherever another
 * operand decides the outcome, as it decides Kyverno's.
 */
export const GO_TEXT_ERROR = 'int("a non-integral number compared by its Go text (fmt %e or %f): no CEL equivalent")';

/**
 * A double against a quantity operand: Kyverno parses its `%f` text (six decimals). Below 1e9 in magnitude with at
 * most six decimals in its shortest form (`string(v)`), that text is the same quantity as `string(v)`: the double is
 * within half a unit in the last place (< 5e-7) of its shortest form, which lies on the six-decimal grid.
 */
function doubleQuantity(v: string, quantityHolds: (text: string) => string): string {
  const exact = `${v} > -1e9 && ${v} < 1e9 && string(${v}).matches("^-?[0-9]+([.][0-9]{1,6})?$")`;
  return `(${exact}) ? ${paren(quantityHolds(`string(${v})`))} : ${GO_TEXT_ERROR} == 0`;
}

/** A double against a string operand: the wildcard test of its `%e` text (`d.dddddde±dd`). */
function doubleText(c: Comparison): string {
  if (c.operator !== '' && c.operator !== '!') return 'false';
  if (c.operand === '') return c.operator === '' ? 'false' : 'true';
  // The text is never empty: `*` and a run of `*` with one `?` match it; literal characters outside it never do.
  if (/^\**\?\**$/.test(c.operand) || /^\*+$/.test(c.operand)) return c.operator === '' ? 'true' : 'false';
  if (!wildcardMayMatchOver(c.operand, DOUBLE_TEXT)) return c.operator === '' ? 'false' : 'true';
  return `${GO_TEXT_ERROR} == 0`;
}

/**
 * One comparison (`compare`): the value's text (`convertNumberToString`: a string as is, an int in decimal,
 * a double as `%f`) is tried as a Go duration when the operand is one, then as a quantity when the operand
 * is one; otherwise the value's `compareString` text (`%e` for a double) is wildcard-matched.
 */
function comparison(v: string, c: Comparison): string {
  const quantityHolds = (text: string): string =>
    holds(`quantity(${text}).compareTo(quantity(${celString(c.operand)}))`, c.operator);
  // A string value.
  let onString = textComparison(v, c);
  if (c.quantity !== null) onString = ifThen(`isQuantity(${v})`, quantityHolds(v), onString);
  if (c.duration !== null) onString = ifThen(`${v}.matches(${celString(GO_DURATION_RE2)})`, durationHolds(valueDuration(v), c), onString);
  // An int value: its decimal text is a duration only when it is 0, and always a quantity.
  let onInt = c.quantity !== null ? quantityHolds(`string(${v})`) : textComparison(`string(${v})`, c, INT_TEXT);
  if (c.duration !== null) onInt = ifThen(`${v} == 0`, staticDuration(0n, c), onInt);
  // A double value: its `%f` text is never a duration (no unit) and always a quantity.
  const onDouble = c.quantity !== null ? doubleQuantity(v, quantityHolds) : doubleText(c);
  // A bool value: no numeric text, its text is `true`/`false`.
  const onBool = textComparison(`string(${v})`, c, BOOL_TEXT);
  return or(
    and(isString(v), onString),
    and(isInt(v), onInt),
    and(isDouble(v), onDouble),
    and(isBool(v), onBool),
  );
}

function condition(v: string, c: Condition): string {
  switch (c.kind) {
    case 'comparison':
      return comparison(v, c);
    case 'inRange':
      return and(comparison(v, c.low), comparison(v, c.high));
    case 'notInRange':
      return or(comparison(v, c.low), comparison(v, c.high));
  }
}

function stringPattern(v: string, pattern: string): string {
  const compiled = compileStringPattern(pattern).alternatives;
  // A string equal to the pattern passes first (`value == pattern`); a single equality on the pattern itself implies it.
  const only = compiled.length === 1 && compiled[0]!.length === 1 ? compiled[0]![0]! : null;
  const implied = only !== null && only.kind === 'comparison' && only.operator === '' && only.operand === pattern;
  const alternatives = compiled.map((conjunction) =>
    and(...conjunction.map((c) => condition(v, c))),
  );
  // A null value reads as the text `0` for durations and quantities and has no string text: decided statically.
  const onNull = String(validateValue(null, pattern, 'int64'));
  const exact = implied ? 'false' : and(isString(v), `${v} == ${celString(pattern)}`);
  return or(and(isNull(v), onNull), exact, ...alternatives);
}

/** `validateFloatPattern`: an int equals a whole pattern converted to int64; a string is parsed as a float. */
function numberPattern(v: string, pattern: number): string {
  const onInt = Number.isInteger(pattern) ? `${v} == ${goFloatToInt64(pattern).toString()}` : 'false';
  return or(
    and(isInt(v), onInt),
    and(isDouble(v), `${v} == ${celDouble(pattern)}`),
    and(isString(v), `${v}.matches(${celString(GO_FLOAT_RE2)})`, `double(${v}) == ${celDouble(pattern)}`),
  );
}

/** `validateNullPattern`: null, 0, "", false. */
function nullPattern(v: string): string {
  return or(
    isNull(v),
    and(isInt(v), `${v} == 0`),
    and(isDouble(v), `${v} == 0.0`),
    and(isString(v), `${v} == ""`),
    and(isBool(v), `!${v}`),
  );
}

/** How Kyverno holds the resource's integral numbers: int64 (the admitted object) or float64 (a JSON round trip). */
export type NumberSemantics = 'int64' | 'float64';

/**
 * A CEL boolean that holds when the present value `v` satisfies the scalar pattern (`pattern.Validate`);
 * `v` must be an expression that can be repeated (a variable or a field selection).
 */
export function scalarPattern(v: string, pattern: Exclude<JsonValue, JsonValue[]>, numbers: NumberSemantics = 'int64'): string {
  if (numbers === 'float64' && (typeof pattern === 'number' || typeof pattern === 'bigint' || typeof pattern === 'string')) {
    // Booleans, null and map patterns treat an int as they treat the double of the same value.
    return ifThen(`type(${v}) == int`, valuePattern(`dyn(double(${v}))`, pattern), valuePattern(v, pattern));
  }
  return valuePattern(v, pattern);
}

function valuePattern(v: string, pattern: Exclude<JsonValue, JsonValue[]>): string {
  switch (typeof pattern) {
    case 'boolean':
      return and(isBool(v), pattern ? v : `!${v}`);
    case 'number':
      return numberPattern(v, pattern);
    case 'bigint':
      return numberPattern(v, Number(pattern));
    case 'string':
      return stringPattern(v, pattern);
    default:
      break;
  }
  if (pattern === null) return nullPattern(v);
  // An object pattern accepts any object (only reached for scalars of a list pattern).
  return `type(${v}) == map`;
}

/** The outcome of a scalar pattern on a missing key (Kyverno reads it as nil). */
export function scalarOnAbsent(pattern: JsonValue): boolean {
  return validateValue(undefined, pattern, 'int64');
}
