/**
 * @file Go `time.Time` values as Kyverno's time functions use them: an instant (Unix seconds and
 * nanoseconds) with the UTC offset it was parsed with, proleptic Gregorian civil fields, RFC 3339
 * output (`Format(time.RFC3339)`: no fraction, `Z` for a zero offset), `Sub` (saturating), `Add`
 * and `Truncate` (multiples of the duration since Go's zero time, January 1 of year 1, UTC).
 */

export interface GoTime {
  /** Seconds since 1970-01-01T00:00:00Z. */
  readonly sec: bigint;
  /** Nanoseconds within the second, 0..999999999. */
  readonly nsec: number;
  /** Offset of the time's zone from UTC, in seconds. */
  readonly offset: number;
}

interface CivilTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
}

const SECONDS_PER_DAY = 86400n;
const NS = 1_000_000_000n;
const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
/** Seconds from January 1 of year 1 to the Unix epoch. */
const ZERO_TO_UNIX = 62135596800n;

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/** Days from 1970-01-01 to the given proleptic Gregorian date (month 1-12). */
function daysFromCivil(year: number, month: number, day: number): bigint {
  const y = BigInt(month <= 2 ? year - 1 : year);
  const era = floorDiv(y, 400n);
  const yoe = Number(y - era * 400n);
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097n + BigInt(doe) - 719468n;
}

function civilFromDays(days: bigint): { year: bigint; month: number; day: number } {
  const z = days + 719468n;
  const era = floorDiv(z, 146097n);
  const doe = Number(z - era * 146097n);
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: BigInt(yoe) + era * 400n + (month <= 2 ? 1n : 0n), month, day };
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DAYS_BEFORE = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];

/** Days in `month` (1-12) of `year`. */
export function daysIn(month: number, year: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return DAYS_BEFORE[month]! - DAYS_BEFORE[month - 1]!;
}

/** Days before the first of `month` (1-13) in a non-leap year. */
export function daysBefore(month: number): number {
  return DAYS_BEFORE[month - 1]!;
}

/** Go `time.Date(...)` for in-range fields, with a fixed offset (seconds east of UTC). */
export function makeTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  nsec: number,
  offset: number,
): GoTime {
  const local = daysFromCivil(year, month, day) * SECONDS_PER_DAY + BigInt(hour * 3600 + minute * 60 + second);
  return { sec: local - BigInt(offset), nsec, offset };
}

/** The civil fields of `t` in its own zone. */
export function civil(t: GoTime): CivilTime & { bigYear: bigint } {
  const local = t.sec + BigInt(t.offset);
  const days = floorDiv(local, SECONDS_PER_DAY);
  const secondOfDay = Number(local - days * SECONDS_PER_DAY);
  const { year, month, day } = civilFromDays(days);
  return {
    bigYear: year,
    year: Number(year),
    month,
    day,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60,
    weekday: Number(((days % 7n) + 11n) % 7n),
  };
}

/** Go `appendInt(b, x, width)`: zero-padded to `width` digits, sign first. */
function padded(x: bigint | number, width: number): string {
  const negative = x < 0;
  const digits = (negative ? -BigInt(x) : BigInt(x)).toString().padStart(width, '0');
  return negative ? `-${digits}` : digits;
}

/** The `Z07:00` element: `Z` for a zero offset, else `±hh:mm` (seconds of the offset dropped). */
function zoneText(offset: number): string {
  if (offset === 0) return 'Z';
  let zone = Math.trunc(offset / 60);
  let sign = '+';
  if (zone < 0) {
    sign = '-';
    zone = -zone;
  }
  return `${sign}${padded(Math.floor(zone / 60), 2)}:${padded(zone % 60, 2)}`;
}

function dateTimeText(t: GoTime): string {
  const c = civil(t);
  return (
    `${padded(c.bigYear, 4)}-${padded(c.month, 2)}-${padded(c.day, 2)}` +
    `T${padded(c.hour, 2)}:${padded(c.minute, 2)}:${padded(c.second, 2)}`
  );
}

/** `t.Format(time.RFC3339)`. */
export function formatRFC3339(t: GoTime): string {
  return dateTimeText(t) + zoneText(t.offset);
}

/** `t.Format(time.RFC3339Nano)` (what `time.Time` marshals to in JSON). */
export function formatRFC3339Nano(t: GoTime): string {
  const fraction = t.nsec === 0 ? '' : '.' + String(t.nsec).padStart(9, '0').replace(/0+$/, '');
  return dateTimeText(t) + fraction + zoneText(t.offset);
}

function totalNanoseconds(t: GoTime): bigint {
  return t.sec * NS + BigInt(t.nsec);
}

function fromNanoseconds(ns: bigint, offset: number): GoTime {
  const sec = floorDiv(ns, NS);
  return { sec, nsec: Number(ns - sec * NS), offset };
}

/** Go `t.Sub(u)` in nanoseconds, saturated to the int64 range. */
export function subTimes(t: GoTime, u: GoTime): bigint {
  const d = totalNanoseconds(t) - totalNanoseconds(u);
  return d > MAX_INT64 ? MAX_INT64 : d < MIN_INT64 ? MIN_INT64 : d;
}

/** Go `t.Add(d)`. */
export function addDuration(t: GoTime, d: bigint): GoTime {
  return fromNanoseconds(totalNanoseconds(t) + d, t.offset);
}

/** Go `t.Truncate(d)`: unchanged for d <= 0. */
export function truncateTime(t: GoTime, d: bigint): GoTime {
  if (d <= 0n) return t;
  const sinceZero = (t.sec + ZERO_TO_UNIX) * NS + BigInt(t.nsec);
  const r = ((sinceZero % d) + d) % d;
  return addDuration(t, -r);
}

/** Go `t.Before(u)` / comparison of instants: negative, zero or positive. */
export function compareTimes(t: GoTime, u: GoTime): number {
  const d = totalNanoseconds(t) - totalNanoseconds(u);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** Go `time.Unix(sec, 0).UTC()`. */
export function unixTime(sec: bigint): GoTime {
  return { sec, nsec: 0, offset: 0 };
}

/** The current time in UTC, the zone Kyverno runs in. */
export function now(): GoTime {
  const ms = BigInt(Date.now());
  return fromNanoseconds(ms * 1_000_000n, 0);
}
