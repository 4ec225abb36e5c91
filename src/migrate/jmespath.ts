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
 *   `[]` and `{}` are false).
 * A JMESPath construct or function without an exact CEL counterpart is reported untranslatable.
 *
 * Kyverno replaces the text `request.object` with `request.oldObject` in every variable of a DELETE request
 * (`substituteVariablesIfAny`, before parsing: `request."object"` is not replaced): with
 * {@link TranslationScope.mayDelete}, a variable whose text holds `request.object` is translated twice and
 * chosen by `request.operation`.
 */
import type { JsonValue } from '../types.js';
import { parseJmesPath } from '../lang/jmespath/parser.js';
import type { AstNode } from '../lang/jmespath/ast.js';
import type { PolicyPath, Translation } from './types.js';
import { translateRegexReplace } from './regex-replace.js';

/** What is known of a translated value's JSON type at translation time. */
export type CelType = 'string' | 'number' | 'bool' | 'list' | 'map' | 'null' | 'dyn';

/** A CEL expression and what is known of its type. */
export interface CelValue {
  readonly expression: string;
  readonly type: CelType;
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
  let regex = text;
  for (const meta of ['\\', '.', '+', '(', ')', '[', ']', '{', '}', '^', '$', '|']) regex += `.replace(${celString(meta)}, ${celString(`\\${meta}`)})`;
  regex += `.replace("*", ".*").replace("?", ".")`;
  return `(${text} == ${celString(literal)} || ((${text}.contains("*") || ${text}.contains("?")) && ${celString(literal)}.matches("(?s)^" + ${regex} + "$")))`;
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

/** Translates one parsed JMESPath expression. */
class Translator {
  #counter = 0;

  constructor(private readonly scope: TranslationScope) {}

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
        if (current === null) return this.contextField(node.name);
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
        const left = this.eval(node.left, current, mode);
        return this.eval(node.right, left, mode);
      }
      case 'Current':
      case 'Identity':
        if (current === null) return fail('`@` on the whole Kyverno context has no CEL counterpart');
        return current;
      case 'Literal':
        return celLiteral(node.value);
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
        return this.project(left, 'map', node.right);
      }
      case 'FilterProjection': {
        const left = this.eval(node.left, current, 'lenient');
        return this.whenType(left, 'list', (l) => {
          const element = this.fresh();
          const el: CelValue = { expression: element, type: 'dyn' };
          const condition = truthy(this.eval(node.condition, el, 'lenient'), this.fresh);
          const filtered = `${l}.filter(${element}, ${condition})`;
          if (node.right.type === 'Identity' || node.right.type === 'Current') return `${filtered}.filter(${element}, dyn(${element}) != null)`;
          const right = this.eval(node.right, el, 'lenient');
          return `${filtered}.map(${element}, ${right.expression}).filter(${element}, dyn(${element}) != null)`;
        });
      }
      case 'Flatten': {
        const left = this.eval(node.child, current, 'lenient');
        return this.whenType(left, 'list', (l) => {
          const element = this.fresh();
          return `${l}.map(${element}, type(${element}) == list ? dyn(${element}) : dyn([${element}])).flatten()`;
        });
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
        return { expression: bind(left, this.fresh, (l) => `${truthy({ expression: l, type: left.type }, this.fresh)} ? dyn(${l}) : dyn(${right.expression})`), type: left.type === right.type ? left.type : 'dyn' };
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
    return { expression: bind(value, this.fresh, (v) => `type(${v}) == ${type} ? dyn(${body(v)}) : null`), type: 'dyn' };
  }

  field(base: CelValue, name: string, mode: Mode): CelValue {
    const select = (b: string): string => {
      if (mode === 'strict') return isCelIdentifier(name) ? `${b}.${name}` : `${b}[${celString(name)}]`;
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
  contextField(name: string): CelValue {
    const variable = this.scope.variables?.get(name);
    if (variable !== undefined) return variable;
    switch (name) {
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
            // The fork's type check refuses any other subject (an error); CEL's `exists` would iterate a map's keys.
            return `type(${s}) == string ? ${stringCase} : type(${s}) == map ? int("contains() of an object") == 0 : ${listCase}`;
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
        if (value.type !== 'string') fail('`regex_match` on a value not known to be a string (Kyverno formats numbers with fmt)');
        return { expression: `${paren(value)}.matches(${pattern.expression})`, type: 'bool' };
      }
      case 'to_string': {
        arity(1);
        const [value] = args as [CelValue];
        if (value.type === 'string') return value;
        return fail('`to_string` of a value not known to be a string (Go JSON encoding)');
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

function paren(value: CelValue): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(value.expression) || /^"/.test(value.expression) ? value.expression : `(${value.expression})`;
}

/** Whether the node evaluates to null on null (a field path or identity): value projections need it. */
function isNullOnNull(node: AstNode): boolean {
  if (node.type === 'Identity' || node.type === 'Current' || node.type === 'Field' || node.type === 'Index') return true;
  if (node.type === 'Subexpression' || node.type === 'IndexExpression') return isNullOnNull(node.left) && isNullOnNull(node.right);
  return false;
}

/** The plain steps of a root path (`request.object.spec.x[0]`), or null. */
function rootPath(node: AstNode): (string | number)[] | null {
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

function translateNode(node: AstNode, scope: TranslationScope, mode: Mode = 'strict'): CelValue {
  return new Translator(scope).root(node, mode);
}

/**
 * Translates a JMESPath expression (the inside of `{{ }}`) as Kyverno evaluates it in a variable: the result
 * at the top of the query, with a NotFound there an error.
 */
export function translateJmesPath(expression: string, scope: TranslationScope, path: PolicyPath): Translation<CelValue> {
  const normal = translateText(expression, scope, path);
  // substituteVariablesIfAny: on DELETE, the text `request.object` reads `request.oldObject`.
  if (!normal.ok || !scope.mayDelete || !expression.includes('request.object')) return normal;
  const onDelete = translateText(expression.replaceAll('request.object', 'request.oldObject'), scope, path);
  if (!onDelete.ok) return onDelete;
  const type = normal.value.type === onDelete.value.type ? normal.value.type : 'dyn';
  return { ok: true, value: { expression: `(request.operation == "DELETE" ? dyn(${onDelete.value.expression}) : dyn(${normal.value.expression}))`, type } };
}

/**
 * Translates a JMESPath expression as Kyverno queries its context directly, without variable substitution (a
 * foreach `list`: pkg/engine/utils/foreach.go `EvaluateList`; a context variable's `jmesPath`:
 * pkg/engine/context/loaders/variable.go `loadVariable`; both call `context.Query`): `request.object` is not
 * rewritten on DELETE. A NotFound at the top of the query is an error when `strict`, else `null` (Kyverno ignores
 * a foreach list whose query fails with "Unknown key", as it ignores the elements of a null list).
 */
export function translateQuery(expression: string, scope: TranslationScope, path: PolicyPath, strict = false): Translation<CelValue> {
  return translateText(expression, scope, path, strict ? 'strict' : 'lenient');
}

function translateText(expression: string, scope: TranslationScope, path: PolicyPath, mode: Mode = 'strict'): Translation<CelValue> {
  let node: AstNode;
  try {
    node = parseJmesPath(expression);
  } catch (error) {
    return { ok: false, untranslatable: { reason: `invalid JMESPath \`${expression}\`: ${(error as Error).message}`, path } };
  }
  try {
    return { ok: true, value: translateNode(node, scope, mode) };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: `\`${expression.trim()}\`: ${error.reason}`, path } };
    throw error;
  }
}

/** pkg/engine/variables/regex `RegexVariables` (a `{{` not preceded by `\`, the shortest run to `}}`). */
const VARIABLE = /(^|[^\\])(\{\{(?:\{[^{}]*\}|[^{}])*\}\})/g;

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

/**
 * A condition key or value (or any policy value) after Kyverno's variable substitution: a string that is
 * exactly one variable is the variable's value; variables inside a longer string are formatted into it (strings
 * as they are); a value without variables is a literal. Lists and maps holding variables, `$( )` references,
 * escaped braces and nested variables are not translated.
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
  if (value.includes('$(')) return { ok: false, untranslatable: { reason: '`$( )` references', path } };
  if (value.includes('\\{{')) return { ok: false, untranslatable: { reason: 'escaped `\\{{` braces', path } };
  const variables = variablesOf(value);
  if (variables.length === 0) {
    if (value.includes('{{')) return { ok: false, untranslatable: { reason: 'an unterminated or nested `{{` variable', path } };
    return { ok: true, value: celLiteral(value) };
  }
  const parts: string[] = [];
  let offset = 0;
  for (const variable of variables) {
    const inner = variable.inner;
    if (inner.startsWith('-') || inner.includes('{{')) return { ok: false, untranslatable: { reason: 'shallow or nested variable substitution', path } };
    if (inner.trim() === '@') return { ok: false, untranslatable: { reason: 'the `{{@}}` variable', path } };
    const translated = translateJmesPath(inner, scope, path);
    if (!translated.ok) return translated;
    if (variables.length === 1 && variable.start === 0 && variable.end === value.length) return translated;
    if (translated.value.type !== 'string') {
      return { ok: false, untranslatable: { reason: `\`${inner.trim()}\` formatted into a string is JSON-encoded unless it is a string, and its type is not known`, path } };
    }
    if (variable.start > offset) parts.push(celString(value.slice(offset, variable.start)));
    parts.push(`(${translated.value.expression})`);
    offset = variable.end;
  }
  if (offset < value.length) parts.push(celString(value.slice(offset)));
  if (value.slice(offset).includes('{{')) return { ok: false, untranslatable: { reason: 'an unterminated or nested `{{` variable', path } };
  return { ok: true, value: { expression: parts.join(' + '), type: 'string' } };
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
