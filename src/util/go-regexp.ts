/**
 * @file Go `regexp.Compile` on re2js (RE2 syntax, linear-time matching, Go's error texts such as
 * `` error parsing regexp: missing closing ]: `[` ``), cached by pattern text.
 */
import { RE2JS, RE2JSException } from 're2js';

const MAX_CACHED = 1000;
const cache = new Map<string, RE2JS | string>();

/** The compiled pattern, or Go's error text for an invalid one. */
export function compileRe2(pattern: string): RE2JS | string {
  let entry = cache.get(pattern);
  if (entry === undefined) {
    try {
      entry = RE2JS.compile(pattern);
    } catch (err) {
      if (!(err instanceof RE2JSException)) throw err;
      entry = err.message;
    }
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(pattern, entry);
  }
  return entry;
}
