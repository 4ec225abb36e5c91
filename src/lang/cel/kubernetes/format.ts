/**
 * @file The Kubernetes Format library (k8s.io/apiserver/pkg/cel/library/format.go; value apiserver
 * `pkg/cel/format.go`): `format.named(name)` (an optional), the constants `format.dns1123Label()`,
 * `format.dns1123Subdomain()`, `format.dns1035Label()`, `format.qualifiedName()`, `format.dns1123LabelPrefix()`,
 * `format.dns1123SubdomainPrefix()`, `format.dns1035LabelPrefix()`, `format.labelValue()`, `format.uri()`,
 * `format.uuid()`, `format.byte()`, `format.date()`, `format.datetime()`, and `f.validate(s)`: `optional.none()`
 * for a valid string, else the list of Kubernetes' messages (validation.ts). Formats compare by name.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { chargeNominal, chargeRegex, optionalOf, registerOptionalEquality } from './common.js';
import { parseRequestURI } from './go-url.js';
import {
  DATE_TIME_PATTERN,
  isBase64,
  isDate,
  isDateTime,
  isQualifiedName,
  isUUID,
  isValidLabelValue,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  UUID_PATTERN,
} from './validation.js';

/** A CEL `kubernetes.NamedFormat` value (apiserver `cel.Format`). */
export class FormatValue {
  constructor(
    readonly name: string,
    readonly validate: (s: string) => string[],
    /** The regex size cost.go uses for `validate`. */
    readonly maxRegexSize: number,
  ) {}
}

/** format.go: base64Length and urlLength (govalidator regex sizes). */
const BASE64_LENGTH = 84;
const URL_LENGTH = 1103;

/** format.go `ConstantFormats`. */
export const CONSTANT_FORMATS: ReadonlyMap<string, FormatValue> = new Map([
  ['dns1123Label', new FormatValue('DNS1123Label', (s) => nameIsDNSLabel(s, false), 30)],
  ['dns1123Subdomain', new FormatValue('DNS1123Subdomain', (s) => nameIsDNSSubdomain(s, false), 60)],
  ['dns1035Label', new FormatValue('DNS1035Label', (s) => nameIsDNS1035Label(s, false), 30)],
  ['qualifiedName', new FormatValue('QualifiedName', isQualifiedName, 60)],
  ['dns1123LabelPrefix', new FormatValue('DNS1123LabelPrefix', (s) => nameIsDNSLabel(s, true), 30)],
  ['dns1123SubdomainPrefix', new FormatValue('DNS1123SubdomainPrefix', (s) => nameIsDNSSubdomain(s, true), 60)],
  ['dns1035LabelPrefix', new FormatValue('DNS1035LabelPrefix', (s) => nameIsDNS1035Label(s, true), 30)],
  ['labelValue', new FormatValue('LabelValue', isValidLabelValue, 40)],
  [
    'uri',
    new FormatValue(
      'URI',
      (s) => {
        try {
          parseRequestURI(s);
          return [];
        } catch (err) {
          return [(err as Error).message];
        }
      },
      URL_LENGTH,
    ),
  ],
  ['uuid', new FormatValue('uuid', (s) => (isUUID(s) ? [] : ['does not match the UUID format']), UUID_PATTERN.length)],
  ['byte', new FormatValue('byte', (s) => (isBase64(s) ? [] : ['invalid base64']), BASE64_LENGTH)],
  ['date', new FormatValue('date', (s) => (isDate(s) ? [] : ['invalid date']), DATE_TIME_PATTERN.length)],
  ['datetime', new FormatValue('datetime', (s) => (isDateTime(s) ? [] : ['invalid datetime']), DATE_TIME_PATTERN.length)],
]);

const FORMAT = 'kubernetes.NamedFormat';

/** The `format` namespace constant of `format.named` and the format constants. */
class FormatNamespace {}

/** Registers the Format library. */
export const formatLibrary: CelLibrary = (env: Environment) => {
  env.registerType(FORMAT, FormatValue);
  env.registerType('FormatNamespace', FormatNamespace);
  env.registerConstant('format', 'FormatNamespace', new FormatNamespace());
  registerOptionalEquality(env);
  env.registerFunction(`FormatNamespace.named(string): optional<${FORMAT}>`, (_ns: FormatNamespace, name: string) => {
    chargeNominal();
    return optionalOf(CONSTANT_FORMATS.get(name));
  });
  for (const [name, format] of CONSTANT_FORMATS) {
    env.registerFunction(`FormatNamespace.${name}(): ${FORMAT}`, () => format);
  }
  env.registerFunction(`${FORMAT}.validate(string): optional<list<string>>`, (f: FormatValue, s: string) => {
    chargeRegex(s, f.maxRegexSize);
    const errors = f.validate(s);
    return optionalOf(errors.length === 0 ? undefined : errors);
  });
  env.registerOperator(`${FORMAT} == ${FORMAT}`, (a: FormatValue, b: FormatValue) => a.name === b.name);
};
