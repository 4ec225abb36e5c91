/**
 * regex_match, regex_replace_all(_literal) with Go `regexp` (RE2) semantics and `Regexp.Expand`
 * templates, pattern_match and label_match (`jpRegexMatch`, `jpRegexReplaceAll`,
 * `jpRegexReplaceAllLiteral`, `jpPatternMatch`, `jpLabelMatch` in kyverno/kyverno
 * pkg/engine/jmespath/functions.go).
 */
import { describe, expect, it } from 'vitest';
import { type Expected, expectedOutcome, fails, ok, run } from './evaluate.js';

const R = String.raw;
const labels = { app: 'test-app', 'controller-name': 'test-controller' };

const cases: [string, Expected, unknown?][] = [
  // regex_match
  ["regex_match('12.*', foo)", ok(true), { foo: "hgf'b1a2r'b12g" }],
  ["regex_match('12.*', abs(foo))", ok(true), { foo: -12.0 }],
  ["regex_match('^[0-9]+$', '123')", ok(true)],
  ["regex_match('[0-9]+', 'ab12cd')", ok(true)],
  ["regex_match('(?i)^abc$', 'ABC')", ok(true)],
  ["regex_match('^a.c$', s)", ok(false), { s: 'a\nc' }],
  ["regex_match('(?s)^a.c$', s)", ok(true), { s: 'a\nc' }],
  ["regex_match('^abc$', s)", ok(false), { s: 'abc\n' }],
  [R`regex_match('abc\z', 'abc')`, ok(true)],
  ["regex_match('^1.5$', `1.5`)", ok(true)],
  ["regex_match('^123456789$', `123456789`)", ok(false)],
  ["regex_match('', 'abc')", ok(true)],
  ["regex_match('^.$', '😀')", ok(true)],
  [R`regex_match('\p{L}+', 'é')`, ok(true)],
  ["regex_match('(?=a)', 'a')", fails('error parsing regexp: invalid or unsupported Perl syntax: `(?=`')],
  [R`regex_match('(a)\1', 'aa')`, fails(R`error parsing regexp: invalid escape sequence: ` + '`\\1`')],
  ["regex_match('[', 'a')", fails('error parsing regexp: missing closing ]: `[`')],
  ["regex_match('^true$', `true`)", fails('Invalid type for: true, expected: []jmespath.JpType{"string", "number"}')],
  [R`regex_match('^\\d+$', '12')`, ok(false)],
  [R`regex_match('^\d+$', '12')`, ok(true)],
  // regex_replace_all: Go templates
  ["regex_replace_all('([Hh]e|G)l', 'Hello world, helworldlo', '${2}G')", ok('Glo world, Gworldlo')],
  ["regex_replace_all('(a)(b)', 'ab', '$2$1')", ok('ba')],
  ["regex_replace_all('(a)(b)', 'ab', '$1x')", ok('')],
  ["regex_replace_all('(a)(b)', 'ab', '${1}x')", ok('ax')],
  ["regex_replace_all('(?P<first>a)b', 'ab', '$first-')", ok('a-')],
  ["regex_replace_all('a', 'aaa', '$$')", ok('$$$')],
  ["regex_replace_all('a', 'aaa', '$&')", ok('$&$&$&')],
  ["regex_replace_all('([0-9])([0-9])', '42', '${1}0')", ok('40')],
  ["regex_replace_all('x*', 'abc', '-')", ok('-a-b-c-')],
  ["regex_replace_all('a', `12`, `3`)", ok('12')],
  ["regex_replace_all('1', `12`, `3`)", ok('32')],
  ["regex_replace_all('(?i)ABC', 'xabcx', 'Y')", ok('xYx')],
  ["regex_replace_all('a(x*)b', 'ab axxb', '${1}W')", ok('W xxW')],
  ["regex_replace_all('(a)', 'a', '$10')", ok('')],
  ["regex_replace_all('(a)', 'a', '$')", ok('$')],
  ["regex_replace_all('(a)', 'a', '$ 1')", ok('$ 1')],
  ["regex_replace_all('(a)', 'a', '$01')", ok('')],
  ["regex_replace_all('(a)', 'a', '${1')", ok('${1')],
  [
    R`regex_replace_all('^(localhost/|(?:[a-z0-9]+\.)+[a-z0-9]+/)?(.*)$', 'docker.io/nginx:1', 'myregistry.corp.com/$2')`,
    ok('myregistry.corp.com/nginx:1'),
  ],
  [
    "regex_replace_all('[', 'a', 'b')",
    fails("JMESPath function 'regex_replace_all': error parsing regexp: missing closing ]: `[`"),
  ],
  // regex_replace_all_literal
  ["regex_replace_all_literal('[Hh]el?', 'Hello world, helworldlo', 'G')", ok('Glo world, Gworldlo')],
  ["regex_replace_all_literal('(a)', 'ab', '$1')", ok('$1b')],
  [
    "regex_replace_all_literal('(?=a)', 'a', 'b')",
    fails("JMESPath function 'regex_replace_all_literal': error parsing regexp: invalid or unsupported Perl syntax: `(?=`"),
  ],
  // pattern_match
  ["pattern_match('prefix-*', 'prefix-foo')", ok(true)],
  ["pattern_match('12*', abs(`-12`))", ok(true)],
  ["pattern_match('a?c', 'abc')", ok(true)],
  ["pattern_match('a?c', 'ac')", ok(false)],
  ["pattern_match('*', '')", ok(true)],
  ["pattern_match('', '')", ok(true)],
  ["pattern_match('a*', `12`)", ok(false)],
  ["pattern_match('12*', `-12`)", ok(false)],
  ["pattern_match('a?b', 'a😀b')", ok(true)],
  // label_match
  ['label_match(`{"app": "test-app"}`, labels)', ok(true), { labels }],
  ['label_match(`{"app": "test-app", "controller-name": "test-controller"}`, labels)', ok(true), { labels }],
  ['label_match(`{"app": "test-app2"}`, labels)', ok(false), { labels }],
  ['label_match(`{"app.kubernetes.io/name": "test-app"}`, labels)', ok(false), { labels }],
  ['label_match(`{"a": {"b": [1, 2]}}`, `{"a": {"b": [1, 2]}, "c": 1}`)', ok(true)],
  ['label_match(`{}`, `{"a": "b"}`)', ok(true)],
  ['label_match(`{"a": "b"}`, `{}`)', ok(false)],
  ['label_match(`{"a": "b"}`, `{"a": "B"}`)', ok(false)],
];

describe('regular expressions and matching (Go regexp, pkg/engine/jmespath/functions.go)', () => {
  for (const [expression, expected, data] of cases) {
    it(expression, () => {
      expect(run(expression, data ?? {})).toEqual(expectedOutcome(expected));
    });
  }
});
