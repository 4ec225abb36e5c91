/**
 * @file Scalar comparison of a resource value with a pattern value, as Kyverno's `pattern.Validate`
 * (kyverno/kyverno `pkg/engine/pattern/pattern.go`: `Validate`, the string patterns of
 * `validateStringPatterns`, and `compareDuration`, `compareQuantity`). Patterns decode as float64;
 * resource numbers are float64 or int64 according to the number mode (`kyverno test` vs `kyverno apply`).
 */
import type { JsonValue, NumberMode } from '../../../../types.js';
import { parseGoDuration } from '../../../../util/go-duration.js';
import { formatFloatE, formatFloatF } from '../../../../util/go-format.js';
import { goFloatToInt64 } from '../../../../util/go-int64.js';
import { compareQuantities, parseQuantity } from '../../../../util/quantity.js';
import { wildcardMatch } from '../../../../util/wildcard.js';
import { formatGoInt, isGoInt } from './go-value.js';
import { compileStringPattern, type Comparison, type ComparisonOperator, type Condition } from './string-pattern.js';

const DECIMAL_FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/;

/**
 * Go `strconv.ParseFloat(s, 64)` for the purpose of an equality test with a finite pattern: returns
 * the value, or `null` on a syntax or range error. Infinities and NaN never equal a JSON number, so
 * they are reported as `null` too.
 */
function parseGoFloat(s: string): number | null {
  if (DECIMAL_FLOAT.test(s)) {
    const v = Number(s);
    return Number.isFinite(v) ? v : null;
  }
  const hex = HEX_FLOAT.exec(s);
  if (hex === null) return null;
  const [, sign, intDigits, fracDigits, exp] = hex;
  if (intDigits!.length + fracDigits!.length === 0) return null;
  const mantissa = Number(BigInt('0x' + intDigits! + fracDigits!));
  const v = mantissa * 2 ** (Number(exp) - 4 * fracDigits!.length);
  if (!Number.isFinite(v)) return null;
  return sign === '-' ? -v : v;
}

/** `convertNumberToString`: the text a value is parsed from for duration and quantity comparison. */
function numericText(value: JsonValue | undefined, numberMode: NumberMode): string | null {
  if (value === null || value === undefined) return '0';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (isGoInt(value, numberMode)) return formatGoInt(value);
    return formatFloatF(Number(value), 6); // fmt %f
  }
  return null;
}

/** The text a value is wildcard-matched as (`compareString`), or `null` when it has none. */
function stringText(value: JsonValue | undefined, numberMode: NumberMode): string | null {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return isGoInt(value, numberMode) ? formatGoInt(value) : formatFloatE(Number(value));
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return null;
  }
}

function holds(cmp: number, operator: ComparisonOperator): boolean {
  switch (operator) {
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
  }
}

/** One comparison: durations first, then quantities, then wildcard string (in)equality. */
function compare(value: JsonValue | undefined, c: Comparison, numberMode: NumberMode): boolean {
  if (c.duration !== null || c.quantity !== null) {
    const text = numericText(value, numberMode);
    if (text !== null) {
      if (c.duration !== null) {
        const d = parseGoDuration(text);
        if (d !== null) return holds(d === c.duration ? 0 : d < c.duration ? -1 : 1, c.operator);
      }
      if (c.quantity !== null) {
        const q = parseQuantity(text);
        if (q !== null) return holds(compareQuantities(q, c.quantity), c.operator);
      }
    }
  }
  if (c.operator !== '' && c.operator !== '!') return false;
  const text = stringText(value, numberMode);
  if (text === null) return false;
  const matched = wildcardMatch(c.operand, text);
  return c.operator === '!' ? !matched : matched;
}

function condition(value: JsonValue | undefined, c: Condition, numberMode: NumberMode): boolean {
  switch (c.kind) {
    case 'comparison':
      return compare(value, c, numberMode);
    case 'inRange':
      return compare(value, c.low, numberMode) && compare(value, c.high, numberMode);
    case 'notInRange':
      return compare(value, c.low, numberMode) || compare(value, c.high, numberMode);
  }
}

function validateStringPattern(value: JsonValue | undefined, pattern: string, numberMode: NumberMode): boolean {
  return value === pattern || someAlternativeHolds(value, compileStringPattern(pattern).alternatives, numberMode);
}

/** Whether every condition of one of the `|` alternatives holds for `value`. */
function someAlternativeHolds(value: JsonValue | undefined, alternatives: ReturnType<typeof compileStringPattern>['alternatives'], numberMode: NumberMode): boolean {
  for (const conjunction of alternatives) {
    let all = true;
    for (const c of conjunction) {
      if (!condition(value, c, numberMode)) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/** `validateFloatPattern`: an int64 value equals a whole pattern converted with Go's `int64(pattern)`. */
function validateNumberPattern(value: JsonValue | undefined, pattern: number, numberMode: NumberMode): boolean {
  switch (typeof value) {
    case 'number':
    case 'bigint':
      if (isGoInt(value, numberMode)) return Number.isInteger(pattern) && goFloatToInt64(pattern) === BigInt(value);
      return Number(value) === pattern;
    case 'string':
      return parseGoFloat(value) === pattern;
    default:
      return false;
  }
}

function validateNullPattern(value: JsonValue | undefined): boolean {
  switch (typeof value) {
    case 'number':
      return value === 0;
    case 'string':
      return value === '';
    case 'boolean':
      return !value;
    default:
      return value === null || value === undefined;
  }
}

/**
 * Reports whether a resource value satisfies a scalar pattern value (Kyverno `pattern.Validate`).
 * `undefined` stands for a missing key and behaves as `null`. An object pattern accepts any object;
 * an array pattern never matches.
 */
export function validateValue(value: JsonValue | undefined, pattern: JsonValue, numberMode: NumberMode): boolean {
  switch (typeof pattern) {
    case 'boolean':
      return value === pattern;
    case 'number':
      return validateNumberPattern(value, pattern, numberMode);
    case 'bigint':
      // Patterns are decoded with `encoding/json`: every number is a float64.
      return validateNumberPattern(value, Number(pattern), numberMode);
    case 'string':
      return validateStringPattern(value, pattern, numberMode);
    default:
      break;
  }
  if (pattern === null) return validateNullPattern(value);
  if (Array.isArray(pattern)) return false;
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scalar check compiled from one pattern value: `validateValue(value, pattern, numberMode)`. */
export type ValueCheck = (value: JsonValue | undefined, numberMode: NumberMode) => boolean;

const NEVER: ValueCheck = () => false;
const ANY_MAP: ValueCheck = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `validateValue` with the pattern worked out once: the string pattern parsed (operators, ranges, quantities and
 * durations), a plain string without operators compared directly.
 */
export function compileValueCheck(pattern: JsonValue): ValueCheck {
  switch (typeof pattern) {
    case 'boolean':
      return (value) => value === pattern;
    case 'number':
      return (value, numberMode) => validateNumberPattern(value, pattern, numberMode);
    case 'bigint': {
      const number = Number(pattern);
      return (value, numberMode) => validateNumberPattern(value, number, numberMode);
    }
    case 'string':
      return compileStringCheck(pattern);
    default:
      break;
  }
  if (pattern === null) return validateNullPattern;
  if (Array.isArray(pattern)) return NEVER;
  return ANY_MAP;
}

function compileStringCheck(pattern: string): ValueCheck {
  const { alternatives } = compileStringPattern(pattern);
  const only = alternatives.length === 1 && alternatives[0]!.length === 1 ? alternatives[0]![0]! : null;
  if (only !== null && only.kind === 'comparison' && only.operator === '' && only.duration === null && only.quantity === null) {
    // One equality without a duration or quantity operand: wildcard equality of the value's text.
    const operand = only.operand;
    return (value, numberMode) => {
      if (value === pattern) return true;
      const text = stringText(value, numberMode);
      return text !== null && wildcardMatch(operand, text);
    };
  }
  return (value, numberMode) => value === pattern || someAlternativeHolds(value, alternatives, numberMode);
}
