/**
 * Policy regexes run on RE2 (linear time, Go syntax), never on a backtracking engine: patterns
 * that backtrack exponentially evaluate, RE2-only syntax works, and what Go rejects is rejected.
 */
import { describe, expect, it } from 'vitest';
import { type Expected, expectedOutcome, fails, ok, run } from './evaluate.js';

const R = String.raw;
const catastrophic = `${'a'.repeat(50)}b`;

const cases: [string, Expected, unknown?][] = [
  // Exponential for a backtracking engine; RE2 answers directly.
  ["regex_match('(a+)+$', s)", ok(false), { s: catastrophic }],
  ["regex_match('^(a|aa)+$', s)", ok(false), { s: catastrophic }],
  ["regex_replace_all('(a+)+$', s, 'x')", ok(catastrophic), { s: catastrophic }],
  ["regex_replace_all('(a*)*b', s, 'x')", ok('x'), { s: catastrophic }],
  // RE2-only syntax.
  [R`regex_match('^abc\z', 'abc')`, ok(true)],
  [R`regex_match('\Aabc', 'abc')`, ok(true)],
  ["regex_replace_all('(?U)a+', 'aaa', 'x')", ok('xxx')],
  ["regex_replace_all('a+', 'aaa', 'x')", ok('x')],
  [R`regex_match('^\pL+$', 'héllo')`, ok(true)],
  ["regex_match('^[[:alpha:]]+$', 'abc')", ok(true)],
  [R`regex_match('^\Q.*\E$', '.*')`, ok(true)],
  [R`regex_match('^\x{1F600}$', '😀')`, ok(true)],
  ["regex_match('(?i:A)b', 'ab')", ok(true)],
  // What Go's regexp rejects.
  [R`regex_match('(a)\1', 'aa')`, fails('error parsing regexp: invalid escape sequence: `\\1`')],
  ["regex_match('(?=a)', 'a')", fails('error parsing regexp: invalid or unsupported Perl syntax: `(?=`')],
  ["regex_match('(?!a)', 'a')", fails('error parsing regexp: invalid or unsupported Perl syntax: `(?!`')],
  ["regex_match('a{1001}', 'a')", fails('error parsing regexp: invalid repeat count: `{1001}`')],
  [R`regex_match('\uFFFF', 'a')`, fails('error parsing regexp: invalid escape sequence: `\\u`')],
  ["regex_match('a**', 'a')", fails('error parsing regexp: invalid nested repetition operator: `**`')],
];

describe('regexes run on RE2 with Go syntax', () => {
  for (const [expression, expected, data] of cases) {
    it(expression, () => {
      expect(run(expression, data ?? {})).toEqual(expectedOutcome(expected));
    });
  }
});
