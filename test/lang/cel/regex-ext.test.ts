import { describe, expect, it } from 'vitest';
import { compileError, evaluate, strictEnv } from './run.js';

/** cel-go ext/regex_test.go `TestRegex` and the expressions of `TestRegexCosts`. */
const celGoVectors: string[] = [
  "regex.replace('abc', '^', 'start_') == 'start_abc'",
  "regex.replace('abc', '$', '_end') == 'abc_end'",
  "regex.replace('a-b', r'\\b', '|') == '|a|-|b|'",
  "regex.replace('foo bar', '(fo)o (ba)r', r'\\2 \\1') == 'ba fo'",
  "regex.replace('foo bar', 'foo', r'\\\\') == '\\\\ bar'",
  "regex.replace('banana', 'ana', 'x') == 'bxna'",
  "regex.replace('abc', 'b(.)', r'x\\1') == 'axc'",
  "regex.replace('hello world hello', 'hello', 'hi') == 'hi world hi'",
  "regex.replace('ac', 'a(b)?c', r'[\\1]') == '[]'",
  "regex.replace('apple pie', 'p', 'X') == 'aXXle Xie'",
  "regex.replace('remove all spaces', r'\\s', '') == 'removeallspaces'",
  "regex.replace('digit:99919291992', r'\\d+', '3') == 'digit:3'",
  "regex.replace('foo bar baz', r'\\w+', r'(\\0)') == '(foo) (bar) (baz)'",
  "regex.replace('', 'a', 'b') == ''",
  "regex.replace('User: Alice, Age: 30', r'User: (?P<name>\\w+), Age: (?P<age>\\d+)', '${name} is ${age} years old') == '${name} is ${age} years old'",
  "regex.replace('User: Alice, Age: 30', r'User: (?P<name>\\w+), Age: (?P<age>\\d+)', r'\\1 is \\2 years old') == 'Alice is 30 years old'",
  "regex.replace('hello \u2603', '\u2603', '\u2744') == 'hello \u2744'",
  "regex.replace('id=123', r'id=(?P<value>\\d+)', r'value: \\1') == 'value: 123'",
  "regex.replace('banana', 'a', 'x') == 'bxnxnx'",
  "regex.replace(regex.replace('%(foo) %(bar) %2', r'%\\((\\w+)\\)', r'${\\1}'),r'%(\\d+)', r'$\\1') == '${foo} ${bar} $2'",
  "regex.replace('banana', 'a', 'x', 0) == 'banana'",
  "regex.replace('banana', 'a', 'x', 1) == 'bxnana'",
  "regex.replace('banana', 'a', 'x', 2) == 'bxnxna'",
  "regex.replace('banana', 'a', 'x', 100) == 'bxnxnx'",
  "regex.replace('banana', 'a', 'x', -1) == 'bxnxnx'",
  "regex.replace('banana', 'a', 'x', -100) == 'bxnxnx'",
  "regex.replace('cat-dog dog-cat cat-dog dog-cat', '(cat)-(dog)', r'\\2-\\1', 1) == 'dog-cat dog-cat cat-dog dog-cat'",
  "regex.replace('cat-dog dog-cat cat-dog dog-cat', '(cat)-(dog)', r'\\2-\\1', 2) == 'dog-cat dog-cat dog-cat dog-cat'",
  "regex.replace('a.b.c', r'\\.', '-', 1) == 'a-b.c'",
  "regex.replace('a.b.c', r'\\.', '-', -1) == 'a-b-c'",
  "regex.replace('abc def', r'(abc)', r'\\\\1') == r'\\1 def'",
  "regex.replace('abc def', r'(abc)', r'\\\\2') == r'\\2 def'",
  "regex.replace('abc def', r'(abc)', r'\\\\{word}') == '\\\\{word} def'",
  "regex.replace('abc def', r'(abc)', r'\\\\word') == '\\\\word def'",
  "regex.extract('hello world', 'hello(.*)') == optional.of(' world')",
  "regex.extract('item-A, item-B', r'item-(\\w+)') == optional.of('A')",
  "regex.extract('The color is red', r'The color is (\\w+)') == optional.of('red')",
  "regex.extract('The color is red', r'The color is \\w+') == optional.of('The color is red')",
  "regex.extract('brand', 'brand') == optional.of('brand')",
  "regex.extract('hello world', 'goodbye (.*)') == optional.none()",
  "regex.extract('HELLO', 'hello') == optional.none()",
  "regex.extract('', r'\\w+') == optional.none()",
  "regex.extract('4122345432', '22').or(optional.of('777')) == optional.of('22')",
  "regex.extract('4122345432', '22').orValue('777') == '22'",
  "regex.extractAll('id:123, id:456', 'assa') == []",
  "regex.extractAll('id:123, id:456', r'id:\\d+') == ['id:123', 'id:456']",
  "regex.extractAll('Files: f_1.txt, f_2.csv', r'f_(\\d+)') == ['1', '2']",
  "regex.extractAll('testuser@', '(?P<username>.*)@') == ['testuser']",
  "regex.extractAll('testuser@gmail.com, a@y.com, 2312321wsamkldjq2w2@sdad.com', '(?P<username>.*)@') == ['testuser@gmail.com, a@y.com, 2312321wsamkldjq2w2']",
  "regex.extractAll('testuser@gmail.com, a@y.com, 2312321wsamkldjq2w2@sdad.com', r'(?P<username>\\w+)@') == ['testuser', 'a', '2312321wsamkldjq2w2']",
  "regex.extractAll('banananana', '(ana)') == ['ana', 'ana']",
  "regex.extractAll('item:a1, topic:b2', r'(?:item:|topic:)([a-z]\\d)') == ['a1', 'b2']",
  "regex.extractAll('val=a, val=, val=c', 'val=([^,]*)') == ['a', 'c']",
  "regex.extractAll('key=, key=, key=', 'key=([^,]*)') == []",
  "regex.extractAll('a b c', r'(\\S*)\\s*') == ['a', 'b', 'c']",
  "regex.replace('aaaaaa', 'a', '-what-') == '-what--what--what--what--what--what-'",
  "regex.replace('foo bar', r'(foo bar)', r'\\1\\1\\1\\1\\1' ) == 'foo barfoo barfoo barfoo barfoo bar'",
  "regex.replace('foo bar', r'(foo bar)', '') == ''",
];

describe('ext.Regex version 1 (cel-go ext/regex.go), on RE2', () => {
  it.each(celGoVectors)('%s', (expression) => {
    expect(evaluate(strictEnv, expression)).toEqual({ ok: true, value: true });
  });

  /** cel-go `TestRegexStaticErrors` (messages as cel-js words them). */
  const compileErrors: string[] = [
    "regex.replace('abc', '^', 1)",
    "regex.replace('abc', '^', '1','')",
    "regex.extract('foo bar', 1)",
    "regex.extract('foo bar', 1, 'bar')",
    'regex.extractAll()',
  ];
  it.each(compileErrors)('%s is a compile error', (expression) => {
    expect(compileError(strictEnv, expression)?.message).toMatch(/no matching overload/);
  });

  /** cel-go `TestRegexRuntimeErrors`. */
  const runtimeErrors: [string, string][] = [
    ["regex.extract('foo bar', '(')", 'error parsing regexp: missing closing ): `(`'],
    ["regex.extractAll('foo bar', '[a-z')", 'error parsing regexp: missing closing ]: `[a-z`'],
    ["regex.replace('id=123', r'id=(?P<value>\\d+)', r'value: \\values')", "invalid replacement string: 'value: \\values' \\ must be followed by a digit"],
    ["regex.replace('test', '(.)', r'\\2')", 'replacement string references group 2 but regex has only 1 group(s)'],
    // cel-go writes the replacement as the raw string r'value: \', which cel-js's lexer does not end at the quote.
    ["regex.replace('id=123', r'id=(?P<value>\\d+)', 'value: \\\\')", "invalid replacement string: 'value: \\' \\ not allowed at end"],
    ["regex.extract('phone: 415-5551212', r'phone: ((\\d{3})-)?')", 'regular expression has more than one capturing group: "phone: ((\\\\d{3})-)?"'],
    ["regex.extractAll('Name: John Doe, Age:321', r'Name: (?P<Name>.*), Age:(?P<Age>\\d+)')", 'regular expression has more than one capturing group'],
    ["regex.extractAll('testuser@testdomain', '(.*)@([^.]*)')", 'regular expression has more than one capturing group: "(.*)@([^.]*)"'],
    // RE2 has no look-around.
    ["regex.replace('abc', '(?=b)', 'x')", 'error parsing regexp'],
  ];
  it.each(runtimeErrors)('%s is a runtime error', (expression, message) => {
    const result = evaluate(strictEnv, expression);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain(message);
      expect([result.error.start, result.error.end]).toEqual([0, expression.length]);
    }
  });

  const values: [string, unknown][] = [
    // Offsets are code points, not UTF-16 units, for characters outside the Basic Multilingual Plane.
    ["regex.replace('a😀b😀', '😀', '-')", 'a-b-'],
    ["regex.extractAll('x😀y😀z', '[^😀]')", ['x', 'y', 'z']],
    ["regex.replace('a😀b', '', '.')", '.a.😀.b.'],
    ["regex.extract('key=value', '=(.*)').value()", 'value'],
    // A replacement without matches is not validated (cel-go validates per match).
    ["regex.replace('abc', 'x', r'\\9')", 'abc'],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(evaluate(strictEnv, expression)).toEqual({ ok: true, value });
  });
});
