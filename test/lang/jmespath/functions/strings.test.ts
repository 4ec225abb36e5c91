/**
 * Argument checking, number rendering (`ifaceToString`), integral arguments (`intNumber`), Go integer
 * results, and the string functions of kyverno/kyverno pkg/engine/jmespath/functions.go with Go
 * semantics on Unicode code points.
 */
import { describe, expect, it } from 'vitest';
import { type Expected, expectedOutcome, fails, ok, run } from './evaluate.js';

const cases: [string, Expected][] = [
  // signature checks before the handler runs (kyverno/go-jmespath functions.go, `resolveArgs`, `typeCheck`)
  ['to_upper(`1`)', fails('Invalid type for: 1, expected: []jmespath.JpType{"string"}')],
  ['to_upper(missing)', fails('Invalid type for: <nil>, expected: []jmespath.JpType{"string"}')],
  ["to_upper('a', 'b')", fails('incorrect number of args')],
  ['time_now(`1`, `2`)', { result: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) }],
  // compare returns a Go int (`jpfCompare`: `strings.Compare`)
  ["compare('a', 'a')", ok(0n)],
  ["compare('a', 'b')", ok(-1n)],
  ["compare('b', 'a')", ok(1n)],
  ["compare('B', 'a')", ok(-1n)],
  ["compare('', 'a')", ok(-1n)],
  ["compare('é', 'f')", ok(1n)],
  ["compare('a', 'b') == `-1`", ok(false)],
  ["type(compare('a', 'b'))", fails('unknown type')],
  // equal_fold
  ["equal_fold('Go', 'go')", ok(true)],
  ["equal_fold('a', 'b')", ok(false)],
  ["equal_fold('1', 'b')", ok(false)],
  ["equal_fold('ß', 'SS')", ok(false)],
  ["equal_fold('\u212a', 'k')", ok(true)],
  ["equal_fold('', '')", ok(true)],
  ["equal_fold('σας', 'ΣΑΣ')", ok(true)],
  ["equal_fold('ı', 'I')", ok(false)],
  // replace
  ["replace('Lorem ipsum dolor sit amet', 'ipsum', 'muspi', `-1`)", ok('Lorem muspi dolor sit amet')],
  ["replace('Lorem ipsum ipsum ipsum dolor sit amet', 'ipsum', 'muspi', `-1`)", ok('Lorem muspi muspi muspi dolor sit amet')],
  ["replace('Lorem ipsum ipsum ipsum dolor sit amet', 'ipsum', 'muspi', `1`)", ok('Lorem muspi ipsum ipsum dolor sit amet')],
  ["replace('aaaa', 'a', 'b', `2`)", ok('bbaa')],
  ["replace('aaaa', 'a', 'b', `0`)", ok('aaaa')],
  ["replace('abc', '', '-', `-1`)", ok('-a-b-c-')],
  ["replace('abc', '', '-', `2`)", ok('-a-bc')],
  ["replace('aaaa', 'a', 'b', `1.9`)", ok('baaa')],
  ["replace('aaaa', 'a', 'b', '1')", fails('Invalid type for: 1, expected: []jmespath.JpType{"number"}')],
  // replace_all
  ["replace_all('Lorem ipsum dolor sit amet', 'ipsum', 'muspi')", ok('Lorem muspi dolor sit amet')],
  ["replace_all('abc', '', '-')", ok('-a-b-c-')],
  ["replace_all('a.b.c', '.', '-')", ok('a-b-c')],
  // to_upper / to_lower: Go's simple per-code-point mappings
  ["to_upper('abc')", ok('ABC')],
  ["to_upper('123')", ok('123')],
  ["to_upper('a#%&123Bc')", ok('A#%&123BC')],
  ["to_lower('ABC')", ok('abc')],
  ["to_lower('A#%&123BC')", ok('a#%&123bc')],
  ["to_upper('straße')", ok('STRAßE')],
  ["to_lower('İ')", ok('i')],
  ["to_lower('ΣΑΣ')", ok('σασ')],
  ["to_upper('ᾳ')", ok('ᾼ')],
  ["to_upper('ǅ')", ok('Ǆ')],
  // trim, trim_prefix
  ["trim('¡¡¡Hello, Gophers!!!', '!¡')", ok('Hello, Gophers')],
  ["trim('xxhixx', 'x')", ok('hi')],
  ["trim('abc', '')", ok('abc')],
  ["trim_prefix('¡¡¡Hello, Gophers!!!', '¡¡¡Hello, ')", ok('Gophers!!!')],
  ["trim_prefix('¡¡¡Hello, Gophers!!!', '¡¡¡Hola, ')", ok('¡¡¡Hello, Gophers!!!')],
  // split
  ["split('Hello, Gophers', ', ')", ok(['Hello', 'Gophers'])],
  ["split('a,b,,c', ',')", ok(['a', 'b', '', 'c'])],
  ["split('', ',')", ok([''])],
  ["split('abc', '')", ok(['a', 'b', 'c'])],
  ["split('a😀b', '')", ok(['a', '😀', 'b'])],
  ["split('a::b', '::')", ok(['a', 'b'])],
  // truncate
  ["truncate('Lorem ipsum dolor sit amet', `5`)", ok('Lorem')],
  ["truncate('Lorem ipsum ipsum ipsum dolor sit amet', `11`)", ok('Lorem ipsum')],
  ["truncate('Lorem ipsum ipsum ipsum dolor sit amet', `40`)", ok('Lorem ipsum ipsum ipsum dolor sit amet')],
  ["truncate('Lorem ipsum', `2.6`)", ok('Lo')],
  ["truncate('Lorem ipsum', `0`)", ok('')],
  ["truncate('Lorem ipsum', `-1`)", ok('')],
  ["truncate('héllo😀x', `6`)", ok('héllo😀')],
  ["truncate('abc', `1.9`)", ok('a')],
  // to_boolean
  ["to_boolean('true')", ok(true)],
  ["to_boolean('TRue')", ok(true)],
  ["to_boolean('FaLse')", ok(false)],
  ["to_boolean('false')", ok(false)],
  ["to_boolean('FaLsee')", fails("JMESPath function 'to_boolean': lowercase argument must be 'true' or 'false' (provided: 'FaLsee')")],
  ["to_boolean('foo')", fails("JMESPath function 'to_boolean': lowercase argument must be 'true' or 'false' (provided: 'foo')")],
  ["to_boolean(' true')", fails("JMESPath function 'to_boolean': lowercase argument must be 'true' or 'false' (provided: ' true')")],
  ["to_boolean('yes')", fails("JMESPath function 'to_boolean': lowercase argument must be 'true' or 'false' (provided: 'yes')")],
  // path_canonicalize
  ["path_canonicalize('///')", ok('/')],
  ["path_canonicalize('///var/run/containerd/containerd.sock')", ok('/var/run/containerd/containerd.sock')],
  ["path_canonicalize('/var/run///containerd/containerd.sock')", ok('/var/run/containerd/containerd.sock')],
  ["path_canonicalize('/var/run///containerd////')", ok('/var/run/containerd')],
  ["path_canonicalize('/run///')", ok('/run')],
  ["path_canonicalize('/run/../etc')", ok('/etc')],
  ["path_canonicalize('///etc*')", ok('/etc*')],
  ["path_canonicalize('/../../')", ok('/')],
  ["path_canonicalize('')", ok('')],
  ["path_canonicalize('a/../..')", ok('..')],
  ["path_canonicalize('./a//b/')", ok('a/b')],
  ["path_canonicalize('/a/./b/../c')", ok('/a/c')],
  [String.raw`path_canonicalize('C:\Windows\..')`, ok(String.raw`C:\Windows\..`)],
  ["path_canonicalize('a/b/../../..')", ok('..')],
  ["path_canonicalize('../a/..')", ok('..')],
];

describe('string functions (pkg/engine/jmespath/functions.go)', () => {
  for (const [expression, expected] of cases) {
    it(expression, () => {
      expect(run(expression)).toEqual(expectedOutcome(expected));
    });
  }
});

// Numbers reach regex/pattern functions through `ifaceToString`: float32, fixed notation.
const float32Cases: [string, string][] = [
  ['1.5', '1.5'],
  ['0.1', '0.1'],
  ['12', '12'],
  ['16777217', '16777216'],
  ['123456789', '123456790'],
  ['1e21', '1000000000000000000000'],
  ['1.5e-7', '0.00000015'],
];

describe('ifaceToString renders numbers with float32 precision', () => {
  it.each(float32Cases)('%s → %s', (number, text) => {
    expect(run(`regex_replace_all('^(.*)$', \`${number}\`, '\${1}')`)).toEqual({ result: text });
  });
});

// Integral arguments (lookup's array index): `intNumber`, pkg/engine/jmespath/utils.go.
const integerCases: [string, Expected][] = [
  ["lookup(`[1, 2]`, `1.5`)", fails("JMESPath function 'lookup': argument #2: expected an integer number but got: 1.5")],
  [
    'lookup(`[1, 2]`, `1.7976931348623157e308`)',
    fails("JMESPath function 'lookup': argument #2: number is outside the range of integer numbers: 1.7976931348623157e+308"),
  ],
  ["lookup(`[1, 2]`, `0.99999999999999999999`)", ok(2)],
];

describe('integer arguments (intNumber)', () => {
  for (const [expression, expected] of integerCases) {
    it(expression, () => {
      expect(run(expression)).toEqual(expectedOutcome(expected));
    });
  }
});
