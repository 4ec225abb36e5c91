/**
 * @file Kyverno condition blocks (`preconditions`, `validate.deny.conditions`) as one CEL boolean expression.
 *
 * Blocks as pkg/engine/variables/evaluate.go evaluates them: the legacy list is an ordered AND that stops at the
 * first false condition; `{any, all}` evaluates `any` (present, even empty: one condition must hold, stopping at
 * the first true one) then `all` (stopping at the first false one) and needs both. A condition whose key or value
 * cannot be substituted is an error, so the order matters: CEL's `&&`/`||` absorb errors, ternaries do not, and
 * the translation chains ternaries.
 *
 * Operators as pkg/engine/variables/operator evaluates them (src/families/kyverno/engine/conditions mirrors it),
 * for a condition value without variables: the key's runtime type selects the branch (`type(k) == string ? …`)
 * and each branch reproduces Kyverno's coercions for that value (durations, then quantities, then numbers, then
 * wildcards). A value with variables is compared at run time (runtime-operands.ts) for the set and equality
 * operators; the numeric operators with such a value, and the deprecated `In`/`NotIn`/`Duration*` operators, are
 * not translated.
 */
import type { JsonValue } from '../types.js';
import { evaluateOperator } from '../families/kyverno/engine/conditions/index.js';
import { goSprint } from '../families/kyverno/engine/conditions/go-sprint.js';
import { parseGoFloat } from '../families/kyverno/engine/conditions/go-parse-float.js';
import { decodeStringList } from '../families/kyverno/engine/conditions/string-list.js';
import { isRangePattern } from '../families/kyverno/engine/conditions/string-pattern.js';
import { parseGoDuration } from '../util/go-duration.js';
import { parseQuantity } from '../util/quantity.js';
import { parseSemver } from '../util/semver.js';
import { wildcardMatch } from '../util/wildcard.js';
import {
  type CelValue,
  type TranslationScope,
  celDouble,
  celDynamicWildcardMatch,
  celLiteral,
  celString,
  celWildcardMatch,
  hasWildcard,
  translateTemplate,
} from './jmespath.js';
import { type RuntimeOperator, isRuntimeUntranslatable, runtimeCondition } from './runtime-operands.js';
import type { PolicyPath, Translation } from './types.js';

class Untranslatable extends Error {
  constructor(
    readonly reason: string,
    readonly path: PolicyPath,
  ) {
    super(reason);
  }
}

/** Go `time.ParseDuration` syntax (without the signed-zero special case); `"0"` is not a duration here. */
const GO_DURATION = '^[-+]?(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+$';
/** Go `strconv.ParseFloat` decimal syntax. */
const GO_FLOAT = '^[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?$';

function isDurationString(value: string): boolean {
  return value !== '0' && parseGoDuration(value) !== null;
}

/** Seconds of a Go duration as operator.go's `Duration.Seconds()` gives them. */
function durationSecondsOf(ns: bigint): number {
  return Number(ns / 1_000_000_000n) + Number(ns % 1_000_000_000n) / 1e9;
}

type Branches = { string?: string; number?: string; bool?: string; list?: string; map?: string; null?: string };

/** Dispatches on the key's runtime type; a branch left out is `false`. */
function byType(k: string, type: CelValue['type'], branches: Branches): string {
  if (type !== 'dyn') return branches[type] ?? 'false';
  const order: [keyof Branches, string][] = [
    ['string', `type(${k}) == string`],
    ['number', `(type(${k}) == double || type(${k}) == int)`],
    ['bool', `type(${k}) == bool`],
    ['list', `type(${k}) == list`],
    ['map', `type(${k}) == map`],
    ['null', `${k} == null`],
  ];
  let out = 'false';
  for (let i = order.length - 1; i >= 0; i--) {
    const [name, guard] = order[i]!;
    const branch = branches[name];
    if (branch === undefined || branch === 'false') continue;
    out = out === 'false' ? `(${guard} && (${branch}))` : `(${guard} ? (${branch}) : ${out})`;
  }
  return out;
}

const CEL_OPS = { GreaterThan: '>', GreaterThanOrEquals: '>=', LessThan: '<', LessThanOrEquals: '<=' } as const;
type NumericOp = keyof typeof CEL_OPS;

/** equal.go for a literal value. */
function equalsBranches(k: string, value: JsonValue, path: PolicyPath): Branches {
  if (value === null) return {};
  if (typeof value === 'boolean') return { bool: `${k} == ${value}` };
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > 9e9) throw new Untranslatable(`the number ${value} as a duration`, path);
    return {
      number: `${k} == ${celDouble(value)}`,
      string: `${k} != "0" && ${k}.matches(${celString(GO_DURATION)}) && duration(${k}) == duration(${celString(`${Math.trunc(value)}s`)})`,
    };
  }
  if (typeof value === 'string') {
    if (isDurationString(value)) throw new Untranslatable(`Equals with the duration ${JSON.stringify(value)}`, path);
    const float = parseGoFloat(value);
    if (float !== null && !Number.isFinite(float)) throw new Untranslatable(`the non-finite number ${JSON.stringify(value)}`, path);
    const number = float === null ? undefined : `${k} == ${celDouble(float)}`;
    if (parseQuantity(value) !== null) {
      return { number, string: `isQuantity(${k}) && quantity(${k}).compareTo(quantity(${celString(value)})) == 0` };
    }
    const match = celWildcardMatch(value, k);
    return { number, string: hasWildcard(value) ? `!isQuantity(${k}) && ${match}` : match };
  }
  if (JSON.stringify(value).match(/[0-9]/) && containsNumber(value)) throw new Untranslatable('Equals with a list or map holding numbers', path);
  return Array.isArray(value) ? { list: `${k} == ${celLiteral(value).expression}` } : { map: `${k} == ${celLiteral(value).expression}` };
}

function containsNumber(value: JsonValue): boolean {
  if (typeof value === 'number' || typeof value === 'bigint') return true;
  if (Array.isArray(value)) return value.some(containsNumber);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsNumber);
  return false;
}

/** numeric.go for a literal value. */
function numericBranches(k: string, value: JsonValue, op: NumericOp, path: PolicyPath): Branches {
  const cmp = CEL_OPS[op];
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > 9e9) throw new Untranslatable(`the number ${value} as a duration`, path);
    const number = `double(${k}) ${cmp} ${celDouble(value)}`;
    const string =
      `${k} != "0" && ${k}.matches(${celString(GO_DURATION)}) ? duration(${k}) ${cmp} duration(${celString(`${Math.trunc(value)}s`)}) : ` +
      `${k}.matches(${celString(GO_FLOAT)}) && double(${k}) ${cmp} ${celDouble(value)}`;
    return { number, string };
  }
  if (typeof value !== 'string') return {};
  if (parseSemver(value) !== null) throw new Untranslatable(`${op} with the semantic version ${JSON.stringify(value)}`, path);
  const duration = isDurationString(value) ? parseGoDuration(value)! : null;
  const float = parseGoFloat(value);
  if (float !== null && !Number.isFinite(float)) throw new Untranslatable(`the non-finite number ${JSON.stringify(value)}`, path);
  // numberKey: a duration value compares with the key's whole seconds; else a float value.
  const numberOf = (x: string): string | undefined => {
    if (duration !== null) return `double(int(${x})) ${cmp} ${celDouble(durationSecondsOf(duration))}`;
    if (float !== null) return `${x} ${cmp} ${celDouble(float)}`;
    return undefined;
  };
  const number = numberOf(`double(${k})`) ?? 'false';
  let string = `${k}.matches(${celString(GO_FLOAT)}) && (${numberOf(`double(${k})`) ?? 'false'})`;
  if (parseQuantity(value) !== null) string = `isQuantity(${k}) ? quantity(${k}).compareTo(quantity(${celString(value)})) ${cmp} 0 : ${string}`;
  if (duration !== null) string = `${k} != "0" && ${k}.matches(${celString(GO_DURATION)}) ? duration(${k}) ${cmp} duration(${celString(value)}) : ${string}`;
  return { number, string };
}

/** Characters of Go's `%v` rendering of a float64 (digits, sign, point, exponent, `NaN`, `Inf`). */
const NUMBER_CHARS = new Set('0123456789.+-eNaIf');

/**
 * Whether a rendered number (`fmt.Sprint` of a float64) matches a pattern two-way: `true`/`false` when it is the
 * same for every number, `null` when it depends on the number.
 */
function numberMembership(pattern: string): boolean | null {
  if (/^\*+$/.test(pattern)) return true;
  for (const ch of pattern) if (ch !== '*' && ch !== '?' && !NUMBER_CHARS.has(ch)) return false;
  return null;
}

/** Whether a rendered list or map (`[a b]`, `map[a:b]`) matches a pattern two-way, when that is fixed. */
function compositeMembership(pattern: string): boolean | null {
  if (/^\*+$/.test(pattern)) return true;
  return /^[*?[m]/.test(pattern) ? null : false;
}

/** The set operators' membership of one key element `e` (as `fmt.Sprint` renders it) in the value patterns. */
function membership(e: string, type: CelValue['type'], patterns: readonly string[], twoWay: boolean, path: PolicyPath): string {
  const constant = (of: (pattern: string) => boolean | null, what: string): string => {
    let result = false;
    for (const pattern of patterns) {
      const m = of(pattern);
      if (m === null) throw new Untranslatable(`a ${what} key element rendered by fmt.Sprint against the pattern ${JSON.stringify(pattern)}`, path);
      result ||= m;
    }
    return String(result);
  };
  const boolMember = (value: boolean): boolean =>
    patterns.some((p) => wildcardMatch(p, String(value)) || (twoWay && wildcardMatch(String(value), p)));
  const stringMember = patterns.map((p) => (twoWay ? `(${celWildcardMatch(p, e)} || ${celDynamicWildcardMatch(e, p)})` : `(${celWildcardMatch(p, e)})`)).join(' || ') || 'false';
  const branches: Branches = { string: stringMember };
  if (type === 'dyn' || type === 'number') branches.number = constant(numberMembership, 'number');
  if (type === 'dyn' || type === 'bool') branches.bool = `${e} ? ${boolMember(true)} : ${boolMember(false)}`;
  if (type === 'dyn' || type === 'list' || type === 'map') {
    const composite = constant(compositeMembership, 'list or map');
    branches.list = composite;
    branches.map = composite;
  }
  // fmt.Sprint(nil) is `<nil>`.
  branches.null = String(patterns.some((p) => wildcardMatch(p, '<nil>') || (twoWay && wildcardMatch('<nil>', p))));
  return byType(e, type, branches);
}

type SetOp = 'AnyIn' | 'AllIn' | 'AnyNotIn' | 'AllNotIn';

/** anyin.go / allin.go / anynotin.go / allnotin.go for a literal value. */
function setBranches(k: string, type: CelValue['type'], value: JsonValue, op: SetOp, fresh: () => string, path: PolicyPath): Branches {
  let patterns: string[];
  let scalarTwoWay: boolean;
  if (Array.isArray(value)) {
    if (value.some((item) => item !== null && typeof item === 'object')) throw new Untranslatable(`${op} with lists or maps among the values`, path);
    patterns = value.map(goSprint);
    scalarTwoWay = true;
  } else if (typeof value === 'string') {
    if (isRangePattern(value)) throw new Untranslatable(`${op} with the range ${JSON.stringify(value)}`, path);
    if (decodeStringList(value).kind !== 'invalid-json') throw new Untranslatable(`${op} with a JSON-encoded value ${JSON.stringify(value)}`, path);
    patterns = [value];
    // anyKeyExistsInArray: a scalar key against a string value is a one-way wildcard match (the value is the pattern).
    scalarTwoWay = false;
  } else {
    // Numbers and booleans: the scalar handlers reject them (false); AnyIn/AnyNotIn render them for list keys.
    throw new Untranslatable(`${op} with a ${value === null ? 'null' : typeof value} value`, path);
  }
  const notIn = op === 'AnyNotIn' || op === 'AllNotIn';
  const scalar = (t: CelValue['type']): string => {
    const m = membership(k, t, patterns, scalarTwoWay, path);
    return notIn ? `!(${m})` : m;
  };
  const e = fresh();
  const element = membership(e, 'dyn', patterns, true, path);
  const quantifier = op.startsWith('Any') ? 'exists' : 'all';
  const list = `${k}.${quantifier}(${e}, ${notIn ? `!(${element})` : element})`;
  return { string: scalar('string'), number: scalar('number'), bool: scalar('bool'), list };
}

/** One condition `{key, operator, value}` as a CEL boolean expression. */
function translateOne(condition: JsonValue, scope: TranslationScope, path: PolicyPath, fresh: () => string): string {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) throw new Untranslatable('a condition that is not a map', path);
  const operator = typeof condition.operator === 'string' ? condition.operator : '';
  const keyValue = condition.key === undefined ? null : condition.key;
  const rawValue = condition.value === undefined ? null : condition.value;
  const key = translateTemplate(keyValue, scope, [...path, 'key']);
  if (!key.ok) throw new Untranslatable(key.untranslatable.reason, key.untranslatable.path);
  const canonical = canonicalOperator(operator);
  if (canonical === null) throw new Untranslatable(`the operator ${JSON.stringify(operator)}`, [...path, 'operator']);
  if (hasVariables(rawValue)) return runtimeValueCondition(canonical, keyValue, key.value, rawValue, scope, path, fresh);
  const value = rawValue as JsonValue;
  if (!hasVariables(keyValue)) {
    // Nothing to substitute: the outcome is known now.
    return String(evaluateOperator(keyValue as JsonValue, operator, value));
  }
  return bindKey(key.value, fresh, (k, type) => {
    switch (canonical) {
      case 'Equals':
        return byType(k, type, equalsBranches(k, value, path));
      case 'NotEquals': {
        const equals = byType(k, type, equalsBranches(k, value, path));
        if (type === 'null') return 'false';
        return type === 'dyn' ? `${k} != null && !(${equals})` : `!(${equals})`;
      }
      case 'AnyIn':
      case 'AllIn':
      case 'AnyNotIn':
      case 'AllNotIn':
        return byType(k, type, setBranches(k, type, value, canonical, fresh, path));
      case 'GreaterThan':
      case 'GreaterThanOrEquals':
      case 'LessThan':
      case 'LessThanOrEquals':
        if (operator !== canonical) throw new Untranslatable(`the operator spelled ${JSON.stringify(operator)} (Kyverno evaluates it as false)`, [...path, 'operator']);
        return byType(k, type, numericBranches(k, value, canonical, path));
      default:
        throw new Untranslatable(`the deprecated operator ${canonical}`, [...path, 'operator']);
    }
  });
}

const RUNTIME_OPERATORS: ReadonlySet<string> = new Set<RuntimeOperator>(['Equals', 'NotEquals', 'AnyIn', 'AllIn', 'AnyNotIn', 'AllNotIn']);

/** A condition whose value holds variables: both operands' types are dispatched on at run time. */
function runtimeValueCondition(canonical: string, keyValue: JsonValue, key: CelValue, rawValue: JsonValue, scope: TranslationScope, path: PolicyPath, fresh: () => string): string {
  if (!RUNTIME_OPERATORS.has(canonical)) {
    throw new Untranslatable(`${canonical} with a value holding variables (the numeric and deprecated operators are translated for literal values only)`, [...path, 'operator']);
  }
  const value = translateTemplate(rawValue, scope, [...path, 'value']);
  if (!value.ok) throw new Untranslatable(value.untranslatable.reason, value.untranslatable.path);
  try {
    return runtimeCondition(canonical as RuntimeOperator, hasVariables(keyValue) ? { value: key } : { literal: keyValue }, value.value, fresh);
  } catch (error) {
    if (isRuntimeUntranslatable(error)) throw new Untranslatable(error.message, [...path, 'value']);
    throw error;
  }
}

function hasVariables(value: JsonValue | undefined): boolean {
  return JSON.stringify(value ?? null).includes('{{');
}

function bindKey(key: CelValue, fresh: () => string, body: (k: string, type: CelValue['type']) => string): string {
  if (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(key.expression)) return `(${body(key.expression, key.type)})`;
  const name = fresh();
  return `cel.bind(${name}, ${key.expression}, ${body(name, key.type)})`;
}

const OPERATORS = new Map<string, string>([
  ['equal', 'Equals'], ['equals', 'Equals'], ['notequal', 'NotEquals'], ['notequals', 'NotEquals'],
  ['in', 'In'], ['notin', 'NotIn'], ['anyin', 'AnyIn'], ['allin', 'AllIn'], ['anynotin', 'AnyNotIn'], ['allnotin', 'AllNotIn'],
  ['greaterthan', 'GreaterThan'], ['greaterthanorequals', 'GreaterThanOrEquals'], ['lessthan', 'LessThan'], ['lessthanorequals', 'LessThanOrEquals'],
  ['durationgreaterthan', 'DurationGreaterThan'], ['durationgreaterthanorequals', 'DurationGreaterThanOrEquals'],
  ['durationlessthan', 'DurationLessThan'], ['durationlessthanorequals', 'DurationLessThanOrEquals'],
]);

/** operator.go `CreateOperatorHandler`: names are matched case-insensitively. */
function canonicalOperator(operator: string): string | null {
  return OPERATORS.get(operator.toLowerCase()) ?? null;
}

/** Ordered AND: the first false condition decides, an error before it is the result. */
function sequentialAnd(parts: readonly string[]): string {
  if (parts.length === 0) return 'true';
  return parts.reduceRight((rest, part) => (rest === 'true' ? part : `((${part}) ? (${rest}) : false)`));
}

/** Ordered OR: the first true condition decides. */
function sequentialOr(parts: readonly string[]): string {
  if (parts.length === 0) return 'false';
  return parts.reduceRight((rest, part) => (rest === 'false' ? part : `((${part}) ? true : (${rest}))`));
}

/**
 * A condition block (`preconditions`, `deny.conditions`) as a CEL boolean expression: true when Kyverno's
 * evaluation is true, false when it is false, an evaluation error where Kyverno fails to substitute a variable.
 */
export function translateConditions(conditions: JsonValue | undefined, scope: TranslationScope, path: PolicyPath): Translation<string> {
  let counter = 0;
  const fresh = (): string => `_c${counter++}`;
  try {
    if (conditions === undefined || conditions === null) return { ok: true, value: 'true' };
    if (Array.isArray(conditions)) {
      return { ok: true, value: sequentialAnd(conditions.map((c, i) => translateOne(c, scope, [...path, i], fresh))) };
    }
    if (typeof conditions !== 'object') throw new Untranslatable('conditions that are neither a list nor `any`/`all`', path);
    const list = (name: 'any' | 'all'): JsonValue[] | undefined => {
      const v = conditions[name];
      if (v === undefined || v === null) return undefined;
      if (!Array.isArray(v)) throw new Untranslatable(`\`${name}\` that is not a list`, [...path, name]);
      return v;
    };
    const any = list('any');
    const all = list('all');
    const anyExpr = any === undefined ? null : sequentialOr(any.map((c, i) => translateOne(c, scope, [...path, 'any', i], fresh)));
    const allExpr = all === undefined ? null : sequentialAnd(all.map((c, i) => translateOne(c, scope, [...path, 'all', i], fresh)));
    if (anyExpr === null) return { ok: true, value: allExpr ?? 'true' };
    if (allExpr === null) return { ok: true, value: anyExpr };
    // `all` is evaluated even when `any` is false: its errors surface.
    return { ok: true, value: `((${anyExpr}) ? (${allExpr}) : ((${allExpr}) ? false : false))` };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}
