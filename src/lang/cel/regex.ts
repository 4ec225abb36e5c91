/**
 * @file CEL `matches` with RE2 semantics, as cel-go's standard library does it (`common/stdlib`: `matches` calls
 * Go `regexp.MatchString`, i.e. an unanchored search). Patterns are compiled by re2js, never by JavaScript `RegExp`,
 * so look-around and backreferences are errors (`error parsing regexp: …`) as in Go. Compiled patterns are cached.
 */
import { RE2JS, RE2JSException } from 're2js';

const MAX_CACHED = 500;
const cache = new Map<string, RE2JS | string>();

/** The compiled pattern, or the Go error text for an invalid one. Cached by pattern text. */
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

/** Go `regexp.MatchString(pattern, text)`; throws `Error` with Go's message for an invalid pattern. */
export function re2Matches(text: string, pattern: string): boolean {
  const re = compileRe2(pattern);
  if (typeof re === 'string') throw new Error(re);
  return re.matcher(text).find();
}
