/**
 * @file Go `strconv.ParseFloat(s, 64)` acceptance and value, as `to_number` relies on it:
 * no surrounding spaces, `+5`, `.5`, `5.`, `1e3`, underscores between digits (`1_000`), hex only
 * with a `p` exponent (`0x1p-2`), `inf`/`infinity`/`nan` in any case; overflow is an error.
 */

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isHexDigit = (c: string | undefined): boolean =>
  c !== undefined && (isDigit(c) || (c.toLowerCase() >= 'a' && c.toLowerCase() <= 'f'));

/** Go `underscoreOK`: underscores only between digits (or after a base prefix). */
function underscoreOK(s: string): boolean {
  let saw = '^';
  let i = 0;
  if (s[0] === '+' || s[0] === '-') s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'box'.includes(s[1]!.toLowerCase())) {
    i = 2;
    saw = '0';
    hex = s[1]!.toLowerCase() === 'x';
  }
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (isDigit(c) || (hex && isHexDigit(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/** Go `readFloat` syntax check; returns the value or `null` when Go reports a syntax error. */
function readFloat(s: string): number | null {
  let i = 0;
  let negative = false;
  if (s[i] === '+' || s[i] === '-') {
    negative = s[i] === '-';
    i++;
  }
  let hex = false;
  if (s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X')) {
    hex = true;
    i += 2;
  }
  let underscores = false;
  let sawDot = false;
  let sawDigits = false;
  let mantissa = '';
  let fractionDigits = 0;
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (c === '_') {
      underscores = true;
    } else if (c === '.') {
      if (sawDot) break;
      sawDot = true;
    } else if (isDigit(c) || (hex && isHexDigit(c))) {
      sawDigits = true;
      mantissa += c;
      if (sawDot) fractionDigits++;
    } else {
      break;
    }
  }
  if (!sawDigits) return null;
  let exponent = 0;
  const expChar = hex ? 'p' : 'e';
  if (i < s.length && s[i]!.toLowerCase() === expChar) {
    i++;
    let expSign = 1;
    if (s[i] === '+' || s[i] === '-') {
      expSign = s[i] === '-' ? -1 : 1;
      i++;
    }
    if (!isDigit(s[i])) return null;
    let expDigits = '';
    for (; i < s.length && (isDigit(s[i]) || s[i] === '_'); i++) {
      if (s[i] === '_') underscores = true;
      else expDigits += s[i];
    }
    exponent = expSign * Number(expDigits);
  } else if (hex) {
    return null;
  }
  if (i !== s.length) return null;
  if (underscores && !underscoreOK(s)) return null;
  let value: number;
  if (hex) {
    value = Number(BigInt('0x' + mantissa)) * 2 ** (exponent - 4 * fractionDigits);
  } else {
    const intPart = mantissa.slice(0, mantissa.length - fractionDigits) || '0';
    const fracPart = mantissa.slice(mantissa.length - fractionDigits);
    value = Number(`${intPart}.${fracPart || '0'}e${exponent}`);
  }
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/**
 * Go `strconv.ParseFloat(s, 64)`: the number, or `null` when Go returns an error (bad syntax or
 * out of range).
 */
export function parseGoFloat(s: string): number | null {
  const lower = s.toLowerCase();
  const unsigned = lower[0] === '+' || lower[0] === '-' ? lower.slice(1) : lower;
  if (unsigned === 'inf' || unsigned === 'infinity') return lower[0] === '-' ? -Infinity : Infinity;
  if (lower === 'nan') return NaN;
  return readFloat(s);
}
