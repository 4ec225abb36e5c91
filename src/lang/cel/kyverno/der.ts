/**
 * @file The DER times of Go's crypto/x509 parser, with the checks of golang.org/x/crypto `cryptobyte`
 * (`ReadASN1UTCTime`, `ReadASN1GeneralizedTime`), kept with the UTC offset they were written with, and their
 * `time.Time` RFC 3339 forms.
 */
import { type Der, TAG } from '../../../util/der.js';

/** A time with the UTC offset it was written with, in minutes (`time.Time` with a fixed zone). */
export interface ZonedTime {
  /** Milliseconds since the Unix epoch. */
  readonly epochMs: number;
  readonly offsetMinutes: number;
}

function parseZone(zone: string): number | null {
  if (zone === 'Z') return 0;
  const m = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  if (m === null) return null;
  const offset = Number(m[2]) * 60 + Number(m[3]);
  // Go's Z0700 layout writes a zero offset as `Z`: `+0000` does not serialize back and is rejected.
  if (offset === 0 || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  return m[1] === '-' ? -offset : offset;
}

function validDate(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function zonedTime(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number, offset: number): ZonedTime {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  date.setUTCFullYear(year);
  return { epochMs: date.getTime() - offset * 60_000, offsetMinutes: offset };
}

/** The text of a UTCTime, `YYMMDDhhmm[ss]Z` or with a `±hhmm` offset (years 50–99 are 19xx), or null. */
export function parseUtcTimeText(text: string): ZonedTime | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{4})$/.exec(text);
  if (m === null) return null;
  const offset = parseZone(m[7]!);
  if (offset === null) return null;
  const yy = Number(m[1]);
  const year = yy >= 50 ? 1900 + yy : 2000 + yy;
  const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number];
  if (!validDate(year, month, day, hour, minute, second)) return null;
  return zonedTime(year, month, day, hour, minute, second, 0, offset);
}

/** The text of a GeneralizedTime, `YYYYMMDDhhmmss[.fraction]Z` or with a `±hhmm` offset (no trailing zeros). */
export function parseGeneralizedTimeText(text: string): ZonedTime | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d*[1-9]))?(Z|[+-]\d{4})$/.exec(text);
  if (m === null) return null;
  const offset = parseZone(m[8]!);
  if (offset === null) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (!validDate(year, month, day, hour, minute, second)) return null;
  const ms = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  return zonedTime(year, month, day, hour, minute, second, ms, offset);
}

/** `ReadASN1UTCTime`. */
export function readUtcTime(der: Der): { value: ZonedTime; rest: Der } | null {
  const r = der.read(TAG.UTCTime);
  const value = r === null ? null : parseUtcTimeText(new TextDecoder().decode(r.content.bytes));
  return value === null ? null : { value, rest: r!.rest };
}

/** `ReadASN1GeneralizedTime`. */
export function readGeneralizedTime(der: Der): { value: ZonedTime; rest: Der } | null {
  const r = der.read(TAG.GeneralizedTime);
  const value = r === null ? null : parseGeneralizedTimeText(new TextDecoder().decode(r.content.bytes));
  return value === null ? null : { value, rest: r!.rest };
}

/** Go `time.Time.Format(time.RFC3339)` of a zoned time (seconds precision). */
export function formatRfc3339(t: ZonedTime): string {
  const local = new Date(t.epochMs + t.offsetMinutes * 60_000);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const year = local.getUTCFullYear();
  const base = `${pad(year, 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  if (t.offsetMinutes === 0) return `${base}Z`;
  const abs = Math.abs(t.offsetMinutes);
  return `${base}${t.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Go `time.Time.Format(time.RFC3339Nano)` (`MarshalJSON`) of a zoned time (millisecond precision here). */
export function formatRfc3339Nano(t: ZonedTime): string {
  const ms = ((t.epochMs % 1000) + 1000) % 1000;
  const base = formatRfc3339(t);
  if (ms === 0) return base;
  const fraction = `.${String(ms).padStart(3, '0')}`.replace(/0+$/, '');
  const at = base.length - (t.offsetMinutes === 0 ? 1 : 6);
  return base.slice(0, at) + fraction + base.slice(at);
}
