/**
 * @file `string.format(list)` of cel-go's ext.Strings at version 2, which uses the version-1 formatter
 * (cel-go `ext/formatting.go`: `parseFormatString`, `stringFormatter`, `FormatString`, `formatList`, `formatMap`,
 * `quoteForCEL`) with the default locale `en_US`. Clauses: `%s %d %f %e %b %o %x %X`, `%%`, an optional precision
 * (`%.3f`). Quirks kept: `%f` and `%e` go through golang.org/x/text's locale printer, so `%f` groups thousands
 * (`1,234.500000`) and `%e` prints `1.234500 × 10⁰³` (with narrow no-break spaces); `%e` ignores the precision
 * (cel-go builds `%<precision>e`, a width).
 */
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { Optional } from '@marcbachmann/cel-js';
import { formatFloatF, formatFloatG } from '../../util/go-format.js';
import { compareGoStrings } from '../../util/go-json.js';
import { goQuote } from '../../util/go-strings.js';

/** cel-go `ext/formatting.go`'s `defaultPrecision`. */
const DEFAULT_PRECISION = 6;

/** An error of `format`, with cel-go's message. */
export class FormatError extends Error {}

type Clause = (value: unknown) => string;

/** The CEL type name of a runtime value (cel-go `ref.Type.TypeName()`). */
function typeName(value: unknown): string {
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (value === null) return 'null_type';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof UnsignedInt) return 'uint';
  if (value instanceof Date) return 'google.protobuf.Timestamp';
  if (value instanceof Duration) return 'google.protobuf.Duration';
  if (value instanceof Optional) return 'optional_type';
  if (Array.isArray(value)) return 'list';
  if (isCelType(value)) return 'type';
  if (typeof value === 'object') return 'map';
  return typeof value;
}

/** A cel-js type value (`Type` in cel-js `lib/registry.js`, not exported). */
function isCelType(value: unknown): value is { name: string } {
  return typeof value === 'object' && value !== null && value.constructor?.name === 'Type' && typeof (value as { name?: unknown }).name === 'string';
}

function entriesOf(map: object): [unknown, unknown][] {
  return map instanceof Map ? [...map.entries()] : Object.entries(map);
}

/** cel-go `Timestamp` to string: `time.RFC3339Nano` in UTC. */
function timestampString(date: Date): string {
  return date.toISOString().replace(/\.?0+Z$/, 'Z').replace(/\.Z$/, 'Z');
}

/** cel-go `Duration` to string: seconds with the shortest decimals, then `s`. */
function durationString(d: Duration): string {
  return `${formatFloatF(Number(d.seconds) + d.nanos / 1e9, -1)}s`;
}

const decoder = new TextDecoder();

/** cel-go `FormatString` (`%s`). */
function formatString(value: unknown): string {
  switch (typeName(value)) {
    case 'list':
      return formatList(value as unknown[]);
    case 'map':
      return formatMap(value as object);
    case 'int':
      return String(value);
    case 'uint':
      return String((value as UnsignedInt).value);
    case 'double':
      // cel-go `Double.ConvertToType(StringType)`: `%g`.
      return formatFloatG(value as number);
    case 'bool':
      return String(value);
    case 'string':
      return value as string;
    case 'bytes':
      return decoder.decode(value as Uint8Array);
    case 'google.protobuf.Timestamp':
      return timestampString(value as Date);
    case 'google.protobuf.Duration':
      return durationString(value as Duration);
    case 'type':
      return (value as { name: string }).name;
    case 'null_type':
      return 'null';
    default:
      throw stringClauseError(typeName(value));
  }
}

function stringClauseError(type: string): FormatError {
  return new FormatError(
    `string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${type}`,
  );
}

/** cel-go `formatDecimal` (`%d`). */
function formatDecimal(value: unknown): string {
  if (typeof value === 'bigint') return String(value);
  if (value instanceof UnsignedInt) return String(value.value);
  throw new FormatError(`decimal clause can only be used on integers, was given ${typeName(value)}`);
}

/** cel-go `clauseForType`: how a list element or map value is rendered. */
function clauseForType(value: unknown): Clause {
  switch (typeName(value)) {
    case 'int':
    case 'uint':
      return formatDecimal;
    case 'string':
    case 'bytes':
    case 'bool':
    case 'null_type':
    case 'type':
      return formatString;
    case 'google.protobuf.Timestamp':
      return (v) => `timestamp(${goQuote(timestampString(v as Date))})`;
    case 'google.protobuf.Duration':
      return (v) => `duration(${goQuote(durationString(v as Duration))})`;
    case 'list':
      return (v) => formatList(v as unknown[]);
    case 'map':
      return (v) => formatMap(v as object);
    case 'double':
      return (v) => formatFloatF(v as number, DEFAULT_PRECISION);
    default:
      throw new FormatError(`no formatting function for ${typeName(value)}`);
  }
}

/** cel-go `quoteForCEL`. */
function quoteForCel(value: unknown, text: string): string {
  if (typeof value === 'string') return goQuote(text);
  if (value instanceof Uint8Array) return `b${goQuote(text)}`;
  if (typeof value === 'number' && !Number.isFinite(value)) return goQuote(text);
  return text;
}

function formatList(list: readonly unknown[]): string {
  return `[${list.map((member) => quoteForCel(member, clauseForType(member)(member))).join(', ')}]`;
}

function formatMap(map: object): string {
  const pairs: [string, string][] = entriesOf(map).map(([key, value]) => {
    let keyText: string;
    const keyType = typeName(key);
    if (keyType === 'string' || keyType === 'bool') keyText = formatString(key);
    else if (keyType === 'int' || keyType === 'uint') keyText = formatDecimal(key);
    else throw new FormatError(`no formatting function for map key of type ${keyType}`);
    return [quoteForCel(key, keyText), quoteForCel(value, clauseForType(value)(value))];
  });
  pairs.sort((a, b) => compareGoStrings(a[0], b[0]));
  return `{${pairs.map(([k, v]) => `${k}:${v}`).join(', ')}}`;
}

/** Groups the integer digits of a fixed-point number by thousands (golang.org/x/text, en_US). */
function groupThousands(fixed: string): string {
  const match = /^(-?)(\d+)(.*)$/.exec(fixed);
  if (!match) return fixed;
  return match[1]! + match[2]!.replace(/\B(?=(\d{3})+$)/g, ',') + match[3]!;
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** NaN and the infinities as golang.org/x/text prints them for en_US. */
function localeSpecial(v: number): string | null {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '-∞';
  return null;
}

/** The double of a `%f`/`%e` argument: a double, or one of the strings `NaN`, `Infinity`, `-Infinity`. */
function floatArgument(value: unknown, clause: 'fixed-point' | 'scientific'): number {
  if (typeof value === 'number') return value;
  if (value === 'NaN') return NaN;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  throw new FormatError(`${clause} clause can only be used on doubles, was given ${typeName(value)}`);
}

function fixedClause(precision: number | null): Clause {
  return (value) => {
    const v = floatArgument(value, 'fixed-point');
    return localeSpecial(v) ?? groupThousands(formatFloatF(v, precision ?? DEFAULT_PRECISION));
  };
}

/** `%e`: x/text's scientific pattern, `d.dddddd × 10ⁿⁿ`; the precision is ignored (see the file comment). */
function scientificClause(): Clause {
  return (value) => {
    const v = floatArgument(value, 'scientific');
    const special = localeSpecial(v);
    if (special !== null) return special;
    const [mantissa, exponent] = v.toExponential(DEFAULT_PRECISION).split('e') as [string, string];
    const exp = Number(exponent);
    const digits = String(Math.abs(exp)).padStart(2, '0');
    const superscript = [...digits].map((d) => SUPERSCRIPT[Number(d)]).join('');
    return `${mantissa}\u202f×\u202f10${exp < 0 ? '⁻' : ''}${superscript}`;
  };
}

/** Go `%b`/`%o`/`%x` of an integer: the sign, then the magnitude in the base. */
function radix(value: bigint, base: number): string {
  return value < 0n ? `-${(-value).toString(base)}` : value.toString(base);
}

function integerValue(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (value instanceof UnsignedInt) return value.value;
  return null;
}

function binaryClause(value: unknown): string {
  const n = integerValue(value);
  if (n !== null) return radix(n, 2);
  if (typeof value === 'boolean') return value ? '1' : '0';
  throw new FormatError(`only integers and bools can be formatted as binary, was given ${typeName(value)}`);
}

function octalClause(value: unknown): string {
  const n = integerValue(value);
  if (n !== null) return radix(n, 8);
  throw new FormatError(`octal clause can only be used on integers, was given ${typeName(value)}`);
}

const encoder = new TextEncoder();

function hexClause(upper: boolean): Clause {
  return (value) => {
    let text: string;
    const n = integerValue(value);
    if (n !== null) text = radix(n, 16);
    else if (typeof value === 'string' || value instanceof Uint8Array) {
      const bytes = typeof value === 'string' ? encoder.encode(value) : value;
      text = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    } else {
      throw new FormatError(`only integers, byte buffers, and strings can be formatted as hex, was given ${typeName(value)}`);
    }
    return upper ? text.toUpperCase() : text;
  };
}

type ClauseKind = 's' | 'd' | 'f' | 'e' | 'b' | 'x' | 'X' | 'o';

/** cel-go `parseFormattingClause` (with `parsePrecision`): the clause at `format[i]` (after the `%`). */
function parseClause(format: string, i: number): { kind: ClauseKind; precision: number | null; next: number } {
  let precision: number | null = null;
  if (format[i] === '.') {
    let j = i + 1;
    while (j < format.length && format[j]! >= '0' && format[j]! <= '9') j++;
    if (j >= format.length) {
      throw new FormatError('could not parse formatting clause: error while parsing precision: could not find end of precision specifier');
    }
    const digits = format.slice(i + 1, j);
    if (digits === '') {
      throw new FormatError(
        'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax',
      );
    }
    precision = Number(digits);
    i = j;
  }
  const c = format[i]!;
  if ('sdfebxXo'.includes(c)) return { kind: c as ClauseKind, precision, next: i + 1 };
  const rune = String.fromCodePoint(format.codePointAt(i)!);
  throw new FormatError(`could not parse formatting clause: unrecognized formatting clause "${rune}"`);
}

/** The `stringFormatter` implementation of a clause. */
function clauseOf(kind: ClauseKind, precision: number | null): Clause {
  switch (kind) {
    case 's': return formatString;
    case 'd': return formatDecimal;
    case 'f': return fixedClause(precision);
    case 'e': return scientificClause();
    case 'b': return binaryClause;
    case 'x': return hexClause(false);
    case 'X': return hexClause(true);
    case 'o': return octalClause;
  }
}

/**
 * Walks a format string as cel-go `parseFormatString` does, calling `onClause` for each clause with its argument
 * index; `argCount` is the number of arguments. Returns the output pieces joined, or throws a `FormatError`.
 */
function interpolate(
  format: string,
  argCount: number,
  onClause: (kind: ClauseKind, precision: number | null, argIndex: number) => string,
): { text: string; requested: number } {
  let out = '';
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    if (format[i] !== '%') {
      out += format[i];
      i++;
      continue;
    }
    if (format[i + 1] === '%') {
      out += '%';
      i += 2;
      continue;
    }
    if (i + 1 >= format.length) {
      // The runtime argument list reports a missing argument before the end of the string.
      if (argIndex >= argCount) throw new FormatError(`index ${argIndex} out of range`);
      throw new FormatError('unexpected end of string');
    }
    if (argIndex >= argCount) throw new FormatError(`index ${argIndex} out of range`);
    const { kind, precision, next } = parseClause(format, i + 1);
    let text: string;
    try {
      text = onClause(kind, precision, argIndex);
    } catch (err) {
      if (err instanceof FormatError) throw new FormatError(`error during formatting: ${err.message}`);
      throw err;
    }
    out += text;
    i = next;
    argIndex++;
  }
  return { text: out, requested: argIndex };
}

/** cel-go `parseFormatString` with the `stringFormatter` and the arguments `args`. */
export function formatCel(format: string, args: readonly unknown[]): string {
  return interpolate(format, args.length, (kind, precision, index) => clauseOf(kind, precision)(args[index])).text;
}

/** The argument types a compile-time check of `format` sees (cel-go type names; `dyn` passes every clause). */
export interface FormatArgumentTypes {
  /** The checked type of each argument of the list literal. */
  readonly types: readonly string[];
  /** For each argument, the type name of the first (possibly nested) part `%s` cannot print, or null. */
  readonly stringProblems: readonly (string | null)[];
}

const CLAUSE_TYPES: Record<Exclude<ClauseKind, 's'>, { types: readonly string[]; error: (type: string) => string }> = {
  d: { types: ['int', 'uint'], error: (t) => `decimal clause can only be used on integers, was given ${t}` },
  f: { types: ['double', 'string'], error: (t) => `fixed-point clause can only be used on doubles, was given ${t}` },
  e: { types: ['double', 'string'], error: (t) => `scientific clause can only be used on doubles, was given ${t}` },
  b: { types: ['int', 'uint', 'bool'], error: (t) => `only integers and bools can be formatted as binary, was given ${t}` },
  x: { types: ['int', 'uint', 'string', 'bytes'], error: (t) => `only integers, byte buffers, and strings can be formatted as hex, was given ${t}` },
  X: { types: ['int', 'uint', 'string', 'bytes'], error: (t) => `only integers, byte buffers, and strings can be formatted as hex, was given ${t}` },
  o: { types: ['int', 'uint'], error: (t) => `octal clause can only be used on integers, was given ${t}` },
};

/** The types `%s` accepts (cel-go `stringFormatChecker.verifyString`). */
export const STRING_CLAUSE_TYPES: ReadonlySet<string> = new Set([
  'list', 'map', 'int', 'uint', 'double', 'bool', 'string', 'google.protobuf.Timestamp', 'bytes',
  'google.protobuf.Duration', 'type', 'null_type', 'dyn',
]);

/**
 * cel-go `stringFormatValidator.Validate`: the compile-time check of a literal format string applied to a list
 * literal. Returns cel-go's error message, or null.
 */
export function validateFormatCall(format: string, args: FormatArgumentTypes): string | null {
  try {
    const { requested } = interpolate(format, args.types.length, (kind, _precision, index) => {
      if (kind === 's') {
        const problem = args.stringProblems[index];
        if (problem) throw stringClauseError(problem);
        return '';
      }
      const type = args.types[index]!;
      const rule = CLAUSE_TYPES[kind];
      if (type !== 'dyn' && !rule.types.includes(type)) throw new FormatError(rule.error(type));
      return '';
    });
    if (args.types.length > requested) {
      return `too many arguments supplied to string.format (expected ${requested}, got ${args.types.length})`;
    }
    return null;
  } catch (err) {
    if (err instanceof FormatError) return err.message;
    throw err;
  }
}
