/**
 * @file Go `time.Parse(layout, value)` with its error texts
 * (`parsing time "bad" as "2006-01-02T15:04:05Z07:00": cannot parse "bad" as "2006"`,
 * `parsing time "2023-13-06": month out of range`), in a process whose local zone is UTC (as
 * Kyverno runs): a zone abbreviation other than `UTC` gets offset 0 (`GMT+3` gets +3h, attached
 * to the wall clock read as UTC, as Go does).
 */
import { type GoTime, daysBefore, daysIn, isLeapYear, makeTime } from './go-time.js';
import { type StdElement, nextStdChunk } from './go-time-layout.js';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Go time's `quote`: non-ASCII and control characters as `\x` escapes of their UTF-8 bytes. */
export function timeQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (cp >= 0x80 || cp < 0x20) {
      for (const b of Buffer.from(c, 'utf8')) out += `\\x${b.toString(16).padStart(2, '0')}`;
    } else {
      out += c === '"' || c === '\\' ? `\\${c}` : c;
    }
  }
  return out + '"';
}

class ParseFailure extends Error {}

function parseError(layout: string, value: string, layoutElem: string, valueElem: string, message: string): ParseFailure {
  if (message !== '') return new ParseFailure(`parsing time ${timeQuote(value)}${message}`);
  return new ParseFailure(
    `parsing time ${timeQuote(value)} as ${timeQuote(layout)}: cannot parse ${timeQuote(valueElem)} as ${timeQuote(layoutElem)}`,
  );
}

const isDigitAt = (s: string, i: number): boolean => i < s.length && s[i]! >= '0' && s[i]! <= '9';
const commaOrPeriod = (c: string | undefined): boolean => c === '.' || c === ',';

/** A field that failed to parse (Go's `errBad`). */
class Bad extends Error {}

/** Go `leadingInt`: the leading decimal digits; throws on overflow. */
function leadingInt(s: string): [number, string] {
  let i = 0;
  let x = 0n;
  for (; i < s.length && isDigitAt(s, i); i++) {
    x = x * 10n + BigInt(s.charCodeAt(i) - 48);
    if (x > 1n << 63n) throw new Bad();
  }
  return [Number(x), s.slice(i)];
}

/** Go `atoi`: optional sign, digits, nothing else. */
function atoi(s: string): number {
  const negative = s[0] === '-';
  const body = s[0] === '-' || s[0] === '+' ? s.slice(1) : s;
  const [x, rest] = leadingInt(body);
  if (rest !== '') throw new Bad();
  return negative ? -x : x;
}

/** Go `getnum`: one or two digits (exactly two when `fixed`). */
function getnum(s: string, fixed: boolean): [number, string] {
  if (!isDigitAt(s, 0)) throw new Bad();
  if (!isDigitAt(s, 1)) {
    if (fixed) throw new Bad();
    return [s.charCodeAt(0) - 48, s.slice(1)];
  }
  return [(s.charCodeAt(0) - 48) * 10 + (s.charCodeAt(1) - 48), s.slice(2)];
}

/** Go `getnum3`: one to three digits (exactly three when `fixed`). */
function getnum3(s: string, fixed: boolean): [number, string] {
  let n = 0;
  let i = 0;
  for (; i < 3 && isDigitAt(s, i); i++) n = n * 10 + (s.charCodeAt(i) - 48);
  if (i === 0 || (fixed && i !== 3)) throw new Bad();
  return [n, s.slice(i)];
}

/** Go `lookup`: the first name of `table` that starts `value`, ignoring ASCII case. */
function lookupName(table: readonly string[], value: string): [number, string] {
  for (let i = 0; i < table.length; i++) {
    const name = table[i]!;
    if (value.length >= name.length && value.slice(0, name.length).toLowerCase() === name.toLowerCase()) {
      const head = value.slice(0, name.length);
      if (/^[\x00-\x7f]*$/.test(head)) return [i, value.slice(name.length)];
    }
  }
  throw new Bad();
}

/** Go `parseNanoseconds`: `value[0]` is the separator, `n` bytes in all. */
function parseNanoseconds(value: string, n: number): number {
  if (!commaOrPeriod(value[0])) throw new Bad();
  const count = Math.min(n, 10);
  let ns = atoi(value.slice(1, count));
  for (let i = 0; i < 10 - count; i++) ns *= 10;
  return ns;
}

/** Go `parseSignedOffset`: the length of `+hh`/`-hh` (hours <= 12) at the start, or 0. */
function parseSignedOffset(value: string): number {
  if (value[0] !== '-' && value[0] !== '+') return 0;
  let x: number;
  let rest: string;
  try {
    [x, rest] = leadingInt(value.slice(1));
  } catch {
    return 0;
  }
  if (rest === value.slice(1) || x > 12) return 0;
  return value.length - rest.length;
}

/** Go `parseTimeZone`: the length of a zone abbreviation at the start of `value`, or 0. */
function parseTimeZone(value: string): number {
  if (value.length < 3) return 0;
  if (value.startsWith('ChST') || value.startsWith('MeST')) return 4;
  if (value.startsWith('GMT')) return 3 + (value.length > 3 ? parseSignedOffset(value.slice(3)) : 0);
  if (value[0] === '+' || value[0] === '-') return parseSignedOffset(value);
  let upper = 0;
  while (upper < 6 && upper < value.length && value[upper]! >= 'A' && value[upper]! <= 'Z') upper++;
  switch (upper) {
    case 3:
      return 3;
    case 4:
      return value[3] === 'T' || value.startsWith('WITA') ? 4 : 0;
    case 5:
      return value[4] === 'T' ? 5 : 0;
    default:
      return 0;
  }
}

/** Go `skip`: consumes the literal `prefix` (a space matches any run of spaces). */
function skip(value: string, prefix: string): { value: string; ok: boolean } {
  let v = value;
  let p = prefix;
  while (p.length > 0) {
    if (p[0] === ' ') {
      if (v.length > 0 && v[0] !== ' ') return { value: v, ok: false };
      p = p.replace(/^ +/, '');
      v = v.replace(/^ +/, '');
      continue;
    }
    if (v.length === 0 || v[0] !== p[0]) return { value: v, ok: false };
    p = p.slice(1);
    v = v.slice(1);
  }
  return { value: v, ok: true };
}

interface Fields {
  year: number;
  month: number;
  day: number;
  yday: number;
  hour: number;
  min: number;
  sec: number;
  nsec: number;
  utc: boolean;
  zoneOffset: number;
  zoneName: string;
  am: boolean;
  pm: boolean;
}

/** Parses one numeric zone element; returns the rest of the value or throws. */
function parseNumericZone(kind: StdElement['kind'], value: string, f: Fields, range: { error: string }): string {
  let sign: string;
  let hh: string;
  let mm = '00';
  let ss = '00';
  let rest: string;
  if (kind === 'ISO8601ColonTZ' || kind === 'NumColonTZ') {
    if (value.length < 6 || value[3] !== ':') throw new Bad();
    [sign, hh, mm, rest] = [value[0]!, value.slice(1, 3), value.slice(4, 6), value.slice(6)];
  } else if (kind === 'NumShortTZ' || kind === 'ISO8601ShortTZ') {
    if (value.length < 3) throw new Bad();
    [sign, hh, rest] = [value[0]!, value.slice(1, 3), value.slice(3)];
  } else if (kind === 'ISO8601ColonSecondsTZ' || kind === 'NumColonSecondsTZ') {
    if (value.length < 9 || value[3] !== ':' || value[6] !== ':') throw new Bad();
    [sign, hh, mm, ss, rest] = [value[0]!, value.slice(1, 3), value.slice(4, 6), value.slice(7, 9), value.slice(9)];
  } else if (kind === 'ISO8601SecondsTZ' || kind === 'NumSecondsTz') {
    if (value.length < 7) throw new Bad();
    [sign, hh, mm, ss, rest] = [value[0]!, value.slice(1, 3), value.slice(3, 5), value.slice(5, 7), value.slice(7)];
  } else {
    if (value.length < 5) throw new Bad();
    [sign, hh, mm, rest] = [value[0]!, value.slice(1, 3), value.slice(3, 5), value.slice(5)];
  }
  const hr = getnum(hh, true)[0];
  const min = getnum(mm, true)[0];
  const sec = getnum(ss, true)[0];
  if (hr > 24) range.error = 'time zone offset hour';
  if (min > 60) range.error = 'time zone offset minute';
  if (sec > 60) range.error = 'time zone offset second';
  f.zoneOffset = (hr * 60 + min) * 60 + sec;
  if (sign === '-') f.zoneOffset = -f.zoneOffset;
  else if (sign !== '+') throw new Bad();
  return rest;
}

/** Parses the value of one layout element into `f`; returns the rest of the value. */
function parseElement(std: StdElement, value: string, nextLayout: string, f: Fields, range: { error: string }): string {
  let v = value;
  switch (std.kind) {
    case 'Year':
      if (v.length < 2) throw new Bad();
      f.year = atoi(v.slice(0, 2));
      f.year += f.year >= 69 ? 1900 : 2000;
      return v.slice(2);
    case 'LongYear':
      if (v.length < 4 || !isDigitAt(v, 0)) throw new Bad();
      f.year = atoi(v.slice(0, 4));
      return v.slice(4);
    case 'Month':
    case 'LongMonth':
      [f.month, v] = lookupName(std.kind === 'Month' ? SHORT_MONTHS : LONG_MONTHS, v);
      f.month++;
      return v;
    case 'NumMonth':
    case 'ZeroMonth':
      [f.month, v] = getnum(v, std.kind === 'ZeroMonth');
      if (f.month <= 0 || f.month > 12) range.error = 'month';
      return v;
    case 'WeekDay':
    case 'LongWeekDay':
      return lookupName(std.kind === 'WeekDay' ? SHORT_DAYS : LONG_DAYS, v)[1];
    case 'Day':
    case 'UnderDay':
    case 'ZeroDay':
      if (std.kind === 'UnderDay' && v[0] === ' ') v = v.slice(1);
      [f.day, v] = getnum(v, std.kind === 'ZeroDay');
      return v;
    case 'UnderYearDay':
    case 'ZeroYearDay':
      for (let i = 0; i < 2; i++) if (std.kind === 'UnderYearDay' && v[0] === ' ') v = v.slice(1);
      [f.yday, v] = getnum3(v, std.kind === 'ZeroYearDay');
      return v;
    case 'Hour':
      [f.hour, v] = getnum(v, false);
      if (f.hour < 0 || f.hour >= 24) range.error = 'hour';
      return v;
    case 'Hour12':
    case 'ZeroHour12':
      [f.hour, v] = getnum(v, std.kind === 'ZeroHour12');
      if (f.hour < 0 || f.hour > 12) range.error = 'hour';
      return v;
    case 'Minute':
    case 'ZeroMinute':
      [f.min, v] = getnum(v, std.kind === 'ZeroMinute');
      if (f.min < 0 || f.min >= 60) range.error = 'minute';
      return v;
    case 'Second':
    case 'ZeroSecond': {
      [f.sec, v] = getnum(v, std.kind === 'ZeroSecond');
      if (f.sec < 0 || f.sec >= 60) {
        range.error = 'second';
        return v;
      }
      // A fractional second in the value that the layout does not have.
      if (v.length >= 2 && commaOrPeriod(v[0]) && isDigitAt(v, 1)) {
        const next = nextStdChunk(nextLayout).std?.kind;
        if (next === 'FracSecond0' || next === 'FracSecond9') return v;
        let n = 2;
        while (n < v.length && isDigitAt(v, n)) n++;
        f.nsec = parseNanoseconds(v, n);
        return v.slice(n);
      }
      return v;
    }
    case 'PM':
    case 'pm': {
      if (v.length < 2) throw new Bad();
      const p = v.slice(0, 2);
      if (p === (std.kind === 'PM' ? 'PM' : 'pm')) f.pm = true;
      else if (p === (std.kind === 'PM' ? 'AM' : 'am')) f.am = true;
      else throw new Bad();
      return v.slice(2);
    }
    case 'ISO8601TZ':
    case 'ISO8601ShortTZ':
    case 'ISO8601ColonTZ':
    case 'ISO8601SecondsTZ':
    case 'ISO8601ColonSecondsTZ':
      if (v[0] === 'Z') {
        f.utc = true;
        return v.slice(1);
      }
      return parseNumericZone(std.kind, v, f, range);
    case 'NumTZ':
    case 'NumShortTZ':
    case 'NumColonTZ':
    case 'NumSecondsTz':
    case 'NumColonSecondsTZ':
      return parseNumericZone(std.kind, v, f, range);
    case 'TZ': {
      if (v.startsWith('UTC')) {
        f.utc = true;
        return v.slice(3);
      }
      const n = parseTimeZone(v);
      if (n === 0) throw new Bad();
      f.zoneName = v.slice(0, n);
      return v.slice(n);
    }
    case 'FracSecond0': {
      const n = 1 + std.digits;
      if (v.length < n) throw new Bad();
      f.nsec = parseNanoseconds(v, n);
      return v.slice(n);
    }
    case 'FracSecond9': {
      if (v.length < 2 || !commaOrPeriod(v[0]) || !isDigitAt(v, 1)) return v;
      let i = 0;
      while (i + 1 < v.length && isDigitAt(v, i + 1)) i++;
      f.nsec = parseNanoseconds(v, 1 + i);
      return v.slice(1 + i);
    }
  }
}

/** Go `time.Parse(layout, value)`; throws an `Error` with Go's message. */
export function parseGoTime(layout: string, value: string): GoTime {
  const f: Fields = {
    year: 0,
    month: -1,
    day: -1,
    yday: -1,
    hour: 0,
    min: 0,
    sec: 0,
    nsec: 0,
    utc: false,
    zoneOffset: -1,
    zoneName: '',
    am: false,
    pm: false,
  };
  let rest = layout;
  let v = value;
  for (;;) {
    const { prefix, std, suffix } = nextStdChunk(rest);
    const stdText = rest.slice(prefix.length, rest.length - suffix.length);
    const skipped = skip(v, prefix);
    v = skipped.value;
    if (!skipped.ok) throw parseError(layout, value, prefix, v, '');
    if (std === null) {
      if (v.length !== 0) throw parseError(layout, value, '', v, `: extra text: ${timeQuote(v)}`);
      break;
    }
    rest = suffix;
    const hold = v;
    const range = { error: '' };
    try {
      v = parseElement(std, v, rest, f, range);
    } catch (err) {
      if (!(err instanceof Bad)) throw err;
      if (range.error === '') throw parseError(layout, value, stdText, hold, '');
    }
    if (range.error !== '') throw parseError(layout, value, stdText, v, `: ${range.error} out of range`);
  }
  if (f.pm && f.hour < 12) f.hour += 12;
  else if (f.am && f.hour === 12) f.hour = 0;

  if (f.yday >= 0) {
    let m = 0;
    let d = 0;
    let yday = f.yday;
    if (isLeapYear(f.year)) {
      if (yday === 31 + 29) {
        m = 2;
        d = 29;
      } else if (yday > 31 + 29) {
        yday--;
      }
    }
    if (yday < 1 || yday > 365) throw parseError(layout, value, '', v, ': day-of-year out of range');
    if (m === 0) {
      m = Math.floor((yday - 1) / 31) + 1;
      if (daysBefore(m + 1) < yday) m++;
      d = yday - daysBefore(m);
    }
    if (f.month >= 0 && f.month !== m) throw parseError(layout, value, '', v, ': day-of-year does not match month');
    f.month = m;
    if (f.day >= 0 && f.day !== d) throw parseError(layout, value, '', v, ': day-of-year does not match day');
    f.day = d;
  } else {
    if (f.month < 0) f.month = 1;
    if (f.day < 0) f.day = 1;
  }
  if (f.day < 1 || f.day > daysIn(f.month, f.year)) throw parseError(layout, value, '', v, ': day out of range');

  const at = (offset: number, attached = offset): GoTime => {
    const t = makeTime(f.year, f.month, f.day, f.hour, f.min, f.sec, f.nsec, offset);
    return { ...t, offset: attached };
  };
  if (f.utc) return at(0);
  if (f.zoneOffset !== -1) return at(f.zoneOffset);
  if (f.zoneName !== '') {
    const gmtOffset = f.zoneName.length > 3 && f.zoneName.startsWith('GMT') ? atoi(f.zoneName.slice(3)) * 3600 : 0;
    return at(0, gmtOffset);
  }
  return at(0);
}
