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

type Known = Exclude<CelType, 'dyn'>;

/** One side of a comparison: a CEL expression (a bound name or a literal), its type, its value when known now. */
interface Side {
  readonly expr: string;
  readonly type: CelType;
  readonly literal?: JsonValue;
  /** For `dyn`: the types it can have, when fewer than all. */
  readonly possible?: readonly Known[];
}

class RuntimeUntranslatable extends Error {}

/** Whether an error is the builders' "no faithful counterpart" (conditions.ts reports it). */
export function isRuntimeUntranslatable(error: unknown): error is Error {
  return error instanceof RuntimeUntranslatable;
}

/** A boolean expression failing evaluation with `reason`. */
function noEquivalent(reason: string): string {
  return `${celNoEquivalent(reason)} == 0`;
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
const JSON_NUMBER = '-?(0|[1-9][0-9]*)([.][0-9]+)?([eE][-+]?[0-9]+)?';
const STRING_OR_NULL = `(${JSON_STRING}|null)`;
/** A JSON text `json.Unmarshal` decodes into a `[]string` (an array of strings and nulls). */
const JSON_STRING_LIST = `^${WS}\\[${WS}(${STRING_OR_NULL}(${WS},${WS}${STRING_OR_NULL})*)?${WS}\\]${WS}$`;
/** JSON `null`: an empty `[]string`. */
const JSON_NULL = `^${WS}null${WS}$`;

/** A JSON value nested at most `depth` deep (a regular language, unlike JSON). */
function jsonValue(depth: number): string {
  const scalar = `${JSON_STRING}|${JSON_NUMBER}|true|false|null`;
  if (depth === 0) return `(${scalar})`;
  const inner = jsonValue(depth - 1);
  const array = `\\[${WS}(${inner}(${WS},${WS}${inner})*)?${WS}\\]`;
  const member = `${JSON_STRING}${WS}:${WS}${inner}`;
  const object = `\\{${WS}(${member}(${WS},${WS}${member})*)?${WS}\\}`;
  return `(${scalar}|${array}|${object})`;
}

/** A valid JSON text nested at most 1 deep (`[1, 2]`, `{"a": 1}`). */
const JSON_SHALLOW = `^${WS}${jsonValue(1)}${WS}$`;
/** The start of a JSON array or object. */
const JSON_COMPOSITE = `^${WS}[\\[{]`;
/** A sequence of JSON tokens: any text that is not one is invalid JSON. */
const JSON_TOKENS = `^${WS}((${JSON_STRING}|${JSON_NUMBER}|true|false|null|[\\[\\]{},:])${WS})*$`;
/** Characters of Go's `%v` text of a float64 (`1e+06`, `-1.5`, `NaN`, `+Inf`), and the wildcards. */
const NUMBER_TEXT = '^[-+.0-9eNaIf*?]+$';

function re(source: string): string {
  return celString(source);
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

/** `cel.bind(name, value, body(name))` (a name or a literal is used as it is). */
function bindTo(value: string, fresh: () => string, body: (name: string) => string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(value) || /^"(?:[^"\\]|\\.)*"$/.test(value)) return body(value);
  const name = fresh();
  return `cel.bind(${name}, ${value}, ${body(name)})`;
}

function isNumber(x: string): string {
  return `(type(${x}) == int || type(${x}) == double)`;
}

/** A runtime type test. */
function isType(x: string, type: Known): string {
  switch (type) {
    case 'number':
      return isNumber(x);
    case 'null':
      return `${x} == null`;
    default:
      return `type(${x}) == ${type}`;
  }
}

type Branches = Partial<Record<Known, string>>;

const ORDER: readonly Known[] = ['string', 'list', 'number', 'bool', 'map', 'null'];

/** Dispatches on the runtime type of `x` (a bound name): the branch of its type, `false` for a type without one. */
function dispatch(x: Side, branches: Branches): string {
  if (x.type !== 'dyn') return branches[x.type] ?? 'false';
  const present = ORDER.filter((t) => branches[t] !== undefined && branches[t] !== 'false' && (x.possible === undefined || x.possible.includes(t)));
  let out = 'false';
  for (let i = present.length - 1; i >= 0; i--) {
    const t = present[i]!;
    out = cond(isType(x.expr, t), branches[t]!, out);
  }
  return out;
}

/** Whether the side may be of `type` at run time. */
function mayBe(x: Side, type: Known): boolean {
  return x.type === type || (x.type === 'dyn' && (x.possible === undefined || x.possible.includes(type)));
}

/** The type of a literal. */
function typeOf(value: JsonValue): Known {
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

/**
 * Where CEL writes the `fmt.Sprint` text of a number: below 1e6 and, but for zero, not below 1e-4 in magnitude,
 * Go's `%v` is the shortest decimal without exponent, as `string(double)` is (cel-go formats with `%g`). A negative
 * zero, which only a JSON `-0.0` gives, is written `-0` by Go and `0` here.
 */
function exactNumber(n: string): string {
  return `${n} > -1e6 && ${n} < 1e6 && (${n} == 0 || ${n} >= 0.0001 || ${n} <= -0.0001)`;
}

/**
 * The `fmt.Sprint` text of a value where CEL writes it exactly (strings, bools, null, numbers in the exact range),
 * else null: a CEL expression of type `dyn`.
 */
function textOf(x: Side): string {
  switch (x.type) {
    case 'string':
      return x.expr;
    case 'bool':
      return `(${x.expr} ? "true" : "false")`;
    case 'null':
      return '"<nil>"';
    case 'number':
      return `(${exactNumber(x.expr)} ? dyn(string(double(${x.expr}))) : dyn(null))`;
    case 'list':
    case 'map':
      return 'null';
    default:
      return (
        `(type(${x.expr}) == string ? dyn(${x.expr}) : type(${x.expr}) == bool ? dyn(${x.expr} ? "true" : "false") : ${x.expr} == null ? dyn("<nil>") : ` +
        `${isNumber(x.expr)} && ${exactNumber(x.expr)} ? dyn(string(double(${x.expr}))) : dyn(null))`
      );
  }
}

/** Whether `t`, the {@link textOf} `x` bound to a name, is a text (not null): a constant for most known types. */
function hasText(x: Side, t: string): string {
  switch (x.type) {
    case 'string':
    case 'bool':
    case 'null':
      return 'true';
    case 'list':
    case 'map':
      return 'false';
    default:
      return `${t} != null`;
  }
}

/**
 * `wildcard.Match(p, t)` with the pattern known at run time (`p`, `t` strings): the pattern quoted as RE2 literal
 * text (`\Q…\E`) between its wildcards.
 */
function dynamicWildcard(p: string, t: string): string {
  return `(${p} == ${t} || ${glob(p, t)})`;
}

/** `wildcard.Match(p, t)` for a pattern with wildcards (false for one without: equality is tested apart). */
function glob(p: string, t: string): string {
  const regex = `"(?s)^\\\\Q" + ${p}.replace("\\\\E", "\\\\E\\\\\\\\E\\\\Q").replace("*", "\\\\E.*\\\\Q").replace("?", "\\\\E.\\\\Q") + "\\\\E$"`;
  return `((${p}.contains("*") || ${p}.contains("?")) && ${t}.matches(${regex}))`;
}

/** Two-way wildcard match of a literal text and a text known at run time. */
function literalTexts(p: string, t: string): string {
  return hasWildcard(p) ? or([celWildcardMatch(p, t), celDynamicWildcardMatch(t, p)]) : celDynamicWildcardMatch(t, p);
}

/** A number without an exact text against a literal text, two ways. */
function numberAgainstLiteral(p: string, n: string): string {
  if (/^\*+$/.test(p)) return 'true';
  if (!new RegExp(NUMBER_TEXT).test(p)) return 'false';
  if (!hasWildcard(p)) {
    // Both matches are equality of texts: `p` must be the text of one float64.
    const value = parseGoFloat(p);
    return value !== null && Number.isFinite(value) && goSprint(value) === p ? `${n} == ${celDouble(value)}` : 'false';
  }
  return SPRINT_NUMBER;
}

/** A list or map (`[a b]`, `map[k:v]`) against a literal text, two ways. */
function compositeAgainstLiteral(p: string): string {
  if (/^\*+$/.test(p)) return 'true';
  return /^[[m*?]/.test(p) ? SPRINT_COMPOSITE : 'false';
}

/** A value without an exact text against a runtime text `t` of another value (`x`'s type decides). */
function againstText(t: string, x: Side, textIsString: string): string {
  const composite = cond(`${t}.matches("^[*]+$")`, 'true', cond(`${t}.matches("^[\\\\[m*?]")`, SPRINT_COMPOSITE, 'false'));
  const number = cond(`${t}.matches("^[*]+$")`, 'true', cond(`${t}.matches(${re(NUMBER_TEXT)})`, SPRINT_NUMBER, 'false'));
  return dispatch(x, { list: and(textIsString, composite), map: and(textIsString, composite), number });
}

/**
 * Whether the `fmt.Sprint` texts of two values match two ways (anyin.go: `wildcard.Match(a, b) ||
 * wildcard.Match(b, a)`): exact where CEL writes both texts; two numbers match when equal; otherwise only a
 * text that cannot match is decided.
 */
function twoWay(a: Side, b: Side, fresh: () => string): string {
  if (a.literal !== undefined && b.literal !== undefined) {
    const x = goSprint(a.literal);
    const y = goSprint(b.literal);
    return String(wildcardMatch(x, y) || wildcardMatch(y, x));
  }
  if (b.literal !== undefined) return twoWay(b, a, fresh);
  if (a.literal !== undefined) {
    const p = goSprint(a.literal);
    switch (b.type) {
      case 'string':
        return literalTexts(p, b.expr);
      case 'bool':
        return cond(b.expr, String(wildcardMatch(p, 'true') || wildcardMatch('true', p)), String(wildcardMatch(p, 'false') || wildcardMatch('false', p)));
      case 'null':
        return String(wildcardMatch(p, '<nil>') || wildcardMatch('<nil>', p));
      case 'list':
      case 'map':
        return compositeAgainstLiteral(p);
      default:
        return bindTo(textOf(b), fresh, (t) => cond(hasText(b, t), literalTexts(p, t), dispatch(b, { number: numberAgainstLiteral(p, b.expr), list: compositeAgainstLiteral(p), map: compositeAgainstLiteral(p) })));
    }
  }
  return bindTo(textOf(a), fresh, (ta) =>
    bindTo(textOf(b), fresh, (tb) =>
      cond(
        and(hasText(a, ta), hasText(b, tb)),
        `(${ta} == ${tb} || ${glob(ta, tb)} || ${glob(tb, ta)})`,
        cond(
          and(mayBe(a, 'number') ? isNumber(a.expr) : 'false', mayBe(b, 'number') ? isNumber(b.expr) : 'false'),
          `${a.expr} == ${b.expr}`,
          cond(
            hasText(a, ta),
            againstText(ta, b, a.type === 'string' ? 'true' : `type(${a.expr}) == string`),
            cond(hasText(b, tb), againstText(tb, a, b.type === 'string' ? 'true' : `type(${b.expr}) == string`), and(dispatch(a, { list: 'true', map: 'true' }), dispatch(b, { list: SPRINT_COMPOSITE, map: SPRINT_COMPOSITE }))),
          ),
        ),
      ),
    ),
  );
}

/** `list.exists(e, body(e))`, folded for an empty literal list and a constant body. */
function exists(list: string, element: CelType, fresh: () => string, body: (e: Side) => string): string {
  if (list === '[]') return 'false';
  const e = fresh();
  const inner = body({ expr: e, type: element });
  if (inner === 'false') return 'false';
  return `${list}.exists(${e}, ${inner})`;
}

/**
 * What anyin.go reads a string value as, computed once: `kind` (1 a range, 2 a JSON string list, 3 JSON null,
 * 4 another valid JSON text, 5 JSON tokens that may or may not be valid, 6 not JSON) and `list` (the decoded
 * strings for 2, none for 3, the string itself for 6).
 */
interface StringValue {
  readonly kind: string;
  readonly list: string;
}

const KIND = { range: 1, stringList: 2, null: 3, otherJson: 4, maybeJson: 5, plain: 6 } as const;

function stringValueBinds(v: string, fresh: () => string, body: (value: StringValue) => string): string {
  const kind = fresh();
  const list = fresh();
  const kindOf =
    `type(${v}) != string ? 0 : ${v}.matches(${re(IN_RANGE)}) ? ${KIND.range} : ${v}.matches(${re(JSON_STRING_LIST)}) ? ${KIND.stringList} : ` +
    `${v}.matches(${re(JSON_NULL)}) ? ${KIND.null} : ${v}.matches(${re(JSON_SHALLOW)}) ? ${KIND.otherJson} : ${v}.matches(${re(JSON_COMPOSITE)}) && ${v}.matches(${re(JSON_TOKENS)}) ? ${KIND.maybeJson} : ${KIND.plain}`;
  const listOf = `${kind} == ${KIND.stringList} ? dyn(json.unmarshal(${v}).map(_j, _j == null ? "" : _j)) : ${kind} == ${KIND.plain} ? dyn([${v}]) : dyn([])`;
  return `cel.bind(${kind}, ${kindOf}, cel.bind(${list}, ${listOf}, ${body({ kind, list })}))`;
}

/**
 * `handleRange(k, s)` (pattern.Validate of the key text against a range `s` known at run time): a range compares
 * durations or quantities, so it never holds for a text that is neither, has no `-` (the rewritten `a!-b` itself)
 * and is not empty (an empty alternative of a `|1-5` range); any other text would need the range's bounds.
 */
function rangeHolds(k: Side): string {
  if (k.literal !== undefined) {
    const text = goSprint(k.literal);
    return text !== '' && parseGoDuration(text) === null && parseQuantity(text) === null && !text.includes('-') ? 'false' : RUNTIME_RANGE;
  }
  return dispatch(k, {
    string: cond(`${k.expr} == "" || isQuantity(${k.expr}) || ${k.expr} == "0" || ${k.expr}.matches(${re(GO_DURATION)}) || ${k.expr}.contains("-")`, RUNTIME_RANGE, 'false'),
    number: RUNTIME_RANGE,
    list: RUNTIME_RANGE,
    map: RUNTIME_RANGE,
  });
}

/**
 * A scalar key against the value (anyin.go `anyKeyExistsInArray`, the same for the four set operators): a list
 * holds it when an element matches two ways; a string when it is a wildcard pattern of the key's text, then a
 * range holding it, then a JSON string list holding it exactly; any other value is of an invalid type (false).
 * `text`: the key's text (a literal, or a bound name, null where CEL cannot write it).
 */
function scalarKeySet(key: Side, text: Side, v: Side, sv: StringValue | null, notIn: boolean, fresh: () => string): string {
  const inList = exists(v.expr, 'dyn', fresh, (e) => twoWay(e, key, fresh));
  let string = 'false';
  if (sv !== null) {
    const patternHolds = text.literal !== undefined ? celDynamicWildcardMatch(v.expr, String(text.literal)) : dynamicWildcard(v.expr, text.expr);
    const inStrings = exists(sv.list, 'string', fresh, (e) => `${e.expr} == ${text.expr}`);
    const range = rangeHolds(text);
    const kind = (k: number, a: string, b: string): string => cond(`${sv.kind} == ${k}`, a, b);
    string = notIn
      ? and(not(patternHolds), kind(KIND.range, not(range), kind(KIND.stringList, not(inStrings), kind(KIND.otherJson, 'false', kind(KIND.maybeJson, JSON_VALIDITY, 'true')))))
      : or([patternHolds, kind(KIND.range, range, kind(KIND.stringList, inStrings, kind(KIND.maybeJson, JSON_VALIDITY, 'false')))]);
    if (text.literal === undefined && text.type === 'dyn') string = cond(`${text.expr} != null`, string, SPRINT_NUMBER);
  }
  return dispatch(v, { list: notIn ? not(inList) : inList, string });
}

/** Whether `fmt.Sprint(x) == s` for a string `s` known at run time. */
function sprintEquals(x: Side, s: string, fresh: () => string): string {
  if (x.literal !== undefined) return `${s} == ${celString(goSprint(x.literal))}`;
  return bindTo(textOf(x), fresh, (t) =>
    cond(hasText(x, t), `${t} == ${s}`, dispatch(x, { number: cond(`${s}.matches(${re(NUMBER_TEXT)})`, SPRINT_NUMBER, 'false'), list: cond(`${s}.matches("^[\\\\[m*?]")`, SPRINT_COMPOSITE, 'false'), map: cond(`${s}.matches("^[\\\\[m*?]")`, SPRINT_COMPOSITE, 'false') })),
  );
}

/**
 * A list key (elements rendered with `fmt.Sprint`) against the value (anyin.go `anySetExistsInArray`, allin.go
 * `allSetExistsInArray`): a list of values matched two ways; a number or a bool (any* only) as a list of it; a
 * string equal to the one key element, then a range, then a JSON string list, then the string itself.
 */
function listKeySet(op: RuntimeOperator, keys: { literal: readonly JsonValue[] } | { expr: string }, v: Side, sv: StringValue | null, fresh: () => string): string {
  const any = op.startsWith('Any');
  const notIn = op.endsWith('NotIn');
  const withValues = (list: string, elementType: CelType, one?: Side): string => {
    const matchedBy = (key: Side): string => (one !== undefined ? twoWay(key, one, fresh) : exists(list, elementType, fresh, (e) => twoWay(key, e, fresh)));
    if ('literal' in keys) {
      const sides = keys.literal.map(literalSide);
      // anyin: some key element among the values; allnotin: none; anynotin: some not; allin: every one.
      const some = (): string => (one !== undefined ? or(sides.map((key) => twoWay(key, one, fresh))) : exists(list, elementType, fresh, (e) => or(sides.map((key) => twoWay(key, e, fresh)))));
      if (op === 'AnyIn') return some();
      if (op === 'AllNotIn') return not(some());
      const perKey = sides.map((key) => (notIn ? not(matchedBy(key)) : matchedBy(key)));
      return any ? or(perKey) : and(...perKey);
    }
    const a = fresh();
    const key: Side = { expr: a, type: 'dyn' };
    return `${keys.expr}.${any ? 'exists' : 'all'}(${a}, ${notIn ? not(matchedBy(key)) : matchedBy(key)})`;
  };
  const branches: Branches = { list: withValues(v.expr, 'dyn') };
  if (sv !== null) {
    const single =
      'literal' in keys
        ? keys.literal.length === 1
          ? sprintEquals(literalSide(keys.literal[0]!), v.expr, fresh)
          : 'false'
        : and(`size(${keys.expr}) == 1`, sprintEquals({ expr: `${keys.expr}[0]`, type: 'dyn' }, v.expr, fresh));
    // A range: anyin.go applies it to each key element (anynotin.go `a!-b`, which holds no more often here).
    let range: string;
    if ('literal' in keys) {
      const holds = keys.literal.map((item) => rangeHolds(literalSide(item)));
      range = any ? or(holds) : notIn ? and(...holds.map(not)) : and(...holds);
    } else {
      const a = fresh();
      const holds = rangeHolds({ expr: a, type: 'dyn' });
      range = any ? `${keys.expr}.exists(${a}, ${holds})` : `${keys.expr}.all(${a}, ${notIn ? not(holds) : holds})`;
    }
    const kind = (k: number, a: string, b: string): string => cond(`${sv.kind} == ${k}`, a, b);
    branches.string = cond(single, String(!notIn), kind(KIND.range, range, kind(KIND.otherJson, 'false', kind(KIND.maybeJson, JSON_VALIDITY, withValues(sv.list, 'string')))));
  }
  if (any) {
    // A number or a bool value is a list of its text (anySetExistsInArray); allin.go rejects them.
    branches.number = withValues(`[${v.expr}]`, 'number', { expr: v.expr, type: 'number' });
    branches.bool = withValues(`[${v.expr}]`, 'bool', { expr: v.expr, type: 'bool' });
  }
  return dispatch(v, branches);
}

/** A set operator; `key` of a known type or `dyn`. */
function setCondition(op: RuntimeOperator, key: Side, v: Side, sv: StringValue | null, fresh: () => string): string {
  const notIn = op.endsWith('NotIn');
  const scalar = (k: Side): string => {
    if (k.literal !== undefined) return scalarKeySet(k, literalSide(goSprint(k.literal)), v, sv, notIn, fresh);
    if (k.type === 'string') return scalarKeySet(k, k, v, sv, notIn, fresh);
    return bindTo(textOf(k), fresh, (t) => scalarKeySet(k, { expr: t, type: k.type === 'bool' ? 'string' : 'dyn' }, v, sv, notIn, fresh));
  };
  const list = (k: Side): string => listKeySet(op, k.literal !== undefined ? { literal: k.literal as JsonValue[] } : { expr: k.expr }, v, sv, fresh);
  switch (key.type) {
    case 'string':
    case 'number':
    case 'bool':
      return scalar(key);
    case 'list':
      return list(key);
    case 'null':
    case 'map':
      return 'false';
    default:
      // fmt.Sprint of a string, a number or a bool is a scalar key; a list's elements a set; a map or null is false.
      return cond(`type(${key.expr}) == list`, list({ expr: key.expr, type: 'list' }), cond(`type(${key.expr}) == string || type(${key.expr}) == bool || ${isNumber(key.expr)}`, scalar(key), 'false'));
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

/** The key's known type, or a dispatch on its runtime type. */
function byKeyType(key: Side, body: (narrowed: Side) => string): string {
  if (key.type !== 'dyn') return key.type === 'null' ? 'false' : body(key);
  const narrowed = (type: Known): Side => ({ expr: key.expr, type });
  return dispatch(key, { string: body(narrowed('string')), list: body(narrowed('list')), number: body(narrowed('number')), bool: body(narrowed('bool')), map: body(narrowed('map')) });
}

/**
 * `key <op> value` where the value holds variables. Both operands are evaluated whatever the branch taken (Kyverno
 * substitutes both before comparing; cel.bind evaluates lazily in cel-go): an error in either is the outcome.
 */
export function runtimeCondition(op: RuntimeOperator, key: Operand, value: CelValue, fresh: () => string): string {
  return bindTo(value.expression, fresh, (vName) => {
    const v: Side = { expr: vName, type: value.type, ...(value.possible ? { possible: value.possible } : {}) };
    const withKey = (k: Side): string => {
      let body: string;
      if (op === 'Equals') body = byKeyType(k, (narrowed) => equalsCondition(narrowed, v));
      // notequal.go is the negation of equal.go except for a null key, false for both.
      else if (op === 'NotEquals') body = byKeyType(k, (narrowed) => not(equalsCondition(narrowed, v)));
      else body = mayBe(v, 'string') ? stringValueBinds(v.expr, fresh, (sv) => setCondition(op, k, v, sv, fresh)) : setCondition(op, k, v, null, fresh);
      const operands = k.literal !== undefined ? [v.expr] : [k.expr, v.expr];
      return `size([${operands.map((o) => `dyn(${o})`).join(', ')}]) == ${operands.length} ? (${body}) : false`;
    };
    if ('literal' in key) return withKey(literalSide(key.literal));
    return bindTo(key.value.expression, fresh, (kName) => withKey({ expr: kName, type: key.value.type, ...(key.value.possible ? { possible: key.value.possible } : {}) }));
  });
}
