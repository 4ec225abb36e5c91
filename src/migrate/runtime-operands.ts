/**
 * @file Kyverno condition operators whose value holds variables (`key: ownerReferences, operator: AnyNotIn,
 * value: "{{ request.object.metadata.keys(@) }}"`): the value's type is known at run time only, and the key's too
 * when it holds variables. The translation dispatches on the runtime types (`type(v) == list ? … : …`) and each
 * branch does what kyverno/kyverno pkg/engine/variables/operator does for those types (equal.go, notequal.go,
 * anyin.go, allin.go, anynotin.go, allnotin.go; src/families/kyverno/engine/conditions mirrors them):
 *
 * - the set operators render keys and values with `fmt.Sprint` and match them two ways with wildcards; a string
 *   value is a wildcard pattern for a scalar key, then a range (`1-5`), then a JSON string list, then itself;
 * - `Equals`/`NotEquals` compare durations, then quantities, then wildcards (the value is the pattern), numbers
 *   with numeric strings, lists and maps deeply.
 *
 * Where Kyverno's outcome depends on text no CEL function reproduces (`fmt.Sprint` of a number matched against a
 * wildcard, a range computed at run time, a JSON text that may or may not be valid), the expression is an
 * evaluation error ({@link celNoEquivalent}) rather than a guess. The numeric operators (`GreaterThan`, …) with a
 * value holding variables are not translated.
 */
import type { JsonValue } from '../types.js';
import { goSprint } from '../families/kyverno/engine/conditions/go-sprint.js';
import { parseGoFloat } from '../families/kyverno/engine/conditions/go-parse-float.js';
import { parseGoDuration } from '../util/go-duration.js';
import { parseQuantity } from '../util/quantity.js';
import { wildcardMatch } from '../util/wildcard.js';
import { type CelType, type CelValue, celDouble, celDynamicWildcardMatch, celLiteral, celNoEquivalent, celString, celWildcardMatch, hasWildcard } from './jmespath.js';

/** An operand: a value without variables (known now), or a translated one (known at run time). */
export type Operand = { readonly literal: JsonValue } | { readonly value: CelValue };

/** The set and equality operators translated with a value holding variables. */
export type RuntimeOperator = 'Equals' | 'NotEquals' | 'AnyIn' | 'AllIn' | 'AnyNotIn' | 'AllNotIn';

/** One side of a comparison: a CEL expression (a bound name or a literal), its type, its value when known now. */
interface Side {
  readonly expr: string;
  readonly type: CelType;
  readonly literal?: JsonValue;
  /** For `dyn`: the types it can have, when fewer than all. */
  readonly possible?: readonly Exclude<CelType, 'dyn'>[];
}

class RuntimeUntranslatable extends Error {}

/** Raised by the builders where the translation has no faithful counterpart (caught by conditions.ts). */
export function isRuntimeUntranslatable(error: unknown): error is Error {
  return error instanceof RuntimeUntranslatable;
}

function isNumber(x: string): string {
  return `(type(${x}) == int || type(${x}) == double)`;
}

/** A boolean expression failing evaluation with `reason`. */
function noEquivalent(reason: string): string {
  return `${celNoEquivalent(reason)} == 0`;
}

/** `a || b || …` without constant operands (`true` decides). */
function or(parts: readonly string[]): string {
  const live = parts.filter((p) => p !== 'false');
  if (live.includes('true')) return 'true';
  if (live.length === 0) return 'false';
  return live.length === 1 ? live[0]! : live.map((p) => `(${p})`).join(' || ');
}

/** `a && b && …` without constant operands (`false` decides). */
function and(...parts: readonly string[]): string {
  const live = parts.filter((p) => p !== 'true');
  if (live.includes('false')) return 'false';
  if (live.length === 0) return 'true';
  return live.length === 1 ? live[0]! : live.map((p) => `(${p})`).join(' && ');
}

function not(p: string): string {
  if (p === 'true') return 'false';
  if (p === 'false') return 'true';
  return `!(${p})`;
}

/** `test ? a : b`, folded when the test is constant or both branches are the same. */
function cond(test: string, a: string, b: string): string {
  if (test === 'true') return a;
  if (test === 'false') return b;
  if (a === b) return a;
  return `(${test} ? ${a} : ${b})`;
}

/** `list.exists(e, body(e))`, folded for a literal list of one element and a constant body. */
function exists(list: string, element: Side['type'], fresh: () => string, body: (e: Side) => string, one?: Side): string {
  if (list === '[]') return 'false';
  if (one !== undefined) return body(one);
  const e = fresh();
  const inner = body({ expr: e, type: element });
  if (inner === 'false') return 'false';
  return `${list}.exists(${e}, ${inner})`;
}

const SPRINT_NUMBER = noEquivalent('a number matched by its fmt.Sprint text (no CEL function writes it)');
const SPRINT_COMPOSITE = noEquivalent('a list or map matched by its fmt.Sprint text (no CEL function writes it)');
const RUNTIME_RANGE = noEquivalent('a range value (`a-b`) known at run time');
const JSON_VALIDITY = noEquivalent('a value that may be JSON: Kyverno decodes valid JSON (json.Valid), which CEL cannot test');
const GO_FLOAT_SYNTAX = noEquivalent('a numeric string in a syntax of strconv.ParseFloat with no exact CEL conversion');
const DURATION_RANGE = noEquivalent('a number of seconds beyond the range of a CEL duration');

/** Go `time.ParseDuration` syntax (without `"0"`, which operator.go does not read as a duration). */
const GO_DURATION = '^[-+]?(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+$';
/** A decimal `double()` reads exactly as `strconv.ParseFloat` (no exponent: always finite). */
const PLAIN_DECIMAL = '^[-+]?([0-9]{1,300}([.][0-9]*)?|[.][0-9]+)$';
/** Every other text `strconv.ParseFloat` may accept (exponents, `_` separators, hexadecimal, Inf, NaN). */
const OTHER_GO_FLOAT = '(?i)^[-+]?([0-9._]*[0-9][0-9._]*(e[-+]?[0-9_]+)?|0x[0-9a-f._]*(p[-+]?[0-9_]+)?|inf|infinity|nan)$';
/** pkg/engine/operator `InRangeRegex`. */
const IN_RANGE = '^([-|+]?[0-9]+([.][0-9]+)?[A-Za-z]*)-([-|+]?[0-9]+([.][0-9]+)?[A-Za-z]*)$';

const WS = '[ \\t\\n\\r]*';
const JSON_STRING = '"([^"\\\\\\x00-\\x1f]|\\\\(["\\\\/bfnrt]|u[0-9a-fA-F]{4}))*"';
const STRING_OR_NULL = `(${JSON_STRING}|null)`;
/** A JSON text `json.Unmarshal` decodes into a `[]string` (an array of strings and nulls). */
const JSON_STRING_LIST = `^${WS}\\[${WS}(${STRING_OR_NULL}(${WS},${WS}${STRING_OR_NULL})*)?${WS}\\]${WS}$`;
/** JSON `null`: an empty `[]string`. */
const JSON_NULL = `^${WS}null${WS}$`;
/** A valid JSON scalar other than null. */
const JSON_SCALAR = `^${WS}(-?(0|[1-9][0-9]*)([.][0-9]+)?([eE][-+]?[0-9]+)?|true|false|${JSON_STRING})${WS}$`;
/** The start of a JSON array or object (valid or not: no regular expression tells). */
const JSON_COMPOSITE = `^${WS}[\\[{]`;
/** Characters of Go's `%v` text of a float64 (`1e+06`, `-1.5`, `NaN`, `+Inf`). */
const NUMBER_TEXT = '^[-+.0-9eNaIf*?]+$';

function re(source: string): string {
  return celString(source);
}

/**
 * `wildcard.Match(p, t)` with both the pattern and the text known at run time (strings): the pattern's regular
 * expression is built by escaping its RE2 metacharacters.
 */
function dynamicWildcard(p: string, t: string): string {
  let regex = p;
  for (const meta of ['\\', '.', '+', '(', ')', '[', ']', '{', '}', '^', '$', '|']) regex += `.replace(${celString(meta)}, ${celString(`\\${meta}`)})`;
  regex += `.replace("*", ".*").replace("?", ".")`;
  return `(${p} == ${t} || ((${p}.contains("*") || ${p}.contains("?")) && ${t}.matches("(?s)^" + ${regex} + "$")))`;
}

/** Runtime type tests. */
function isType(x: string, type: Exclude<CelType, 'dyn'>): string {
  switch (type) {
    case 'number':
      return isNumber(x);
    case 'null':
      return `${x} == null`;
    default:
      return `type(${x}) == ${type}`;
  }
}

type Branches = Partial<Record<Exclude<CelType, 'dyn'>, string>>;

const ORDER: readonly Exclude<CelType, 'dyn'>[] = ['string', 'list', 'number', 'bool', 'map', 'null'];

/**
 * Dispatches on the runtime type of `x` (a bound name): the branch of its type, `false` for a type without one.
 * The first test evaluates `x`, so an error in it is the outcome.
 */
function dispatch(x: Side, branches: Branches): string {
  if (x.type !== 'dyn') return branches[x.type] ?? 'false';
  const present = ORDER.filter((t) => branches[t] !== undefined && branches[t] !== 'false' && (x.possible === undefined || x.possible.includes(t)));
  if (present.length === 0) return `(type(${x.expr}) == null_type && false)`;
  let out = 'false';
  for (let i = present.length - 1; i >= 0; i--) {
    const t = present[i]!;
    out = out === 'false' && i > 0 ? `(${isType(x.expr, t)} && (${branches[t]!}))` : `(${isType(x.expr, t)} ? (${branches[t]!}) : ${out})`;
  }
  return out;
}

/** The type of a literal. */
function typeOf(value: JsonValue): Exclude<CelType, 'dyn'> {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'bool';
    default:
      return 'map';
  }
}

function literalSide(value: JsonValue): Side {
  return { expr: celLiteral(value).expression, type: typeOf(value), literal: value };
}

/** `fmt.Sprint` text a string, a bool or null has (exactly), as a CEL string expression. */
function simpleText(x: Side): string {
  switch (x.type) {
    case 'string':
      return x.expr;
    case 'bool':
      return `(${x.expr} ? "true" : "false")`;
    case 'null':
      return '"<nil>"';
    default:
      return `(type(${x.expr}) == string ? ${x.expr} : type(${x.expr}) == bool ? (${x.expr} ? "true" : "false") : "<nil>")`;
  }
}

/** Two-way wildcard match of two texts known at run time. */
function twoWayTexts(a: string, b: string): string {
  return `(${dynamicWildcard(a, b)} || ${dynamicWildcard(b, a)})`;
}

/**
 * Whether the `fmt.Sprint` texts of a literal and of a value known at run time match two ways (anyin.go:
 * `wildcard.Match(a, b) || wildcard.Match(b, a)`).
 */
function twoWayLiteral(literal: JsonValue, x: Side): string {
  const p = goSprint(literal);
  const holds = (text: string): boolean => wildcardMatch(p, text) || wildcardMatch(text, p);
  const branches: Branches = {
    // Without wildcards, the literal as the pattern is equality, which the value as the pattern covers.
    string: hasWildcard(p) ? or([celWildcardMatch(p, x.expr), celDynamicWildcardMatch(x.expr, p)]) : celDynamicWildcardMatch(x.expr, p),
    bool: cond(x.expr, String(holds('true')), String(holds('false'))),
    null: String(holds('<nil>')),
    number: numberAgainstText(p, x.expr),
    list: compositeAgainstText(p),
    map: compositeAgainstText(p),
  };
  return dispatch(x, branches);
}

/** A number (runtime) against a known text, two ways. */
function numberAgainstText(p: string, n: string): string {
  if (!new RegExp(NUMBER_TEXT).test(p)) return 'false';
  if (!hasWildcard(p)) {
    // Without wildcards both matches are equality of texts: `p` must be the text of one float64.
    const value = parseGoFloat(p);
    return value !== null && Number.isFinite(value) && goSprint(value) === p ? `${n} == ${celDouble(value)}` : 'false';
  }
  return SPRINT_NUMBER;
}

/** A list or map (runtime, `[a b]`, `map[k:v]`) against a known text, two ways. */
function compositeAgainstText(p: string): string {
  return /^[[m*?]/.test(p) ? SPRINT_COMPOSITE : 'false';
}

/** Two-way match of two values known at run time, by their `fmt.Sprint` texts. */
function twoWay(a: Side, b: Side): string {
  if (a.literal !== undefined && b.literal !== undefined) {
    const x = goSprint(a.literal);
    const y = goSprint(b.literal);
    return String(wildcardMatch(x, y) || wildcardMatch(y, x));
  }
  if (a.literal !== undefined) return twoWayLiteral(a.literal, b);
  if (b.literal !== undefined) return twoWayLiteral(b.literal, a);
  return twoWayDynamic(a, b);
}

/** Whether a side may be of one of `types` at run time: a test, or a constant for a known type. */
function canBe(x: Side, types: readonly Exclude<CelType, 'dyn'>[]): string {
  if (x.type !== 'dyn') return String(types.includes(x.type));
  return types.length === 1 ? isType(x.expr, types[0]!) : `(${types.map((t) => isType(x.expr, t)).join(' || ')})`;
}

const SIMPLE: readonly Exclude<CelType, 'dyn'>[] = ['string', 'bool', 'null'];
const COMPOSITE: readonly Exclude<CelType, 'dyn'>[] = ['list', 'map'];

/**
 * Two-way match of the `fmt.Sprint` texts of two values known at run time: strings, bools and null have exact
 * texts; two numbers match when equal (their shortest texts are equal); a number against a text with a character
 * no number's text has cannot match; a list or map's text starts with `[` or `map[`.
 */
function twoWayDynamic(a: Side, b: Side): string {
  const numberText = (x: Side): string => `(${simpleText(x)}.matches(${re(NUMBER_TEXT)}) ? ${SPRINT_NUMBER} : false)`;
  const compositeText = (s: string): string => `(${s}.matches("^[\\\\[m*?]") ? ${SPRINT_COMPOSITE} : false)`;
  const cases: [test: string, body: string][] = [
    [and(canBe(a, SIMPLE), canBe(b, SIMPLE)), twoWayTexts(simpleText(a), simpleText(b))],
    [and(canBe(a, ['number']), canBe(b, ['number'])), `${a.expr} == ${b.expr}`],
    [and(canBe(a, ['number']), canBe(b, SIMPLE)), numberText(b)],
    [and(canBe(a, SIMPLE), canBe(b, ['number'])), numberText(a)],
    [and(canBe(a, COMPOSITE), canBe(b, COMPOSITE)), SPRINT_COMPOSITE],
    [and(canBe(a, COMPOSITE), canBe(b, ['string'])), compositeText(b.expr)],
    [and(canBe(a, ['string']), canBe(b, COMPOSITE)), compositeText(a.expr)],
  ];
  const live = cases.filter(([test]) => test !== 'false');
  let out = 'false';
  for (let i = live.length - 1; i >= 0; i--) {
    const [test, body] = live[i]!;
    out = test === 'true' ? body : `((${test}) ? ${body} : ${out})`;
  }
  return out;
}

/** The operator's family and whether it is a "not in" one. */
function setShape(op: RuntimeOperator): { any: boolean; notIn: boolean } {
  return { any: op.startsWith('Any'), notIn: op.endsWith('NotIn') };
}

/**
 * A string value read as the list of its elements (anyin.go: a JSON string list decoded, JSON null an empty list,
 * another valid JSON text no list at all, anything else the string itself): `whenList(list expression)`, with
 * `whenInvalid` for valid JSON that is no string list.
 */
function stringAsList(s: string, whenList: (list: string, elementType: CelType) => string, whenInvalid: string): string {
  return cond(
    `${s}.matches(${re(JSON_STRING_LIST)})`,
    whenList(`json.unmarshal(${s}).map(_j, _j == null ? "" : _j)`, 'string'),
    cond(
      `${s}.matches(${re(JSON_NULL)})`,
      whenList('[]', 'string'),
      cond(`${s}.matches(${re(JSON_SCALAR)})`, whenInvalid, cond(`${s}.matches(${re(JSON_COMPOSITE)})`, JSON_VALIDITY, whenList(`[${s}]`, 'string'))),
    ),
  );
}

/**
 * A scalar key (its text `k`: a string side) against the value (anyin.go `anyKeyExistsInArray`): a list holds it
 * when an element matches two ways; a string when it is a wildcard pattern of the key, then a range, then a JSON
 * string list holding it exactly; another value is of an invalid type, false for all four operators.
 */
function scalarKeySet(k: Side, v: Side, notIn: boolean, fresh: () => string): string {
  const inList = exists(v.expr, 'dyn', fresh, (e) => twoWay(e, k));
  const patternHolds = k.literal !== undefined ? celDynamicWildcardMatch(v.expr, String(k.literal)) : dynamicWildcard(v.expr, k.expr);
  const inStringList = (list: string): string => {
    if (list === `[${v.expr}]`) return 'false'; // the string itself: equal to the key only when its pattern holds
    return exists(list, 'string', fresh, (e) => `${e.expr} == ${k.expr}`);
  };
  const rest = cond(`${v.expr}.matches(${re(IN_RANGE)})`, RUNTIME_RANGE, stringAsList(v.expr, (list) => (notIn ? not(inStringList(list)) : inStringList(list)), 'false'));
  const string = notIn ? and(not(patternHolds), rest) : or([patternHolds, rest]);
  return dispatch(v, { list: notIn ? not(inList) : inList, string });
}

/**
 * A list key (elements rendered with `fmt.Sprint`) against the value (anyin.go `anySetExistsInArray`, allin.go
 * `allSetExistsInArray`).
 */
function listKeySet(op: RuntimeOperator, keys: { literal: readonly JsonValue[] } | { expr: string }, v: Side, fresh: () => string): string {
  const { any, notIn } = setShape(op);
  // The outcome for the values `list` (each matched two ways with each key element); `one`: the list is `[x]`.
  const withValues = (list: string, elementType: CelType, one?: Side): string => {
    const matchedBy = (key: Side): string => exists(list, elementType, fresh, (e) => twoWay(key, e), one);
    if ('literal' in keys) {
      const sides = keys.literal.map(literalSide);
      // anyin: some key element in the values; allnotin: none; anynotin: some not; allin: every one.
      if (op === 'AnyIn') return exists(list, elementType, fresh, (e) => or(sides.map((key) => twoWay(key, e))), one);
      if (op === 'AllNotIn') return not(exists(list, elementType, fresh, (e) => or(sides.map((key) => twoWay(key, e))), one));
      const perKey = sides.map((key) => (notIn ? not(matchedBy(key)) : matchedBy(key)));
      return any ? or(perKey) : and(...perKey);
    }
    const a = fresh();
    const perKey = (key: Side): string => (notIn ? not(matchedBy(key)) : matchedBy(key));
    return `${keys.expr}.${any ? 'exists' : 'all'}(${a}, ${perKey({ expr: a, type: 'dyn' })})`;
  };
  const single =
    'literal' in keys
      ? keys.literal.length === 1
        ? sprintEquals(literalSide(keys.literal[0]!), v.expr)
        : 'false'
      : and(`size(${keys.expr}) == 1`, sprintEquals({ expr: `${keys.expr}[0]`, type: 'dyn' }, v.expr));
  const string = cond(single, String(!notIn), cond(`${v.expr}.matches(${re(IN_RANGE)})`, RUNTIME_RANGE, stringAsList(v.expr, (list, type) => withValues(list, type), 'false')));
  const branches: Branches = { list: withValues(v.expr, 'dyn'), string };
  if (any) {
    // A number or a bool value is a list of its text (anySetExistsInArray); allin.go rejects them.
    branches.number = withValues(`[${v.expr}]`, 'number', { expr: v.expr, type: 'number' });
    branches.bool = withValues(`[${v.expr}]`, 'bool', { expr: v.expr, type: 'bool' });
  }
  return dispatch(v, branches);
}

/** Whether `fmt.Sprint(x) == s` for a string `s` known at run time. */
function sprintEquals(x: Side, s: string): string {
  if (x.literal !== undefined) return `${s} == ${celString(goSprint(x.literal))}`;
  return dispatch(x, {
    string: `${x.expr} == ${s}`,
    bool: `${s} == (${x.expr} ? "true" : "false")`,
    null: `${s} == "<nil>"`,
    number: `(${s}.matches(${re(NUMBER_TEXT)}) ? ${SPRINT_NUMBER} : false)`,
    list: `(${s}.matches("^[\\\\[m*?]") ? ${SPRINT_COMPOSITE} : false)`,
    map: `(${s}.matches("^[\\\\[m*?]") ? ${SPRINT_COMPOSITE} : false)`,
  });
}

/** A set operator for a key of known type (`key.type` is not `dyn`). */
function setCondition(op: RuntimeOperator, key: Side, v: Side, fresh: () => string): string {
  const { notIn } = setShape(op);
  switch (key.type) {
    case 'string':
      return scalarKeySet(key, v, notIn, fresh);
    case 'bool':
      return scalarKeySet(key.literal !== undefined ? literalSide(goSprint(key.literal)) : { expr: `(${key.expr} ? "true" : "false")`, type: 'string' }, v, notIn, fresh);
    case 'number': {
      if (key.literal !== undefined) return scalarKeySet(literalSide(goSprint(key.literal)), v, notIn, fresh);
      // A number's text is needed against a string value; against a list each element is matched two ways.
      const inList = exists(v.expr, 'dyn', fresh, (e) => twoWay(e, key));
      return dispatch(v, { list: notIn ? not(inList) : inList, string: SPRINT_NUMBER });
    }
    case 'list':
      return listKeySet(op, key.literal !== undefined ? { literal: key.literal as JsonValue[] } : { expr: key.expr }, v, fresh);
    default:
      // A map or null key: an unsupported type, false.
      return 'false';
  }
}

/** equal.go for a key of known type (`key.type` is not `dyn`); `v` is the value. */
function equalsCondition(key: Side, v: Side): string {
  switch (key.type) {
    case 'bool':
      return dispatch(v, { bool: `${v.expr} == ${key.expr}` });
    case 'number': {
      // A numeric string is parsed (strconv.ParseFloat).
      const string = `${v.expr}.matches(${re(PLAIN_DECIMAL)}) ? double(${v.expr}) == ${key.expr} : ${v.expr}.matches(${re(OTHER_GO_FLOAT)}) ? ${GO_FLOAT_SYNTAX} : false`;
      return dispatch(v, { number: `${v.expr} == ${key.expr}`, string });
    }
    case 'string':
      return stringEquals(key, v);
    case 'list':
    case 'map':
      if (key.literal !== undefined && containsNumber(key.literal)) throw new RuntimeUntranslatable('Equals with a list or map holding numbers');
      return dispatch(v, { [key.type]: `${v.expr} == ${key.expr}` });
    default:
      return 'false';
  }
}

function containsNumber(value: JsonValue): boolean {
  if (typeof value === 'number' || typeof value === 'bigint') return true;
  if (Array.isArray(value)) return value.some(containsNumber);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsNumber);
  return false;
}

/** A number of seconds as a CEL duration (operator.go: `time.Duration(x) * time.Second`, truncated). */
function secondsDuration(n: string): string {
  return `(${n} > -9e9 && ${n} < 9e9 ? duration(string(int(${n})) + "s") : duration(string(${DURATION_RANGE})))`;
}

/**
 * equal.go for a string key: two durations (the key a duration string, the value one or a number of seconds),
 * then the value must be a string: two quantities when the key is one, else the value a wildcard pattern.
 */
function stringEquals(key: Side, v: Side): string {
  const isDuration = (s: string): string => `${s} != "0" && ${s}.matches(${re(GO_DURATION)})`;
  let quantityOrPattern: string;
  if (key.literal !== undefined) {
    const text = String(key.literal);
    quantityOrPattern =
      parseQuantity(text) !== null ? `isQuantity(${v.expr}) && quantity(${v.expr}).compareTo(quantity(${celString(text)})) == 0` : celDynamicWildcardMatch(v.expr, text);
  } else {
    quantityOrPattern = `(isQuantity(${key.expr}) ? isQuantity(${v.expr}) && quantity(${key.expr}).compareTo(quantity(${v.expr})) == 0 : ${dynamicWildcard(v.expr, key.expr)})`;
  }
  if (key.literal !== undefined) {
    const text = String(key.literal);
    if (text === '0' || parseGoDuration(text) === null) return dispatch(v, { string: quantityOrPattern });
    const k = `duration(${celString(text)})`;
    return dispatch(v, {
      string: `${isDuration(v.expr)} ? duration(${v.expr}) == ${k} : ${quantityOrPattern}`,
      number: `${secondsDuration(v.expr)} == ${k}`,
    });
  }
  return dispatch(v, {
    string: `${isDuration(key.expr)} && ${isDuration(v.expr)} ? duration(${v.expr}) == duration(${key.expr}) : ${quantityOrPattern}`,
    number: `${isDuration(key.expr)} && ${secondsDuration(v.expr)} == duration(${key.expr})`,
  });
}

/** The key's known type, or a dispatch on its runtime type (an error in it the outcome). */
function byKeyType(key: Side, body: (narrowed: Side) => string, nullBranch: string): string {
  if (key.type !== 'dyn') return key.type === 'null' ? nullBranch : body(key);
  const narrowed = (type: Exclude<CelType, 'dyn'>): Side => ({ expr: key.expr, type });
  return dispatch(key, {
    string: body(narrowed('string')),
    list: body(narrowed('list')),
    number: body(narrowed('number')),
    bool: body(narrowed('bool')),
    map: body(narrowed('map')),
    null: nullBranch,
  });
}

/**
 * `key <op> value` where the value holds variables: `k` and `v` are bound names (or literals) of the key and the
 * value. Both are evaluated (Kyverno substitutes both before comparing): an error in either is the outcome.
 */
export function runtimeCondition(op: RuntimeOperator, key: Operand, value: CelValue, fresh: () => string): string {
  const bindTo = (expression: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(expression) ? expression : fresh());
  const v: Side = { expr: bindTo(value.expression), type: value.type, ...(value.possible ? { possible: value.possible } : {}) };
  const k: Side = 'literal' in key ? literalSide(key.literal) : { expr: bindTo(key.value.expression), type: key.value.type, ...(key.value.possible ? { possible: key.value.possible } : {}) };
  let body: string;
  switch (op) {
    case 'Equals':
      body = byKeyType(k, (narrowed) => equalsCondition(narrowed, v), 'false');
      break;
    case 'NotEquals':
      // notequal.go is the negation of equal.go except for a null key, false for both.
      body = byKeyType(k, (narrowed) => `!(${equalsCondition(narrowed, v)})`, 'false');
      break;
    default:
      body = byKeyType(k, (narrowed) => setCondition(op, narrowed, v, fresh), 'false');
  }
  // Both operands are evaluated whatever the branch taken (cel.bind evaluates its value lazily).
  const operands = 'literal' in key ? [v.expr] : [k.expr, v.expr];
  let expression = `size([${operands.map((o) => `dyn(${o})`).join(', ')}]) == ${operands.length} ? (${body}) : false`;
  if (v.expr !== value.expression) expression = `cel.bind(${v.expr}, ${value.expression}, ${expression})`;
  if (!('literal' in key) && k.expr !== key.value.expression) expression = `cel.bind(${k.expr}, ${key.value.expression}, ${expression})`;
  return `(${expression})`;
}
