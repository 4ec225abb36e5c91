/**
 * base64, hashes, parse_json, parse_yaml, lookup, items, object_from_lists and semver_compare, as
 * kyverno/kyverno pkg/engine/jmespath/functions.go implements them.
 */
import { describe, expect, it } from 'vitest';
import { type Expected, expectedOutcome, fails, ok, run } from './evaluate.js';

const secret = { data: { example1: 'SGVsbG8sIHdvcmxkIQ==' } };

const cases: [string, Expected, unknown?][] = [
  // base64
  ["base64_decode('SGVsbG8sIHdvcmxkIQ==')", ok('Hello, world!')],
  ['base64_decode(data.example1)', ok('Hello, world!'), secret],
  ["base64_decode('SGVsbG8=')", ok('Hello')],
  ["base64_decode('SGVsbG8')", fails('illegal base64 data at input byte 4')],
  ['base64_decode(s)', ok('Hello'), { s: 'SGVs\nbG8=' }],
  ["base64_decode('SGVsbG8-')", fails('illegal base64 data at input byte 7')],
  ["base64_decode('')", ok('')],
  ["base64_decode('SGVsbG8=x')", fails('illegal base64 data at input byte 8')],
  ["base64_decode('/w==')", ok('\ufffd')],
  ["base64_encode('Hello, world!')", ok('SGVsbG8sIHdvcmxkIQ==')],
  ["base64_encode('é')", ok('w6k=')],
  ["base64_encode('')", ok('')],
  // hashes
  ["sha256('alertmanager-kube-prometheus-stack-alertmanager')", ok('75c07bb807f2d80a85d34880b8af0c5f29f7c27577076ed5d0e4b427dee7dbcc')],
  ["sha1('Alice & Bob')", ok('e3ec484930685a61b0f824cd684a68699d2b98c1')],
  ["md5('Alice & Bob')", ok('def42e1abd2462df1f9f0a4b3d488221')],
  ['sha256(`1`)', fails('Invalid type for: 1, expected: []jmespath.JpType{"string"}')],
  // parse_json
  ['parse_json(\'{"a": "b"}\').a', ok('b')],
  ['parse_json(\'{"a": [1, 2, 3, 4]}\').a[0]', ok(1)],
  ['parse_json(\'[1, 2, {"a": {"b": {"c": [1, 2]}}}]\')[2].a.b.c[1]', ok(2)],
  ["parse_json('')", fails('unexpected end of JSON input')],
  ["parse_json('1 2')", fails("invalid character '2' after top-level value")],
  ['parse_json(\'{"a": 1, "a": 2}\')', ok({ a: 2 })],
  // parse_yaml
  ["parse_yaml('a: b')", ok({ a: 'b' })],
  ['parse_yaml(s)', ok([1, 2, 3, { a: 'b' }]), { s: '- 1\n- 2\n- 3\n- a: b' }],
  ['parse_yaml(s)', ok({ spec: { test: 1, test2: [2, 3] } }), { s: 'spec:\n  test: 1\n  test2:\n    - 2\n    - 3' }],
  [
    'parse_yaml(s)',
    ok({ bar: 'this is not a normal string it spans more than one line see?' }),
    { s: 'bar: >\n  this is not a normal string it\n  spans more than\n  one line\n  see?' },
  ],
  ['parse_yaml(s)', ok({ bar: null, foo: null }), { s: '---\nfoo: ~\nbar: null' }],
  ["parse_yaml('a: yes')", ok({ a: true })],
  ["parse_yaml('a: on')", ok({ a: true })],
  ["parse_yaml('a: 010')", ok({ a: 8 })],
  ["parse_yaml('a: 0x1F')", ok({ a: 31 })],
  ["parse_yaml('a: 1.0')", ok({ a: 1 })],
  ["parse_yaml('a: 2001-12-14')", ok({ a: '2001-12-14' })],
  ['parse_yaml(s)', ok({ a: 'b' }), { s: 'a: b\n---\nc: d' }],
  ["parse_yaml('a: [')", fails('yaml: line 1: did not find expected node content')],
  ["parse_yaml('[1, 2')", fails("yaml: line 1: did not find expected ',' or ']'")],
  ["parse_yaml('{a: 1')", fails("yaml: line 1: did not find expected ',' or '}'")],
  ["parse_yaml('a: b: c')", fails('yaml: mapping values are not allowed in this context')],
  ['parse_yaml(s)', fails('yaml: found character that cannot start any token'), { s: '\ta: 1' }],
  ['parse_yaml(s)', fails('json: unsupported value: -Inf'), { s: 'x: 1.0\nz: -.inf\n' }],
  ["parse_yaml('')", ok(null)],
  ['parse_yaml(s)', ok(['a', null]), { s: '- a\n- ~' }],
  ["parse_yaml('1: a')", ok({ 1: 'a' })],
  // lookup
  ['lookup(`{}`, \'key1\')', ok(null)],
  ['lookup(`{"key1": "value1"}`, \'key2\')', ok(null)],
  ['lookup(`{"key1": "value1"}`, \'key1\')', ok('value1')],
  ['lookup(`{"": "value1"}`, \'\')', ok('value1')],
  ['lookup(`{"k": 123}`, \'k\')', ok(123)],
  ['lookup(`{"k": 12.34}`, \'k\')', ok(12.34)],
  ['lookup(`{"k": true}`, \'k\')', ok(true)],
  ['lookup(`{"k": false}`, \'k\')', ok(false)],
  ['lookup(`{"k": null}`, \'k\')', ok(null)],
  ['lookup(`{"k": [7, "x", true]}`, \'k\')', ok([7, 'x', true])],
  ['lookup(`{"k": {"key1": true}}`, \'k\')', ok({ key1: true })],
  ['lookup(`[]`, `0`)', ok(null)],
  ['lookup(`["item0"]`, `-1`)', ok(null)],
  ['lookup(`["item0"]`, `1`)', ok(null)],
  ['lookup(`["item0"]`, `0`)', ok('item0')],
  ['lookup(`["item0", "item1", "item2", "item3"]`, `2`)', ok('item2')],
  ['lookup(`["item0", "item1"]`, `0.99999999999999999999999999999999999999999999`)', ok('item1')],
  ['lookup(`{"a": 1}`, `1`)', fails("JMESPath function 'lookup': argument #2 is not of type String")],
  ["lookup(`[1]`, 'a')", fails("JMESPath function 'lookup': argument #2 is not of type Number")],
  ["lookup(items(`{\"a\": 1}`, 'k', 'v'), `0`)", fails("JMESPath function 'lookup': argument #1 is not of type Object or Array")],
  // items
  ['items(`{"key1": "value1"}`, \'key\', \'value\')', ok([{ key: 'key1', value: 'value1' }])],
  [
    'items(`{"key2": "value2", "key1": "value1"}`, \'key\', \'value\')',
    ok([
      { key: 'key1', value: 'value1' },
      { key: 'key2', value: 'value2' },
    ]),
  ],
  ['items(`{"key1": "value1"}`, \'myKey\', \'myValue\')', ok([{ myKey: 'key1', myValue: 'value1' }])],
  [
    'items(`["A", "B", "C"]`, \'myKey\', \'myValue\')',
    ok([
      { myKey: 0, myValue: 'A' },
      { myKey: 1, myValue: 'B' },
      { myKey: 2, myValue: 'C' },
    ]),
  ],
  [
    'items(`{"b": 1, "a": 2, "B": 3}`, \'k\', \'v\')',
    ok([
      { k: 'B', v: 3 },
      { k: 'a', v: 2 },
      { k: 'b', v: 1 },
    ]),
  ],
  ["items(`{}`, 'k', 'v')", ok([])],
  ["items('abc', 'k', 'v')", fails('Invalid type for: abc, expected: []jmespath.JpType{"object", "array"}')],
  ["type(items(`{}`, 'k', 'v'))", fails('unknown type')],
  ["items(`{\"a\": 1}`, 'k', 'v') == `[{\"k\": \"a\", \"v\": 1}]`", ok(false)],
  ["length(items(`{\"a\": 1, \"b\": 2}`, 'k', 'v'))", ok(2)],
  // object_from_lists
  ['object_from_lists(`["key1", "key2"]`, `["1", "2"]`)', ok({ key1: '1', key2: '2' })],
  ['object_from_lists(`["key1", "key2"]`, `[1, "2"]`)', ok({ key1: 1, key2: '2' })],
  ['object_from_lists(`["key1", "key2"]`, `[1]`)', ok({ key1: 1, key2: null })],
  ['object_from_lists(`["a", "b"]`, `[1, 2, 3]`)', ok({ a: 1, b: 2 })],
  ['object_from_lists(`["a", "a"]`, `[1, 2]`)', ok({ a: 2 })],
  ['object_from_lists(`[1, true]`, `[1, 2]`)', ok({ 1: 1, true: 2 })],
  ['object_from_lists(`[1.5]`, `[1]`)', ok({ '1.5': 1 })],
  ['object_from_lists(`[null]`, `[1]`)', fails("JMESPath function 'object_from_lists': argument #1 is not of type StringArray")],
  ['object_from_lists(`[]`, `[1]`)', ok({})],
  // semver_compare
  ["semver_compare('4.1.3', '>=4.1.x')", ok(true)],
  ["semver_compare('4.1.3', '!4.x.x')", ok(false)],
  ["semver_compare('1.8.6', '>1.0.0 <2.0.0')", ok(true)],
  ["semver_compare('2.1.5', '<2.0.0 || >=3.0.0')", ok(false)],
  ["semver_compare('1.2.3', '1.2.3')", ok(true)],
  ["semver_compare('1.2.3', '>1.2.2')", ok(true)],
  ["semver_compare('v1.2.3', '>=1.0.0')", ok(false)],
  ["semver_compare('1.2', '>=0.0.0')", ok(true)],
  ["semver_compare('1.2.3', '>= 1.0.0')", ok(true)],
  ["semver_compare('1.2.3', '1.2.x')", ok(true)],
  // blang counts the dot-separated parts: `1.x.x` is a patch wildcard, `>=1.0.0 <1.1.0`.
  ["semver_compare('1.0.5', '1.x.x')", ok(true)],
  ["semver_compare('1.5.0', '1.x.x')", ok(false)],
  ["semver_compare('1.5.0', '1.x')", ok(true)],
  ["semver_compare('2.0.0', '1.x')", ok(false)],
  ["semver_compare('1.3.0', '1.2.x')", ok(false)],
  ["semver_compare('5.1.3', '!4.x.x')", ok(false)],
  ["semver_compare('4.1.3', '<=4.1.x')", ok(true)],
  ["semver_compare('4.2.0', '<=4.1.x')", ok(false)],
  ["semver_compare('4.2.0', '>4.1.x')", ok(true)],
  ["semver_compare('4.1.9', '>4.1.x')", ok(false)],
  [
    "semver_compare('1.2.3', '1.2.*')",
    fails('Could not parse Range "1.2.*": Could not parse version "1.2.*" in "1.2.*": Invalid character(s) found in patch number "*"'),
  ],
  ["semver_compare('1.2.3-beta', '<1.2.3')", ok(true)],
  ["semver_compare('1.2.3+build', '1.2.3')", ok(true)],
  ["semver_compare('1.2.3-alpha', '>=1.2.3-alpha <1.2.3')", ok(true)],
  ["semver_compare('01.2.3', '>0.0.0')", ok(false)],
  ["semver_compare('1.2.3', '>1.0.0 <2.0.0 || >3.0.0')", ok(true)],
  ["semver_compare('1.2.3', '=1.2.3')", ok(true)],
  ["semver_compare('1.2.3', '==1.2.3')", ok(true)],
  ["semver_compare('1.2.3', '!=1.2.3')", ok(false)],
  ["semver_compare('1.2.3', '')", fails("Last element in range is '||'")],
  ["semver_compare('1.2.3', '|| 1.0.0')", fails("First element in range is '||'")],
  ["semver_compare('1.2.3', '~1.2.0')", fails('Could not parse Range "~1.2.0": Could not parse comparator "~" in "~1.2.0"')],
  ["semver_compare('1.2.3', '^1.0.0')", fails('Could not parse Range "^1.0.0": Could not parse comparator "^" in "^1.0.0"')],
  [
    "semver_compare('1.2.3', '>1.0.0,<2.0.0')",
    fails('Could not parse Range ">1.0.0,<2.0.0": Could not parse version "1.0.0,<2.0.0" in ">1.0.0,<2.0.0": Invalid character(s) found in patch number "0,<2.0.0"'),
  ],
  [
    "semver_compare('1.2.3', '>=1.2')",
    fails('Could not parse Range ">=1.2": Could not parse version "1.2" in ">=1.2": No Major.Minor.Patch elements found'),
  ],
  ["semver_compare('1.2.3', 'abc')", fails('Could not get version from string: "abc"')],
];

describe('encoding and structured data (pkg/engine/jmespath/functions.go)', () => {
  for (const [expression, expected, data] of cases) {
    it(expression, () => {
      expect(run(expression, data ?? {})).toEqual(expectedOutcome(expected));
    });
  }
});

// Round trips through to_string (upstream parse_json tests).
const roundTrips = ['{"a":"b"}', 'true', '[1,2,3,{"a":"b"}]', 'null', '[]', '{}', '0', '1.2', '[1.2,true,{"a":{"a":"b"}}]'];

describe('parse_json round trips with to_string', () => {
  for (const json of roundTrips) {
    it(json, () => {
      expect(run('to_string(parse_json(s))', { s: json })).toEqual({ result: json });
    });
  }
});
