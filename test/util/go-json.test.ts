import { describe, expect, it } from 'vitest';
import { GoJsonError, compareGoStrings, goJsonParse, goJsonStringify, goJsonStringifyIndent, sortGoStrings } from '../../src/util/go-json.js';

describe('goJsonStringify (Go encoding/json Marshal)', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'null'],
    ['booleans', [true, false], '[true,false]'],
    ['integers', [0, 5, -3, 1e20], '[0,5,-3,100000000000000000000]'],
    ['exponent from 1e21', 1e21, '1e+21'],
    ['small numbers', [1e-6, 1e-7, 1.5e-7, 123e-20], '[0.000001,1e-7,1.5e-7,1.23e-18]'],
    ['large exponent', 1e23, '1e+23'],
    ['fractions', [1.5, -5.5, 0.1], '[1.5,-5.5,0.1]'],
    ['negative zero', -0, '-0'],
    ['Go integers (bigint)', [0n, -12n], '[0,-12]'],
    ['keys sorted by bytes', { b: 1, a: 2, B: 3, é: 4, '\u{1F600}': 5, '\uffff': 6 }, '{"B":3,"a":2,"b":1,"é":4,"\uffff":6,"\u{1F600}":5}'],
    ['nested objects', { z: { y: [1, { x: null }] } }, '{"z":{"y":[1,{"x":null}]}}'],
    ['HTML escaping', '<a href="x">&</a>', '"\\u003ca href=\\"x\\"\\u003e\\u0026\\u003c/a\\u003e"'],
    ['line and paragraph separators', '\u2028\u2029', '"\\u2028\\u2029"'],
    ['control characters', '\n\r\t\b\f\u0001\u001f', '"\\n\\r\\t\\b\\f\\u0001\\u001f"'],
    ['backslash and quote', 'a\\b"c', '"a\\\\b\\"c"'],
    ['lone surrogate', 'a\ud800b', '"a\\ufffdb"'],
    ['surrogate pair kept', '\u{1F600}', '"\u{1F600}"'],
    ['non-ASCII kept', 'é✓', '"é✓"'],
    ['__proto__ key', JSON.parse('{"__proto__":1}'), '{"__proto__":1}'],
  ])('%s', (_name, value, expected) => {
    expect(goJsonStringify(value)).toBe(expected);
  });

  it.each<[number, string]>([
    [NaN, 'json: unsupported value: NaN'],
    [Infinity, 'json: unsupported value: +Inf'],
    [-Infinity, 'json: unsupported value: -Inf'],
  ])('refuses %s', (value, message) => {
    expect(() => goJsonStringify({ a: [value] })).toThrow(new GoJsonError(message));
  });
});

describe('goJsonStringifyIndent (Go encoding/json MarshalIndent)', () => {
  it.each<[string, unknown, string]>([
    ['scalars unchanged', 'a<b', '"a\\u003cb"'],
    ['empty array and object stay compact', { b: [], a: {} }, '{\n  "a": {},\n  "b": []\n}'],
    ['nested values, keys sorted', { z: [1, { y: null, x: true }] }, '{\n  "z": [\n    1,\n    {\n      "x": true,\n      "y": null\n    }\n  ]\n}'],
    ['numbers as Marshal writes them', [1e21, 0.5, 2n], '[\n  1e+21,\n  0.5,\n  2\n]'],
  ])('%s', (_name, value, expected) => {
    expect(goJsonStringifyIndent(value, '  ')).toBe(expected);
  });

  it('refuses what Marshal refuses', () => {
    expect(() => goJsonStringifyIndent({ a: [NaN] }, '  ')).toThrow(new GoJsonError('json: unsupported value: NaN'));
  });
});

describe('goJsonParse (Go encoding/json Unmarshal into interface{})', () => {
  it.each<[string, unknown]>([
    ['{"a": [1, 2.5, "x", true, null]}', { a: [1, 2.5, 'x', true, null] }],
    [' \t\n"foo"\r ', 'foo'],
    ['{"a":1,"a":2}', { a: 2 }],
    ['"\\ud83d\\ude00"', '\u{1F600}'],
    ['"\\ud800x"', '\ufffdx'],
    ['"\\udc00"', '\ufffd'],
    ['1e3', 1000],
    ['-0.5E-2', -0.005],
  ])('decodes %s', (text, expected) => {
    expect(goJsonParse(text)).toEqual(expected);
  });

  it.each<[string, string]>([
    ['foo', "invalid character 'o' in literal false (expecting 'a')"],
    ['tru', 'unexpected end of JSON input'],
    ['trux', "invalid character 'x' in literal true (expecting 'e')"],
    ['nul', 'unexpected end of JSON input'],
    ['', 'unexpected end of JSON input'],
    ['   ', 'unexpected end of JSON input'],
    ['{"a": 1}}', "invalid character '}' after top-level value"],
    ['}', "invalid character '}' looking for beginning of value"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['[1 2]', "invalid character '2' after array element"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', 'invalid character \'"\' after object key:value pair'],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['{,}', "invalid character ',' looking for beginning of object key string"],
    ['01', "invalid character '1' after top-level value"],
    ['-a', "invalid character 'a' in numeric literal"],
    ['1.', 'unexpected end of JSON input'],
    ['1.x', "invalid character 'x' after decimal point in numeric literal"],
    ['1ex', "invalid character 'x' in exponent of numeric literal"],
    ['"a\nb"', "invalid character '\\n' in string literal"],
    ['"\\q"', "invalid character 'q' in string escape code"],
    ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
    ['é', "invalid character 'Ã' looking for beginning of value"],
    ['\u0001', "invalid character '\\x01' looking for beginning of value"],
    ['1e400', 'json: cannot unmarshal number 1e400 into Go value of type float64'],
    ['[1e400, }', "invalid character '}' looking for beginning of value"],
  ])('rejects %j', (text, message) => {
    expect(() => goJsonParse(text)).toThrow(new GoJsonError(message));
  });
});

describe('compareGoStrings', () => {
  it('orders by UTF-8 bytes, astral characters after U+FFFF', () => {
    const sorted = ['\u{1F600}', '\uffff', 'b', 'B', 'a', 'é', ''].sort(compareGoStrings);
    expect(sorted).toEqual(['', 'B', 'a', 'b', 'é', '\uffff', '\u{1F600}']);
  });
});

describe('sortGoStrings', () => {
  const alphabet = ['', 'a', 'b', 'B', 'aa', 'ab', 'é', '\uffff', '\u{1F600}', 'x\u{1F600}', 'x\uffff', 'metadata', 'spec'];
  // Lists of every length around the insertion-sort threshold, with duplicates, in a fixed pseudo-random order.
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const cases = Array.from({ length: 40 }, (_, length) => Array.from({ length }, () => alphabet[next() % alphabet.length]!));
  it.each(cases.map((list) => [list.length, list] as const))('sorts %i strings in place as sort(compareGoStrings) does', (_length, list) => {
    const copy = [...list];
    const expected = [...list].sort(compareGoStrings);
    expect(sortGoStrings(copy)).toBe(copy);
    expect(copy).toEqual(expected);
  });
});
