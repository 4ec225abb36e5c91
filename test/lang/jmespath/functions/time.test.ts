/**
 * The time functions of kyverno/kyverno pkg/engine/jmespath/time.go with RFC 3339 and Go reference
 * layouts (`time.Parse`), Go duration arguments (`time.ParseDuration`), and Go's error texts.
 * Clock-dependent functions are checked for shape only.
 */
import { describe, expect, it } from 'vitest';
import { type Expected, expectedOutcome, fails, ok, run } from './evaluate.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const cases: [string, Expected][] = [
  // time_since
  ["time_since('', '2021-01-02T15:04:05-07:00', '2021-01-10T03:14:05-07:00')", ok('180h10m0s')],
  [
    "time_since('Mon Jan _2 15:04:05 MST 2006', 'Mon Jan 02 15:04:05 MST 2021', 'Mon Jan 10 03:14:16 MST 2021')",
    ok('180h10m11s'),
  ],
  ["time_since('2006-01-02', '2021-01-02', '2021-01-01')", ok('-24h0m0s')],
  ["time_since('', '2021-01-02T15:04:05.123Z', '2021-01-02T15:04:06Z')", ok('877ms')],
  [
    "time_since('2006-01-02', '2023-01-01', '23-01-01')",
    fails('parsing time "23-01-01" as "2006-01-02": cannot parse "23-01-01" as "2006"'),
  ],
  // time_diff
  ["time_diff('2021-01-02T15:04:05-07:00', '2021-01-10T03:14:05-07:00')", ok('180h10m0s')],
  ["time_diff('2021-01-02T00:00:00Z', '2021-01-01T00:00:00Z')", ok('-24h0m0s')],
  ["time_diff('2021-01-01T00:00:00Z', '2021-01-01T00:00:00.5Z')", ok('500ms')],
  ["time_diff('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z')", ok('2562047h47m16.854775807s')],
  // time_add
  ["time_add('2021-01-02T15:04:05-07:00', '3h')", ok('2021-01-02T18:04:05-07:00')],
  [
    "time_add(time_parse('Mon Jan 02 15:04:05 -0700 2006', 'Sat Jan 02 15:04:05 -0700 2021'), '5h30m40s')",
    ok('2021-01-02T20:34:45-07:00'),
  ],
  ["time_add('2021-01-02T15:04:05-07:00', '-90m')", ok('2021-01-02T13:34:05-07:00')],
  ["time_add('2021-01-02T15:04:05-07:00', '1d')", fails('time: unknown unit "d" in duration "1d"')],
  ["time_add('2021-01-02T15:04:05Z', '1')", fails('time: missing unit in duration "1"')],
  ["time_add('2021-01-02T15:04:05Z', '')", fails('time: invalid duration ""')],
  ["time_add('2021-01-02T15:04:05Z', 'h')", fails('time: invalid duration "h"')],
  // time_parse
  ["time_parse('2006-01-02T15:04:05Z07:00', '2021-01-02T15:04:05-07:00')", ok('2021-01-02T15:04:05-07:00')],
  ["time_parse('Mon Jan 02 15:04:05 -0700 2006', 'Sat Jan 02 15:04:05 -0700 2021')", ok('2021-01-02T15:04:05-07:00')],
  ["time_parse('1702691171', '1702691171')", ok('2023-12-16T01:46:11Z')],
  ["time_parse('0', '60')", ok('1970-01-01T00:01:00Z')],
  ["time_parse('0', 'abc')", fails('strconv.ParseInt: parsing "abc": invalid syntax')],
  ["time_parse('2006-01-02', '2023-05-06')", ok('2023-05-06T00:00:00Z')],
  ["time_parse('02 Jan 06 15:04 MST', '06 May 23 10:00 PST')", ok('2023-05-06T10:00:00Z')],
  ["time_parse('02 Jan 06 15:04 MST', '06 May 23 10:00 UTC')", ok('2023-05-06T10:00:00Z')],
  ["time_parse('02 Jan 06 15:04 MST', '06 May 23 10:00 GMT+3')", ok('2023-05-06T13:00:00+03:00')],
  ["time_parse('2006-01-02', '2023-13-06')", fails('parsing time "2023-13-06": month out of range')],
  ["time_parse('2006-01-02', '2023-02-30')", fails('parsing time "2023-02-30": day out of range')],
  ["time_parse('2006-01-02', '2023-01-01T00:00:00Z')", fails('parsing time "2023-01-01T00:00:00Z": extra text: "T00:00:00Z"')],
  ["time_parse('Jan 2, 2006 at 3:04pm (MST)', 'Feb 3, 2013 at 7:54pm (PST)')", ok('2013-02-03T19:54:00Z')],
  ["time_parse('Jan 2, 2006 at 3:04pm (MST)', 'Feb 3, 2013 at 13:54pm (PST)')", fails('parsing time "Feb 3, 2013 at 13:54pm (PST)": hour out of range')],
  ["time_parse('2006-01-02 15:04:05.000', '2023-01-01 10:00:00.123')", ok('2023-01-01T10:00:00Z')],
  ["time_parse('2006-01-02 15:04:05.000', '2023-01-01 10:00:00')", fails('parsing time "2023-01-01 10:00:00" as "2006-01-02 15:04:05.000": cannot parse "" as ".000"')],
  ["time_parse('2006-002', '2024-060')", ok('2024-02-29T00:00:00Z')],
  ["time_parse('Monday, 02-Jan-06', 'Tuesday, 03-Jan-23')", ok('2023-01-03T00:00:00Z')],
  ["time_parse('2006-01-02T15:04:05-0700', '2023-01-01T10:00:00+0530')", ok('2023-01-01T10:00:00+05:30')],
  // time_utc
  ["time_utc('2023-02-02T15:04:05Z')", ok('2023-02-02T15:04:05Z')],
  ["time_utc('2023-02-02T15:04:05-07:00')", ok('2023-02-02T22:04:05Z')],
  ["time_utc('2023-02-02T15:04:05.999+00:00')", ok('2023-02-02T15:04:05Z')],
  [
    "time_utc('2023-02-02 15:04:05Z')",
    fails('parsing time "2023-02-02 15:04:05Z" as "2006-01-02T15:04:05Z07:00": cannot parse " 15:04:05Z" as "T"'),
  ],
  [
    "time_utc('2023-02-02t15:04:05z')",
    fails('parsing time "2023-02-02t15:04:05z" as "2006-01-02T15:04:05Z07:00": cannot parse "t15:04:05z" as "T"'),
  ],
  ["time_utc('bad')", fails('parsing time "bad" as "2006-01-02T15:04:05Z07:00": cannot parse "bad" as "2006"')],
  [
    "time_utc('2023-02-02T15:04:05')",
    fails('parsing time "2023-02-02T15:04:05" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"'),
  ],
  ["time_utc('2023-02-02T25:04:05Z')", fails('parsing time "2023-02-02T25:04:05Z": hour out of range')],
  // time_to_cron
  ["time_to_cron('2023-02-02T15:04:05Z')", ok('4 15 2 2 4')],
  ["time_to_cron(time_utc('2023-02-02T15:04:05-07:00'))", ok('4 22 2 2 4')],
  ["time_to_cron('2023-02-05T15:04:05+05:30')", ok('4 15 5 2 0')],
  // time_before / time_after / time_between
  ["time_before('2021-01-02T15:04:05-07:00', '2021-01-02T16:04:05-07:00')", ok(true)],
  ["time_before('2021-01-02T15:04:05-07:00', '2021-01-02T15:04:05-07:00')", ok(false)],
  ["time_before('2021-01-02T16:04:05-07:00', '2021-01-02T15:04:05-07:00')", ok(false)],
  ["time_after('2021-01-02T15:04:05-07:00', '2021-01-02T16:04:05-07:00')", ok(false)],
  ["time_after('2021-01-02T15:04:05-07:00', '2021-01-02T15:04:05-07:00')", ok(false)],
  ["time_after('2021-01-02T16:04:05-07:00', '2021-01-02T15:04:05-07:00')", ok(true)],
  ["time_between('2021-01-02T17:04:05-07:00', '2021-01-02T15:04:05-07:00', '2021-01-02T18:04:05-07:00')", ok(true)],
  ["time_between('2021-01-02T15:04:05-07:00', '2021-01-02T15:04:05-07:00', '2021-01-02T18:04:05-07:00')", ok(false)],
  ["time_between('2021-01-02T18:04:05-07:00', '2021-01-02T15:04:05-07:00', '2021-01-02T18:04:05-07:00')", ok(false)],
  ["time_before('2021-01-02T15:04:05Z', '2021-01-02T16:04:05+01:00')", ok(false)],
  ["time_before(`1`, '2021-01-02T16:04:05+01:00')", fails('Invalid type for: 1, expected: []jmespath.JpType{"string"}')],
  // time_truncate
  ["time_truncate('2021-01-02T15:04:05-07:00', '1h')", ok('2021-01-02T15:00:00-07:00')],
  ["time_truncate('2021-01-02T15:34:05+05:30', '1h')", ok('2021-01-02T15:30:00+05:30')],
  ["time_truncate('2021-01-02T15:04:05-07:00', '24h')", ok('2021-01-01T17:00:00-07:00')],
  ["time_truncate('2021-01-02T15:04:05Z', '0s')", ok('2021-01-02T15:04:05Z')],
  ["time_truncate('2021-01-02T15:04:05Z', '-1h')", ok('2021-01-02T15:04:05Z')],
  ["time_truncate('2021-01-02T15:04:05Z', '7m')", ok('2021-01-02T14:59:00Z')],
  // clock-dependent functions: shapes only
  ['type(time_now())', ok('string')],
  ['time_now_utc()', { result: expect.stringMatching(RFC3339) }],
  ['time_now()', { result: expect.stringMatching(RFC3339) }],
  ["time_since('', '2021-01-01T00:00:00Z', '')", { result: expect.stringMatching(/^\d+h\d+m[\d.]+s$/) }],
];

describe('time functions (pkg/engine/jmespath/time.go)', () => {
  for (const [expression, expected] of cases) {
    it(expression, () => {
      expect(run(expression)).toEqual(expectedOutcome(expected));
    });
  }
});
