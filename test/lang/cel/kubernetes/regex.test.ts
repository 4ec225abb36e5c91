import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { findAll, regexLibrary } from '../../../../src/lang/cel/kubernetes/regex.js';
import { type Case, expectOutcome } from './run.js';

const libraries = [regexLibrary];
const self = { str: 'this is a 123 string 456' };

/** k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "stdlib regex functions". */
const crdCases: Case[] = [
  ["self.str.find('[0-9]+') == '123'", { value: true }],
  ["self.str.find('[0-9]+') != '456'", { value: true }],
  ["self.str.find('xyz') == ''", { value: true }],
  ["self.str.findAll('[0-9]+') == ['123', '456']", { value: true }],
  ["self.str.findAll('[0-9]+', 0) == []", { value: true }],
  ["self.str.findAll('[0-9]+', 1) == ['123']", { value: true }],
  ["self.str.findAll('[0-9]+', 2) == ['123', '456']", { value: true }],
  ["self.str.findAll('[0-9]+', 3) == ['123', '456']", { value: true }],
  ["self.str.findAll('[0-9]+', -1) == ['123', '456']", { value: true }],
  ["self.str.findAll('xyz') == []", { value: true }],
  ["self.str.findAll('xyz', 1) == []", { value: true }],
  // An invalid literal pattern is a compile error (cel-go compiles it when the program is built).
  ["self.str.find(')') == ''", { compileError: 'compilation failed: error parsing regexp: unexpected ): `)`' }],
  ["self.str.findAll(')') == []", { compileError: 'compilation failed: error parsing regexp: unexpected ): `)`' }],
  ["self.str.findAll(')', 1) == []", { compileError: 'compilation failed: error parsing regexp: unexpected ): `)`' }],
];

/** regex.go documented examples, type rules, runtime patterns. */
const more: Case[] = [
  ['"abc 123".find(\'[0-9]+\')', { value: '123' }],
  ['"abc 123".find(\'xyz\')', { value: '' }],
  ['"123 abc 456".findAll(\'[0-9]+\')', { value: ['123', '456'] }],
  ['"123 abc 456".findAll(\'[0-9]+\', 1)', { value: ['123'] }],
  ['"123 abc 456".findAll(\'xyz\')', { value: [] }],
  // Go's FindAllString keeps empty matches that do not follow a match (regex.go's comment says ['123', '456']).
  ['"123 abc 456".findAll(\'[0-9]*\')', { value: ['123', '', '', '', '', '456'] }],
  ['"abc".findAll(\'\')', { value: ['', '', '', ''] }],
  ['"héllo wörld".findAll(\'[^ ]+\')', { value: ['héllo', 'wörld'] }],
  ['"a😀b".findAll(\'\')', { value: ['', '', '', ''] }],
  ['"aaa".find(\'^a\')', { value: 'a' }],
  ['"aaa".findAll(\'^a\')', { value: ['a'] }],
  // Type errors are compile errors; dyn operands are checked at run time.
  ["1.find('a')", { compileError: /found no matching overload for 'int\.find\(string\)'/ }],
  ["'a'.find(1)", { compileError: /no matching overload/ }],
  ["'a'.findAll('a', 'b')", { compileError: /no matching overload/ }],
  ["dyn(1).find('a')", { runtimeError: 'no such overload' }],
  ["'a'.find(dyn(1))", { runtimeError: 'no such overload' }],
  // A pattern known only at run time fails at run time.
  ["'a'.find(')' + '')", { runtimeError: 'Illegal regex: error parsing regexp: unexpected ): `)`' }],
  ["'ab'.find(object.pattern)", { value: 'b' }],
  // RE2 has no look-around.
  ["'ab'.find('(?=b)')", { compileError: /^compilation failed: error parsing regexp/ }],
];

describe('Regex library', () => {
  it.each(crdCases)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome, { self }, { self: 'dyn' }));
  it.each(more)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome, { object: { pattern: 'b' } }, { object: 'dyn' }));

  it('findAll stops at n matches', () => {
    expect(findAll(RE2JS.compile('a'), 'aaaa', 2)).toEqual(['a', 'a']);
    expect(findAll(RE2JS.compile('a*'), 'baaab', -1)).toEqual(['', 'aaa', '']);
  });
});
