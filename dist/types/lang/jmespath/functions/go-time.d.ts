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
export declare function isLeapYear(year: number): boolean;
/** Days in `month` (1-12) of `year`. */
export declare function daysIn(month: number, year: number): number;
/** Days before the first of `month` (1-13) in a non-leap year. */
export declare function daysBefore(month: number): number;
/** Go `time.Date(...)` for in-range fields, with a fixed offset (seconds east of UTC). */
export declare function makeTime(year: number, month: number, day: number, hour: number, minute: number, second: number, nsec: number, offset: number): GoTime;
/** The civil fields of `t` in its own zone. */
export declare function civil(t: GoTime): CivilTime & {
    bigYear: bigint;
};
/** `t.Format(time.RFC3339)`. */
export declare function formatRFC3339(t: GoTime): string;
/** `t.Format(time.RFC3339Nano)` (what `time.Time` marshals to in JSON). */
export declare function formatRFC3339Nano(t: GoTime): string;
/** Go `t.Sub(u)` in nanoseconds, saturated to the int64 range. */
export declare function subTimes(t: GoTime, u: GoTime): bigint;
/** Go `t.Add(d)`. */
export declare function addDuration(t: GoTime, d: bigint): GoTime;
/** Go `t.Truncate(d)`: unchanged for d <= 0. */
export declare function truncateTime(t: GoTime, d: bigint): GoTime;
/** Go `t.Before(u)` / comparison of instants: negative, zero or positive. */
export declare function compareTimes(t: GoTime, u: GoTime): number;
/** Go `time.Unix(sec, 0).UTC()`. */
export declare function unixTime(sec: bigint): GoTime;
/** The current time in UTC, the zone Kyverno runs in. */
export declare function now(): GoTime;
export {};
