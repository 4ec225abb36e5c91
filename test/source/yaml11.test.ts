import { describe, expect, it } from 'vitest';
import { parseDocuments } from '../../src/source/parse.js';
import { YamlValueError, formatFloat32Key, objectKey, resolveScalar } from '../../src/source/yaml11.js';
import type { JsonValue } from '../../src/types.js';

/** The value of `a` in `a: <text>`, or the problem message. */
function valueOf(text: string): { value?: JsonValue; error?: string } {
  const { documents, problems } = parseDocuments('t.yaml', `a: ${text}\n`);
  if (problems.length > 0) return { error: problems[0].message };
  return { value: (documents[0].value as Record<string, JsonValue>).a };
}

/** The JSON key of `<text>: v`, or the problem message. */
function keyOf(text: string): string {
  const { documents, problems } = parseDocuments('t.yaml', `${text}: v\n`);
  if (problems.length > 0) return `error: ${problems[0].message}`;
  return Object.keys(documents[0].value as object)[0];
}

describe('plain scalars resolve as go-yaml v2 (YAML 1.1) does', () => {
  // Expected values are what sigs.k8s.io/yaml YAMLToJSON gives for `a: <text>` (go-yaml v2
  // resolve.go, which Kyverno's `parse_yaml` reaches through `jpParseYAML` in
  // pkg/engine/jmespath/functions.go: yes/on/010/0x1F/1.0/2001-12-14).
  const table: Array<[string, JsonValue]> = [
    ['yes', true],
    ['Yes', true],
    ['YES', true],
    ['y', true],
    ['Y', true],
    ['on', true],
    ['On', true],
    ['true', true],
    ['True', true],
    ['no', false],
    ['n', false],
    ['N', false],
    ['off', false],
    ['OFF', false],
    ['false', false],
    ['yEs', 'yEs'],
    ['tRue', 'tRue'],
    ['~', null],
    ['null', null],
    ['Null', null],
    ['NULL', null],
    ['', null],
    ['nULL', 'nULL'],
    ['010', 8],
    ['0755', 493],
    ['0o17', 15],
    ['0O17', 15],
    ['08', 8],
    ['09.5', 9.5],
    ['0x1F', 31],
    ['0X1f', 31],
    ['-0x10', -16],
    ['+0x10', 16],
    ['0x', '0x'],
    ['0b101', 5],
    ['-0b101', -5],
    ['+12', 12],
    ['-0', 0],
    ['1_000', 1000],
    ['1__0', 10],
    ['1_', 1],
    ['_1', '_1'],
    ['12e3', 12000],
    ['1.5e3', 1500],
    ['1E3', 1000],
    ['1.', 1],
    ['1.0', 1],
    ['.5', 0.5],
    ['+.5', 0.5],
    ['-.5', -0.5],
    ['.5_0', 0.5],
    ['._5', '._5'],
    ['.5e', '.5e'],
    ['0.1', 0.1],
    ['1e400', '1e400'],
    ['1e-400', 0],
    // Integers beyond 2^53 that fit int64 stay exact (apimachinery decodes the JSON digits as int64);
    // uint64 values beyond int64 become float64.
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', 9007199254740992n],
    ['9007199254740993', 9007199254740993n],
    ['-9007199254740993', -9007199254740993n],
    ['9_007_199_254_740_993', 9007199254740993n],
    ['0x20000000000001', 9007199254740993n],
    ['9223372036854775807', 9223372036854775807n],
    ['-9223372036854775808', -9223372036854775808n],
    ['9223372036854775808', 9223372036854775808],
    ['18446744073709551615', 18446744073709551615],
    ['9007199254740993.0', 9007199254740992],
    ['!!float 9007199254740993', 9007199254740992],
    ['18446744073709551616', 18446744073709551616],
    ['0xFFFFFFFFFFFFFFFFF', '0xFFFFFFFFFFFFFFFFF'],
    ['190:20:30', '190:20:30'],
    ['1:20', '1:20'],
    ['2001-12-14', '2001-12-14'],
    ['2001-12-14T21:59:43.10-05:00', '2001-12-14T21:59:43.10-05:00'],
    ['2001-12-14 21:59:43.10', '2001-12-14 21:59:43.10'],
    ['<<', '<<'],
    ['=', '='],
    ['+', '+'],
    ['-1.5', -1.5],
    ['1.2.3', '1.2.3'],
    ['v1', 'v1'],
    ['nginx:1.21', 'nginx:1.21'],
    ['100m', '100m'],
    ['1Gi', '1Gi'],
  ];
  it.each(table)('a: %s', (text, expected) => {
    expect(valueOf(text)).toEqual({ value: expected });
  });

  it.each([
    ['.inf', '+Inf'],
    ['.Inf', '+Inf'],
    ['+.INF', '+Inf'],
    ['-.inf', '-Inf'],
    ['.nan', 'NaN'],
    ['.NaN', 'NaN'],
  ])('a: %s fails JSON conversion like Go encoding/json', (text, rendered) => {
    expect(valueOf(text)).toEqual({ error: `json: unsupported value: ${rendered}` });
  });

  it.each([
    ['"yes"', 'yes'],
    ["'0755'", '0755'],
    ['"1.5"', '1.5'],
    ['"~"', '~'],
    ['""', ''],
    ['|\n  yes\n', 'yes\n'],
    ['>-\n  on\n', 'on'],
  ])('non-plain scalar %s stays a string', (text, expected) => {
    expect(valueOf(text)).toEqual({ value: expected });
  });
});

describe('explicit tags', () => {
  it.each<[string, { value?: JsonValue; error?: string }]>([
    ['!!str 1', { value: '1' }],
    ['!!str yes', { value: 'yes' }],
    ['!!bool yes', { value: true }],
    ['!!bool "on"', { value: true }],
    ['!!int "12"', { value: 12 }],
    ['!!int 0x1F', { value: 31 }],
    ['!!float 3', { value: 3 }],
    ['!!float 1.5', { value: 1.5 }],
    ['!!timestamp 2001-12-14', { value: '2001-12-14' }],
    ['!!null x', { value: 'x' }],
    ['! 12', { value: '12' }],
    ['!custom 12', { value: '12' }],
    ['!!binary aGVsbG8=', { value: 'hello' }],
    ['!!int 1.5', { error: 'cannot decode !!float `1.5` as a !!int' }],
    ['!!int abc', { error: 'cannot decode !!str `abc` as a !!int' }],
    ['!!bool 1', { error: 'cannot decode !!int `1` as a !!bool' }],
    ['!!timestamp 2001-02-30', { error: 'cannot decode !!str `2001-02-30` as a !!timestamp' }],
    ['!!timestamp 2001-12-14T21:59:43', { error: 'cannot decode !!str `2001-12-14T21:59:43` as a !!timestamp' }],
    ['!!binary "not base64!"', { error: '!!binary value contains invalid base64 data' }],
  ])('a: %s', (text, expected) => {
    expect(valueOf(text)).toEqual(expected);
  });

  it('accepts the timestamp layouts of go-yaml v2 and rejects the others', () => {
    const accepted = ['2024-02-29', '2001-1-2', '2001-12-14t21:59:43Z', '2001-12-14T21:59:43,5+01:00', '2001-12-14   1:2:3'];
    const rejected = ['2023-02-29', '2001-12-14T24:00:00Z', '2001-12-14 21:59:43Z', '2001-12-14T21:59:43+25:00'];
    for (const text of accepted) expect(resolveScalar('!!timestamp', text).value).toBe(text);
    for (const text of rejected) expect(() => resolveScalar('!!timestamp', text)).toThrow(YamlValueError);
  });
});

describe('mapping keys become JSON object keys as sigs.k8s.io/yaml converts them', () => {
  it.each([
    ['name', 'name'],
    ['"quoted key"', 'quoted key'],
    ['yes', 'true'],
    ['on', 'true'],
    ['No', 'false'],
    ['1', '1'],
    ['0x10', '16'],
    ['0755', '493'],
    ['-5', '-5'],
    ['9223372036854775807', '9223372036854775807'],
    ['1.5', '1.5'],
    ['1.0', '1'],
    ['123456789.0', '1.2345679e+08'],
    ['1e6', '1e+06'],
    ['100000.0', '100000'],
    ['0.0001', '0.0001'],
    ['0.00001', '1e-05'],
    ['99999999999999999999', '1e+20'],
    ['.inf', '.inf'],
    ['-.inf', '-.inf'],
    ['.nan', '.nan'],
    ['2001-12-14', '2001-12-14'],
    ['"1"', '1'],
  ])('%s', (text, expected) => {
    expect(keyOf(text)).toBe(expected);
  });

  it.each([
    ['~', 'error: unsupported map key of type: <nil>'],
    ['null', 'error: unsupported map key of type: <nil>'],
    ['18446744073709551615', 'error: unsupported map key of type: uint64, key: 18446744073709551615'],
  ])('%s is not a valid JSON key', (text, expected) => {
    expect(keyOf(text)).toBe(expected);
  });

  it('formats float keys with float32 precision (Go FormatFloat(f, g, -1, 32))', () => {
    expect(formatFloat32Key(3.141592653589793)).toBe('3.1415927');
    expect(formatFloat32Key(-2.5e-7)).toBe('-2.5e-07');
    expect(formatFloat32Key(16777217)).toBe('1.6777216e+07');
    expect(formatFloat32Key(1e39)).toBe('.inf');
    expect(formatFloat32Key(-0)).toBe('-0');
    expect(objectKey({ tag: '!!bool', value: false })).toBe('false');
  });
});
