/**
 * @file Go `time.Parse(layout, value)` with its error texts
 * (`parsing time "bad" as "2006-01-02T15:04:05Z07:00": cannot parse "bad" as "2006"`,
 * `parsing time "2023-13-06": month out of range`), in a process whose local zone is UTC (as
 * Kyverno runs): a zone abbreviation other than `UTC` gets offset 0 (`GMT+3` gets +3h, attached
 * to the wall clock read as UTC, as Go does).
 */
import { type GoTime } from './go-time.js';
/** Go time's `quote`: non-ASCII and control characters as `\x` escapes of their UTF-8 bytes. */
export declare function timeQuote(s: string): string;
/** Go `time.Parse(layout, value)`; throws an `Error` with Go's message. */
export declare function parseGoTime(layout: string, value: string): GoTime;
