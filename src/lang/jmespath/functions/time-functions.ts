/**
 * @file Kyverno's time functions (`pkg/engine/jmespath/time.go`). Times are RFC 3339 unless a
 * Go layout is given (time_since, time_parse); results are RFC 3339 without fractional seconds,
 * durations are Go duration strings. Errors are Go's raw messages. The process zone is UTC, as
 * Kyverno runs.
 */
import { formatGoDuration } from '../../../util/go-duration.js';
import { parseDuration } from './go-duration-text.js';
import { goQuote } from '../../../util/go-strings.js';
import {
  type GoTime,
  addDuration,
  civil,
  compareTimes,
  formatRFC3339,
  now,
  subTimes,
  truncateTime,
  unixTime,
} from './go-time.js';
import { parseGoTime } from './go-time-parse.js';
import type { KyvernoFunction } from './kyverno-function.js';

const RFC3339 = '2006-01-02T15:04:05Z07:00';
const STRING = { types: ['string'] } as const;

const rfc3339 = (s: unknown): GoTime => parseGoTime(RFC3339, s as string);

/** Go `strconv.ParseInt(s, 10, 64)`, throwing Go's error. */
function parseInt64(s: string): bigint {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new Error(`strconv.ParseInt: parsing ${goQuote(s)}: invalid syntax`);
  const v = BigInt(s);
  if (v < -(1n << 63n) || v >= 1n << 63n) throw new Error(`strconv.ParseInt: parsing ${goQuote(s)}: value out of range`);
  return v;
}

/** Whether Go's `strconv.ParseInt(s, 10, 64)` accepts `s` (then `time_parse` reads Unix seconds). */
function isInt64(s: string): boolean {
  try {
    parseInt64(s);
    return true;
  } catch {
    return false;
  }
}

function timeSince(layout: string, t1: string, t2: string): string {
  const parse = (s: string): GoTime => parseGoTime(layout !== '' ? layout : RFC3339, s);
  const start = parse(t1);
  const end = t2 !== '' ? parse(t2) : now();
  return formatGoDuration(subTimes(end, start));
}

function timeToCron(t: GoTime): string {
  const c = civil(t);
  return `${c.minute} ${c.hour} ${c.day} ${c.month} ${c.weekday}`;
}

function timeParse(layout: string, value: string): string {
  if (isInt64(layout)) return formatRFC3339(unixTime(parseInt64(value)));
  return formatRFC3339(parseGoTime(layout, value));
}

export const TIME_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'time_since',
    args: [STRING, STRING, STRING],
    handler: ([layout, t1, t2]) => timeSince(layout as string, t1 as string, t2 as string),
    returnType: ['string'],
    note: 'calculate the difference between a start and end period of time where the end may either be a static definition or the then-current time',
  },
  {
    name: 'time_now',
    args: [],
    handler: () => formatRFC3339(now()),
    returnType: ['string'],
    note: 'returns current time in RFC 3339 format',
  },
  {
    name: 'time_now_utc',
    args: [],
    handler: () => formatRFC3339(now()),
    returnType: ['string'],
    note: 'returns current UTC time in RFC 3339 format',
  },
  {
    name: 'time_to_cron',
    args: [STRING],
    handler: ([t]) => timeToCron(rfc3339(t)),
    returnType: ['string'],
    note: 'converts a time (RFC 3339) to a cron expression (string).',
  },
  {
    name: 'time_add',
    args: [STRING, STRING],
    handler: ([t, d]) => {
      const time = rfc3339(t);
      return formatRFC3339(addDuration(time, parseDuration(d as string)));
    },
    returnType: ['string'],
    note: 'adds duration (second string) to a time value (first string)',
  },
  {
    name: 'time_parse',
    args: [STRING, STRING],
    handler: ([layout, value]) => timeParse(layout as string, value as string),
    returnType: ['string'],
    note: 'changes a time value of a given layout to RFC 3339',
  },
  {
    name: 'time_utc',
    args: [STRING],
    handler: ([t]) => formatRFC3339({ ...rfc3339(t), offset: 0 }),
    returnType: ['string'],
    note: 'calcutes time in UTC from a given time in RFC 3339 format',
  },
  {
    name: 'time_diff',
    args: [STRING, STRING],
    handler: ([t1, t2]) => {
      const start = rfc3339(t1);
      return formatGoDuration(subTimes(rfc3339(t2), start));
    },
    returnType: ['string'],
    note: 'calculate the difference between a start and end date in RFC3339 format',
  },
  {
    name: 'time_before',
    args: [STRING, STRING],
    handler: ([a, b]) => {
      const t = rfc3339(a);
      return compareTimes(t, rfc3339(b)) < 0;
    },
    returnType: ['bool'],
    note: 'checks if a time is before another time, both in RFC3339 format',
  },
  {
    name: 'time_after',
    args: [STRING, STRING],
    handler: ([a, b]) => {
      const t = rfc3339(a);
      return compareTimes(t, rfc3339(b)) > 0;
    },
    returnType: ['bool'],
    note: 'checks if a time is after another time, both in RFC3339 format',
  },
  {
    name: 'time_between',
    args: [STRING, STRING, STRING],
    handler: ([t, start, end]) => {
      const time = rfc3339(t);
      const from = rfc3339(start);
      const to = rfc3339(end);
      return compareTimes(time, from) > 0 && compareTimes(time, to) < 0;
    },
    returnType: ['bool'],
    note: 'checks if a time is between a start and end time, all in RFC3339 format',
  },
  {
    name: 'time_truncate',
    args: [STRING, STRING],
    handler: ([t, d]) => {
      const time = rfc3339(t);
      return formatRFC3339(truncateTime(time, parseDuration(d as string)));
    },
    returnType: ['string'],
    note: 'returns the result of rounding time down to a multiple of duration',
  },
];
