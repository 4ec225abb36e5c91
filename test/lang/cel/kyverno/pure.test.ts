import { describe, expect, it } from 'vitest';
import { roundTo } from '../../../../src/lang/cel/kyverno/math.js';
import { goPowInt, goRound } from '../../../../src/util/go-math.js';
import { errorOf, kyvernoEnvironment, valueOf } from './helpers.js';

const NOW = new Date('2025-01-02T03:45:27.250Z');
const env = kyvernoEnvironment({ now: () => NOW });

function check(values: [string, unknown][], activation: Record<string, unknown> = {}) {
  it.each(values)('%s', (expression, value) => {
    expect(valueOf(env.run(expression, {}, activation))).toEqual(value);
  });
}

function checkErrors(errors: [string, string | RegExp][]) {
  it.each(errors)('%s fails', (expression, message) => {
    const error = errorOf(env.run(expression));
    if (typeof message === 'string') expect(error).toBe(message);
    else expect(error).toMatch(message);
  });
}

function checkCompileErrors(expressions: string[]) {
  it.each(expressions)('%s is a compile error', (expression) => {
    expect(env.compile(expression).ok).toBe(false);
  });
}

describe('hash', () => {
  check([
    ["sha1('hello')", 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ["sha256('hello')", '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
    ["md5('hello')", '5d41402abc4b2a76b9719d911017c592'],
    ["hash.sha256('')", 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    // UTF-8 bytes.
    ["hash.md5('héllo')", 'be50e8478cf24ff3595bc7307fb91b50'],
    ["hash.sha1('hello') == sha1('hello')", true],
    // The hash library declares this constant (kyverno/sdk libs/hash/lib.go).
    ['mylib_version', ''],
  ]);
  checkCompileErrors(['sha256(1)', "hash.sha512('x')", "md5('a', 'b')", "hash.sha1(b'x')"]);
});

describe('math.round', () => {
  check([
    ['math.round(10.126, 2)', 10.13],
    ['math.round(10.0, 2)', 10],
    ['math.round(12345.678, -2)', 12300],
    ['math.round(2.5, 0)', 3],
    ['math.round(-2.5, 0)', -3],
    ['math.round(1.005, 2)', 1],
    ['math.round(0.125, 2)', 0.13],
    ['math.round(1.0, 400)', NaN],
  ]);
  checkCompileErrors(['math.round(1, 2)', 'math.round(1.5, 2.0)', 'math.round(1.5, 2, 3)']);

  it('rounds halves away from zero like Go math.Round', () => {
    expect([goRound(0.5), goRound(-0.5), goRound(1.5), goRound(0.49999999999999994), goRound(-0.2)]).toEqual([1, -1, 2, 0, -0]);
    expect(Object.is(goRound(-0.2), -0)).toBe(true);
  });

  it('computes powers of ten as Go math.Pow does', () => {
    expect(goPowInt(10, 0n)).toBe(1);
    expect(goPowInt(10, 3n)).toBe(1000);
    expect(goPowInt(10, 22n)).toBe(1e22);
    expect(goPowInt(10, -2n)).toBe(0.01);
    expect(goPowInt(10, 400n)).toBe(Infinity);
    expect(goPowInt(10, -400n)).toBe(0);
    expect(roundTo(3.14159, 3n)).toBe(3.142);
  });
});

describe('json', () => {
  check([
    ['json.marshal({"key": "value"})', '{"key":"value"}'],
    ['json.marshal([1, 2, 3])', '[1,2,3]'],
    ['json.marshal("hello")', '"hello"'],
    ['json.marshal(42)', '42'],
    ['json.marshal(true)', 'true'],
    ['json.marshal(json.unmarshal("{\\"a\\":\\"b\\"}"))', '{"a":"b"}'],
    // Go encoding/json: sorted keys, HTML characters escaped, Go float formatting.
    ["json.marshal({'b': '1', 'a': '<&>'})", '{"a":"\\u003c\\u0026\\u003e","b":"1"}'],
    ['json.marshal([1.5, 1e21, 0.0000001, 2.0])', '[1.5,1e+21,1e-7,2]'],
    ["json.marshal(b'hi')", '"aGk="'],
    ["json.marshal(timestamp('2025-01-02T03:04:05Z'))", '"2025-01-02T03:04:05Z"'],
    ["json.marshal(duration('1s'))", '1000000000'],
    ['json.marshal(object)', '{"metadata":{"labels":{"app":"x"},"name":"n"},"spec":{"replicas":3}}'],
    ['json.marshal(object.metadata.labels)', '{"app":"x"}'],
    // A top-level null is cel-go's protobuf NullValue enum, an int for Go.
    ['json.marshal(null)', '0'],
    ["json.marshal(image('nginx'))", '"nginx"'],
    ["json.marshal(parseServiceAccount('system:serviceaccount:a:b'))", '{"name":"b","namespace":"a"}'],
    // Every number of unmarshal is a double.
    ["json.unmarshal('{\"a\": 1}').a", 1],
    ["type(json.unmarshal('{\"a\": 1}').a) == double", true],
    ["json.unmarshal('[1, \"x\", null, true]')", [1, 'x', null, true]],
    ['json.unmarshal(\'"s"\')', 's'],
  ], { object: { metadata: { name: 'n', labels: { app: 'x' } }, spec: { replicas: 3 } } });
  checkErrors([
    ["json.unmarshal('{')", 'unexpected end of JSON input'],
    ["json.unmarshal('{} x')", "invalid character 'x' after top-level value"],
    ['json.unmarshal(1)', "type conversion error from 'int' to 'string'"],
    ["json.marshal(double('NaN'))", 'json: unsupported value: NaN'],
  ]);
  checkCompileErrors(['json.marshal()', "json.parse('x')", "json.unmarshal('a', 'b')"]);
});

describe('yaml', () => {
  check([
    ["yaml.parse('species:\\n  dog: lab\\n  isGoodBoi: false\\nsnacks: [chimken, fries]')", { species: { dog: 'lab', isGoodBoi: false }, snacks: ['chimken', 'fries'] }],
    ["yaml.parse('42')", 42],
    ["type(yaml.parse('a: 1').a) == double", true],
    // YAML 1.1 as go-yaml v2 reads it.
    ["yaml.parse('a: yes').a", true],
    ["yaml.parse('a: 0x10').a", 16],
    ["yaml.parse('')", null],
    ["yaml.parse('- a\\n- b').size()", 2n],
  ]);
  checkErrors([
    ["yaml.parse('a: [')", /^error converting YAML to JSON: /],
    ["yaml.parse('a: b: c')", /^error converting YAML to JSON: /],
  ]);
  checkCompileErrors(['yaml.parse(1)', 'yaml.parse()', "yaml.marshal('x')"]);
});

describe('time', () => {
  check([
    ['time.now()', NOW],
    ["time.now() - duration('3h') < time.now()", true],
    ["time.truncate(timestamp('2025-01-02T03:45:27Z'), duration('1h'))", new Date('2025-01-02T03:00:00Z')],
    // Go Time.Truncate counts from year 1, not from the Unix epoch.
    ["time.truncate(timestamp('2025-01-02T03:45:27Z'), duration('7h'))", new Date('2025-01-01T22:00:00Z')],
    ["time.truncate(timestamp('2025-01-02T03:45:27Z'), duration('168h'))", new Date('2024-12-30T00:00:00Z')],
    ["time.truncate(timestamp('2025-01-02T03:45:27Z'), duration('90s'))", new Date('2025-01-02T03:45:00Z')],
    ["time.truncate(timestamp('2025-01-02T03:45:27Z'), duration('0s'))", new Date('2025-01-02T03:45:27Z')],
    ["time.truncate(timestamp('2025-01-02T03:45:27Z'), duration('-1h'))", new Date('2025-01-02T03:45:27Z')],
    ["time.toCron(timestamp('2025-01-02T15:30:00Z'))", '30 15 2 1 4'],
    ["time.toCron(timestamp('2024-12-01T00:05:00Z'))", '5 0 1 12 0'],
    ['time.toCron(time.now())', '45 3 2 1 4'],
  ]);
  checkCompileErrors(["time.truncate(timestamp('2025-01-02T03:45:27Z'))", "time.toCron('x')", 'time.now(1)', "time.truncate(1, duration('1h'))"]);
});

describe('transform.listObjToMap', () => {
  check(
    [
      ["listObjToMap([{'k': 'a'}, {'k': 'b'}], [{'v': 1}, {'v': 2}], 'k', 'v')", { a: 1n, b: 2n }],
      ["transform.listObjToMap(object.keys, object.values, 'name', 'value')", { x: 'one', y: null }],
      ["listObjToMap([], [], 'k', 'v')", {}],
      // A later key wins.
      ["listObjToMap([{'k': 'a'}, {'k': 'a'}], [{'v': 1}, {'v': 2}], 'k', 'v')", { a: 2n }],
    ],
    { object: { keys: [{ name: 'x' }, { name: 'y' }], values: [{ value: 'one' }, { other: 1 }] } },
  );
  checkErrors([
    ["listObjToMap([{'k': 'a'}], [], 'k', 'v')", 'listObjToMap must take lists of equal length. list1: 1, list2: 0'],
    ["listObjToMap([{'k': 1}], [{'v': 1}], 'k', 'v')", 'the passed key name cannot be handled as a string in the key object list'],
    ["listObjToMap([{'x': 'a'}], [{'v': 1}], 'k', 'v')", 'the passed key name cannot be handled as a string in the key object list'],
    ["listObjToMap(['a'], [{'v': 1}], 'k', 'v')", /^internal error: interface conversion/],
  ]);
  checkCompileErrors(["listObjToMap([], [], 'k')", "listObjToMap({}, [], 'k', 'v')", "transform.listObjToMap([], [], 1, 'v')"]);
});

describe('gzip', () => {
  check([
    ["gzip.decompress(gzip.compress('hello world'))", 'hello world'],
    ["gzip.decompress(gzip.compress(''))", ''],
    ["gzip.decompress(gzip.compress('héllo ✓'))", 'héllo ✓'],
    // "hello" as Go's compress/gzip writes it (mtime 0, OS 255).
    ["gzip.decompress(b'\\x1f\\x8b\\x08\\x00\\x00\\x00\\x00\\x00\\x00\\xff\\xcaH\\xcd\\xc9\\xc9\\x07\\x04\\x00\\x00\\xff\\xff\\x86\\xa6\\x106\\x05\\x00\\x00\\x00')", 'hello'],
  ]);
  checkErrors([
    ["gzip.decompress(b'not gzip data')", 'gzip: invalid header'],
    ["gzip.decompress(b'')", 'EOF'],
    ['gzip.compress(1)', "type conversion error from 'int' to 'string'"],
  ]);
  checkCompileErrors(["gzip.decompress('x')", 'gzip.compress()']);

  it("writes Go's gzip header: magic, deflate, no flags, mtime 0, XFL 0, OS 255", () => {
    const bytes = valueOf(env.run("gzip.compress('x')")) as Uint8Array;
    expect([...bytes.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  });
});

describe('x509 (see x509.test.ts)', () => {
  checkErrors([
    ["x509.decode('no pem here')", 'failed to decode PEM block'],
    ["x509.decode('-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----\\n')", 'PEM block neither contains a CERTIFICATE or CERTIFICATE REQUEST'],
  ]);
});
