/**
 * @file `validate.foreach` as CEL comprehensions, with the outcome Kyverno gives the rule
 * (kyverno/kyverno pkg/engine/handlers/validation/validate_resource.go `validateForEach`, `validateElements`,
 * `newForEachValidator`, `validator.validate`; pkg/engine/utils/foreach.go `EvaluateList`, `AddElementToContext`).
 *
 * Kyverno's evaluation, entry by entry in order:
 * - the `list` query is evaluated on the context (no variable substitution); a NotFound ("Unknown key") ignores the
 *   entry, a non-list value is a list of one element, a null element is skipped;
 * - each element is added to the context (`element`, `elementIndex`, `element<n>`, `elementIndex<n>` for the
 *   nesting level n) and validated in order: its `context` is loaded (an error is the rule's error), its
 *   `preconditions` are checked (false, or an evaluation error, skips the element), then `deny`, or
 *   `pattern`/`anyPattern`, or a nested `foreach` (which skips the element when none of its elements applied);
 * - the first element that fails or errors decides the rule; an element that passes is counted;
 * - no element counted: the rule has no response (a skip), unless a list failed to evaluate (an error).
 *
 * In CEL, each element's outcome is an int code (0 passes, 2 is skipped, 3 fails; an evaluation error where Kyverno
 * errors). The validation holds when no element fails; where an element can both fail and error, the element at
 * index i counts only when every element before it passes or skips (`l.all(i, x, !l.all(j, y, j >= i || ok(y)) ||
 * ok(x))`), so that the first failure or error in Kyverno's order decides, as CEL's `all` alone would let a later
 * `false` absorb an earlier error. Entries are chained with ternaries (`a ? b : false`) for the same reason. The
 * skip (every element skipped) is the policy's match condition.
 *
 * Where Kyverno turns an evaluation failure into something other than an error, CEL cannot follow: a failing `list`
 * query is ignored when an element of another entry applies (so a list whose translation may fail is translated
 * only as the one entry of its block, where its failure is the block's error), and failing per-element
 * preconditions skip the element (so they are translated only when their translation cannot fail).
 *
 * A pattern is matched against the element when the element is a map (or `elementScope: true`, which errors on
 * any other element), else against the enclosing target: the enclosing element, or the resource (no response on
 * DELETE). An element reached Kyverno through a JSON round trip, so its numbers are float64.
 */
import type { JsonValue } from '../types.js';
import type { ContextEntry, ForEachValidation } from '../families/kyverno/policy/types.js';
import { isObject } from '../util/json-value.js';
import { parseJmesPath } from '../lang/jmespath/parser.js';
import type { AstNode } from '../lang/jmespath/ast.js';
import { translateConditions } from './conditions.js';
import { rootPath, translateQuery, translateTemplate, type CelValue, type TranslationScope } from './jmespath.js';
import { translateAnyPattern, translatePattern, type PatternCel } from './pattern.js';
import { GO_TEXT_ERROR } from './pattern/scalar.js';
import { layout } from './pattern/layout.js';
import type { PolicyPath, Translation } from './types.js';

/** The CEL of a `validate.foreach` block. */
export interface ForeachCel {
  /** A CEL boolean: Kyverno's foreach passes or skips; false where it fails, an evaluation error where it errors. */
  readonly expression: string;
  /** A CEL boolean: Kyverno's foreach skips (every element skipped); an evaluation error where it errors. */
  readonly skipWhen: string;
}

class Untranslatable extends Error {
  constructor(
    readonly reason: string,
    readonly path: PolicyPath,
  ) {
    super(reason);
  }
}

const PASS = 0;
const SKIP = 2;
const FAIL = 3;
type Status = typeof PASS | typeof SKIP | typeof FAIL;

/** An element's outcome as a CEL int: the codes it can take, and whether its evaluation can fail. */
interface Code {
  readonly expr: string;
  readonly codes: ReadonlySet<Status>;
  readonly mayError: boolean;
}

function constant(status: Status): Code {
  return { expr: String(status), codes: new Set([status]), mayError: false };
}

function paren(text: string): string {
  return /^[\w.]+$/.test(text) ? text : `(${text})`;
}

/** `cond ? a : b`: an error of `cond` is the result (CEL ternaries do not absorb errors). */
function ternary(cond: string, condMayError: boolean, a: Code, b: Code): Code {
  if (cond === 'true' && !condMayError) return a;
  if (cond === 'false' && !condMayError) return b;
  const codes = new Set<Status>([...a.codes, ...b.codes]);
  const mayError = condMayError || a.mayError || b.mayError;
  if (codes.size === 1 && !mayError) return constant([...codes][0]!);
  return { expr: `${paren(cond)} ? ${paren(a.expr)} : ${paren(b.expr)}`, codes, mayError };
}

/** A CEL boolean: the outcome is `status` (an error stays an error). */
function is(code: Code, status: Status): string {
  if (!code.codes.has(status)) return code.mayError ? `${paren(code.expr)} == ${status}` : 'false';
  if (code.codes.size === 1) return code.mayError ? `${paren(code.expr)} == ${status}` : 'true';
  return `${paren(code.expr)} == ${status}`;
}

/** A CEL boolean: the outcome is not a failure (an error stays an error). */
function notFailed(code: Code): string {
  if (!code.codes.has(FAIL)) return code.mayError ? `${paren(code.expr)} != ${FAIL}` : 'true';
  if (code.codes.size === 1 && !code.mayError) return 'false';
  return `${paren(code.expr)} != ${FAIL}`;
}

/** A deliberate CEL evaluation error (Kyverno errors where the translation has no value to give). */
function errorCode(text: string): Code {
  return { expr: `int(${JSON.stringify(text)})`, codes: new Set(), mayError: true };
}

/** What a pattern is checked against when the element is not (the enclosing element, or the resource). */
type Target =
  | { readonly kind: 'resource' }
  | { readonly kind: 'element'; readonly root: string }
  | { readonly kind: 'either'; readonly guard: string; readonly root: string; readonly otherwise: Target };

/** One validator: its nesting (0 for the rule), the variables it sees, its pattern target. */
interface Level {
  readonly nesting: number;
  readonly scope: TranslationScope;
  /** The context names that always load (the elements, their indexes, the per-element variables). */
  readonly loaded: ReadonlySet<string>;
  readonly target: Target;
}

/** The outcome of the entries of one foreach block. */
interface Loop {
  /** No element failed or errored (false: the first decisive one failed; an error: it errored). */
  readonly ok: string;
  readonly okMayError: boolean;
  /** An element passed (free of errors wherever `ok` holds). */
  readonly anyApplied: string;
  /** Every element was skipped (an error where an element errors and none passes or fails). */
  readonly allSkipped: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** pkg/engine/variables/regex `RegexVariables` (a `{{` not preceded by `\`, the shortest run to `}}`). */
const VARIABLE = /(^|[^\\])\{\{((?:\{[^{}]*\}|[^{}])*)\}\}/g;

/** The `{{ }}` variables of a condition block (keys and values, at any depth). */
function variablesIn(value: JsonValue | undefined, out: string[] = []): string[] {
  if (typeof value === 'string') for (const match of value.matchAll(VARIABLE)) out.push(match[2]!);
  else if (Array.isArray(value)) for (const item of value) variablesIn(item, out);
  else if (isObject(value)) for (const item of Object.values(value)) variablesIn(item, out);
  return out;
}

/** JMESPath functions whose translation never raises an error (`to_string` is translated for strings only). */
const TOTAL_FUNCTIONS = new Set(['to_string']);

/** Names of the Kyverno context that always load (`serviceAccountName` is derived from the request). */
const ALWAYS_LOADED = ['serviceAccountName', 'serviceAccountNamespace'];

/** What a failure analysis knows: the context names that always load; it collects the others it meets. */
interface Names {
  readonly loaded: ReadonlySet<string>;
  readonly others: string[];
}

/**
 * Why the CEL translation of `node` (jmespath.ts `Translator.eval`, in the same mode) may raise an evaluation
 * error, or null when it cannot: a field selected strictly (a NotFound), a field of `request.oldObject` (null
 * outside UPDATE and DELETE), a function that fails on some arguments, a context variable that may fail to load.
 */
function mayFail(node: AstNode, atRoot: boolean, strict: boolean, names: Names): string | null {
  const all = (nodes: readonly AstNode[], root: boolean, mode: boolean): string | null => {
    let reason: string | null = null;
    for (const child of nodes) reason ??= mayFail(child, root, mode, names);
    return reason;
  };
  switch (node.type) {
    case 'Field':
      if (atRoot) {
        if (node.name === 'request' || names.loaded.has(node.name)) return null;
        names.others.push(node.name);
        return `the context variable \`${node.name}\` may fail to load`;
      }
      return strict ? `the field \`${node.name}\` is required (a missing one is an error)` : null;
    case 'Subexpression':
    case 'IndexExpression': {
      if (atRoot) {
        const path = rootPath(node);
        if (path !== null && path[0] === 'request') {
          if (path[1] === 'oldObject' && path.length > 2) return '`request.oldObject` is null outside UPDATE and DELETE';
          if (path[1] === 'object' && path.length > 2 && strict) return 'a field of `request.object` is required (a missing one is an error)';
          if (path[1] !== 'oldObject') return null;
        }
      }
      return all([node.left], atRoot, strict) ?? all([node.right], false, strict);
    }
    case 'Projection':
    case 'ValueProjection':
    case 'Pipe':
      return all([node.left], atRoot, false) ?? all([node.right], false, false);
    case 'FilterProjection':
      return all([node.left], atRoot, false) ?? all([node.condition, node.right], false, false);
    case 'Flatten':
    case 'Not':
      return all([node.child], atRoot, false);
    case 'Comparator':
    case 'Or':
      return all([node.left, node.right], atRoot, false);
    case 'And':
      return all([node.left], atRoot, false) ?? all([node.right], atRoot, strict);
    case 'MultiSelectList':
      return all(node.children, false, false);
    case 'Function':
      return all(node.args, atRoot, false) ?? (node.name !== null && TOTAL_FUNCTIONS.has(node.name) ? null : `\`${String(node.name)}()\` fails on some arguments`);
    default:
      return null;
  }
}


/**
 * Why a JMESPath expression's translation may fail to evaluate (null when it cannot, or does not parse); the
 * context names it reads that may fail to load are added to `names.others`.
 */
function queryMayFail(expression: string, strict: boolean, names: Names): string | null {
  let node: AstNode;
  try {
    node = parseJmesPath(expression);
  } catch {
    return null;
  }
  return mayFail(node, true, strict, names);
}

/** Why a condition block's translation may fail to evaluate (a variable whose substitution can fail). */
function conditionsMayFail(conditions: JsonValue | undefined, loaded: ReadonlySet<string>): string | null {
  for (const variable of variablesIn(conditions)) {
    const reason = queryMayFail(variable, true, { loaded, others: [] });
    if (reason !== null) return `\`{{${variable}}}\`: ${reason}`;
  }
  return null;
}

/**
 * A per-element `context[].variable` (pkg/engine/context/loaders/variable.go `loadVariable`): its `jmesPath` is
 * queried on the context as it is (no `request.object` rewrite on DELETE), its `value` is substituted as any
 * variable. Kyverno loads it lazily (pkg/engine/factories/contextloaderfactory.go: a deferred loader, on by default),
 * when a query first names it, and a failure, or a null result ("evaluated to nil"), fails that query, whichever it
 * is (a precondition's, which skips the element, a deny condition's, which errors, or one that only names it in a
 * branch it does not take): the translation takes only variables that always load.
 */
function elementVariable(entry: ContextEntry, scope: TranslationScope, loaded: ReadonlySet<string>, path: PolicyPath): CelValue {
  const variable = entry.variable!;
  const at = [...path, 'variable'];
  if (variable.default !== undefined && variable.default !== null) {
    throw new Untranslatable(`the context variable \`${entry.name}\` has a default (CEL has no "on a failed query" fallback that keeps Kyverno's semantics)`, [...at, 'default']);
  }
  const jmesPath = typeof variable.jmesPath === 'string' && variable.jmesPath !== '' ? variable.jmesPath : null;
  const hasValue = variable.value !== undefined && variable.value !== null;
  if (jmesPath !== null && hasValue) throw new Untranslatable(`the context variable \`${entry.name}\` has both a value and a jmesPath`, at);
  let translated: Translation<CelValue>;
  let failing: string | null;
  if (jmesPath !== null) {
    if (jmesPath.includes('{{')) throw new Untranslatable(`variables inside the jmesPath of the context variable \`${entry.name}\``, [...at, 'jmesPath']);
    translated = translateQuery(jmesPath, scope, [...at, 'jmesPath'], true);
    failing = queryMayFail(jmesPath, true, { loaded, others: [] });
  } else if (hasValue) {
    translated = translateTemplate(variable.value!, scope, [...at, 'value']);
    failing = conditionsMayFail(variable.value!, loaded);
  } else {
    throw new Untranslatable(`the context variable \`${entry.name}\` has no value`, at);
  }
  if (!translated.ok) throw new Untranslatable(translated.untranslatable.reason, translated.untranslatable.path);
  const lazily = 'Kyverno loads it when a query first names it, and its failure is that query\'s, which the translation cannot place';
  if (failing !== null) throw new Untranslatable(`the context variable \`${entry.name}\` may fail to load (${failing}): ${lazily}`, at);
  if (translated.value.type === 'dyn' || translated.value.type === 'null') {
    throw new Untranslatable(`the context variable \`${entry.name}\` may evaluate to null, which fails its loading: ${lazily}`, at);
  }
  return translated.value;
}

/** A mention of `elementIndex`/`elementIndex<n>` (as Kyverno's deferred loaders match names). */
const INDEX = /(?:^|[^.0-9A-Za-z_])elementIndex[0-9]*\b/;
/** A condition side that is one `elementIndex` variable. */
const WHOLE_INDEX = /^\{\{\s*elementIndex[0-9]*\s*\}\}$/;

function numbersOnly(value: JsonValue | undefined): boolean {
  return typeof value === 'number' || (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number'));
}

/**
 * Kyverno adds `elementIndex` to the context as an int64 (pkg/engine/context/context.go `AddElement`), which its
 * JMESPath compares with no number of a policy (`elementIndex == \`0\`` is false: go-jmespath compares with
 * `reflect.DeepEqual`), and its operators parse a string operand as an int64 (`validateValueWithIntPattern`); the
 * translation has only float64 numbers. It takes `{{ elementIndex }}` as a whole condition side against numbers.
 */
function checkIndexes(entry: ForEachValidation, path: PolicyPath): void {
  const reason = 'Kyverno holds `elementIndex` as an int64, which JMESPath and string operands compare unlike the numbers of the translation (only `{{ elementIndex }}` as a whole condition side against numbers is translated)';
  const mentions = (value: JsonValue | undefined): boolean => variablesIn(value).some((v) => INDEX.test(v));
  const walk = (value: JsonValue | undefined, at: PolicyPath): void => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...at, i]));
    else if (isObject(value) && ('key' in value || 'operator' in value)) {
      for (const [side, other] of [['key', 'value'], ['value', 'key']] as const) {
        const text = value[side];
        if (!mentions(text)) continue;
        if (typeof text === 'string' && WHOLE_INDEX.test(text.trim()) && numbersOnly(value[other])) continue;
        throw new Untranslatable(reason, [...at, side]);
      }
    } else if (isObject(value)) for (const [key, item] of Object.entries(value)) walk(item, [...at, key]);
  };
  walk(entry.preconditions as JsonValue | undefined, [...path, 'preconditions']);
  if (isObject(entry.deny)) walk((entry.deny as { conditions?: JsonValue }).conditions, [...path, 'deny', 'conditions']);
  for (const [k, ctx] of (Array.isArray(entry.context) ? entry.context : []).entries()) {
    const variable = (ctx as ContextEntry | undefined)?.variable;
    if ((typeof variable?.jmesPath === 'string' && INDEX.test(variable.jmesPath)) || mentions(variable?.value)) throw new Untranslatable(reason, [...path, 'context', k, 'variable']);
  }
  for (const [k, nested] of (Array.isArray(entry.foreach) ? entry.foreach : []).entries()) {
    if (typeof nested?.list === 'string' && INDEX.test(nested.list)) throw new Untranslatable(reason, [...path, 'foreach', k, 'list']);
  }
}

/** A foreach `list` value (bound to `name`) as Kyverno's `EvaluateList` reads it: a list, or a list of the one value. */
function listOf(value: CelValue, name: string): { value: string; list: string } {
  switch (value.type) {
    case 'list':
      return { value: value.expression, list: name };
    case 'dyn':
      return { value: value.expression, list: `(type(${name}) == list ? ${name} : [${name}])` };
    default:
      return { value: `[${value.expression}]`, list: name };
  }
}

class Translator {
  #next = 0;

  /** `_l`, `_i`, `_x`, `_b` names: jmespath.ts binds `_v…`, conditions.ts `_c…`, the pattern translation unprefixed names. */
  fresh(prefix: 'l' | 'i' | 'x' | 'b'): string {
    return `_${prefix}${this.#next++}`;
  }

  /** The entries of a foreach block, in order. */
  loop(entries: JsonValue | undefined, level: Level, path: PolicyPath): Loop {
    if (!Array.isArray(entries)) throw new Untranslatable('a `foreach` that is not a list', path);
    const loops = entries.map((entry, i) => this.entry(entry, level, [...path, i], entries.length === 1));
    if (loops.length === 0) return { ok: 'true', okMayError: false, anyApplied: 'false', allSkipped: 'true' };
    let ok = loops[loops.length - 1]!.ok;
    for (let i = loops.length - 2; i >= 0; i--) {
      // The first entry whose element fails or errors decides: a ternary keeps an error of an earlier entry.
      ok = loops[i]!.ok === 'true' ? ok : `${paren(loops[i]!.ok)} ? ${paren(ok)} : false`;
    }
    const applied = loops.map((l) => l.anyApplied).filter((t) => t !== 'false');
    const skipped = loops.map((l) => l.allSkipped).filter((t) => t !== 'true');
    return {
      ok,
      okMayError: loops.some((l) => l.okMayError),
      anyApplied: applied.length === 0 ? 'false' : applied.map(paren).join(' || '),
      allSkipped: loops.some((l) => l.allSkipped === 'false') ? 'false' : skipped.length === 0 ? 'true' : skipped.map(paren).join(' && '),
    };
  }

  /** One entry; `alone` when it is the only entry of its block (a failing list is then the block's error). */
  entry(value: JsonValue, level: Level, path: PolicyPath, alone: boolean): Loop {
    if (!isObject(value)) throw new Untranslatable('a foreach entry that is not a map', path);
    const entry = value as unknown as ForEachValidation;
    if (typeof entry.list !== 'string' || entry.list.trim() === '') throw new Untranslatable('a foreach entry without a `list`', [...path, 'list']);
    // A failing list is Kyverno's error when no element of another entry applies: alone, it is the block's error.
    // A context variable the list reads is loaded by the query (deferred loading): when its loading fails with a
    // NotFound, the list is ignored ("Unknown key"), else it fails; the translation cannot tell them apart.
    const names: Names = { loaded: level.loaded, others: [] };
    const failing = queryMayFail(entry.list, false, names);
    if (names.others.length > 0) {
      throw new Untranslatable(
        `the foreach list \`${entry.list.trim()}\` reads the context variable \`${names.others[0]}\`: Kyverno ignores the list when the variable's loading fails with a NotFound, and fails otherwise, which a CEL error cannot tell apart`,
        [...path, 'list'],
      );
    }
    if (failing !== null && !alone) {
      throw new Untranslatable(
        `the foreach list \`${entry.list.trim()}\` may fail to evaluate (${failing}), and Kyverno ignores a failing list when an element of another entry applies, which a CEL error cannot express`,
        [...path, 'list'],
      );
    }
    const query = translateQuery(entry.list, level.scope, [...path, 'list']);
    if (!query.ok) throw new Untranslatable(query.untranslatable.reason, query.untranslatable.path);
    const name = this.fresh('l');
    const { value: listValue, list: l } = listOf(query.value, name);
    const within = (body: string): string => `cel.bind(${name}, ${listValue}, ${body})`;

    const i = this.fresh('i');
    const x = this.fresh('x');
    const code = this.element(entry, level, x, i, path);
    let ok: string;
    // A list that may fail is evaluated even when no element can fail: its error is the block's.
    const strictList = failing !== null;
    if (!code.codes.has(FAIL) && !code.mayError) ok = strictList ? `${l}.all(${i}, ${x}, true)` : 'true';
    else if (!code.codes.has(FAIL) || !code.mayError || code.codes.size === 0) ok = `${l}.all(${i}, ${x}, ${notFailed(code)})`;
    else {
      // An element counts only when every element before it passed or was skipped: the first decisive one decides.
      const j = this.fresh('i');
      const y = this.fresh('x');
      const before = this.element(entry, level, y, j, path);
      ok = `${l}.all(${i}, ${x}, !${l}.all(${j}, ${y}, ${j} >= ${i} || ${paren(notFailed(before))}) || ${paren(notFailed(code))})`;
    }
    const applied = is(code, PASS);
    const skipped = is(code, SKIP);
    return {
      ok: ok === 'true' ? 'true' : within(ok),
      okMayError: code.mayError || strictList,
      anyApplied: applied === 'false' ? 'false' : within(`${l}.exists(${i}, ${x}, ${applied})`),
      allSkipped: skipped === 'true' && !strictList ? 'true' : within(`${l}.all(${i}, ${x}, ${skipped})`),
    };
  }

  /** The outcome code of one element `x` at index `i`. */
  element(entry: ForEachValidation, level: Level, x: string, i: string, path: PolicyPath): Code {
    checkIndexes(entry, path);
    const variables = new Map<string, CelValue>(level.scope.variables ?? []);
    const index: CelValue = { expression: `double(${i})`, type: 'number' };
    const element: CelValue = { expression: x, type: 'dyn' };
    variables.set('element', element);
    variables.set('elementIndex', index);
    variables.set(`element${level.nesting}`, element);
    variables.set(`elementIndex${level.nesting}`, index);
    let scope: TranslationScope = { ...level.scope, variables };
    const loaded = new Set([...level.loaded, 'element', 'elementIndex', `element${level.nesting}`, `elementIndex${level.nesting}`]);

    // AddElementToContext: a map element is the pattern target unless `elementScope: false`.
    const elementScope = entry.elementScope;
    if (elementScope !== undefined && elementScope !== null && typeof elementScope !== 'boolean') {
      throw new Untranslatable('an `elementScope` that is not a boolean', [...path, 'elementScope']);
    }
    const target: Target =
      elementScope === true
        ? { kind: 'element', root: x }
        : elementScope === false
          ? level.target
          : { kind: 'either', guard: `type(${x}) == map`, root: x, otherwise: level.target };

    // The element's context: variables that always load.
    const binds: { name: string; expression: string }[] = [];
    for (const [k, contextEntry] of (Array.isArray(entry.context) ? entry.context : []).entries()) {
      const entryPath = [...path, 'context', k];
      const ctx = contextEntry as ContextEntry;
      if (typeof ctx?.name !== 'string' || !IDENTIFIER.test(ctx.name)) {
        throw new Untranslatable(`the context entry name ${JSON.stringify(ctx?.name)} is not a CEL identifier`, [...entryPath, 'name']);
      }
      if (ctx.variable === undefined || ctx.variable === null) {
        const source = ['configMap', 'apiCall', 'globalReference', 'imageRegistry'].find((key) => (ctx as unknown as Record<string, unknown>)[key] !== undefined) ?? 'unknown';
        throw new Untranslatable(`the \`${source}\` context entry \`${ctx.name}\` (cluster data; only \`variable\` entries are translated)`, [...entryPath, source]);
      }
      const translated = elementVariable(ctx, scope, loaded, entryPath);
      loaded.add(ctx.name);
      const name = this.fresh('b');
      binds.push({ name, expression: translated.expression });
      scope = { ...scope, variables: new Map(scope.variables).set(ctx.name, { expression: name, type: translated.type }) };
    }

    let code = this.action(entry, { ...level, scope, loaded }, target, x, path);

    const preconditions = entry.preconditions as JsonValue | undefined;
    if (preconditions !== undefined && preconditions !== null) {
      const failing = conditionsMayFail(preconditions, loaded);
      if (failing !== null) {
        throw new Untranslatable(
          `per-element preconditions that may fail to evaluate (${failing}): Kyverno skips such an element, and a CEL error cannot be turned into a skip`,
          [...path, 'preconditions'],
        );
      }
      const translated = translateConditions(preconditions, scope, [...path, 'preconditions']);
      if (!translated.ok) throw new Untranslatable(translated.untranslatable.reason, translated.untranslatable.path);
      code = ternary(translated.value, false, code, constant(SKIP));
    }
    // The variables always load (elementVariable): bound once, their values cannot fail.
    for (const bind of binds.reverse()) code = { ...code, expr: `cel.bind(${bind.name}, ${bind.expression}, ${code.expr})` };
    if (elementScope === true) {
      code = ternary(`type(${x}) == map`, false, code, errorCode('elementScope is true and the foreach element is not a map'));
    }
    return ternary(`${x} == null`, false, constant(SKIP), code);
  }

  /** `deny`, else `pattern`/`anyPattern`, else a nested `foreach` (`validator.validate`), on one element. */
  action(entry: ForEachValidation, level: Level, target: Target, x: string, path: PolicyPath): Code {
    if (entry.deny !== undefined && entry.deny !== null) {
      const conditions = (isObject(entry.deny) ? (entry.deny as { conditions?: JsonValue }).conditions ?? null : null) as JsonValue;
      const translated = translateConditions(conditions, level.scope, [...path, 'deny', 'conditions']);
      if (!translated.ok) throw new Untranslatable(translated.untranslatable.reason, translated.untranslatable.path);
      return ternary(translated.value, conditionsMayFail(conditions, level.loaded) !== null, constant(FAIL), constant(PASS));
    }
    if (entry.pattern !== undefined && entry.pattern !== null) {
      return this.pattern(target, level.scope, (root, numbers) =>
        translatePattern(entry.pattern!, [...path, 'pattern'], { root, numbers, layout: false }),
      );
    }
    if (entry.anyPattern !== undefined && entry.anyPattern !== null) {
      const anyPattern = entry.anyPattern;
      if (!Array.isArray(anyPattern)) throw new Untranslatable('`anyPattern` that is not a list', [...path, 'anyPattern']);
      return this.pattern(target, level.scope, (root, numbers) => translateAnyPattern(anyPattern, [...path, 'anyPattern'], { root, numbers, layout: false }));
    }
    if (entry.foreach !== undefined && entry.foreach !== null) {
      const nestedTarget: Target = target;
      const inner = this.loop(entry.foreach as unknown as JsonValue, { ...level, nesting: level.nesting + 1, target: nestedTarget }, [...path, 'foreach']);
      const applied = inner.anyApplied === 'false' ? constant(SKIP) : ternary(inner.anyApplied, false, constant(PASS), constant(SKIP));
      return ternary(inner.ok, inner.okMayError, applied, constant(FAIL));
    }
    // No validation: Kyverno gives the element no response.
    return constant(SKIP);
  }

  /** A pattern's outcome on the target: pass 0, skip 2, fail 3 (Kyverno's pattern error is a failure). */
  pattern(target: Target, scope: TranslationScope, translate: (root: string, numbers: 'int64' | 'float64') => Translation<PatternCel>): Code {
    switch (target.kind) {
      case 'resource': {
        const code = patternCode(translate('object', 'int64'));
        // validateResourceWithRule: on DELETE, a pattern on the resource has no response.
        return scope.mayDelete ? ternary('request.operation == "DELETE"', false, constant(SKIP), code) : code;
      }
      case 'element':
        return patternCode(translate(target.root, 'float64'));
      case 'either':
        return ternary(target.guard, false, patternCode(translate(target.root, 'float64')), this.pattern(target.otherwise, scope, translate));
    }
  }
}

function patternCode(translated: Translation<PatternCel>): Code {
  if (!translated.ok) throw new Untranslatable(translated.untranslatable.reason, translated.untranslatable.path);
  const { expression, skipWhen } = translated.value;
  // The pattern translation raises an error only where Kyverno compares a number by its Go text.
  const verdict = ternary(expression, expression.includes(GO_TEXT_ERROR), constant(PASS), constant(FAIL));
  return skipWhen === undefined ? verdict : ternary(skipWhen, skipWhen.includes(GO_TEXT_ERROR), constant(SKIP), verdict);
}

/** cel-go's parser limit on an expression (parser.go `expressionSizeCodePointLimit`, 100,000 code points). */
const CEL_SIZE_LIMIT = 100_000;

/**
 * The CEL of a rule's `validate.foreach` (at `path`), with the rule's variables in `scope`, or why there is none.
 */
export function translateForeach(entries: JsonValue | undefined, scope: TranslationScope, path: PolicyPath): Translation<ForeachCel> {
  try {
    const loop = new Translator().loop(entries, { nesting: 0, scope, loaded: new Set(ALWAYS_LOADED), target: { kind: 'resource' } }, path);
    for (const expression of [loop.ok, loop.allSkipped]) {
      const size = [...expression].length;
      if (size > CEL_SIZE_LIMIT) {
        return { ok: false, untranslatable: { reason: `the CEL expression has ${size} code points, more than cel-go accepts (${CEL_SIZE_LIMIT})`, path } };
      }
    }
    return { ok: true, value: { expression: layout(loop.ok), skipWhen: layout(loop.allSkipped) } };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}
