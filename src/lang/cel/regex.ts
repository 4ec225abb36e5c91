/**
 * @file CEL `matches` with RE2 semantics, as cel-go's standard library does it (`common/stdlib`: `matches` calls
 * Go `regexp.MatchString`, i.e. an unanchored search), and cel-go's ext.Regex functions. Patterns are compiled by
 * re2js, never by JavaScript `RegExp`, so look-around and backreferences are errors (`error parsing regexp: …`) as
 * in Go, and matching takes linear time. Compiled patterns are cached.
 */
import { type Environment, EvaluationError, Optional } from '@marcbachmann/cel-js';
import type { RE2JS } from 're2js';
import { compileRe2 } from '../../util/go-regexp.js';
import { charge } from './budget.js';
import { registerNamespace } from './namespace.js';
import { quote } from './strings.js';
import { CALL_COST, LIST_CREATE_BASE_COST, REGEX_STRING_LENGTH_COST_FACTOR, STRING_TRAVERSAL_COST_FACTOR } from './values.js';

/** Go `regexp.MatchString(pattern, text)`; throws `Error` with Go's message for an invalid pattern. */
export function re2Matches(text: string, pattern: string): boolean {
  const re = compileRe2(pattern);
  if (typeof re === 'string') throw new Error(re);
  return re.matcher(text).find();
}

/** A compiled pattern, or an evaluation error with Go's message. */
function compiled(pattern: string): RE2JS {
  const re = compileRe2(pattern);
  if (typeof re === 'string') throw new EvaluationError(re);
  return re;
}

/** Go `regexp.FindAllStringSubmatchIndex(s, -1)`: match and group offsets (UTF-16 units), -1 for unset groups. */
function allSubmatchIndexes(re: RE2JS, target: string): number[][] {
  return (re.re2Input.findAllSubmatchIndex(target, -1) as number[][] | null) ?? [];
}

/** cel-go `ext/regex.go` cost tracking: call cost plus the search cost plus the result size. */
function regexCost(target: string, pattern: string, resultSize: number, extra = 0): number {
  const search = (target.length + 1) * STRING_TRAVERSAL_COST_FACTOR * ((pattern.length + 1) * REGEX_STRING_LENGTH_COST_FACTOR);
  return Math.ceil(CALL_COST + search + resultSize + extra);
}

/**
 * cel-go `replaceStrValidator`: the replacement for one match; `\N` (one digit) inserts group N, `\\` a
 * backslash, anything else after a backslash is an error.
 */
function expandReplacement(target: string, match: readonly number[], groupCount: number, replacement: string): string {
  let out = '';
  const runes = Array.from(replacement);
  for (let i = 0; i < runes.length; i++) {
    const c = runes[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    if (i + 1 >= runes.length) throw new EvaluationError(`invalid replacement string: '${replacement}' \\ not allowed at end`);
    const next = runes[++i]!;
    if (next === '\\') {
      out += '\\';
      continue;
    }
    if (!/^[0-9]$/.test(next)) {
      throw new EvaluationError(`invalid replacement string: '${replacement}' \\ must be followed by a digit or \\`);
    }
    const group = Number(next);
    if (group > groupCount) {
      throw new EvaluationError(`replacement string references group ${group} but regex has only ${groupCount} group(s)`);
    }
    const start = match[2 * group]!;
    if (start !== -1) out += target.slice(start, match[2 * group + 1]);
  }
  return out;
}

/**
 * cel-go `regReplaceN`: replaces the first `count` matches (all when negative) of `pattern` in `target`. The
 * result's size is charged as it grows, so an oversized result is refused before it is built.
 */
export function regexReplace(target: string, pattern: string, replacement: string, count = -1n): string {
  if (count === 0n) return target;
  const re = compiled(pattern);
  const groupCount = re.groupCount();
  let matches = allSubmatchIndexes(re, target);
  if (count > 0n && BigInt(matches.length) > count) matches = matches.slice(0, Number(count));
  charge(regexCost(target, pattern, 0));
  let out = '';
  let last = 0;
  for (const match of matches) {
    const piece = target.slice(last, match[0]) + expandReplacement(target, match, groupCount, replacement);
    charge(piece.length);
    out += piece;
    last = match[1]!;
    if (out.length > MAX_RESULT_LENGTH) throw new EvaluationError(`result string longer than ${MAX_RESULT_LENGTH} characters`);
  }
  charge(target.length - last);
  return out + target.slice(last);
}

/** The longest string `regex.replace` builds (Go has no such limit; JavaScript strings stop near 2^29 units). */
const MAX_RESULT_LENGTH = 1 << 27;

function singleGroup(re: RE2JS, pattern: string): number {
  const groups = re.groupCount();
  if (groups > 1) throw new EvaluationError(`regular expression has more than one capturing group: ${quote(pattern)}`);
  return groups;
}

/** cel-go `extract`: the first match, or its capture group; none when there is no match or the group is empty. */
export function regexExtract(target: string, pattern: string): Optional {
  const re = compiled(pattern);
  const groups = singleGroup(re, pattern);
  const match = re.re2Input.findSubmatchIndex(target) as number[] | null;
  let result: Optional = Optional.none();
  if (match !== null && match.length > 0) {
    if (groups === 1) {
      const group = match[2]! === -1 ? '' : target.slice(match[2], match[3]);
      if (group !== '') result = Optional.of(group);
    } else result = Optional.of(target.slice(match[0], match[1]));
  }
  charge(regexCost(target, pattern, result.hasValue() ? (result.value() as string).length : 0));
  return result;
}

/** cel-go `extractAll`: every match, or every non-empty capture of the single group. */
export function regexExtractAll(target: string, pattern: string): string[] {
  const re = compiled(pattern);
  const groups = singleGroup(re, pattern);
  const out: string[] = [];
  for (const match of allSubmatchIndexes(re, target)) {
    if (groups !== 1) out.push(target.slice(match[0], match[1]));
    else if (match[2]! !== -1 && match[3]! > match[2]!) out.push(target.slice(match[2], match[3]));
  }
  charge(regexCost(target, pattern, out.length, LIST_CREATE_BASE_COST));
  return out;
}

/**
 * Registers cel-go's ext.Regex (version 1; kyverno/kyverno `pkg/cel/compiler/env.go`: `ext.Regex(ext.RegexVersion(1))`):
 * `regex.replace(target, pattern, replacement[, count])`, `regex.extract(target, pattern)`,
 * `regex.extractAll(target, pattern)`, on RE2 (cel-go `ext/regex.go`).
 */
export function registerRegex(env: Environment): void {
  const regex = registerNamespace(env, 'regex');
  env.registerFunction(`${regex}.replace(string, string, string): string`, (_ns: unknown, t: string, p: string, r: string) =>
    regexReplace(t, p, r),
  );
  env.registerFunction(`${regex}.replace(string, string, string, int): string`, (_ns: unknown, t: string, p: string, r: string, n: bigint) =>
    regexReplace(t, p, r, n),
  );
  env.registerFunction(`${regex}.extract(string, string): optional<string>`, (_ns: unknown, t: string, p: string) => regexExtract(t, p));
  env.registerFunction(`${regex}.extractAll(string, string): list<string>`, (_ns: unknown, t: string, p: string) => regexExtractAll(t, p));
}
