/**
 * @file A `patchStrategicMerge` patch as the JSON patch operations that turn a resource into what Kyverno makes of
 * it (kyverno/kyverno pkg/engine/mutate/patch/strategicMergePatch.go `strategicMergePatch`: anchor pre-processing,
 * strategicPreprocessing.go, then kustomize's kyaml merge with `ListIncreaseDirection = Prepend`,
 * kyaml/yaml/merge2/merge2.go and kyaml/yaml/walk), computed in CEL from the resource.
 *
 * The operations only change what Kyverno's merge changes, one operation per changed place, so that the list is
 * empty exactly when Kyverno reports "no patches applied" (a `skip`). Places:
 * - a scalar or a list kyaml replaces: `add` when the value differs;
 * - a map: its fields one by one, or the whole patch value when the resource has no map there (`$patch: replace`:
 *   the patch value; `$patch: delete`, a `null`: `remove`);
 * - a list merged by one key (kyaml's schema: `containers` by `name`, …): Kyverno's result lists the elements of
 *   the patch first, in the patch's order, then the other elements of the resource (Prepend); one `add` writes that
 *   order (and the new elements) when it differs, then each merged element is patched at its new index;
 * - a list of scalars merged as a set (`finalizers`): the patch's values first, then the resource's others.
 * A value of another kind where the patch merges (a scalar where it has a map, …) fails, as kyaml does.
 *
 * Anchors: the conditional and global anchors outside lists decide for the whole patch ({@link SmpTranslation.applies});
 * `+(key)` adds the key when the resource has no such key; the one anchored element a list may hold is copied, as
 * pre-processing does (`processListOfMaps`, `handlePatternName`), for each resource element that satisfies its
 * conditions and has a `name`, with the `+()` keys decided on the first resource element that reaches them.
 *
 * Assumed of the resource: the lists kyaml merges by key hold maps with distinct keys, and no null or empty element
 * (the API server refuses duplicates in most of them, `containers` or `volumes`, not in all: `env`). kyaml also
 * collapses duplicate keys and drops such elements in every such list of the resource the patch reaches; the
 * operations do not (the translation notes it).
 */
import type { PolicyPath } from '../types.js';
import { celDouble, celString, choose, concat, failure, failureBool, fieldOrNull, isComposite, Names, one, op, type Segment } from './cel.js';
import type { ConditionValue, Entry, ListNode, MapNode, PatchNode } from './patch.js';
import { hasAnchors, prunedAway } from './patch.js';
import { byStrategy, fieldSchemas, itemSchemas, type ListStrategy, type Schemas } from './schema.js';
import { scalarPattern } from '../pattern/scalar.js';

/** What a patch translates to. */
export interface SmpTranslation {
  /** A CEL boolean: the patch's conditional and global anchors hold ('true' when it has none). */
  readonly applies: string;
  /** A CEL `list(JSONPatch)` over `object`: Kyverno's changes. */
  readonly operations: string;
}

/** A construct the generator has no exact translation of. */
export class Unsupported extends Error {
  constructor(
    readonly reason: string,
    readonly path: PolicyPath,
  ) {
    super(reason);
  }
}

const KIND_MISMATCH = 'the resource has a value of another kind where the patch merges (kyaml: wrong node kind)';

/** A list element the patch generates per element of a list expression (a foreach): see {@link Generator.generated}. */
export interface GeneratedItems {
  /** A CEL list: the elements, in the order of the patch list. */
  readonly elements: string;
  /** The CEL variable naming one element inside `item`. */
  readonly variable: string;
  /** The patch element for one element (its merge key is a leaf). */
  readonly item: MapNode;
}

/** A CEL boolean deciding whether an entry of a copied element is kept (a `+()` key). */
type Guards = ReadonlyMap<Entry, string>;

const NO_GUARDS: Guards = new Map();

/** Scalar text as pre-processing compares condition values (`convertRNodeToInterface`, `yaml.Node.Value`). */
function scalarTextOf(v: string, names: Names): string {
  const t = names.fresh('_t');
  const number = `(double(${t}) >= -1e15 && double(${t}) <= 1e15 && double(int(${t})) == double(${t}) ? string(int(${t})) : ${failureBool('a condition on a non-integral number (compared by its Go text)')})`;
  return `cel.bind(${t}, ${v}, type(${t}) == string ? ${t} : type(${t}) == bool ? (${t} ? "true" : "false") : type(${t}) == null_type ? "null" : ${number})`;
}

/** Dynamic condition values equal to a name are compared as text; others would be patterns. */
const PLAIN_PATTERN = '^[A-Za-z][A-Za-z0-9._-]*$';

/**
 * The value `v` (repeatable) whose text equals a plain name `p` (a CEL string): only a string, `true`/`false` or
 * `null` has such a text (a number's starts with a digit or a sign).
 */
function textIsName(v: string, p: string): string {
  return `(type(${v}) == string && ${v} == ${p}) || (type(${v}) == bool && string(${v}) == ${p}) || (type(${v}) == null_type && ${p} == "null")`;
}

/** Whether the present value `v` satisfies a condition (pre-processing's `checkCondition`). */
function conditionHolds(v: string, condition: ConditionValue, names: Names): string {
  if (condition.kind === 'static') {
    if (new RegExp(PLAIN_PATTERN).test(condition.text)) return textIsName(v, celString(condition.text));
    const text = names.fresh('_s');
    // A map or a list against a scalar pattern does not match.
    return `!${isComposite(v)} && cel.bind(${text}, ${scalarTextOf(v, names)}, ${scalarPattern(text, condition.text)})`;
  }
  const p = names.fresh('_p');
  return `cel.bind(${p}, ${condition.expression}, type(${p}) == string && ${p}.matches(${celString(PLAIN_PATTERN)}) ? ${textIsName(v, p)} : ${failureBool('a condition whose variable value is not a plain name (Kyverno reads it as a pattern)')})`;
}

/** `m` (a repeatable expression) followed along `keys`, null where a map is missing. */
function safeGet(base: string, keys: readonly string[], names: Names): string {
  let out = base;
  for (const key of keys) {
    const g = names.fresh('_g');
    out = `cel.bind(${g}, ${out}, type(${g}) == map ? ${fieldOrNull(g, key)} : null)`;
  }
  return out;
}

function scalarLiteral(value: unknown): string {
  if (typeof value === 'string') return celString(value);
  if (typeof value === 'number') return celDouble(value);
  return String(value);
}

/** The translation of one patch. */
export class Generator {
  constructor(readonly names: Names = new Names()) {}

  readonly #conditions: string[] = [];
  /** Generated elements of lists, by list node. */
  readonly #generated = new Map<ListNode, GeneratedItems>();

  /** Declares that `list` also holds `items`, after its own elements. */
  generated(list: ListNode, items: GeneratedItems): void {
    this.#generated.set(list, items);
  }

  translate(patch: MapNode, schemas: Schemas): SmpTranslation {
    if (patch.directive !== 'merge') throw new Unsupported('a `$patch` directive on the whole patch', patch.path);
    this.#collectConditions(patch, []);
    const operations = this.mapOps(patch, 'object', [], schemas, NO_GUARDS);
    const applies = this.#conditions.length === 0 ? 'true' : this.#conditions.map((c) => `(${c})`).join(' && ');
    return { applies, operations };
  }

  /** The conditional and global anchors of the maps outside lists, each one true when it holds. */
  #collectConditions(node: MapNode, at: readonly string[]): void {
    for (const entry of node.entries) {
      if (entry.anchor === 'condition' || entry.anchor === 'global') {
        const m = this.names.fresh('_m');
        const v = this.names.fresh('_a');
        const map = at.length === 0 ? 'object' : safeGet('object', at, this.names);
        this.#conditions.push(
          `cel.bind(${m}, ${map}, type(${m}) == map && ${celString(entry.key)} in ${m} && cel.bind(${v}, ${m}[${celString(entry.key)}], ${conditionHolds(v, entry.condition!, this.names)}))`,
        );
      } else if (entry.anchor === 'plain' && entry.value.kind === 'map') {
        this.#collectConditions(entry.value, [...at, entry.key]);
      }
    }
  }

  /** The operations merging the (merge-directive) map node into the map `m` at `ptr`. */
  mapOps(node: MapNode, m: string, ptr: readonly Segment[], schemas: Schemas, guards: Guards, skipKey?: string): string {
    const parts: string[] = [];
    for (const entry of node.entries) {
      if (entry.anchor === 'condition' || entry.anchor === 'global' || entry.key === skipKey) continue;
      const fs = fieldSchemas(schemas, entry.key);
      const at = [...ptr, entry.key];
      let part: string;
      // A `+()` key of a copied element has been decided: kept, it is a plain key of the copy.
      if (entry.anchor === 'add' && !guards.has(entry)) {
        const value = this.absent(entry.value, fs, guards);
        if (value === null) continue;
        part = `${celString(entry.key)} in ${m} ? [] : ${this.#addRendered(at, value)}`;
      } else {
        part = this.fieldOps(entry.value, m, entry.key, at, fs, guards);
      }
      const guard = guards.get(entry);
      parts.push(guard === undefined ? part : choose(guard, part, '[]'));
    }
    return concat(parts);
  }

  /** `[add at value]`, or none when the value is pruned away at run time. */
  #addRendered(at: readonly Segment[], value: Rendered): string {
    if (value.survives === 'true') return one(op('add', at, value.expression));
    return choose(value.survives, one(op('add', at, value.expression)), '[]');
  }

  /** The operations for the field `key` of the map `m`, merged with `node`. */
  fieldOps(node: PatchNode, m: string, key: string, at: readonly Segment[], schemas: Schemas, guards: Guards): string {
    const k = celString(key);
    const remove = one(op('remove', at));
    switch (node.kind) {
      case 'null':
        return `${k} in ${m} ? ${remove} : []`;
      case 'leaf': {
        const c = this.names.fresh('_c');
        const scalar = (value: string): string =>
          `cel.bind(${c}, ${fieldOrNull(m, key)}, ${c} == null ? ${one(op('add', at, value))} : ${isComposite(c)} ? ${failure(KIND_MISMATCH)} : ${c} == ${value} ? [] : ${one(op('add', at, value))})`;
        if (node.value !== undefined) return scalar(scalarLiteral(node.value));
        const v = this.names.fresh('_x');
        if (node.type !== 'dyn') return `cel.bind(${v}, ${node.expression}, ${scalar(v)})`;
        // A variable that is null deletes the field; a map or a list would be merged as a part of the patch.
        return `cel.bind(${v}, ${node.expression}, ${v} == null ? (${k} in ${m} ? ${remove} : []) : ${isComposite(v)} ? ${failure('a variable whose value is a list or a map')} : ${scalar(v)})`;
      }
      case 'map': {
        const c = this.names.fresh('_c');
        if (node.directive === 'delete') return `${k} in ${m} ? (${fieldOrNull(m, key)} == null || type(${m}[${k}]) == map ? ${remove} : ${failure(KIND_MISMATCH)}) : []`;
        const whole = this.absent(node, schemas, guards);
        // Pruned when the resource has nothing there; an anchored list may still get copies where it has.
        if (whole === null && !this.#containsAnchoredList(node)) return '[]';
        let present: string;
        if (node.directive === 'replace') {
          if (whole === null) throw new Unsupported('a `$patch: replace` map holding only anchored lists', node.path);
          present = `${c} == ${whole.expression} ? [] : ${one(op('add', at, whole.expression))}`;
        } else {
          present = this.mapOps(node, c, at, schemas, guards);
        }
        const missing = whole === null ? '[]' : this.#addRendered(at, whole);
        return `cel.bind(${c}, ${fieldOrNull(m, key)}, ${c} == null ? ${missing} : type(${c}) != map ? ${failure(KIND_MISMATCH)} : ${present})`;
      }
      case 'list': {
        const c = this.names.fresh('_c');
        const generated = this.#generated.get(node);
        const whole = generated === undefined ? this.absent(node, schemas, guards) : this.#absentGenerated(generated, schemas);
        if (whole === null && !node.items.some(hasAnchors) && generated === undefined) return '[]';
        const missing = whole === null ? '[]' : this.#addRendered(at, whole);
        return `cel.bind(${c}, ${fieldOrNull(m, key)}, ${c} == null ? ${missing} : type(${c}) != list ? ${failure(KIND_MISMATCH)} : ${this.listOps(node, c, at, schemas, guards)})`;
      }
    }
  }

  /** The operations merging the list node into the list `c` at `at`. */
  listOps(node: ListNode, c: string, at: readonly Segment[], schemas: Schemas, guards: Guards): string {
    const groups = byStrategy(schemas);
    let out = '';
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i]!;
      const ops = this.#listOpsWith(node, c, at, g.strategy, g.schemas, guards);
      out = i === groups.length - 1 ? ops : choose(g.when, ops, out);
    }
    return out;
  }

  #listOpsWith(node: ListNode, c: string, at: readonly Segment[], strategy: ListStrategy, schemas: Schemas, guards: Guards): string {
    const generated = this.#generated.get(node);
    switch (strategy.kind) {
      case 'replace': {
        if (node.items.some(hasAnchors) || generated !== undefined) throw new Unsupported('a list with anchored elements that kyaml does not merge by `name`', node.path);
        const value = this.#raw(node);
        if (value === null) return '[]';
        return `${c} == ${value} ? [] : ${one(op('add', at, value))}`;
      }
      case 'set': {
        if (generated !== undefined) throw new Unsupported('a foreach list of scalars merged as a set', node.path);
        const values: string[] = [];
        for (const item of node.items) {
          if (item.kind !== 'leaf' || item.value === undefined || typeof item.value === 'object') throw new Unsupported('a list merged as a set whose elements are not static scalars', node.path);
          const text = scalarLiteral(item.value);
          if (!values.includes(text)) values.push(text);
        }
        if (values.length === 0) return '[]';
        const list = `[${values.map((v) => `dyn(${v})`).join(', ')}]`;
        const x = this.names.fresh('_e');
        const merged = `${list} + ${c}.filter(${x}, !(${x} in ${list}))`;
        return `${merged} == ${c} ? [] : ${one(op('add', at, merged))}`;
      }
      case 'keys':
        throw new Unsupported(`a list kyaml merges by several keys (${strategy.keys.join(', ')})`, node.path);
      case 'key':
        return this.#keyedOps(node, c, at, strategy.key, itemSchemas(schemas), guards, generated);
    }
  }

  /** A list merged by `key`. */
  #keyedOps(node: ListNode, c: string, at: readonly Segment[], key: string, schemas: Schemas, guards: Guards, generated: GeneratedItems | undefined): string {
    const names = this.names;
    const keyOf = (e: string): string => `(type(${e}) == map ? ${fieldOrNull(e, key)} : null)`;
    const anchored = node.items.find(hasAnchors) as MapNode | undefined;
    if (anchored !== undefined && key !== 'name') throw new Unsupported(`an anchored element in a list kyaml merges by \`${key}\` (Kyverno names its copies by \`name\`)`, node.path);
    const plain = node.items.filter((item) => !hasAnchors(item));
    const binds: [string, string][] = [];
    const items: { node: MapNode; key: string }[] = [];
    const statics = new Set<string>();
    for (const item of plain) {
      if (item.kind !== 'map') throw new Unsupported(`an element of a list merged by \`${key}\` that is not a map`, node.path);
      const entry = item.entries.find((e) => e.key === key && e.anchor === 'plain');
      if (entry === undefined || entry.value.kind !== 'leaf') throw new Unsupported(`an element of a list merged by \`${key}\` without its \`${key}\``, item.path);
      const leaf = entry.value;
      if (leaf.value !== undefined) {
        if (typeof leaf.value === 'object' || leaf.value === null) throw new Unsupported(`a \`${key}\` that is not a scalar`, entry.path);
        const text = scalarLiteral(leaf.value);
        if (statics.has(text)) throw new Unsupported(`two elements with the same \`${key}\``, item.path);
        statics.add(text);
        items.push({ node: item, key: text });
      } else {
        const name = names.fresh('_k');
        binds.push([name, leaf.expression]);
        items.push({ node: item, key: name });
      }
    }
    const keyList = `[${items.map((i) => `dyn(${i.key})`).join(', ')}]`;
    const e = names.fresh('_e');
    const parts: string[] = [];
    const order: string[] = [];
    let index = 0;
    const elementOps: string[] = [];
    for (const item of items) {
      const hasIt = `${c}.exists(${e}, ${keyOf(e)} == ${item.key})`;
      const first = `${c}.filter(${e}, ${keyOf(e)} == ${item.key})[0]`;
      if (item.node.directive === 'delete') continue;
      const whole = this.absent(item.node, schemas, guards);
      if (whole === null) continue;
      order.push(`${hasIt} ? [${first}] : ${whole.survives === 'true' ? `[${whole.expression}]` : `(${whole.survives} ? [${whole.expression}] : [])`}`);
      const d = names.fresh('_d');
      const at2 = [...at, String(index)];
      const merge =
        item.node.directive === 'replace'
          ? `${d} == ${whole.expression} ? [] : ${one(op('add', at2, whole.expression))}`
          : this.mapOps(item.node, d, at2, schemas, guards, key);
      elementOps.push(`${hasIt} ? cel.bind(${d}, ${first}, type(${d}) == map ? ${merge} : ${failure(KIND_MISMATCH)}) : []`);
      index++;
    }
    // Every element the patch names, deleted ones included, leaves the rest of the resource's list.
    let restKeys = keyList;
    const sections = order.map((o) => `(${o})`);
    let copies: Copies | undefined;
    if (anchored !== undefined) copies = this.#copies(anchored, c, at, index, keyList, schemas);
    if (generated !== undefined) {
      if (copies !== undefined) throw new Unsupported('a foreach list element next to an anchored one', node.path);
      copies = hasAnchors(generated.item) ? this.#generatedCopies(generated, c, at, index, keyList, schemas) : this.#generatedItems(generated, c, at, index, keyList, key, schemas);
    }
    if (copies !== undefined) {
      binds.push(...copies.binds);
      sections.push(copies.list);
      restKeys = `${keyList} + ${copies.list}.map(${e}, ${keyOf(e)})`;
      elementOps.push(copies.ops);
    }
    sections.push(`${c}.filter(${e}, !(${keyOf(e)} in ${restKeys}))`);
    const merged = sections.join(' + ');
    const r = names.fresh('_r');
    parts.push(`cel.bind(${r}, ${merged}, ${r} == ${c} ? [] : ${one(op('add', at, r))})`);
    parts.push(...elementOps.map((o) => `(${o})`));
    let out = concat(parts);
    for (const [name, expression] of binds.reverse()) out = `cel.bind(${name}, ${expression}, ${out})`;
    return out;
  }

  /**
   * The copies of the anchored element: one per resource element satisfying its conditions, with a `name`, not
   * named by another element of the patch, in the resource's order, placed after the patch's own elements.
   */
  #copies(anchored: MapNode, c: string, at: readonly Segment[], offset: number, keyList: string, schemas: Schemas): Copies {
    const names = this.names;
    const e = names.fresh('_e');
    const passes = this.#passes(anchored);
    // `+()` keys: those of the element's own map are decided on the first resource element, the others on the
    // first one satisfying the conditions (pre-processing resolves them in a copy shared by all elements).
    const firstAny = names.fresh('_fa');
    const firstPassing = names.fresh('_fp');
    const { guards, binds } = this.#decisions(anchored, firstAny, firstPassing);
    const copy: MapNode = { ...anchored, entries: anchored.entries.filter((entry) => entry.anchor !== 'condition') };
    const template: MapNode = { ...copy, entries: copy.entries.filter((entry) => entry.key !== 'name') };
    const survives = this.#survives(copy, guards);
    const keep = `${passes(e)} && ${fieldOrNull(e, 'name')} != null && ${e}.name != "" && !(${e}.name in ${keyList})${survives === 'true' ? '' : ` && ${survives}`}`;
    const list = names.fresh('_cp');
    const i = names.fresh('_i');
    const x = names.fresh('_y');
    const ops = this.mapOps(template, x, [...at, { expr: `${i} + ${offset}`, int: true }], schemas, guards);
    return {
      binds: [
        [firstAny, `${c}[?0].orValue(null)`],
        [firstPassing, `${c}.filter(${e}, ${passes(e)})[?0].orValue(null)`],
        ...binds,
        [list, `${c}.filter(${e}, ${keep})`],
      ],
      list,
      ops: `${list}.transformList(${i}, ${x}, ${ops}).flatten()`,
    };
  }

  /** A CEL boolean over a resource element: the anchored element's conditions hold. */
  #passes(anchored: MapNode): (x: string) => string {
    const conditions = anchored.entries.filter((entry) => entry.anchor === 'condition');
    return (x: string): string => {
      const parts = conditions.map((entry) => {
        const v = this.names.fresh('_a');
        return `(${celString(entry.key)} in ${x} && cel.bind(${v}, ${x}[${celString(entry.key)}], ${conditionHolds(v, entry.condition!, this.names)}))`;
      });
      return [`type(${x}) == map`, ...parts].join(' && ');
    };
  }

  /**
   * The decisions on the `+()` keys of an anchored element: kept when the element they are decided on (`top` for
   * the element's own keys, `nested` for the others: bound names) has no such key.
   */
  #decisions(anchored: MapNode, top: string | null, nested: string): { guards: Map<Entry, string>; binds: [string, string][] } {
    const guards = new Map<Entry, string>();
    const binds: [string, string][] = [];
    const decide = (node: MapNode, keys: readonly string[]): void => {
      for (const entry of node.entries) {
        if (entry.anchor === 'add') {
          if (keys.length === 0 && top === null) throw new Unsupported('a `+()` key at the top of a foreach list element with anchors (decided on the list as earlier iterations reordered it)', entry.path);
          const f = this.names.fresh('_f');
          const reached = keys.length === 0 ? top! : safeGet(nested, keys, this.names);
          const name = this.names.fresh('_keep');
          binds.push([name, `cel.bind(${f}, ${reached}, !(type(${f}) == map && ${celString(entry.key)} in ${f}))`]);
          guards.set(entry, name);
        } else if (entry.anchor === 'plain' && entry.value.kind === 'map') {
          decide(entry.value, [...keys, entry.key]);
        }
      }
    };
    decide(anchored, []);
    return { guards, binds };
  }

  /**
   * The copies a foreach's anchored element makes, one iteration after the other: its conditions name one resource
   * element (`(name): "{{element.name}}"`), which each iteration merges its copy into and moves first (Prepend), so
   * the copies come in the iterations' reversed order; the element's `+()` keys are decided on that resource element.
   * A condition on a key the element writes, or a `+()` key at the element's top (decided on the first element of
   * the list as the earlier iterations reordered it) would read what the earlier iterations did: not translated.
   */
  #generatedCopies(generated: GeneratedItems, c: string, at: readonly Segment[], offset: number, keyList: string, schemas: Schemas): Copies {
    const names = this.names;
    const item = generated.item;
    const g = generated.variable;
    const conditions = item.entries.filter((entry) => entry.anchor === 'condition');
    const named = conditions.some((entry) => entry.key === 'name' && entry.condition?.kind === 'dynamic' && new RegExp(`(?<![\\w.])${g}(?![\\w])`).test(entry.condition.expression));
    if (!named) throw new Unsupported('a foreach list element with anchors whose conditions do not name the element (`(name): "{{element.name}}"`)', item.path);
    const written = new Set(item.entries.filter((entry) => entry.anchor !== 'condition').map((entry) => entry.key));
    const read = conditions.find((entry) => written.has(entry.key));
    if (read !== undefined) throw new Unsupported('a foreach list element whose condition reads a key it writes', read.path);
    const passes = this.#passes(item);
    const y = names.fresh('_e');
    const firstPassing = names.fresh('_fp');
    const { guards, binds } = this.#decisions(item, null, firstPassing);
    const copy: MapNode = { ...item, entries: item.entries.filter((entry) => entry.anchor !== 'condition') };
    const template: MapNode = { ...copy, entries: copy.entries.filter((entry) => entry.key !== 'name') };
    const survives = this.#survives(copy, guards);
    const copied = (x: string): string => `${passes(x)} && ${fieldOrNull(x, 'name')} != null && ${x}.name != "" && !(${x}.name in ${keyList})`;
    const decided = (body: string): string => {
      let out = body;
      for (const [name, expression] of [...binds].reverse()) out = `cel.bind(${name}, ${expression}, ${out})`;
      return `cel.bind(${firstPassing}, ${c}.filter(${y}, ${passes(y)})[?0].orValue(null), ${out})`;
    };
    const iterations = names.fresh('_gs');
    const filter = survives === 'true' ? `${c}.exists(${y}, ${copied(y)})` : `${c}.exists(${y}, ${copied(y)}) ? ${decided(survives)} : false`;
    const target = `${c}.filter(${y}, ${copied(y)})[0]`;
    const i = names.fresh('_i');
    const x = names.fresh('_y');
    const ops = this.mapOps(template, x, [...at, { expr: `${i} + ${offset}`, int: true }], schemas, guards);
    const list = names.fresh('_cp');
    return {
      binds: [
        [iterations, `${generated.elements}.filter(${g}, ${filter})`],
        [list, `${iterations}.map(${g}, ${target})`],
      ],
      list,
      ops: `${iterations}.transformList(${i}, ${g}, ${decided(`cel.bind(${x}, ${target}, ${ops})`)}).flatten()`,
    };
  }

  /** Elements a foreach adds to the list: merged into the resource's element of the same key, or added. */
  #generatedItems(generated: GeneratedItems, c: string, at: readonly Segment[], offset: number, keyList: string, key: string, schemas: Schemas): Copies {
    const names = this.names;
    const entry = generated.item.entries.find((en) => en.key === key && en.anchor === 'plain');
    if (entry === undefined || entry.value.kind !== 'leaf') throw new Unsupported(`a foreach list element without its \`${key}\``, generated.item.path);
    if (hasAnchors(generated.item)) throw new Unsupported('a foreach list element with anchors next to a keyed one', generated.item.path);
    const e = names.fresh('_e');
    const keyOf = (x: string): string => `(type(${x}) == map ? ${fieldOrNull(x, key)} : null)`;
    const keyExpr = entry.value.value !== undefined ? scalarLiteral(entry.value.value) : `(${entry.value.expression})`;
    const g = generated.variable;
    // The patch's elements for the foreach elements, in order, unless the patch already names their key.
    const keyed = names.fresh('_gs');
    const keyedList = `${generated.elements}.filter(${g}, !(${keyExpr} in ${keyList}))`;
    const whole = this.absent(generated.item, schemas, NO_GUARDS);
    if (whole === null || whole.survives !== 'true') throw new Unsupported('a foreach list element that pre-processing may remove', generated.item.path);
    const list = names.fresh('_cp');
    const listValue = `${keyed}.map(${g}, ${c}.exists(${e}, ${keyOf(e)} == ${keyExpr}) ? ${c}.filter(${e}, ${keyOf(e)} == ${keyExpr})[0] : ${whole.expression})`;
    const i = names.fresh('_i');
    const d = names.fresh('_d');
    const mergeOps = this.mapOps(generated.item, d, [...at, { expr: `${i} + ${offset}`, int: true }], schemas, NO_GUARDS, key);
    const ops = `${keyed}.transformList(${i}, ${g}, ${c}.exists(${e}, ${keyOf(e)} == ${keyExpr}) ? cel.bind(${d}, ${c}.filter(${e}, ${keyOf(e)} == ${keyExpr})[0], type(${d}) == map ? ${mergeOps} : ${failure(KIND_MISMATCH)}) : []).flatten()`;
    return { binds: [[keyed, keyedList], [list, listValue]], list, ops };
  }

  /** The elements a foreach adds to a list the resource does not have: each element's entry merged into nothing. */
  #absentGenerated(generated: GeneratedItems, schemas: Schemas): Rendered | null {
    // Copies are made of the resource's elements: none where it has no list.
    if (hasAnchors(generated.item)) return null;
    const byStrategies = byStrategy(schemas);
    if (byStrategies.length !== 1 || byStrategies[0]!.strategy.kind !== 'key') throw new Unsupported('a foreach list element in a list kyaml does not merge by key', generated.item.path);
    const whole = this.absent(generated.item, itemSchemas(schemas), NO_GUARDS);
    if (whole === null || whole.survives !== 'true') throw new Unsupported('a foreach list element that pre-processing may remove', generated.item.path);
    return { expression: `${generated.elements}.map(${generated.variable}, ${whole.expression})`, survives: `size(${generated.elements}) > 0`, dynamic: false };
  }

  /** Whether a map holds (through maps) a list with an anchored element, or a foreach's anchored element. */
  #containsAnchoredList(node: MapNode): boolean {
    return node.entries.some(
      (e) =>
        (e.value.kind === 'list' && (e.value.items.some(hasAnchors) || this.#generated.has(e.value))) ||
        (e.anchor === 'plain' && e.value.kind === 'map' && this.#containsAnchoredList(e.value)),
    );
  }

  /** Whether a copied element keeps something after pruning, given its `+()` decisions. */
  #survives(node: MapNode, guards: Guards): string {
    const parts: string[] = [];
    for (const entry of node.entries) {
      if (entry.anchor === 'condition' || entry.anchor === 'global') continue;
      let inner: string;
      if (entry.value.kind === 'map' && entry.value.directive === 'merge') inner = this.#survives(entry.value, guards);
      else inner = prunedAway(entry.value) ? 'false' : 'true';
      const guard = guards.get(entry);
      const part = guard === undefined ? inner : inner === 'false' ? 'false' : inner === 'true' ? guard : `(${guard} && ${inner})`;
      if (part === 'true') return 'true';
      if (part !== 'false') parts.push(part);
    }
    if (node.directive !== 'merge') return 'true';
    return parts.length === 0 ? 'false' : parts.join(' || ');
  }

  /**
   * The value kyaml writes where the resource has nothing: the pruned patch value merged into nothing (maps
   * without their null fields and `$patch: delete` maps, lists merged by key without null or empty elements, other
   * lists as written). Null: nothing is written. `survives` is a CEL boolean: pruning leaves the value (a copied
   * element's map whose `+()` keys are all dropped is pruned).
   */
  absent(node: PatchNode, schemas: Schemas, guards: Guards): Rendered | null {
    switch (node.kind) {
      case 'leaf':
        return { expression: node.value !== undefined ? scalarLiteral(node.value) : `(${node.expression})`, survives: 'true', dynamic: node.value === undefined && node.type === 'dyn' };
      case 'null':
        return null;
      case 'map': {
        if (node.directive === 'delete') return null;
        const entries: string[] = [];
        const survivors: string[] = [];
        let always = false;
        for (const entry of node.entries) {
          if (entry.anchor === 'condition' || entry.anchor === 'global') continue;
          if (prunedAway(entry.value)) continue;
          const guard = guards.get(entry);
          const survives = entry.value.kind === 'map' && entry.value.directive === 'merge' ? this.#survives(entry.value, guards) : 'true';
          const kept = guard === undefined ? survives : survives === 'true' ? guard : `(${guard} && ${survives})`;
          if (kept === 'true') always = true;
          else survivors.push(kept);
          const value = this.absent(entry.value, fieldSchemas(schemas, entry.key), guards);
          if (value === null) continue;
          const k = celString(entry.key);
          if (value.dynamic) {
            const x = this.names.fresh('_x');
            const checked = `cel.bind(${x}, ${value.expression}, ${x} == null ? optional.none() : ${isComposite(x)} ? optional.of(${failureBool('a variable whose value is a list or a map')}) : optional.of(${x}))`;
            entries.push(kept === 'true' ? `?${k}: ${checked}` : `?${k}: ${kept} ? ${checked} : optional.none()`);
          } else if (kept === 'true') {
            entries.push(`${k}: dyn(${value.expression})`);
          } else {
            entries.push(`?${k}: ${kept} ? optional.of(dyn(${value.expression})) : optional.none()`);
          }
        }
        const survives = node.directive !== 'merge' || always ? 'true' : survivors.length === 0 ? 'false' : survivors.join(' || ');
        if (survives === 'false') return null;
        return { expression: `{${entries.join(', ')}}`, survives, dynamic: false };
      }
      case 'list': {
        const generated = this.#generated.get(node);
        if (generated !== undefined) return this.#absentGenerated(generated, schemas);
        if (node.items.length === 0) return { expression: '[]', survives: 'true', dynamic: false };
        const groups = byStrategy(schemas);
        let out: string | null = null;
        for (let i = groups.length - 1; i >= 0; i--) {
          const g = groups[i]!;
          const value = this.#absentList(node, g.strategy, g.schemas);
          const text = value ?? 'null';
          out = out === null ? text : choose(g.when, text, out);
        }
        if (out === null || out === 'null') return null;
        return { expression: out, survives: 'true', dynamic: false };
      }
    }
  }

  #absentList(node: ListNode, strategy: ListStrategy, schemas: Schemas): string | null {
    const plain = node.items.filter((item) => !hasAnchors(item) && !prunedAway(item));
    if (plain.length === 0) return null;
    switch (strategy.kind) {
      case 'replace':
        return this.#raw({ ...node, items: plain });
      case 'set': {
        const seen: string[] = [];
        for (const item of plain) {
          if (item.kind !== 'leaf' || item.value === undefined || typeof item.value === 'object') throw new Unsupported('a list merged as a set whose elements are not static scalars', node.path);
          const text = scalarLiteral(item.value);
          if (!seen.includes(text)) seen.push(text);
        }
        return `[${seen.map((s) => `dyn(${s})`).join(', ')}]`;
      }
      case 'keys':
        throw new Unsupported('a list kyaml merges by several keys', node.path);
      case 'key': {
        const elements: string[] = [];
        const statics = new Set<string>();
        for (const item of plain) {
          if (item.kind !== 'map') throw new Unsupported(`an element of a list merged by \`${strategy.key}\` that is not a map`, node.path);
          const entry = item.entries.find((e) => e.key === strategy.key && e.anchor === 'plain');
          if (entry === undefined || entry.value.kind !== 'leaf') throw new Unsupported(`an element of a list merged by \`${strategy.key}\` without its \`${strategy.key}\``, item.path);
          if (entry.value.value !== undefined) {
            const text = scalarLiteral(entry.value.value);
            if (statics.has(text)) throw new Unsupported(`two elements with the same \`${strategy.key}\``, item.path);
            statics.add(text);
          }
          const value = this.absent(item, itemSchemas(schemas), NO_GUARDS);
          if (value === null) continue;
          elements.push(value.survives === 'true' ? `[${value.expression}]` : `(${value.survives} ? [${value.expression}] : [])`);
        }
        if (elements.length === 0) return null;
        return elements.length === 1 ? elements[0]! : elements.map((x) => (x.startsWith('(') ? x : x)).join(' + ');
      }
    }
  }

  /** A list kyaml replaces: the patch's list as pre-processing leaves it (nulls and `$patch` keys included). */
  #raw(node: PatchNode): string | null {
    switch (node.kind) {
      case 'leaf':
        return node.value !== undefined ? scalarLiteral(node.value) : `(${node.expression})`;
      case 'null':
        return 'null';
      case 'map': {
        const entries: string[] = [];
        for (const entry of node.entries) {
          if (entry.anchor !== 'plain') throw new Unsupported('an anchor in a list kyaml replaces', entry.path);
          const value = this.#raw(entry.value);
          if (value !== null) entries.push(`${celString(entry.key)}: dyn(${value})`);
        }
        if (node.directive !== 'merge') entries.push(`"$patch": dyn(${celString(node.directive)})`);
        return entries.length === 0 ? null : `{${entries.join(', ')}}`;
      }
      case 'list': {
        if (node.items.length === 0) return '[]';
        const items = node.items.map((item) => this.#raw(item)).filter((v): v is string => v !== null);
        return items.length === 0 ? null : `[${items.map((v) => `dyn(${v})`).join(', ')}]`;
      }
    }
  }
}

/** Copies of an anchored element: names to bind around the list's operations, the copies, their operations. */
interface Copies {
  readonly binds: readonly [string, string][];
  readonly list: string;
  readonly ops: string;
}

/** A value kyaml writes where the resource has nothing. */
export interface Rendered {
  readonly expression: string;
  readonly survives: string;
  /** A variable of unknown type (null drops the field, a list or a map is refused at run time). */
  readonly dynamic: boolean;
}
