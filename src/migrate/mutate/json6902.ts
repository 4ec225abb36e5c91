/**
 * @file `patchesJson6902` as MutatingPolicy JSON patches. Kyverno applies the operations with evanphx/json-patch v5
 * and `ApplyOptions{SupportNegativeIndices, AllowMissingPathOnRemove, EnsurePathExistsOnAdd}`
 * (kyverno/kyverno pkg/engine/mutate/patch/patchJSON6902.go); a MutatingPolicy with gopkg.in/evanphx/json-patch.v4
 * and no options (pkg/cel/policies/mpol/compiler/json.go). Each operation is therefore written as CEL that looks at
 * the object and gives the v4 operations doing what v5 with those options does:
 * - `add` creates the missing parents as v5's `ensurePathExists` does (a map, or a list of nulls when the next token
 *   is an index), in one `add` of the nested value at the first missing place; negative indices are resolved;
 * - `remove` of a missing path does nothing;
 * - `replace` of a missing path fails, as in v5 (v4 would add it);
 * - an operation leaving its place as it is gives no operation, so that "nothing changed" can be told.
 * Operations apply in order, each on the result of the previous one: one mutation per operation.
 * `move`, `copy`, `test` and variables are not translated.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { decodeJsonPatch, type Operation } from '../../families/kyverno/engine/mutate/json-patch/index.js';
import { parseDocument, visit } from 'yaml';
import { celString, concat, failure, literal, Names, one, op, type Segment } from './cel.js';
import { formatted, VARIABLE } from './patch.js';
import { translateJmesPath, type CelValue, type TranslationScope } from '../jmespath.js';
import type { PolicyPath, Translation } from '../types.js';

export interface JsonPatchTranslation {
  /** A CEL `list(JSONPatch)` per operation, each evaluated on the object the previous one left. */
  readonly mutations: readonly string[];
  /**
   * A CEL boolean over the object before the patch: the patch changes it. Absent when that is not known (operations
   * that depend on each other).
   */
  readonly changes?: string;
}

class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly path: PolicyPath,
  ) {
    super(reason);
  }
}

const INDEX = /^-?[0-9]+$/;

function isIndex(token: string): boolean {
  return INDEX.test(token);
}

function tokensOf(path: JsonValue | undefined, at: PolicyPath): string[] {
  if (typeof path !== 'string') throw new Refused('an operation without a string path', at);
  if (path === '') throw new Refused('an operation on the whole resource', at);
  if (!path.startsWith('/')) throw new Refused('a path that does not start with `/`', at);
  const tokens = path.split('/').slice(1);
  if (tokens.some((t) => t.includes('~'))) throw new Refused('a path with `~` escapes (json-patch creates missing parents under the escaped text)', at);
  if (tokens.some((t) => t.startsWith('+'))) throw new Refused('a path with a `+` index', at);
  return tokens;
}

const PLACEHOLDER = '\u0000kyverno-lint:value\u0000';

/**
 * What v5's `ensurePathExists` creates below a missing place for the rest of the path (`rest[0]` is the key in the
 * created node), with the value added at the end. Null when v5 fails.
 */
function created(rest: readonly string[]): JsonValue | null {
  const node = (next: string): JsonValue[] | JsonObject | null => {
    if (!isIndex(next) && next !== '-') return {};
    let index = next === '-' ? 0 : Number(next);
    if (index < -1) return null;
    if (index < 0) index = 0;
    return new Array<JsonValue>(index).fill(null);
  };
  const root = node(rest[0]!);
  if (root === null) return null;
  let container: JsonValue[] | JsonObject = root;
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    const last = i === rest.length - 1;
    const child: JsonValue | null = last ? PLACEHOLDER : node(rest[i + 1]!);
    if (child === null) return null;
    if (Array.isArray(container)) {
      if (token === '-') container.push(child);
      else {
        if (!isIndex(token)) return null;
        let index = Number(token);
        if (index < 0) index += container.length + 1;
        if (index < 0 || index > container.length) return null;
        container.splice(index, 0, child);
      }
    } else {
      container[token] = child;
    }
    if (!last) container = child as JsonValue[] | JsonObject;
  }
  return root;
}

class Writer {
  constructor(
    readonly value: string | undefined,
    readonly names: Names = new Names(),
    /** Where the tokens start: the pointer of the container the writer starts from. */
    readonly prefix: readonly Segment[] = [],
  ) {}

  /** The pointer of `tokens` (below the prefix). */
  #ptr(tokens: readonly Segment[]): Segment[] {
    return [...this.prefix, ...tokens];
  }

  /** The value literal with the placeholder replaced by the operation's value. */
  nested(rest: readonly string[]): string | null {
    const tree = created(rest);
    if (tree === null) return null;
    return literal(tree, (text) => (text === PLACEHOLDER ? { expression: this.value! } : undefined));
  }

  add(container: string, tokens: readonly string[], j: number): string {
    const t = tokens[j]!;
    const ptr = this.#ptr(tokens.slice(0, j + 1));
    const last = j === tokens.length - 1;
    const value = this.value!;
    const x = this.names.fresh('_x');
    const onMap = last
      ? `cel.bind(${x}, ${container}[?${celString(t)}], ${x}.hasValue() && ${x}.value() == ${value} ? [] : ${one(op('add', ptr, value))})`
      : this.#descendOrCreate(`${container}[?${celString(t)}].orValue(null)`, tokens, j, ptr);
    const notThere = failure('add: a parent of the path is neither a map nor a list indexed by a number');
    if (t !== '-' && !isIndex(t)) return container === 'object' ? onMap : `type(${container}) == map ? ${onMap} : ${notThere}`;
    let onList: string;
    if (last) {
      if (t === '-') onList = one(op('add', ptr, value));
      else {
        const i = Number(t);
        onList =
          i >= 0
            ? `${i} <= size(${container}) ? ${one(op('add', ptr, value))} : ${failure('add: the index is out of range')}`
            : `${i} + size(${container}) + 1 >= 0 ? ${one(op('add', this.#ptr([...tokens.slice(0, j), { expr: `${i} + size(${container}) + 1`, int: true }]), value))} : ${failure('add: the index is out of range')}`;
      }
    } else if (t === '-') {
      const nested = this.nested(tokens.slice(j + 1));
      onList = nested === null ? failure('add: json-patch cannot create this path') : one(op('add', ptr, nested));
    } else {
      const i = Number(t);
      if (i < 0) throw new Refused('an `add` through a negative index', []);
      const nested = this.nested(tokens.slice(j + 1));
      const insert = nested === null ? failure('add: json-patch cannot create this path') : one(op('add', ptr, nested));
      onList = `${i} < size(${container}) ? ${this.#descendOrCreate(`${container}[${i}]`, tokens, j, ptr)} : ${i} == size(${container}) ? ${insert} : ${failure('add: json-patch pads the list with nulls')}`;
    }
    return `type(${container}) == map ? ${onMap} : type(${container}) == list ? ${onList} : ${notThere}`;
  }

  /** A parent: descended into when it is a map or a list, created (with the rest of the path) when it is null or missing. */
  #descendOrCreate(child: string, tokens: readonly string[], j: number, ptr: readonly Segment[]): string {
    const c = this.names.fresh('_c');
    const nested = this.nested(tokens.slice(j + 1));
    const create = nested === null ? failure('add: json-patch cannot create this path') : one(op('add', ptr, nested));
    return `cel.bind(${c}, ${child}, ${c} == null ? ${create} : ${this.add(c, tokens, j + 1)})`;
  }

  /** `remove`/`replace`: parents must be there (`remove`: nothing happens when they are not). */
  removeOrReplace(kind: 'remove' | 'replace', container: string, tokens: readonly string[], j: number): string {
    const t = tokens[j]!;
    const last = j === tokens.length - 1;
    const missing = kind === 'remove' ? '[]' : failure('replace: the path is missing');
    const x = this.names.fresh('_x');
    const apply = (ptr: readonly Segment[], current: string): string =>
      kind === 'remove' ? one(op('remove', ptr)) : `${current} == ${this.value!} ? [] : ${one(op('replace', ptr, this.value!))}`;
    let onMap: string;
    let onList: string;
    if (last) {
      onMap = `${celString(t)} in ${container} ? ${apply(this.#ptr(tokens.slice(0, j + 1)), `${container}[${celString(t)}]`)} : ${missing}`;
      if (!isIndex(t)) onList = failure(`${kind}: the list index \`${t}\` is not a number`);
      else {
        const i = Number(t);
        const index = i >= 0 ? String(i) : `${i} + size(${container})`;
        const ptr: Segment[] = this.#ptr([...tokens.slice(0, j), i >= 0 ? t : { expr: index, int: true }]);
        onList = `${index} >= 0 && ${index} < size(${container}) ? ${apply(ptr, `${container}[${index}]`)} : ${missing}`;
      }
    } else {
      const descend = (child: string): string => `cel.bind(${x}, ${child}, ${this.removeOrReplace(kind, x, tokens, j + 1)})`;
      onMap = `${celString(t)} in ${container} ? ${descend(`${container}[${celString(t)}]`)} : ${missing}`;
      if (!isIndex(t)) onList = missing;
      else {
        const i = Number(t);
        if (i < 0) throw new Refused(`a \`${kind}\` through a negative index`, []);
        onList = `${i} < size(${container}) ? ${descend(`${container}[${i}]`)} : ${missing}`;
      }
    }
    if (container === 'object') return onMap;
    return `type(${container}) == map ? ${onMap} : type(${container}) == list ? ${onList} : ${missing}`;
  }
}

/** Whether `a` is a token prefix of `b` (or equal). */
function isPrefix(a: readonly string[], b: readonly string[]): boolean {
  return a.length <= b.length && a.every((t, i) => t === b[i]);
}

/**
 * Whether the operations do not act on each other: no path is a prefix of another, and no two share a parent where
 * one of them names a list position. Then each operation changes the object exactly when it changes the original.
 */
function independent(paths: readonly string[][]): boolean {
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const a = paths[i]!;
      const b = paths[j]!;
      if (isPrefix(a, b) || isPrefix(b, a)) return false;
      const parentA = a.slice(0, -1);
      const parentB = b.slice(0, -1);
      const lastA = a[a.length - 1]!;
      const lastB = b[b.length - 1]!;
      if (isPrefix(parentA, parentB) && isPrefix(parentB, parentA) && (isIndex(lastA) || isIndex(lastB) || lastA === '-' || lastB === '-')) return false;
    }
  }
  return true;
}

/** Translates a `patchesJson6902` value (a YAML or JSON list of operations). */
export function translateJson6902(patch: JsonValue, path: PolicyPath): Translation<JsonPatchTranslation> {
  if (typeof patch === 'string' && (patch.includes('{{') || patch.includes('$('))) {
    return { ok: false, untranslatable: { reason: 'variables in a patchesJson6902 (Kyverno substitutes them into the YAML text before reading it)', path } };
  }
  const decoded = decodeJsonPatch(patch);
  if ('error' in decoded) return { ok: false, untranslatable: { reason: `Kyverno cannot read the patch: ${decoded.error}`, path } };
  try {
    const mutations: string[] = [];
    const paths: string[][] = [];
    for (const [i, operation] of (decoded.operations as readonly Operation[]).entries()) {
      const at = [...path, i];
      const kind = operation.op;
      if (kind !== 'add' && kind !== 'remove' && kind !== 'replace') throw new Refused(`the \`${String(kind)}\` operation`, at);
      const tokens = tokensOf(operation.path, at);
      paths.push(tokens);
      const value = kind === 'remove' ? undefined : literal(operation.value ?? null, () => undefined);
      const writer = new Writer(value);
      try {
        mutations.push(kind === 'add' ? writer.add('object', tokens, 0) : writer.removeOrReplace(kind, 'object', tokens, 0));
      } catch (error) {
        if (error instanceof Refused) throw new Refused(error.reason, at);
        throw error;
      }
    }
    if (mutations.length === 0) return { ok: false, untranslatable: { reason: 'an empty patchesJson6902', path } };
    const result: JsonPatchTranslation = independent(paths) ? { mutations, changes: mutations.map((m) => `size(${m}) > 0`).join(' || ') } : { mutations };
    return { ok: true, value: result };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}

/** A variable of a foreach patch, written into the YAML text before Kyverno reads it. */
interface TextVariable {
  readonly placeholder: string;
  readonly value: CelValue;
  /** `elementIndex` itself: allowed in paths. */
  readonly index: boolean;
}

/** A string of the patch with variables: the CEL concatenation of its text and the variables' text. */
function stringWithVariables(text: string, variables: readonly TextVariable[], names: Names, quote: string): string {
  const parts: string[] = [];
  let rest = text;
  const counter = { nestedName: () => names.fresh('_n') };
  while (rest !== '') {
    let first: { at: number; variable: TextVariable } | null = null;
    for (const variable of variables) {
      const at = rest.indexOf(variable.placeholder);
      if (at >= 0 && (first === null || at < first.at)) first = { at, variable };
    }
    if (first === null) {
      parts.push(celString(rest));
      break;
    }
    if (first.at > 0) parts.push(celString(rest.slice(0, first.at)));
    const t = names.fresh('_q');
    // The variable's text inside a quoted YAML scalar: a quote, a backslash or a line break would change what YAML reads.
    const unsafe = quote === '"' ? `${t}.contains("\\"") || ${t}.contains("\\\\") || ${t}.contains("\\n")` : `${t}.contains("'") || ${t}.contains("\\n")`;
    parts.push(`cel.bind(${t}, ${formatted(first.variable.value, counter)}, ${unsafe} ? dyn({})["kyverno-lint: a variable whose text would change the YAML it is written into"] : ${t})`);
    rest = rest.slice(first.at + first.variable.placeholder.length);
  }
  return parts.length === 0 ? '""' : parts.join(' + ');
}

/** The value of an operation as CEL, with the variables of its strings. */
function valueWithVariables(value: JsonValue, variables: readonly TextVariable[], styles: ReadonlyMap<string, string>, names: Names, at: PolicyPath): string {
  if (typeof value === 'string') {
    if (!variables.some((v) => value.includes(v.placeholder))) return celString(value);
    const quote = styles.get(value);
    if (quote === undefined) throw new Refused('a variable in an unquoted YAML scalar (Kyverno reads the substituted text as YAML)', at);
    return stringWithVariables(value, variables, names, quote);
  }
  if (Array.isArray(value)) return `[${value.map((item) => `dyn(${valueWithVariables(item, variables, styles, names, at)})`).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => {
      if (variables.some((v) => key.includes(v.placeholder))) throw new Refused('a variable in a key', at);
      return `${celString(key)}: dyn(${valueWithVariables(item, variables, styles, names, at)})`;
    });
    return `{${entries.join(', ')}}`;
  }
  return literal(value, () => undefined);
}

/**
 * A foreach entry's `patchesJson6902` for one element, as the operations on the element (`element`, `index`: CEL
 * names) of the list at `listPath` in the object. Kyverno substitutes the entry's variables into the YAML text, then
 * applies the operations to the resource the previous elements left: each operation must act inside the element
 * (`/<list>/{{elementIndex}}/…`), where the other elements' operations do not reach, and the operations of one
 * element must be independent of each other, so that all of them are computed from the object as it was.
 */
export function translateElementJson6902(
  text: string,
  listPath: readonly string[],
  element: string,
  index: string,
  scope: TranslationScope,
  names: Names,
  path: PolicyPath,
): Translation<string> {
  try {
    if (text.includes('$(') || text.includes('\\{{')) throw new Refused('`$( )` references or escaped braces in the patch', path);
    const variables: TextVariable[] = [];
    let substituted = '';
    let offset = 0;
    for (const match of text.matchAll(VARIABLE)) {
      const start = match.index! + match[1]!.length;
      const whole = match[2]!;
      const before = text.slice(offset, start);
      if (before.includes('{{') || before.includes('}}')) throw new Refused('nested variable substitution', path);
      const inner = whole.slice(2, -2);
      if (inner.startsWith('-') || inner.trim() === '@') throw new Refused('shallow or `{{@}}` variable substitution', path);
      const translated = translateJmesPath(inner, scope, path);
      if (!translated.ok) return translated;
      const placeholder = `KYVERNOLINTVAR${variables.length}X`;
      variables.push({ placeholder, value: translated.value, index: inner.trim() === 'elementIndex' });
      substituted += before + placeholder;
      offset = start + whole.length;
    }
    const tail = text.slice(offset);
    if (tail.includes('{{') || tail.includes('}}')) throw new Refused('nested or unterminated variable substitution', path);
    substituted += tail;
    // How the YAML scalars holding variables are quoted.
    const styles = new Map<string, string>();
    const document = parseDocument(substituted);
    visit(document, {
      Scalar(_key, node) {
        if (typeof node.value !== 'string' || !variables.some((v) => (node.value as string).includes(v.placeholder))) return;
        if (node.type === 'QUOTE_DOUBLE') styles.set(node.value, '"');
        else if (node.type === 'QUOTE_SINGLE') styles.set(node.value, "'");
      },
    });
    const decoded = decodeJsonPatch(substituted);
    if ('error' in decoded) throw new Refused(`Kyverno cannot read the patch: ${decoded.error}`, path);
    const ops: string[] = [];
    const rests: string[][] = [];
    for (const [i, operation] of (decoded.operations as readonly Operation[]).entries()) {
      const at = [...path, i];
      const kind = operation.op;
      if (kind !== 'add' && kind !== 'remove' && kind !== 'replace') throw new Refused(`the \`${String(kind)}\` operation`, at);
      const tokens = tokensOf(operation.path, at);
      const head = tokens.slice(0, listPath.length);
      const indexToken = tokens[listPath.length];
      const rest = tokens.slice(listPath.length + 1);
      const isIndexVariable = variables.some((v) => v.index && v.placeholder === indexToken);
      if (head.join('/') !== listPath.join('/') || !isIndexVariable || rest.length === 0) {
        throw new Refused('an operation outside the element (`/<list>/{{elementIndex}}/…`: the elements\' operations would act on each other)', at);
      }
      if (rest.some((t) => variables.some((v) => t.includes(v.placeholder)))) throw new Refused('a variable in a path below the element', at);
      rests.push(rest);
      const value = kind === 'remove' ? undefined : valueWithVariables(operation.value ?? null, variables, styles, names, at);
      const writer = new Writer(value, names, [...listPath, { expr: index, int: true }]);
      ops.push(kind === 'add' ? writer.add(element, rest, 0) : writer.removeOrReplace(kind, element, rest, 0));
    }
    if (ops.length === 0) throw new Refused('an empty patchesJson6902', path);
    if (!independent(rests)) throw new Refused('operations of one element that act on each other', path);
    return { ok: true, value: concat(ops) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, untranslatable: { reason: error.reason, path: error.path.length === 0 ? path : error.path } };
    throw error;
  }
}
