/**
 * @file Go `strconv.ParseFloat(s, 64)` for condition operands: decimal and hexadecimal
 * floating-point literals, `_` digit separators where Go allows them, `Inf`/`Infinity`/`NaN`
 * (case-insensitive), the whole string consumed. Out-of-range values are errors in Go
 * (`ErrRange`), so they fail here too.
 */

const DECIMAL = /^[+-]?(?:[0-9_]+\.?[0-9_]*|\.[0-9_]+)(?:[eE][+-]?[0-9][0-9_]*)?$/;
const HEXADECIMAL = /^([+-]?)0[xX]([0-9a-fA-F_]*)\.?([0-9a-fA-F_]*)[pP]([+-]?[0-9][0-9_]*)$/;
const SPECIAL = /^(?:([+-]?)(?:inf|infinity)|nan)$/i;

/** The float64 Go's ParseFloat returns for `s`, or null where it returns an error. */
export function parseGoFloat(s: string): number | null {
  const special = SPECIAL.exec(s);
  if (special !== null) {
    if (s.length === 3 && s.toLowerCase() === 'nan') return NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  let value: number;
  if (DECIMAL.test(s)) {
    if (!/[0-9]/.test(s.replace(/[eE].*$/, ''))) return null;
    if (s.includes('_')) {
      if (!underscoresOk(s, false)) return null;
      value = Number(s.replace(/_/g, ''));
    } else {
      value = Number(s);
    }
  } else {
    const hex = HEXADECIMAL.exec(s);
    if (hex === null) return null;
    if (!/[0-9a-fA-F]/.test(hex[2]! + hex[3]!)) return null;
    if (s.includes('_') && !underscoresOk(s, true)) return null;
    value = hexFloat(hex[1] === '-', hex[2]!.replace(/_/g, ''), hex[3]!.replace(/_/g, ''), Number(hex[4]!.replace(/_/g, '')));
  }
  return Number.isFinite(value) ? value : null;
}

/** Go's `underscoreOK`: each `_` sits between digits (or right after a base prefix). */
function underscoresOk(s: string, hex: boolean): boolean {
  let i = s[0] === '+' || s[0] === '-' ? 1 : 0;
  let saw = '^';
  if (hex) {
    i += 2;
    saw = '0';
  }
  for (; i < s.length; i++) {
    const c = s[i]!;
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
    } else if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

/** The value of a hexadecimal float literal `0x<int>.<frac>p<exp>`. */
function hexFloat(negative: boolean, intDigits: string, fracDigits: string, exponent: number): number {
  const mantissa = BigInt(`0x${intDigits}${fracDigits}`);
  let value = Number(mantissa);
  let shift = exponent - 4 * fracDigits.length;
  while (shift !== 0 && value !== 0 && Number.isFinite(value)) {
    const step = Math.max(-1000, Math.min(1000, shift));
    value *= 2 ** step;
    shift -= step;
  }
  return negative ? -value : value;
}
