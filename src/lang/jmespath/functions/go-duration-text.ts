/**
 * @file Go `time.ParseDuration` with its error texts (`time: invalid duration "x"`,
 * `time: missing unit in duration "1"`, `time: unknown unit "d" in duration "1d"`), on top of the
 * project's duration parser.
 */
import { parseGoDuration } from '../../../util/go-duration.js';
import { timeQuote } from './go-time-parse.js';

const isDurationDigit = (c: string | undefined): boolean => c !== undefined && ((c >= '0' && c <= '9') || c === '.');
const UNITS = new Set(['ns', 'us', '\u00b5s', '\u03bcs', 'ms', 's', 'm', 'h']);

/** Go's error for a string `parseGoDuration` rejects. */
function durationError(orig: string): string {
  const invalid = `time: invalid duration ${timeQuote(orig)}`;
  let s = orig[0] === '-' || orig[0] === '+' ? orig.slice(1) : orig;
  if (s === '') return invalid;
  while (s !== '') {
    if (!isDurationDigit(s[0])) return invalid;
    const number = /^[0-9]*(?:\.[0-9]*)?/.exec(s)![0];
    if (!/[0-9]/.test(number)) return invalid;
    s = s.slice(number.length);
    let i = 0;
    while (i < s.length && !isDurationDigit(s[i])) i++;
    if (i === 0) return `time: missing unit in duration ${timeQuote(orig)}`;
    const unit = s.slice(0, i);
    if (!UNITS.has(unit)) return `time: unknown unit ${timeQuote(unit)} in duration ${timeQuote(orig)}`;
    s = s.slice(i);
  }
  // Well-formed but out of range.
  return invalid;
}

/** Go `time.ParseDuration`: nanoseconds, or throws an `Error` with Go's message. */
export function parseDuration(s: string): bigint {
  const ns = parseGoDuration(s);
  if (ns === null) throw new Error(durationError(s));
  return ns;
}
