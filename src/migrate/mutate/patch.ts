/**
 * @file A `patchStrategicMerge` patch read for translation: its maps with their anchors (kyverno/kyverno
 * pkg/engine/mutate/patch/strategicPreprocessing.go: `+(key)` add-if-not-present, `(key)` conditional, `<(key)`
 * global), `$patch` directives, lists, and scalars whose `{{ }}` variables are translated to CEL (Kyverno
 * substitutes them before pre-processing the patch).
 *
 * What the translation keeps exact is checked here, with the reason and path of anything else:
 * - keys are plain text (no variables, no other anchor kinds, no `$` directives but `$patch`);
 * - condition values are scalars (compared by their text, as pre-processing does with `convertRNodeToInterface`);
 * - `+()` values hold no anchors (pre-processing resolves them against a resource that may not be there);
 * - a list holds at most one element with anchors, which has its conditions at its top level and no global
 *   anchor (`deleteAnchorsInList` deletes elements by a stale index once more than one is deleted, and global
 *   anchors in list elements decide for the whole patch);
 * - string values that read as conditional anchors are refused (pre-processing takes them for anchors).
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { parseAnchor } from '../../families/kyverno/engine/pattern/anchor.js';
import { translateJmesPath, translateTemplate, type CelType, type CelValue, type TranslationScope } from '../jmespath.js';
import type { PolicyPath, Translation } from '../types.js';

export interface Leaf {
  readonly kind: 'leaf';
  /** A CEL expression of the value (a literal for a static value). */
  readonly expression: string;
  readonly type: CelType;
  /** The JSON value when it has no variables. */
  readonly value?: JsonValue;
}

export interface NullNode {
  readonly kind: 'null';
}

export type Directive = 'merge' | 'replace' | 'delete';

export type AnchorKind = 'plain' | 'add' | 'condition' | 'global';

/** A condition value: static text, or a translated variable. */
export type ConditionValue = { readonly kind: 'static'; readonly text: string } | { readonly kind: 'dynamic'; readonly expression: string; readonly type: CelType };

export interface Entry {
  /** The key in the resource (the anchor's inner key). */
  readonly key: string;
  readonly anchor: AnchorKind;
  readonly value: PatchNode;
  /** For conditional and global anchors. */
  readonly condition?: ConditionValue;
  readonly path: PolicyPath;
}

export interface MapNode {
  readonly kind: 'map';
  readonly entries: readonly Entry[];
  readonly directive: Directive;
  readonly path: PolicyPath;
}

export interface ListNode {
  readonly kind: 'list';
  readonly items: readonly PatchNode[];
  readonly path: PolicyPath;
}

export type PatchNode = Leaf | NullNode | MapNode | ListNode;

/** Fresh names for the values written into a variable's text, one source per patch. */
export class TemplateNames {
  #nested = 0;

  nestedName(): string {
    return `_nested${this.#nested++}`;
  }
}

class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly path: PolicyPath,
  ) {
    super(reason);
  }
}

/** Whether a node holds a conditional, global or add-if-not-present anchor (`hasAnchors` with `hasAnchor`). */
export function hasAnchors(node: PatchNode): boolean {
  if (node.kind === 'map') return node.entries.some((e) => e.anchor !== 'plain' || hasAnchors(e.value));
  if (node.kind === 'list') return node.items.some(hasAnchors);
  return false;
}

/** Whether a node holds a conditional or global anchor. */
export function hasConditions(node: PatchNode): boolean {
  if (node.kind === 'map') return node.entries.some((e) => e.anchor === 'condition' || e.anchor === 'global' || hasConditions(e.value));
  if (node.kind === 'list') return node.items.some(hasConditions);
  return false;
}

const DIRECTIVES = new Set(['merge', 'replace', 'delete']);

/** pkg/engine/variables/regex `RegexVariables`. */
export const VARIABLE = /(^|[^\\])(\{\{(?:\{[^{}]*\}|[^{}])*\}\})/g;

/** A variable whose value Kyverno writes into a JMESPath raw string literal (`'{{element.image}}'`) before reading it. */
const NESTED = /'\{\{([^{}]*)\}\}'/g;

/**
 * Go `json.Marshal` of a scalar value formatted into a string (strings as they are), for the values CEL can write
 * that way: integral numbers below 1e15; others fail.
 */
export function formatted(value: CelValue, names: { nestedName(): string }): string {
  if (value.type === 'string') return `(${value.expression})`;
  const x = names.nestedName();
  const integral = `(type(${x}) == int || type(${x}) == double) && double(${x}) >= -1e15 && double(${x}) <= 1e15 && double(int(${x})) == double(${x})`;
  const error = 'dyn({})["kyverno-lint: a variable formatted into a string is a number that is not an integer, or a list or a map"]';
  return `cel.bind(${x}, dyn(${value.expression}), type(${x}) == string ? ${x} : type(${x}) == bool ? (${x} ? "true" : "false") : type(${x}) == null_type ? "null" : ${integral} ? string(int(${x})) : ${error})`;
}

/**
 * A patch value with variables, as Kyverno substitutes them (pkg/engine/variables/vars.go): a variable written as
 * the whole of a JMESPath raw string of another variable is substituted first (its string value becomes the
 * literal's text); a string that is one variable is its value; variables inside a longer string are formatted into
 * it (strings as they are, other scalars JSON-encoded).
 */
function translateValue(value: string, scope: TranslationScope, path: PolicyPath, names: TemplateNames): Translation<CelValue> {
  let text = value;
  let inner: TranslationScope = scope;
  const nested: string[] = [];
  if (text.search(NESTED) >= 0) {
    const variables = new Map(scope.variables ?? []);
    const replaced = text.replace(NESTED, (whole: string, expression: string) => {
      const translated = translateJmesPath(expression, scope, path);
      if (!translated.ok) throw new Refused(translated.untranslatable.reason, translated.untranslatable.path);
      const name = names.nestedName();
      nested.push(name);
      const v = names.nestedName();
      // The value's text inside '…': a quote or a backslash would end or escape the literal.
      variables.set(name, {
        expression: `cel.bind(${v}, ${formatted(translated.value, names)}, ${v}.contains("'") || ${v}.contains("\\\\") ? dyn({})["kyverno-lint: a value with a quote or a backslash written into a JMESPath string"] : ${v})`,
        type: 'string',
      });
      return name;
    });
    text = replaced;
    inner = { ...scope, variables };
  }
  if (text.includes('$(')) return { ok: false, untranslatable: { reason: '`$( )` references', path } };
  if (text.includes('\\{{')) return { ok: false, untranslatable: { reason: 'escaped `\\{{` braces', path } };
  const matches = [...text.matchAll(VARIABLE)];
  for (const name of nested) {
    const at = text.indexOf(name);
    if (!matches.some((m) => m.index! + m[1]!.length < at && at < m.index! + m[0].length)) return { ok: false, untranslatable: { reason: 'a quoted variable outside a variable', path } };
  }
  if (matches.length === 1 && matches[0]!.index! + matches[0]![1]!.length === 0 && matches[0]![2]!.length === text.length) return translateTemplate(text, inner, path);
  if (matches.length === 0) return translateTemplate(text, inner, path);
  const parts: string[] = [];
  let offset = 0;
  for (const match of matches) {
    const start = match.index! + match[1]!.length;
    const whole = match[2]!;
    const expression = whole.slice(2, -2);
    if (expression.startsWith('-') || expression.includes('{{') || expression.trim() === '@') return { ok: false, untranslatable: { reason: 'shallow, nested or `{{@}}` variable substitution', path } };
    const translated = translateJmesPath(expression, inner, path);
    if (!translated.ok) return translated;
    const before = text.slice(offset, start);
    // Text with `{{` around a variable: Kyverno substitutes the inner variable, then reads the outer one.
    if (before.includes('{{') || before.includes('}}')) return { ok: false, untranslatable: { reason: 'nested variable substitution', path } };
    if (start > offset) parts.push(JSON.stringify(before));
    parts.push(formatted(translated.value, names));
    offset = start + whole.length;
  }
  const tail = text.slice(offset);
  if (tail.includes('{{') || tail.includes('}}')) return { ok: false, untranslatable: { reason: 'an unterminated or nested `{{` variable', path } };
  if (tail !== '') parts.push(JSON.stringify(tail));
  return { ok: true, value: { expression: parts.join(' + '), type: 'string' } };
}

/** Reads a patch. `scope` translates its variables (the rule's context, foreach elements). */
export function readPatch(patch: JsonValue, path: PolicyPath, scope: TranslationScope, names: TemplateNames): Translation<MapNode> {
  if (!isObject(patch)) return { ok: false, untranslatable: { reason: 'a patchStrategicMerge that is not a map', path } };
  try {
    const node = readNode(patch, path, scope, names);
    checkAnchors(node as MapNode, 'top');
    return { ok: true, value: node as MapNode };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}

function readScalar(value: string | number | boolean, path: PolicyPath, scope: TranslationScope, names: TemplateNames): Leaf | NullNode {
  if (typeof value === 'string') {
    const anchor = parseAnchor(value);
    if (anchor !== null && (anchor.type === 'condition' || anchor.type === 'global')) {
      throw new Refused('a string value that reads as a conditional anchor (Kyverno takes it for one in lists)', path);
    }
    if (value.includes('{{') || value.includes('$(')) {
      const translated = translateValue(value, scope, path, names);
      if (!translated.ok) throw new Refused(translated.untranslatable.reason, translated.untranslatable.path);
      const { expression, type } = translated.value;
      if (type === 'list' || type === 'map') throw new Refused('a variable whose value is a list or a map (Kyverno merges it as a part of the patch)', path);
      if (type === 'null') return { kind: 'null' };
      return { kind: 'leaf', expression, type };
    }
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Refused('a number without a CEL literal', path);
  return { kind: 'leaf', expression: '', type: typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'bool', value };
}

function readNode(value: JsonValue, path: PolicyPath, scope: TranslationScope, names: TemplateNames): PatchNode {
  if (value === null) return { kind: 'null' };
  if (Array.isArray(value)) return { kind: 'list', items: value.map((item, i) => readNode(item, [...path, i], scope, names)), path };
  if (isObject(value)) return readMap(value, path, scope, names);
  if (typeof value === 'bigint') throw new Refused('an integer beyond 2^53', path);
  return readScalar(value as string | number | boolean, path, scope, names);
}

function readMap(value: JsonObject, path: PolicyPath, scope: TranslationScope, names: TemplateNames): MapNode {
  let directive: Directive = 'merge';
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (const [rawKey, item] of Object.entries(value)) {
    const at = [...path, rawKey];
    if (rawKey.includes('{{') || rawKey.includes('$(')) throw new Refused('a key with variables', at);
    if (rawKey === '$patch') {
      if (typeof item !== 'string' || !DIRECTIVES.has(item)) throw new Refused('a `$patch` directive other than merge, replace or delete', at);
      directive = item as Directive;
      continue;
    }
    if (rawKey.startsWith('$')) throw new Refused(`the \`${rawKey}\` directive`, at);
    const anchor = parseAnchor(rawKey);
    let kind: AnchorKind = 'plain';
    let key = rawKey;
    if (anchor !== null) {
      if (anchor.type === 'addIfNotPresent') kind = 'add';
      else if (anchor.type === 'condition') kind = 'condition';
      else if (anchor.type === 'global') kind = 'global';
      else throw new Refused(`a \`${rawKey}\` key (this anchor has no meaning in a mutate patch: Kyverno writes it as a key)`, at);
      key = anchor.key;
    }
    if (seen.has(key)) throw new Refused(`the key \`${key}\` appears twice (with and without an anchor)`, at);
    seen.add(key);
    if (kind === 'condition' || kind === 'global') {
      entries.push({ key, anchor: kind, value: { kind: 'null' }, condition: readCondition(item, at, scope, names), path: at });
      continue;
    }
    entries.push({ key, anchor: kind, value: readNode(item, at, scope, names), path: at });
  }
  return { kind: 'map', entries, directive, path };
}

function readCondition(value: JsonValue, path: PolicyPath, scope: TranslationScope, names: TemplateNames): ConditionValue {
  if (typeof value === 'string' && (value.includes('{{') || value.includes('$('))) {
    const translated = translateValue(value, scope, path, names);
    if (!translated.ok) throw new Refused(translated.untranslatable.reason, translated.untranslatable.path);
    const { expression, type } = translated.value;
    if (type !== 'string' && type !== 'dyn') throw new Refused('a condition whose value is a variable of a type other than string', path);
    return { kind: 'dynamic', expression, type };
  }
  if (typeof value === 'string') return { kind: 'static', text: value };
  if (typeof value === 'boolean') return { kind: 'static', text: String(value) };
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e15) return { kind: 'static', text: String(value) };
  throw new Refused('a condition whose value is not a string, a boolean or an integer (Kyverno then matches a pattern tree or the Go text of a number)', path);
}

/**
 * Where anchors may be: `top` (the patch outside lists: conditions and `+()` at any map), `add` (the value of a
 * `+()` anchor: none), `element` (the top of an anchored list element: conditions and `+()`), `nested` (below it:
 * `+()` only), `plain` (a list element without anchors).
 */
type Region = 'top' | 'add' | 'element' | 'nested';

function checkAnchors(node: PatchNode, region: Region): void {
  if (node.kind === 'map') {
    for (const entry of node.entries) {
      if (entry.anchor === 'condition' || entry.anchor === 'global') {
        if (region === 'add') throw new Refused('an anchor inside the value of a `+()` anchor', entry.path);
        if (region === 'nested') throw new Refused('a condition below the top level of a list element', entry.path);
        if (region === 'element' && entry.anchor === 'global') throw new Refused('a global anchor in a list element (it decides for the whole patch)', entry.path);
        continue;
      }
      if (entry.anchor === 'add') {
        if (region === 'add') throw new Refused('an anchor inside the value of a `+()` anchor', entry.path);
        checkAnchors(entry.value, 'add');
        continue;
      }
      checkAnchors(entry.value, region === 'element' ? 'nested' : region);
    }
    return;
  }
  if (node.kind !== 'list') return;
  if (deletedElements(node) > 1) throw new Refused('a list of which pre-processing deletes more than one element (anchored or empty ones: Kyverno deletes them by a stale index)', node.path);
  for (const item of node.items) if (!hasAnchors(item)) checkAnchors(item, region === 'element' ? 'nested' : region);
  const anchored = node.items.filter(hasAnchors);
  if (anchored.length === 0) return;
  if (region === 'add') throw new Refused('an anchor inside the value of a `+()` anchor', node.path);
  if (region === 'element' || region === 'nested') throw new Refused('a list with anchors inside an anchored list element', node.path);
  if (anchored.length > 1) throw new Refused('a list with more than one anchored element (Kyverno deletes them by a stale index)', node.path);
  const element = anchored[0]!;
  if (element.kind !== 'map') throw new Refused('an anchored list element that is not a map', node.path);
  checkAnchors(element, 'element');
}

/** Whether pruning removes the node whatever the resource (`deleteConditionElements`: empty maps and lists). */
export function prunedAway(node: PatchNode): boolean {
  if (node.kind === 'map') {
    if (node.directive !== 'merge') return false;
    return node.entries.every((e) => e.anchor === 'condition' || e.anchor === 'global' || prunedAway(e.value));
  }
  if (node.kind === 'list') return node.items.length > 0 && node.items.every((item) => hasAnchors(item) || prunedAway(item));
  return false;
}

/** How many elements pruning deletes from a list (anchored ones, and those left empty). */
export function deletedElements(node: ListNode): number {
  return node.items.filter((item) => hasAnchors(item) || prunedAway(item)).length;
}
