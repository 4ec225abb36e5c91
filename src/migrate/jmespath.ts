/**
 * @file Kyverno `{{ }}` variables and their JMESPath expressions as CEL expressions of the ValidatingPolicy
 * environment (`object`, `oldObject`, `request`, the Kubernetes and Kyverno CEL libraries).
 *
 * The translation keeps the semantics of Kyverno's go-jmespath fork (kyverno/go-jmespath `interpreter.go`, as
 * src/lang/jmespath/interpreter.ts mirrors it), construct by construct:
 * - a field of an object that lacks it is the fork's `NotFoundError`; it travels through sub-expressions and
 *   index expressions up to the top of the query, where Kyverno fails the substitution
 *   (pkg/engine/variables/vars.go `substituteVariablesIfAny`). The CEL counterpart is the selection error of a
 *   missing map key, raised at the same place: in a strict position the field is selected with `.f`;
 * - everywhere the fork turns a NotFound into `null` (function arguments, comparisons, `||`, `&&`, `!`, pipes,
 *   projections, multi-selects) the field is selected optionally (`.?f.orValue(null)`);
 * - a field of anything but an object, an index of anything but an array, an index out of range are `null`;
 * - projections drop `null` results; `||`/`&&`/`!`/filters use JMESPath truthiness (`null`, `false`, `""`,
 *   `[]` and `{}` are false);
 * - a function given an argument type it does not take fails the query, except in the left side of a flatten, a
 *   filter or a value projection, where the fork drops the error (null): CEL cannot catch an error, so the failure
 *   is tested apart there (`Translator.failsOf`);
 * - a function applied to a field (`a.keys(@)`) is skipped when the field is missing and applied to a null one.
 * A JMESPath construct or function without an exact CEL counterpart is reported untranslatable; where Kyverno's
 * outcome depends on text no CEL function writes, the expression fails evaluation ({@link celNoEquivalent}).
 *
 * Variables in strings (`{{ }}` in keys, values, messages) follow Kyverno's substitution passes: the innermost
 * variables first; a value left in a longer string is the string itself or its JSON; a variable inside a string
 * literal or a quoted name of another one has its text read as part of that JMESPath.
 *
 * Kyverno replaces the text `request.object` with `request.oldObject` in every variable of a DELETE request
 * (`substituteVariablesIfAny`, before parsing: `request."object"` is not replaced): with
 * {@link TranslationScope.mayDelete}, a variable whose text holds `request.object` is translated twice and
 * chosen by `request.operation`.
 */
import type { JsonValue } from '../types.js';
import { parseJmesPath } from '../lang/jmespath/parser.js';
import { childrenOf, type AstNode } from '../lang/jmespath/ast.js';
import type { PolicyPath, Translation } from './types.js';
import { translateRegexReplace } from './regex-replace.js';

/** What is known of a translated value's JSON type at translation time. */
export type CelType = 'string' | 'number' | 'bool' | 'list' | 'map' | 'null' | 'dyn';

/** A CEL expression and what is known of its type. */
export interface CelValue {
  readonly expression: string;
  readonly type: CelType;
  /** For a `dyn` value: the types it can have at run time, when fewer than all. */
  readonly possible?: readonly Exclude<CelType, 'dyn'>[];
}

/** The types a value can have at run time; null when it can have any. */
export function possibleTypes(value: CelValue): readonly Exclude<CelType, 'dyn'>[] | null {
  if (value.type !== 'dyn') return [value.type];
  return value.possible ?? null;
}

/** A value of one of `types` (a single one is its type). */
function ofTypes(expression: string, types: readonly Exclude<CelType, 'dyn'>[] | null): CelValue {
  if (types === null) return { expression, type: 'dyn' };
  const unique = [...new Set(types)];
  return unique.length === 1 ? { expression, type: unique[0]! } : { expression, type: 'dyn', possible: unique };
}

/** What variables may refer to. */
export interface TranslationScope {
  /** The request may be a DELETE: `request.object` then reads the old object, as Kyverno substitutes it. */
  readonly mayDelete: boolean;
  /** Context variables (`context[].variable`) translated to CEL, by name. */
  readonly variables?: ReadonlyMap<string, CelValue>;
}

class Untranslatable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

function fail(reason: string): never {
  throw new Untranslatable(reason);
}

/** A CEL string literal (double-quoted, escaped). */
export function celString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A CEL double literal of a finite number. */
export function celDouble(n: number): string {
  if (!Number.isFinite(n)) fail(`the number ${n} has no CEL literal`);
  const text = String(n);
  return /[.eE]/.test(text) ? text.replace(/e\+?/, 'e') : `${text}.0`;
}

/**
 * A JSON value as a CEL literal: numbers are doubles (Kyverno's context holds float64 numbers), list and map
 * members are `dyn` (the ValidatingPolicy environment only takes homogeneous literals).
 */
export function celLiteral(value: unknown): CelValue {
  if (value === null || value === undefined) return { expression: 'null', type: 'null' };
  if (typeof value === 'string') return { expression: celString(value), type: 'string' };
  if (typeof value === 'boolean') return { expression: String(value), type: 'bool' };
  if (typeof value === 'number') return { expression: celDouble(value), type: 'number' };
  if (typeof value === 'bigint') return { expression: celDouble(Number(value)), type: 'number' };
  if (Array.isArray(value)) return { expression: `[${value.map((item) => `dyn(${celLiteral(item).expression})`).join(', ')}]`, type: 'list' };
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${celString(key)}: dyn(${celLiteral(item).expression})`);
    return { expression: `{${entries.join(', ')}}`, type: 'map' };
  }
  return fail(`a ${typeof value} value has no CEL literal`);
}

/**
 * A CEL expression of type `int` that fails evaluation, stating why: where Kyverno's outcome depends on something
 * no CEL function reproduces (Go's `fmt` text of a number, JMESPath text rewritten by a substituted value), the
 * translation raises this error rather than guess. Compare it (`== 0`) or convert it (`string(…)`) where another
 * type is needed.
 */
export function celNoEquivalent(reason: string): string {
  return `int(${celString(reason)})`;
}

/** Regex metacharacters of RE2 other than the wildcard characters. */
const REGEX_META = /[\\.+()[\]{}^$|]/g;

/** A go-wildcard pattern (`*` any run, `?` one character) as an anchored RE2 expression. */
export function wildcardRegex(pattern: string): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === '*') out += '.*';
    else if (ch === '?') out += '.';
    else out += ch.replace(REGEX_META, '\\$&');
  }
  return `(?s)^${out}$`;
}

export function hasWildcard(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?');
}

/**
 * CEL for `wildcard.Match(pattern, text)` with a literal pattern and a string-valued `text` expression
 * (kyverno/kyverno ext/wildcard `Match`).
 */
export function celWildcardMatch(pattern: string, text: string): string {
  if (pattern === '*') return 'true';
  if (!hasWildcard(pattern)) return `${text} == ${celString(pattern)}`;
  return `${text}.matches(${celString(wildcardRegex(pattern))})`;
}

/**
 * CEL for `wildcard.Match(text, literal)` where the pattern is the string-valued expression `text` (Kyverno's
 * two-way matches): the pattern's regex metacharacters are escaped, `*` and `?` become `.*` and `.`.
 */
export function celDynamicWildcardMatch(text: string, literal: string): string {
  // A pattern matching `literal` holds no character but the literal's, `*` and `?`: tested first, it leaves only
  // the literal's regex metacharacters to escape.
  const chars = [...new Set(literal)].filter((ch) => ch !== '*' && ch !== '?');
  const alphabet = chars.map((ch) => (/[\\\]\[^-]/.test(ch) ? `\\${ch}` : ch)).join('');
  let regex = text;
  for (const meta of ['\\', '.', '+', '(', ')', '[', ']', '{', '}', '^', '$', '|']) {
    if (chars.includes(meta)) regex += `.replace(${celString(meta)}, ${celString(`\\${meta}`)})`;
  }
  regex += `.replace("*", ".*").replace("?", ".")`;
  return (
    `(${text} == ${celString(literal)} || ((${text}.contains("*") || ${text}.contains("?")) && ` +
    `${text}.matches(${celString(`^[${alphabet}*?]*$`)}) && ${celString(literal)}.matches("(?s)^" + ${regex} + "$")))`
  );
}

const CEL_RESERVED = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import',
  'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

function isCelIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !CEL_RESERVED.has(name);
}

/** Truthiness as JMESPath defines it. */
function truthy(value: CelValue, fresh: () => string): string {
  switch (value.type) {
    case 'bool':
      return value.expression;
    case 'null':
      return 'false';
    case 'number':
      return 'true';
    case 'string':
      return `${value.expression} != ""`;
    case 'list':
    case 'map':
      return `size(${value.expression}) != 0`;
    default:
      return bind(value, fresh, (v) => `!(${v} == null || ${v} == false || ${v} == "" || ${v} == [] || ${v} == {})`);
  }
}

/** Binds a non-trivial expression to a fresh variable (`cel.bind`) so that it is evaluated once. */
function bind(value: CelValue, fresh: () => string, body: (name: string) => string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(value.expression)) return body(value.expression);
  const name = fresh();
  return `cel.bind(${name}, ${value.expression}, ${body(name)})`;
}

type Mode = 'strict' | 'lenient';

/**
 * Marks where the text of a substituted inner variable stands in an outer variable's JMESPath (`'{{x}}'`,
 * `"{{x}}"`): `PLACEHOLDER_OPEN <n> PLACEHOLDER_CLOSE`, private-use characters that neither the JMESPath lexer
 * nor Kyverno's variable regex treat specially.
 */
const PLACEHOLDER_OPEN = '\uE000';
const PLACEHOLDER_CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

function placeholder(n: number): string {
  return `${PLACEHOLDER_OPEN}${n}${PLACEHOLDER_CLOSE}`;
}

/** Translates one parsed JMESPath expression. */
class Translator {
  #counter = 0;

  /** `holes[n]`: the CEL string expression standing for placeholder `n` in literals and quoted names. */
  constructor(
    private readonly scope: TranslationScope,
    private readonly holes: readonly string[] = [],
  ) {}

  /** A string of the parsed expression holding placeholders as a CEL concatenation; null without any. */
  interpolated(text: string): string | null {
    if (!text.includes(PLACEHOLDER_OPEN)) return null;
    const parts: string[] = [];
    let offset = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      const hole = this.holes[Number(match[1])];
      if (hole === undefined) fail('a substituted variable out of place');
      if (match.index! > offset) parts.push(celString(text.slice(offset, match.index)));
      parts.push(`(${hole})`);
      offset = match.index! + match[0].length;
    }
    if (offset < text.length) parts.push(celString(text.slice(offset)));
    return parts.join(' + ');
  }

  fresh = (): string => `_v${this.#counter++}`;

  /** `node` evaluated on the JMESPath root (the Kyverno context). */
  root(node: AstNode, mode: Mode): CelValue {
    return this.eval(node, null, mode);
  }

  /** `current` null means the context root. */
  eval(node: AstNode, current: CelValue | null, mode: Mode): CelValue {
    switch (node.type) {
      case 'Field':
        // `""`: no variable has the empty name; the context has no such key (a NotFound).
        if (current === null && node.name === '') return mode === 'strict' ? { expression: 'dyn({})[""]', type: 'dyn' } : { expression: 'null', type: 'null' };
        if (current === null) return this.contextField(node.name, mode);
        return this.field(current, node.name, mode);
      case 'Subexpression':
      case 'IndexExpression': {
        if (current === null) {
          const path = rootPath(node);
          if (path !== null) {
            const known = this.knownPath(path, mode);
            if (known !== null) return known;
          }
        }
        if (mode === 'lenient' && !isNullOnNull(node.right) && node.right.type !== 'MultiSelectList' && mayBeNotFound(node.left, current === null)) {
          // The fork skips the right side of a NotFound left (a missing field) but applies it to a null one, which
          // a lenient selection reads as null too: the missing field is tested on its own.
          const notFound = current === null ? null : this.notFoundOf(node.left, current);
          if (notFound === null) return fail('a function applied to a field that may be missing (Kyverno skips the function then, and applies it to a null value)');
          const left = this.eval(node.left, current, mode);
          const right = this.eval(node.right, left, mode);
          return { expression: `(${notFound}) ? null : dyn(${right.expression})`, type: 'dyn' };
        }
        const left = this.eval(node.left, current, mode);
        return this.eval(node.right, left, mode);
      }
      case 'Current':
      case 'Identity':
        if (current === null) return fail('`@` on the whole Kyverno context has no CEL counterpart');
        return current;
      case 'Literal': {
        const interpolated = typeof node.value === 'string' ? this.interpolated(node.value) : null;
        return interpolated === null ? celLiteral(node.value) : { expression: interpolated, type: 'string' };
      }
      case 'Index':
        if (current === null) return fail('an index of the Kyverno context');
        return this.index(current, node.index);
      case 'Projection': {
        const left = this.eval(node.left, current, 'lenient');
        return this.project(left, 'list', node.right);
      }
      case 'ValueProjection': {
        const left = this.eval(node.left, current, 'lenient');
        if (!isNullOnNull(node.right)) fail('a value projection whose right side is not null on null');
        return this.swallowing(node.left, current, this.project(left, 'map', node.right));
      }
      case 'FilterProjection': {
        const left = this.eval(node.left, current, 'lenient');
        return this.swallowing(node.left, current, this.whenType(left, 'list', (l) => {
          const element = this.fresh();
          const el: CelValue = { expression: element, type: 'dyn' };
          const condition = truthy(this.eval(node.condition, el, 'lenient'), this.fresh);
          const filtered = `${l}.filter(${element}, ${condition})`;
          if (node.right.type === 'Identity' || node.right.type === 'Current') return `${filtered}.filter(${element}, dyn(${element}) != null)`;
          const right = this.eval(node.right, el, 'lenient');
          return `${filtered}.map(${element}, ${right.expression}).filter(${element}, dyn(${element}) != null)`;
        }));
      }
      case 'Flatten': {
        const left = this.eval(node.child, current, 'lenient');
        return this.swallowing(
          node.child,
          current,
          this.whenType(left, 'list', (l) => {
            const element = this.fresh();
            return `${l}.map(${element}, type(${element}) == list ? dyn(${element}) : dyn([${element}])).flatten()`;
          }),
        );
      }
      case 'Comparator': {
        const left = this.eval(node.left, current, 'lenient');
        const right = this.eval(node.right, current, 'lenient');
        if (node.op === 'tEQ' || node.op === 'tNE') {
          return { expression: `dyn(${left.expression}) ${node.op === 'tEQ' ? '==' : '!='} dyn(${right.expression})`, type: 'bool' };
        }
        const op = { tLT: '<', tLTE: '<=', tGT: '>', tGTE: '>=' }[node.op];
        return {
          expression: bind(left, this.fresh, (l) =>
            bind(right, this.fresh, (r) => `(type(${l}) in [int, double] && type(${r}) in [int, double]) ? dyn(double(${l}) ${op} double(${r})) : null`),
          ),
          type: 'dyn',
        };
      }
      case 'Or': {
        const left = this.eval(node.left, current, 'lenient');
        const right = this.eval(node.right, current, 'lenient');
        if (left.type === 'string' && right.type === 'string') {
          return { expression: bind(left, this.fresh, (l) => `${l} != "" ? ${l} : ${right.expression}`), type: 'string' };
        }
        // A null left is false: the right side is the outcome then.
        const leftTypes = possibleTypes(left);
        const rightTypes = possibleTypes(right);
        const types = leftTypes === null || rightTypes === null ? null : [...leftTypes.filter((t) => t !== 'null'), ...rightTypes];
        return ofTypes(bind(left, this.fresh, (l) => `${truthy({ expression: l, type: left.type }, this.fresh)} ? dyn(${l}) : dyn(${right.expression})`), types);
      }
      case 'And': {
        const left = this.eval(node.left, current, 'lenient');
        const right = this.eval(node.right, current, mode);
        return { expression: bind(left, this.fresh, (l) => `${truthy({ expression: l, type: left.type }, this.fresh)} ? dyn(${right.expression}) : dyn(${l})`), type: 'dyn' };
      }
      case 'Not': {
        const child = this.eval(node.child, current, 'lenient');
        return { expression: `!(${truthy(child, this.fresh)})`, type: 'bool' };
      }
      case 'Pipe': {
        const left = this.eval(node.left, current, 'lenient');
        return this.eval(node.right, left, 'lenient');
      }
      case 'MultiSelectList': {
        if (current === null) return fail('a multi-select on the whole Kyverno context');
        const list = (c: CelValue): string => `[${node.children.map((child) => `dyn(${this.eval(child, c, 'lenient').expression})`).join(', ')}]`;
        if (current.type !== 'dyn' && current.type !== 'null') return { expression: list(current), type: 'list' };
        return { expression: bind(current, this.fresh, (c) => `${c} == null ? null : dyn(${list({ expression: c, type: 'dyn' })})`), type: 'dyn' };
      }
      case 'Function':
        return this.call(node, current);
      default:
        return fail(`the JMESPath construct ${node.type} has no CEL counterpart`);
    }
  }

  /**
   * For a chain of field and index steps on `current`: a CEL test that it gives the fork's NotFound (some step's
   * object lacks the field; a field of anything but an object is null, not NotFound), or null for another node.
   */
  notFoundOf(node: AstNode, current: CelValue): string | null {
    const lacks = (base: CelValue, name: string): string => {
      const key = this.interpolated(name) ?? celString(name);
      if (base.type !== 'map' && base.type !== 'dyn') return 'false';
      return bind(base, this.fresh, (b) => (base.type === 'map' ? `!(${key} in ${b})` : `type(${b}) == map && !(${key} in ${b})`));
    };
    switch (node.type) {
      case 'Field':
        return lacks(current, node.name);
      case 'Index':
        return 'false';
      case 'Subexpression':
      case 'IndexExpression': {
        const left = this.notFoundOf(node.left, current);
        if (left === null) return null;
        if (node.right.type === 'Index') return left;
        if (node.right.type !== 'Field') return null;
        const step = lacks(this.eval(node.left, current, 'lenient'), node.right.name);
        return left === 'false' ? step : step === 'false' ? left : `(${left}) || (${step})`;
      }
      default:
        return null;
    }
  }

  /**
   * kyverno/go-jmespath interpreter.go: a flatten, a filter or a value projection whose left side fails (a function
   * given an argument type it does not take) is null, the error dropped. CEL cannot catch an error: the failure is
   * tested apart ({@link failsOf}) and the value is null when it holds.
   */
  swallowing(left: AstNode, current: CelValue | null, value: CelValue): CelValue {
    const fails = this.failsOf(left, current);
    if (fails === null) return fail('a function that may fail inside the left side of a flatten, a filter or a value projection (Kyverno drops the error)');
    if (fails === 'false') return value;
    return { expression: `(${fails}) ? null : dyn(${value.expression})`, type: 'dyn', possible: [...new Set([...(possibleTypes(value) ?? ['list' as const]), 'null' as const])] };
  }

  /**
   * A CEL test that evaluating `node` leniently on `current` fails as the fork fails (a function given an argument
   * of a type it does not take; a NotFound is no failure), `false` when it cannot, null when not known.
   */
  failsOf(node: AstNode, current: CelValue | null): string | null {
    const or = (...parts: string[]): string => {
      const live = parts.filter((p) => p !== 'false');
      return live.length === 0 ? 'false' : live.map((p) => `(${p})`).join(' || ');
    };
    switch (node.type) {
      case 'Field':
      case 'Index':
      case 'Current':
      case 'Identity':
      case 'Literal':
      case 'Flatten':
        // A flatten drops the failures of its own left side.
        return 'false';
      case 'Subexpression':
      case 'IndexExpression': {
        if (current === null && rootPath(node) !== null) return 'false';
        const left = this.failsOf(node.left, current);
        if (left === null) return null;
        const leftValue = this.eval(node.left, current, 'lenient');
        const right = this.failsOf(node.right, leftValue);
        if (right === null) return null;
        if (right === 'false') return left;
        // The right side is evaluated only on a found left.
        const notFound = mayBeNotFound(node.left, current === null) ? (current === null ? null : this.notFoundOf(node.left, current)) : 'false';
        if (notFound === null) return null;
        return or(left, notFound === 'false' ? right : `!(${notFound}) && (${right})`);
      }
      case 'Function': {
        const parts = node.args.map((arg) => (arg.type === 'ExpRef' ? null : this.failsOf(arg, current)));
        if (parts.some((p) => p === null)) return null;
        const args = node.args.map((arg) => this.eval(arg, current, 'lenient'));
        const typeFails = functionTypeFails(node.name, args);
        if (typeFails === null) return null;
        return or(...(parts as string[]), typeFails);
      }
      case 'Comparator': {
        const left = this.failsOf(node.left, current);
        const right = this.failsOf(node.right, current);
        return left === null || right === null ? null : or(left, right);
      }
      case 'Not':
        return this.failsOf(node.child, current);
      case 'And':
      case 'Or':
      case 'Pipe': {
        const left = this.failsOf(node.left, current);
        const right = this.failsOf(node.right, node.type === 'Pipe' ? this.eval(node.left, current, 'lenient') : current);
        if (left === null || right === null) return null;
        // Without the right side's evaluation order, only a right side that cannot fail is known.
        if (right !== 'false' && node.type !== 'Pipe') return null;
        return or(left, right);
      }
      case 'FilterProjection':
      case 'ValueProjection':
      case 'Projection': {
        // The left side of a filter or a value projection drops its failures; a projection's propagate.
        const left = node.type === 'Projection' ? this.failsOf(node.left, current) : 'false';
        if (left === null) return null;
        const element: CelValue = { expression: this.fresh(), type: 'dyn' };
        const condition = node.type === 'FilterProjection' ? this.failsOf(node.condition, element) : 'false';
        const right = this.failsOf(node.right, element);
        if (condition === null || right === null) return null;
        if (condition === 'false' && right === 'false') return left;
        const leftFails = node.type === 'Projection' ? 'false' : this.failsOf(node.left, current);
        if (leftFails !== 'false') return null;
        const value = this.eval(node.left, current, 'lenient');
        const over = node.type === 'ValueProjection' ? 'map' : 'list';
        const holds = node.type === 'FilterProjection' ? truthy(this.eval(node.condition, element, 'lenient'), this.fresh) : 'true';
        const each = or(condition, right === 'false' ? 'false' : `(${holds}) && (${right})`);
        const failing = bind(value, this.fresh, (v) =>
          over === 'list' ? `type(${v}) == list && ${v}.exists(${element.expression}, ${each})` : `type(${v}) == map && ${v}.exists(_k, cel.bind(${element.expression}, ${v}[_k], ${each}))`,
        );
        return or(left, failing);
      }
      case 'MultiSelectList': {
        if (current === null) return null;
        const parts = node.children.map((child) => this.failsOf(child, current));
        if (parts.some((p) => p === null)) return null;
        const any = or(...(parts as string[]));
        return any === 'false' ? 'false' : bind(current, this.fresh, (c) => `${c} != null && (${any})`);
      }
      default:
        return null;
    }
  }

  /** A projection (`[*]`, `[]` then more, `*`) over a list or the values of a map; nulls are dropped. */
  project(left: CelValue, over: 'list' | 'map', rightNode: AstNode): CelValue {
    return this.whenType(left, over, (l) => {
      const element = this.fresh();
      const source = over === 'list' ? l : `${l}.map(${element}, ${l}[${element}])`;
      if (rightNode.type === 'Identity' || rightNode.type === 'Current') return `${source}.filter(${element}, dyn(${element}) != null)`;
      const right = this.eval(rightNode, { expression: element, type: 'dyn' }, 'lenient');
      return `${source}.map(${element}, ${right.expression}).filter(${element}, dyn(${element}) != null)`;
    });
  }

  /** `body(value)` when the value is of type `type`, else null (JMESPath projections of other values). */
  whenType(value: CelValue, type: 'list' | 'map', body: (expr: string) => string): CelValue {
    if (value.type === type) return { expression: bind(value, this.fresh, body), type: 'list' };
    if (value.type !== 'dyn') return { expression: 'null', type: 'null' };
    return { expression: bind(value, this.fresh, (v) => `type(${v}) == ${type} ? dyn(${body(v)}) : null`), type: 'dyn', possible: ['list', 'null'] };
  }

  field(base: CelValue, name: string, mode: Mode): CelValue {
    const key = this.interpolated(name);
    if (key !== null) {
      // A quoted name built from a substituted variable: a key known at run time.
      const selectKey = (b: string): string => (mode === 'strict' ? `${b}[${key}]` : `${b}[?${key}].orValue(null)`);
      if (base.type === 'map') return { expression: selectKey(base.expression), type: 'dyn' };
      if (base.type !== 'dyn') return { expression: 'null', type: 'null' };
      return { expression: bind(base, this.fresh, (b) => `type(${b}) == map ? dyn(${selectKey(b)}) : null`), type: 'dyn' };
    }
    const select = (b: string): string => {
      if (mode === 'strict') return isCelIdentifier(name) ? `${b}.${name}` : `${b}[${celString(name)}]`;
      // Kyverno's CEL autogen rewrites the text `object.spec`/`object.metadata` (pkg/cel/autogen replacement.go), as
      // its JMESPath autogen rewrites `request.object.spec`/`.metadata`: the lenient selection keeps that text.
      if ((b === 'object' || b === 'oldObject') && (name === 'spec' || name === 'metadata')) return `(has(${b}.${name}) ? ${b}.${name} : null)`;
      return isCelIdentifier(name) ? `${b}.?${name}.orValue(null)` : `${b}[?${celString(name)}].orValue(null)`;
    };
    if (base.type === 'map') return { expression: select(base.expression), type: 'dyn' };
    if (base.type !== 'dyn') return { expression: 'null', type: 'null' };
    return { expression: bind(base, this.fresh, (b) => `type(${b}) == map ? dyn(${select(b)}) : null`), type: 'dyn' };
  }

  index(base: CelValue, index: number): CelValue {
    const at = (b: string): string =>
      index >= 0 ? `size(${b}) > ${index} ? dyn(${b}[${index}]) : null` : `size(${b}) >= ${-index} ? dyn(${b}[size(${b}) - ${-index}]) : null`;
    if (base.type === 'list') return { expression: bind(base, this.fresh, at), type: 'dyn' };
    if (base.type !== 'dyn') return { expression: 'null', type: 'null' };
    return { expression: bind(base, this.fresh, (b) => `type(${b}) == list ? dyn(${at(b)}) : null`), type: 'dyn' };
  }

  /** A top-level name of the Kyverno context. */
  contextField(name: string, mode: Mode = 'strict'): CelValue {
    if (name.includes(PLACEHOLDER_OPEN)) return fail('a context variable whose name is built from a substituted variable');
    const variable = this.scope.variables?.get(name);
    if (variable !== undefined) return variable;
    switch (name) {
      case '':
        // `""` (a quoted empty name, often meant as an empty string) names no variable of the Kyverno context:
        // NotFound, an error at the top of the query and null elsewhere.
        return mode === 'lenient' ? { expression: 'null', type: 'null' } : fail('the variable `""` (an empty name, not a string) is not in the Kyverno context');
      case 'request':
        return fail('the whole `request` of the Kyverno context');
      case 'serviceAccountName':
      case 'serviceAccountNamespace': {
        // pkg/userinfo `GetServiceAccount`: the username's parts after `system:serviceaccount:`.
        const part = name === 'serviceAccountName' ? 1 : 0;
        const rest = 'request.userInfo.username.substring(22)';
        return {
          expression: `request.userInfo.username.size() > 22 && ${rest}.split(":").size() >= 2 ? ${rest}.split(":")[${part}] : ""`,
          type: 'string',
        };
      }
      case 'images':
        return fail('the `images` context variable has no CEL counterpart in the ValidatingPolicy environment');
      case 'element':
      case 'elementIndex':
        return fail('foreach `element` variables are translated with their foreach');
      default:
        return fail(`the variable \`${name}\` is not declared in the rule context`);
    }
  }

  /** Paths of the admission request whose CEL counterpart is known. */
  knownPath(path: readonly (string | number)[], mode: Mode): CelValue | null {
    if (path[0] !== 'request') return null;
    const [, second, third] = path;
    if (second === 'object') {
      // `object` is null on DELETE.
      return this.rest({ expression: 'object', type: this.scope.mayDelete ? 'dyn' : 'map' }, path.slice(2), mode);
    }
    // The CLI's context has no `request.oldObject` outside UPDATE and DELETE: a field of it is a NotFound there,
    // as selecting a field of the null `oldObject` is an error in CEL.
    if (second === 'oldObject') return this.rest({ expression: 'oldObject', type: 'map' }, path.slice(2), mode);
    if (path.length === 2 && (second === 'operation' || second === 'namespace' || second === 'name')) {
      return { expression: `request.${second}`, type: 'string' };
    }
    if (second === 'userInfo') {
      if (path.length === 3 && third === 'username') return { expression: 'request.userInfo.username', type: 'string' };
      if (path.length === 3 && third === 'groups') return { expression: 'request.userInfo.groups', type: 'list' };
      return fail(`\`request.userInfo${third === undefined ? '' : `.${String(third)}`}\` has no translated counterpart`);
    }
    return fail(`\`request.${String(second)}\` has no translated counterpart`);
  }

  /** The remaining path steps after a known root. */
  rest(root: CelValue, steps: readonly (string | number)[], mode: Mode): CelValue {
    let value = root;
    for (const [i, step] of steps.entries()) {
      if (i === 0 && mode === 'lenient' && (step === 'spec' || step === 'metadata')) value = this.podField(root, step);
      else value = typeof step === 'number' ? this.index(value, step) : this.field(value, step, mode);
    }
    return value;
  }

  /**
   * `spec`/`metadata` of the (old) object, null when missing, spelt `object.spec` as CEL autogen needs it: Kyverno
   * rewrites the text `object.spec`/`object.metadata` to the pod template's for Pod controllers (pkg/cel/autogen
   * `ReplacementsMap`), which `object.?spec` would escape.
   */
  podField(root: CelValue, name: 'spec' | 'metadata'): CelValue {
    // `oldObject` is null outside UPDATE and DELETE, `object` on DELETE.
    const guard = `type(${root.expression}) == map && has(${root.expression}.${name})`;
    return { expression: `(${guard} ? dyn(${root.expression}.${name}) : null)`, type: 'dyn' };
  }

  call(node: Extract<AstNode, { type: 'Function' }>, current: CelValue | null): CelValue {
    const args = node.args.map((arg) => {
      if (arg.type === 'ExpRef') return fail(`\`${node.name}\` with an expression reference`);
      if ((arg.type === 'Current' || arg.type === 'Identity') && current === null) fail('`@` on the whole Kyverno context');
      return this.eval(arg, current, 'lenient');
    });
    const arity = (n: number): void => {
      if (args.length !== n) fail(`\`${node.name}\` takes ${n} arguments`);
    };
    switch (node.name) {
      case 'length':
        arity(1);
        // `size` has no overload for null, numbers and booleans: the error the fork's type check raises.
        return { expression: `double(size(${args[0]!.expression}))`, type: 'number' };
      case 'contains': {
        arity(2);
        const [subject, search] = args as [CelValue, CelValue];
        const body = (s: string): string =>
          bind(search, this.fresh, (x) => {
            const element = this.fresh();
            const stringCase = `(type(${x}) == string && ${s}.contains(${x}))`;
            const listCase = `${s}.exists(${element}, dyn(${element}) == dyn(${x}))`;
            if (subject.type === 'string') return stringCase;
            if (subject.type === 'list') return listCase;
            // The fork's type check: a subject other than a string or a list fails the call.
            return `type(${s}) == string ? ${stringCase} : type(${s}) == list ? ${listCase} : ${celNoEquivalent('contains() of a value that is neither a string nor a list (Kyverno fails the call)')} == 0`;
          });
        return { expression: bind(subject, this.fresh, body), type: 'bool' };
      }
      case 'starts_with':
      case 'ends_with': {
        arity(2);
        const method = node.name === 'starts_with' ? 'startsWith' : 'endsWith';
        return { expression: `${paren(args[0]!)}.${method}(${args[1]!.expression})`, type: 'bool' };
      }
      case 'keys':
      case 'values': {
        arity(1);
        // A value other than an object fails the fork's type check: an index of a non-map fails in CEL too.
        const key = this.fresh();
        const body = (m: string): string =>
          `type(${m}) == map ? dyn(${m}.map(${key}, ${node.name === 'keys' ? key : `${m}[${key}]`})) : dyn(${m})["${node.name}() of a non-object"]`;
        return { expression: bind(args[0]!, this.fresh, body), type: 'list' };
      }
      case 'split':
        arity(2);
        return { expression: `${paren(args[0]!)}.split(${args[1]!.expression})`, type: 'list' };
      case 'join':
        arity(2);
        return { expression: `${paren(args[1]!)}.join(${args[0]!.expression})`, type: 'string' };
      case 'regex_match': {
        arity(2);
        const [pattern, value] = args as [CelValue, CelValue];
        if (value.type === 'string') return { expression: `${paren(value)}.matches(${pattern.expression})`, type: 'bool' };
        // kyverno/kyverno pkg/engine/jmespath/functions.go `jpRegexMatch`: a string or a number, as `ifaceToString`
        // writes it (float64 through `strconv.FormatFloat(f, 'f', -1, 32)`): an integer of at most 24 bits is its
        // digits; any other number's float32 text has no CEL counterpart; other values fail the type check.
        const text = (v: string): string =>
          `type(${v}) == string ? ${v} : ` +
          `((type(${v}) == int || type(${v}) == double) && ${v} > -16777216 && ${v} < 16777216 && ${v} != 0 && double(int(${v})) == double(${v})) ? string(int(${v})) : ` +
          `string(${celNoEquivalent('regex_match of a value other than a string or a non-zero integer below 2^24 (Kyverno formats numbers as float32 text or fails)')})`;
        return { expression: bind(value, this.fresh, (v) => `(${text(v)}).matches(${pattern.expression})`), type: 'bool' };
      }
      case 'to_array': {
        arity(1);
        // The JMESPath builtin: a list as it is, anything else in a list of one.
        const [value] = args as [CelValue];
        if (value.type === 'list') return value;
        if (value.type !== 'dyn') return { expression: `[dyn(${value.expression})]`, type: 'list' };
        return { expression: bind(value, this.fresh, (v) => `type(${v}) == list ? dyn(${v}) : dyn([${v}])`), type: 'list' };
      }
      case 'to_string': {
        arity(1);
        const [value] = args as [CelValue];
        if (value.type === 'string') return value;
        // go-jmespath `jpfToString`: a string as it is, anything else through encoding/json's Marshal, which Kyverno's
        // CEL json.marshal is, except for a list or map built in CEL inside another (it cannot write those).
        if (buildsNestedAggregates(node.args[0]!)) return fail('`to_string` of lists or maps built in lists, which Kyverno\'s CEL json.marshal cannot write');
        return { expression: substitutedText(value, this.fresh), type: 'string' };
      }
      case 'regex_replace_all':
      case 'regex_replace_all_literal': {
        arity(3);
        const translated = translateRegexReplace(node.name === 'regex_replace_all_literal', node.args, args, (value, body) => bind({ expression: value, type: 'dyn' }, this.fresh, body));
        if (typeof translated !== 'string') return fail(`\`${node.name}\`: ${translated.reason}`);
        return { expression: translated, type: 'string' };
      }
      default:
        return fail(`the JMESPath function \`${String(node.name)}\` has no faithful CEL counterpart`);
    }
  }
}

/**
 * A CEL test that the fork's type check of `name` rejects the arguments (kyverno/go-jmespath functions.go argument
 * specs, Kyverno's pkg/engine/jmespath functions), as the translation of the call then fails; null for a function
 * the translation does not know.
 */
function functionTypeFails(name: string | null, args: readonly CelValue[]): string | null {
  const not = (value: CelValue, types: readonly Exclude<CelType, 'dyn'>[]): string => {
    if (value.type !== 'dyn') return String(!types.includes(value.type));
    const tests = types.map((t) => (t === 'number' ? `type(${value.expression}) in [int, double]` : t === 'null' ? `${value.expression} == null` : `type(${value.expression}) == ${t}`));
    return `!(${tests.join(' || ')})`;
  };
  const any = (...parts: string[]): string => {
    const live = parts.filter((p) => p !== 'false');
    return live.includes('true') ? 'true' : live.length === 0 ? 'false' : live.map((p) => `(${p})`).join(' || ');
  };
  switch (name) {
    case 'length':
      return not(args[0]!, ['string', 'list', 'map']);
    case 'contains':
      return not(args[0]!, ['string', 'list']);
    case 'starts_with':
    case 'ends_with':
    case 'split':
      return any(not(args[0]!, ['string']), not(args[1]!, ['string']));
    case 'keys':
    case 'values':
      return not(args[0]!, ['map']);
    case 'join': {
      const list = args[1]!;
      const elements = list.type === 'list' || list.type === 'dyn' ? `!(type(${list.expression}) == list && ${list.expression}.all(_j, type(_j) == string))` : 'true';
      return any(not(args[0]!, ['string']), elements);
    }
    case 'regex_match':
      return any(not(args[0]!, ['string']), not(args[1]!, ['string', 'number']));
    case 'to_array':
    case 'to_string':
      return 'false';
    default:
      return null;
  }
}

function paren(value: CelValue): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(value.expression) || /^"/.test(value.expression) ? value.expression : `(${value.expression})`;
}

/** Whether the node evaluates to null on null (a field path or identity): value projections need it. */
function isNullOnNull(node: AstNode): boolean {
  if (node.type === 'Identity' || node.type === 'Current' || node.type === 'Field' || node.type === 'Index') return true;
  if (node.type === 'Subexpression' || node.type === 'IndexExpression') return isNullOnNull(node.left) && isNullOnNull(node.right);
  return false;
}

/**
 * Whether the node may give the fork's NotFound (a field missing from an object) rather than a value: a field
 * step not absorbed by a projection, a function, a comparison or an operator. `atRoot`: the node is evaluated on
 * the Kyverno context, where a lone name is a context variable.
 */
function mayBeNotFound(node: AstNode, atRoot: boolean): boolean {
  switch (node.type) {
    case 'Field':
      return !atRoot;
    case 'Subexpression':
    case 'IndexExpression':
      return mayBeNotFound(node.left, atRoot) || mayBeNotFound(node.right, false);
    case 'Pipe':
      return mayBeNotFound(node.right, false);
    default:
      return false;
  }
}

/** The plain steps of a root path (`request.object.spec.x[0]`), or null. */
export function rootPath(node: AstNode): (string | number)[] | null {
  switch (node.type) {
    case 'Field':
      return [node.name];
    case 'Subexpression':
    case 'IndexExpression': {
      const left = rootPath(node.left);
      if (left === null) return null;
      if (node.right.type === 'Field') return [...left, node.right.name];
      if (node.right.type === 'Index') return [...left, node.right.index];
      return null;
    }
    default:
      return null;
  }
}

function translateNode(node: AstNode, scope: TranslationScope, holes: readonly string[], mode: Mode = 'strict'): CelValue {
  return new Translator(scope, holes).root(node, mode);
}

/**
 * Translates a JMESPath expression (the inside of `{{ }}`) as Kyverno evaluates it in a variable: the result
 * at the top of the query, with a NotFound there an error.
 */
export function translateJmesPath(expression: string, scope: TranslationScope, path: PolicyPath): Translation<CelValue> {
  return translateVariable(expression, scope, path, []);
}

/**
 * Translates a JMESPath expression as Kyverno queries its context directly, without variable substitution (a
 * foreach `list`: pkg/engine/utils/foreach.go `EvaluateList`; a context variable's `jmesPath`:
 * pkg/engine/context/loaders/variable.go `loadVariable`; both call `context.Query`): `request.object` is not
 * rewritten on DELETE. A NotFound at the top of the query is an error when `strict`, else `null` (Kyverno ignores
 * a foreach list whose query fails with "Unknown key", as it ignores the elements of a null list).
 */
export function translateQuery(expression: string, scope: TranslationScope, path: PolicyPath, strict = false): Translation<CelValue> {
  return translateText(expression, scope, path, [], strict ? 'strict' : 'lenient');
}

/** {@link translateJmesPath} of a text that may hold placeholders for the substituted inner variables `holes`. */
function translateVariable(expression: string, scope: TranslationScope, path: PolicyPath, holes: readonly string[]): Translation<CelValue> {
  // A foreach element substituted into the text of a query over lists makes a CEL expression whose evaluation grows
  // beyond bounds on some resources (measured: out of memory on variants of a Pod with two hostPath volumes).
  if (holes.length > 0 && scope.variables?.has('element') === true) {
    return { ok: false, untranslatable: { reason: `\`${shown(expression)}\`: a variable substituted into the text of another inside a foreach`, path } };
  }
  const normal = translateText(expression, scope, path, holes);
  // substituteVariablesIfAny: on DELETE, the text `request.object` reads `request.oldObject`.
  if (!normal.ok || !scope.mayDelete || !expression.includes('request.object')) return normal;
  const onDelete = translateText(expression.replaceAll('request.object', 'request.oldObject'), scope, path, holes);
  if (!onDelete.ok) return onDelete;
  const normalTypes = possibleTypes(normal.value);
  const deleteTypes = possibleTypes(onDelete.value);
  const types = normalTypes === null || deleteTypes === null ? null : [...normalTypes, ...deleteTypes];
  return { ok: true, value: ofTypes(`(request.operation == "DELETE" ? dyn(${onDelete.value.expression}) : dyn(${normal.value.expression}))`, types) };
}

function translateText(expression: string, scope: TranslationScope, path: PolicyPath, holes: readonly string[], mode: Mode = 'strict'): Translation<CelValue> {
  let node: AstNode;
  try {
    node = parseJmesPath(expression);
  } catch (error) {
    return { ok: false, untranslatable: { reason: `invalid JMESPath \`${expression}\`: ${(error as Error).message}`, path } };
  }
  try {
    const value = translateNode(node, scope, holes, mode);
    if (value.expression.includes(PLACEHOLDER_OPEN)) fail('a substituted variable in a place its text has no CEL counterpart');
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: `\`${shown(expression)}\`: ${error.reason}`, path } };
    throw error;
  }
}

/** {@link buildsNestedAggregates} of a variable's text (false when it does not parse: the translation failed then). */
function nestsAggregates(expression: string): boolean {
  try {
    return buildsNestedAggregates(parseJmesPath(expression));
  } catch {
    return false;
  }
}

/** An expression as a reason shows it: placeholders as `{{…}}`. */
function shown(expression: string): string {
  return expression.trim().replace(PLACEHOLDER, '{{…}}');
}

/** pkg/engine/variables/regex `RegexVariables` (a `{{` not preceded by `\`, the shortest run to `}}`). */
const VARIABLE_SOURCE = '(^|[^\\\\])(\\{\\{(?:\\{[^{}]*\\}|[^{}])*\\}\\})';
const VARIABLE = new RegExp(VARIABLE_SOURCE, 'g');

/** The variables of a string: `{{ … }}` runs with their offsets. */
function variablesOf(text: string): { start: number; end: number; inner: string }[] {
  const out: { start: number; end: number; inner: string }[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const start = match.index! + match[1]!.length;
    const whole = match[2]!;
    out.push({ start, end: start + whole.length, inner: whole.slice(2, -2) });
  }
  return out;
}

/** kyverno/kyverno pkg/engine/variables/vars.go `substituteVarInPattern`: a string as it is, any other value JSON-encoded. */
function substitutedText(value: CelValue, fresh: () => string): string {
  switch (value.type) {
    case 'string':
      return value.expression;
    case 'null':
      return '"null"';
    case 'dyn':
      // Kyverno's json.marshal writes a top-level null as 0 (cel-go hands Go the NullValue enum): null is written here.
      return bind(value, fresh, (v) => `type(${v}) == string ? ${v} : ${v} == null ? "null" : json.marshal(${v})`);
    default:
      return `json.marshal(${value.expression})`;
  }
}

/** JMESPath functions whose translation builds a list in CEL. */
const LIST_FUNCTIONS = new Set(['keys', 'values', 'to_array', 'split']);

/**
 * Whether a query builds, in CEL, a list or map inside another one (`a[*].b[*]`, `a[].keys(@)`, a multi-select, a
 * nested literal): Kyverno's json.marshal fails on such a value (cel-go converts a CEL-built list or map nested in
 * another into `map[interface{}]interface{}`), where Kyverno's substitution writes its JSON.
 */
function buildsNestedAggregates(node: AstNode): boolean {
  const builds = (n: AstNode): boolean => {
    switch (n.type) {
      case 'Projection':
      case 'ValueProjection':
      case 'FilterProjection':
      case 'Flatten':
      case 'MultiSelectList':
      case 'MultiSelectHash':
        return true;
      case 'Function':
        return n.name !== null && LIST_FUNCTIONS.has(n.name);
      case 'Literal':
        return Array.isArray(n.value) || (n.value !== null && typeof n.value === 'object');
      default:
        return false;
    }
  };
  const children = (n: AstNode): readonly AstNode[] => childrenOf(n);
  const contains = (n: AstNode): boolean => builds(n) || children(n).some(contains);
  const nested = (n: AstNode): boolean => {
    if (n.type === 'MultiSelectList' || n.type === 'MultiSelectHash') return true;
    if (n.type === 'Literal' && builds(n)) return JSON.stringify(n.value).slice(1).search(/[[{]/) >= 0;
    if ((n.type === 'Projection' || n.type === 'ValueProjection' || n.type === 'FilterProjection') && contains(n.right)) return true;
    return children(n).some(nested);
  };
  return nested(node);
}

type PlaceholderContext = { kind: 'raw'; closesLiteral: boolean } | { kind: 'quoted' } | { kind: 'other' };

/**
 * Where each placeholder of a JMESPath text stands, as the go-jmespath lexer reads the text: in a raw string
 * literal (`'…'`, only `\'` escaped), a quoted name (`"…"`, a JSON string) or elsewhere (a JSON literal, bare).
 */
function placeholderContexts(text: string): Map<number, PlaceholderContext> {
  const contexts = new Map<number, PlaceholderContext>();
  const at = (i: number): { n: number; end: number } | null => {
    const match = /^\uE000(\d+)\uE001/.exec(text.slice(i));
    return match === null ? null : { n: Number(match[1]), end: i + match[0].length };
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "'") {
      i++;
      while (i < text.length && text[i] !== "'") {
        if (text[i] === '\\' && text[i + 1] === "'") {
          i += 2;
          continue;
        }
        const found = at(i);
        if (found !== null) {
          contexts.set(found.n, { kind: 'raw', closesLiteral: text[found.end] === "'" });
          i = found.end;
          continue;
        }
        i++;
      }
      i++;
      continue;
    }
    if (ch === '"' || ch === '`') {
      i++;
      while (i < text.length && text[i] !== ch) {
        if (text[i] === '\\') {
          // An escaped placeholder character is no placeholder the lexer keeps.
          const escaped = at(i + 1);
          if (escaped !== null) contexts.set(escaped.n, { kind: 'other' });
          i += 2;
          continue;
        }
        const found = at(i);
        if (found !== null) {
          contexts.set(found.n, ch === '"' ? { kind: 'quoted' } : { kind: 'other' });
          i = found.end;
          continue;
        }
        i++;
      }
      i++;
      continue;
    }
    const found = at(i);
    if (found !== null) {
      contexts.set(found.n, { kind: 'other' });
      i = found.end;
      continue;
    }
    i++;
  }
  return contexts;
}

/**
 * The substituted texts `holes` as the outer variable `inner` reads them: Kyverno pastes each text into the
 * JMESPath text, then parses it. A text that would change the expression (end the string or name early, escape
 * its closing quote, bring braces Kyverno's variable regex reads, hold `request.object` that a DELETE rewrites)
 * is an evaluation error: Kyverno evaluates another expression then.
 */
function guardedHoles(inner: string, holes: readonly string[], scope: TranslationScope, fresh: () => string, path: PolicyPath): Translation<string[]> {
  const guarded = [...holes];
  for (const [n, context] of placeholderContexts(inner)) {
    if (context.kind === 'other') {
      return { ok: false, untranslatable: { reason: 'a variable substituted into the JMESPath text of another variable outside a string literal or a quoted name', path } };
    }
    const h = fresh();
    const bad =
      context.kind === 'raw'
        ? [`${h}.contains("'")`, ...(context.closesLiteral ? [`${h}.endsWith("\\\\")`] : [])]
        : [`${h}.matches(${celString('["\\\\\\x00-\\x1f]')})`];
    // Braces other than single `{…}` groups change what Kyverno's variable regex reads as the outer variable.
    bad.push(`!${h}.matches(${celString('^([^{}]|[{][^{}]*[}])*$')})`);
    if (scope.mayDelete) bad.push(`(request.operation == "DELETE" && ${h}.contains("request.object"))`);
    const reason = `the text of a variable substituted into ${context.kind === 'raw' ? "a JMESPath '…' string" : 'a quoted JMESPath name'} changes the expression Kyverno evaluates`;
    guarded[n] = `cel.bind(${h}, ${holes[n]!}, (${bad.join(' || ')}) ? string(${celNoEquivalent(reason)}) : ${h})`;
  }
  return { ok: true, value: guarded };
}

type Substituted = { kind: 'typed'; value: CelValue } | { kind: 'text'; text: string; holes: string[] };

/**
 * Kyverno's substitution passes over a string (vars.go `substituteVariablesIfAny`): each pass substitutes the
 * variables its regex finds (the innermost), until none is left. A string that is one variable in a pass is that
 * variable's value (`typed`); otherwise the text, with a placeholder for the text each variable left (`holes`).
 */
function substituteVariables(value: string, scope: TranslationScope, path: PolicyPath, fresh: () => string): Translation<Substituted> {
  if (value.includes('$(')) return { ok: false, untranslatable: { reason: '`$( )` references', path } };
  if (value.includes('\\{{')) return { ok: false, untranslatable: { reason: 'escaped `\\{{` braces', path } };
  if (value.includes(PLACEHOLDER_OPEN) || value.includes(PLACEHOLDER_CLOSE)) {
    return { ok: false, untranslatable: { reason: 'the private-use characters U+E000/U+E001', path } };
  }
  const holes: string[] = [];
  let text = value;
  for (let pass = 0; ; pass++) {
    const variables = variablesOf(text);
    if (variables.length === 0) break;
    if (pass >= 8) return { ok: false, untranslatable: { reason: 'variables nested more than 8 deep', path } };
    let next = '';
    let offset = 0;
    for (const variable of variables) {
      const inner = variable.inner;
      if (inner.trim().startsWith('-')) return { ok: false, untranslatable: { reason: 'shallow variable substitution', path } };
      if (inner.trim() === '@') return { ok: false, untranslatable: { reason: 'the `{{@}}` variable', path } };
      const guarded = guardedHoles(inner, holes, scope, fresh, path);
      if (!guarded.ok) return guarded;
      const translated = translateVariable(inner, scope, path, guarded.value);
      if (!translated.ok) return translated;
      // `originalPattern == v`: the whole string is one variable, its value as it is.
      if (variable.start === 0 && variable.end === text.length) return { ok: true, value: { kind: 'typed', value: translated.value } };
      if (translated.value.type !== 'string' && nestsAggregates(inner)) {
        return { ok: false, untranslatable: { reason: `\`${shown(inner)}\` JSON-encoded into a string builds lists in lists, which Kyverno's CEL json.marshal cannot write`, path } };
      }
      holes.push(substitutedText(translated.value, fresh));
      next += text.slice(offset, variable.start) + placeholder(holes.length - 1);
      offset = variable.end;
    }
    text = next + text.slice(offset);
  }
  return { ok: true, value: { kind: 'text', text, holes } };
}

/**
 * A JMESPath search of `on` (an `apiCall` entry's `jmesPath` applied to the API response), after Kyverno
 * substitutes the variables of its text (pkg/engine/apicall `transformAndStore`): a missing field at the top of the
 * query is an error, as the fork's NotFound fails the search.
 */
export function translateSearch(expression: string, on: CelValue, scope: TranslationScope, path: PolicyPath): Translation<CelValue> {
  let counter = 0;
  const fresh = (): string => `_s${counter++}`;
  const substituted = substituteVariables(expression, scope, path, fresh);
  if (!substituted.ok) return substituted;
  if (substituted.value.kind === 'typed') return { ok: false, untranslatable: { reason: 'a JMESPath expression that is one variable', path } };
  const { text, holes } = substituted.value;
  if (text.includes('{{')) return { ok: false, untranslatable: { reason: 'an unterminated or nested `{{` variable', path } };
  const guarded = guardedHoles(text, holes, scope, fresh, path);
  if (!guarded.ok) return guarded;
  let node: AstNode;
  try {
    node = parseJmesPath(text);
  } catch (error) {
    return { ok: false, untranslatable: { reason: `invalid JMESPath \`${shown(text)}\`: ${(error as Error).message}`, path } };
  }
  try {
    const value = new Translator(scope, guarded.value).eval(node, on, 'strict');
    if (value.expression.includes(PLACEHOLDER_OPEN)) fail('a substituted variable in a place its text has no CEL counterpart');
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: `\`${shown(text)}\`: ${error.reason}`, path } };
    throw error;
  }
}

/**
 * A condition key or value (or any policy value) after Kyverno's variable substitution
 * (pkg/engine/variables/vars.go `substituteVariablesIfAny`): a string that is exactly one variable is the
 * variable's value; variables inside a longer string leave their text in it (strings as they are, other values
 * JSON-encoded); a variable inside another one (`{{ f('{{x}}') }}`, `a."{{x}}"`) is substituted first, its text
 * read as part of the outer JMESPath; a value without variables is a literal. Kyverno scans the result again
 * (a variable in a substituted text would be substituted in turn, an evaluation error here) and unescapes
 * `\{{`. Lists and maps holding variables, `$( )` references, escaped braces in the policy and shallow
 * substitution are not translated.
 */
export function translateTemplate(value: JsonValue, scope: TranslationScope, path: PolicyPath): Translation<CelValue> {
  if (typeof value !== 'string') {
    if (value !== null && typeof value === 'object' && JSON.stringify(value).includes('{{')) {
      return { ok: false, untranslatable: { reason: 'variables inside a list or map value', path } };
    }
    try {
      return { ok: true, value: celLiteral(value) };
    } catch (error) {
      if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: error.reason, path } };
      throw error;
    }
  }
  let counter = 0;
  const fresh = (): string => `_h${counter++}`;
  const substituted = substituteVariables(value, scope, path, fresh);
  if (!substituted.ok) return substituted;
  if (substituted.value.kind === 'typed') return { ok: true, value: substituted.value.value };
  const { text, holes } = substituted.value;
  if (text.includes('{{')) return { ok: false, untranslatable: { reason: 'an unterminated or nested `{{` variable', path } };
  if (holes.length === 0) return { ok: true, value: celLiteral(text) };
  const concatenation = new Translator(scope, holes).interpolated(text)!;
  const s = fresh();
  const rescanned = `${s}.matches(${celString(VARIABLE_SOURCE)}) ? string(${celNoEquivalent('a substituted text holds a variable, which Kyverno substitutes in turn')}) : ${s}.replace("\\\\{{", "{{")`;
  return { ok: true, value: { expression: `cel.bind(${s}, ${concatenation}, ${rescanned})`, type: 'string' } };
}

/** A message with variables as a `messageExpression` (a CEL string concatenation). */
export function translateMessage(message: string, scope: TranslationScope, path: PolicyPath): Translation<string> {
  const translated = translateTemplate(message, scope, path);
  if (!translated.ok) return translated;
  if (translated.value.type !== 'string') {
    return { ok: false, untranslatable: { reason: 'a message that is one variable of a type other than string', path } };
  }
  return { ok: true, value: translated.value.expression };
}
