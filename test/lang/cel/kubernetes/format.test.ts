import { Optional } from '@marcbachmann/cel-js';
import { describe, expect, it } from 'vitest';
import { CONSTANT_FORMATS, formatLibrary } from '../../../../src/lang/cel/kubernetes/format.js';
import { isDateTime, isQualifiedName, nameIsDNSLabel } from '../../../../src/lang/cel/kubernetes/validation.js';
import { evaluate, expectOutcome } from './run.js';

const libraries = [formatLibrary];

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const QUALIFIED_NAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/** k8s.io/apiserver/pkg/cel/library/format_test.go, `TestFormat` (the explicit cases). */
const formatCases: [string, string[] | null][] = [
  ['format.dns1123Label().validate("my-label-name")', null],
  ['format.dns1123Subdomain().validate("apiextensions.k8s.io")', null],
  ['format.qualifiedName().validate("apiextensions.k8s.io/v1beta1")', null],
  ['format.dns1123LabelPrefix().validate("my-label-prefix-")', null],
  ['format.dns1123SubdomainPrefix().validate("mysubdomain.prefix.-")', null],
  ['format.dns1035LabelPrefix().validate("my-label-prefix-")', null],
  ['format.uri().validate("http://example.com")', null],
  ['format.uuid().validate("123e4567-e89b-12d3-a456-426614174000")', null],
  ['format.byte().validate("aGVsbG8=")', null],
  ['format.date().validate("2021-01-01")', null],
  ['format.datetime().validate("2021-01-01T00:00:00Z")', null],
  ['format.dns1123Label().validate("contains a space")', [LABEL_MSG]],
  ['format.dns1123Subdomain().validate("contains a space")', [SUBDOMAIN_MSG]],
  ['format.dns1035Label().validate("contains a space")', [DNS1035_MSG]],
  ['format.qualifiedName().validate("contains a space")', [QUALIFIED_NAME_MSG]],
  ['format.dns1123LabelPrefix().validate("contains a space-")', [LABEL_MSG]],
  ['format.dns1123SubdomainPrefix().validate("contains a space-")', [SUBDOMAIN_MSG]],
  ['format.dns1035LabelPrefix().validate("contains a space-")', [DNS1035_MSG]],
  ['format.dns1123Label().validate("my-label-name")', null],
  ['format.dns1123Subdomain().validate("example.com")', null],
  ['format.dns1035Label().validate("my-label-name")', null],
  ['format.qualifiedName().validate("my.name")', null],
  ['format.byte().validate("aGVsbG8=")', null],
  ['format.byte().validate("aGVsbG8")', ['invalid base64']],
  ['format.date().validate("2020-01-01")', null],
  ['format.date().validate("2020-01-32")', ['invalid date']],
  ['format.datetime().validate("2020-01-01T00:00:00Z")', null],
  ['format.datetime().validate("2020-01-32T00:00:00Z")', ['invalid datetime']],
  ['format.labelValue().validate("my-cool-label-Value")', null],
  ['format.labelValue().validate("my-cool-label-Value!!\\n\\n!!!")', [LABEL_VALUE_MSG]],
];

const names = [...CONSTANT_FORMATS.keys()];

/** k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "format" (all valid). */
const crdCases = [
  'format.dns1123Label().validate("my-label-name") == optional.none()',
  'format.dns1123Subdomain().validate("apiextensions.k8s.io") == optional.none()',
  'format.qualifiedName().validate("apiextensions.k8s.io/v1beta1") == optional.none()',
  'format.dns1123LabelPrefix().validate("my-label-prefix-") == optional.none()',
  'format.dns1123SubdomainPrefix().validate("mysubdomain.prefix.-") == optional.none()',
  'format.dns1035LabelPrefix().validate("my-label-prefix-") == optional.none()',
  'format.uri().validate("http://example.com") == optional.none()',
  'format.uuid().validate("123e4567-e89b-12d3-a456-426614174000") == optional.none()',
  'format.byte().validate("aGVsbG8=") == optional.none()',
  'format.date().validate("2021-01-01") == optional.none()',
  'format.datetime().validate("2021-01-01T00:00:00Z") == optional.none()',
  'format.named("dns1123Label").value().validate("my-name") == optional.none()',
  `format.dns1123Label().validate("contains a space").value()[0] == "${LABEL_MSG.replaceAll("'", "\\'")}"`,
  '!format.named("unknown").hasValue()',
];

function optionalValue(result: ReturnType<typeof evaluate>): unknown {
  if (result.kind !== 'value' || !(result.value instanceof Optional)) return result;
  return result.value.hasValue() ? result.value.value() : null;
}

describe('Format library', () => {
  it.each(formatCases)('%s', (expression, messages) => {
    expect(optionalValue(evaluate(libraries, expression))).toEqual(messages);
  });
  it('format.named("unknown").hasValue() is false', () => expectOutcome(libraries, 'format.named("unknown").hasValue()', { value: false }));
  it.each(names)('format.named(%j) has a value equal to the constant', (name) => {
    expectOutcome(libraries, `format.named("${name}").hasValue()`, { value: true });
    expectOutcome(libraries, `format.named("${name}").value() == format.${name}()`, { value: true });
  });
  it.each(names.flatMap((a) => names.filter((b) => b !== a).map((b) => [a, b] as const)))('format.%s() != format.%s()', (a, b) =>
    expectOutcome(libraries, `format.${a}() == format.${b}()`, { value: false }),
  );
  it.each(crdCases)('%s', (expression) => expectOutcome(libraries, expression, { value: true }));

  it('reports type errors at compile time', () => {
    expectOutcome(libraries, 'format.dns1123Label().validate(1)', { compileError: /no matching overload/ });
    expectOutcome(libraries, 'format.named(1)', { compileError: /no matching overload/ });
    expectOutcome(libraries, 'format.nope()', { compileError: /no matching overload/ });
  });

  it('returns url.ParseRequestURI errors for uri', () => {
    expect(optionalValue(evaluate(libraries, 'format.uri().validate("relative/path")'))).toEqual(['parse "relative/path": invalid URI for request']);
  });

  it('gives every message for a name that is long and invalid', () => {
    expect(optionalValue(evaluate(libraries, `format.dns1123Label().validate("${'A'.repeat(64)}")`))).toEqual(['must be no more than 63 characters', LABEL_MSG]);
  });
});

describe('validation', () => {
  it('dns labels: dots, prefixes (maskTrailingDash drops the character before the dash)', () => {
    expect(nameIsDNSLabel('a.b', false)).toEqual(['must not contain dots']);
    expect(nameIsDNSLabel('ab-', true)).toEqual([]);
    expect(nameIsDNSLabel('a.-', true)).toEqual([]);
    expect(nameIsDNSLabel('-', true)).toEqual([LABEL_MSG]);
  });
  it('qualified names: prefix and name parts, byte lengths', () => {
    expect(isQualifiedName('example.com/MyName')).toEqual([]);
    expect(isQualifiedName('/MyName')).toEqual(['prefix part must be non-empty']);
    expect(isQualifiedName('a/b/c')[0]).toMatch(/^a valid label key must consist of/);
    expect(isQualifiedName('example.com/')).toEqual(['name part must be non-empty', QUALIFIED_NAME_MSG]);
    expect(isQualifiedName('é'.repeat(32))).toEqual(['name part must be no more than 63 bytes', QUALIFIED_NAME_MSG]);
  });
  const dateTimes: [string, boolean][] = [
    ['2021-01-01T00:00:00Z', true],
    ['2021-01-01t23:59:59.123+02:00', true],
    ['2021-01-01T24:00:00Z', false],
    ['2021-02-29T00:00:00Z', false],
    ['2020-02-29T00:00:00Z', true],
    ['2021-01-01T00:00:00', false],
    ['2021-01-01 00:00:00Z', false],
    ['2021-01-01T00:00:00ZT', true],
  ];
  it.each(dateTimes)('isDateTime(%j) = %j', (input, valid) => expect(isDateTime(input)).toBe(valid));
});
