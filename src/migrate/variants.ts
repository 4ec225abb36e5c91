/**
 * @file Variants of a resource along the paths a kyverno.io rule reads, to exercise a rule and its translation
 * where their outcomes can differ: a field removed, set to null or emptied, set to the boundary values the rule
 * names (each operand of a pattern's `|`/`&`/range conditions, one above and below a number, a wildcard filled
 * in); list elements removed and appended; the namespace, name, labels and annotations the match/exclude blocks
 * name, and the namespace labels a `namespaceSelector` reads.
 *
 * What a rule reads:
 * - its patterns (`validate.pattern`, `anyPattern`, `foreach[].pattern` under each element of the list,
 *   `mutate.patchStrategicMerge` anchors), key by key;
 * - the `request.object` / `request.oldObject` / `element` references of its JMESPath texts (conditions,
 *   context variables, foreach lists), with the constants on the other side of each condition;
 * - the `object` / `oldObject` references of its CEL texts (`validate.cel`, `celPreconditions`), with the
 *   literals of the expression, and the fields a `.all(x, x.f …)`-style macro reads of each element;
 * - its match/exclude blocks.
 *
 * Deterministic (same rule and resource, same variants, in the same order) and bounded: the edits are grouped
 * by the resource path they change and taken round-robin (every path gets its first edit before any path gets a
 * second one), duplicates and edits that change the kind or apiVersion dropped, up to a limit per resource.
 */
import type { JsonObject, JsonValue } from '../types.js';
import { parseAnchor } from '../families/kyverno/engine/pattern/anchor.js';
import { compileStringPattern } from '../families/kyverno/engine/pattern/string-pattern.js';
import { isClusterScoped } from '../source/resource.js';
import { containsWildcard, wildcardMatch } from '../util/wildcard.js';
import { isObject, stringifyJson } from '../util/json-value.js';

/** A path in a resource (`['spec', 'containers', 0, 'image']`). */
export type ResourcePath = readonly (string | number)[];

/** One change of a resource: the value at `path` replaced, removed, or (`append`) pushed onto the list at `path`. */
export interface ResourceEdit {
  readonly path: ResourcePath;
  readonly value?: JsonValue;
  readonly remove?: boolean;
  readonly append?: boolean;
}

/** A variant of a resource and what was changed. */
export interface Variant {
  readonly resource: JsonObject;
  /** `spec.containers[0].image set to "nginx:latest"`, `metadata.labels removed`, … */
  readonly change: string;
  /** Set when the variant is the same resource in a namespace with other labels. */
  readonly namespaceLabels?: Readonly<Record<string, string>>;
}

export interface VariantOptions {
  /** At most this many variants. */
  readonly limit: number;
  /** The labels of the resource's namespace (the base of the `namespaceSelector` variants). */
  readonly namespaceLabels?: Readonly<Record<string, string>>;
}

const EMPTY: readonly JsonValue[] = [null, '', {}, []];

function bump(text: string, delta: number): string | null {
  const m = /^([-+]?\d+(?:\.\d+)?)(.*)$/.exec(text);
  if (m === null) return null;
  return `${Number(m[1]) + delta}${m[2]}`;
}

/** Values at and around the boundaries a scalar pattern names. */
export function boundaryValues(pattern: JsonValue): JsonValue[] {
  switch (typeof pattern) {
    case 'boolean':
      return [true, false, String(pattern)];
    case 'number':
      return [pattern, pattern + 1, pattern - 1, pattern + 0.5, String(pattern), `${pattern}.0`];
    case 'bigint':
      return [pattern, pattern + 1n, pattern - 1n, String(pattern)];
    case 'string': {
      const values: JsonValue[] = [pattern];
      for (const conjunction of compileStringPattern(pattern).alternatives) {
        for (const condition of conjunction) {
          const comparisons = condition.kind === 'comparison' ? [condition] : [condition.low, condition.high];
          for (const c of comparisons) {
            const op = c.operand;
            values.push(op);
            if (containsWildcard(op)) values.push(op.replaceAll('*', '').replaceAll('?', 'a'), op.replaceAll('*', 'x-y').replaceAll('?', 'b'), `z${op.replaceAll('*', '')}`);
            for (const delta of [1, -1]) {
              const b = bump(op, delta);
              if (b !== null) values.push(b);
            }
            if (/^-?\d+$/.test(op)) values.push(Number(op), Number(op) + 1, Number(op) - 1);
            if (c.duration !== null) values.push('0', '0s', '90m', '1h30m', 0);
            if (c.quantity !== null) values.push(`${op}x`, '0', 0, 1.5);
          }
        }
      }
      return values;
    }
    default:
      return pattern === null ? [null, 0, '', false, 1, 'x'] : [];
  }
}

/** How an edit came about: the order edits of one path are taken in (removal, named values, emptiness). */
type EditKind = 'remove' | 'value' | 'empty';

interface KindedEdit extends ResourceEdit {
  readonly kind: EditKind;
}

/** The edits along a pattern (keys with their anchors, wildcard keys, list elements), in discovery order. */
function patternEdits(pattern: JsonValue, resource: JsonValue | undefined, path: (string | number)[], out: KindedEdit[], depth: number): void {
  if (depth > 12) return;
  if (isObject(pattern)) {
    if (!isObject(resource)) return;
    for (const key of Object.keys(pattern)) {
      const inner = parseAnchor(key)?.key ?? key;
      const value = pattern[key]!;
      const keys: string[] = containsWildcard(inner) ? Object.keys(resource).filter((k) => wildcardMatch(inner, k)) : [inner];
      if (containsWildcard(inner)) keys.push(inner.replaceAll('*', 'w').replaceAll('?', 'q'));
      for (const k of keys) {
        if (k in resource) out.push({ path: [...path, k], remove: true, kind: 'remove' });
        for (const v of EMPTY) out.push({ path: [...path, k], value: v, kind: 'empty' });
        if (typeof value !== 'object' || value === null) for (const v of boundaryValues(value)) out.push({ path: [...path, k], value: v, kind: 'value' });
        if (Array.isArray(value) && value.length > 0 && !isObject(value[0]) && !Array.isArray(value[0])) {
          for (const v of boundaryValues(value[0]!)) out.push({ path: [...path, k], value: [v], kind: 'value' });
        }
        if (k in resource) patternEdits(value, resource[k], [...path, k], out, depth + 1);
        else if (isObject(value)) out.push({ path: [...path, k], value: {}, kind: 'value' });
      }
    }
    return;
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(resource) || pattern.length === 0) return;
    const first = pattern[0]!;
    if (resource.length > 0) {
      out.push({ path: [...path, 0], remove: true, kind: 'remove' });
      out.push({ path, value: resource[0]!, append: true, kind: 'value' });
    }
    out.push({ path, value: {}, append: true, kind: 'value' });
    if (isObject(first)) {
      resource.slice(0, 3).forEach((element, i) => patternEdits(first, element, [...path, i], out, depth + 1));
    } else if (Array.isArray(first)) {
      pattern.forEach((p, i) => patternEdits(p, resource[i], [...path, i], out, depth + 1));
    } else {
      for (const v of boundaryValues(first)) out.push({ path, value: v, append: true, kind: 'value' });
    }
  }
}

/**
 * `resource` with `edit` applied (a copy), or null when the edit does not apply (a parent that is not an object or
 * list). Missing parent objects are created.
 */
export function applyEdit(resource: JsonObject, edit: ResourceEdit): JsonObject | null {
  const copy = structuredClone(resource);
  let node: JsonValue = copy;
  const parents = edit.append ? edit.path : edit.path.slice(0, -1);
  for (const [i, segment] of parents.entries()) {
    const container = node as Record<string | number, JsonValue>;
    if (typeof segment === 'number' ? !Array.isArray(node) : !isObject(node)) return null;
    let next = container[segment];
    if (next === undefined) {
      if (typeof segment === 'number') return null;
      const following = parents[i + 1];
      next = edit.append && following === undefined ? [] : typeof following === 'number' ? [] : {};
      container[segment] = next;
    }
    node = next;
  }
  if (edit.append) {
    if (!Array.isArray(node)) return null;
    node.push(structuredClone(edit.value ?? null));
    return copy;
  }
  const last = edit.path[edit.path.length - 1];
  if (last === undefined) return null;
  if (Array.isArray(node)) {
    if (typeof last !== 'number' || last >= node.length) return null;
    if (edit.remove) node.splice(last, 1);
    else node[last] = structuredClone(edit.value ?? null);
  } else if (isObject(node) && typeof last === 'string') {
    if (edit.remove) delete node[last];
    else node[last] = structuredClone(edit.value ?? null);
  } else {
    return null;
  }
  return copy;
}

/**
 * The variants of `resource` along `pattern`, deduplicated, at most `limit`, spread evenly over the edits in
 * discovery order (the pattern-translation tests' selection).
 */
export function variants(pattern: JsonValue, resource: JsonObject, limit: number): JsonObject[] {
  const out: KindedEdit[] = [];
  patternEdits(pattern, resource, [], out, 0);
  const step = Math.max(1, out.length / limit);
  const seen = new Set<string>([stringifyJson(resource)]);
  const result: JsonObject[] = [];
  for (let j = 0; result.length < limit; j++) {
    const index = Math.floor(j * step);
    if (index >= out.length) break;
    const variant = applyEdit(resource, out[index]!);
    // The kind and apiVersion stay: they decide which policies apply, not the pattern.
    if (variant === null || variant.kind !== resource.kind || variant.apiVersion !== resource.apiVersion) continue;
    const text = stringifyJson(variant);
    if (seen.has(text)) continue;
    seen.add(text);
    result.push(variant);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// What a rule reads

/** A list element, whichever (`[]`, `[*]`, `[?…]` in JMESPath; a macro's variable in CEL). */
const EACH = Symbol('each');
type ReadSegment = string | number | typeof EACH;

interface ReadPath {
  readonly segments: readonly ReadSegment[];
  /** Values the rule compares the field with. */
  readonly values: readonly JsonValue[];
}

interface RootedPattern {
  readonly at: readonly ReadSegment[];
  readonly pattern: JsonValue;
}

interface Selection {
  readonly namespaces: string[];
  readonly names: string[];
  readonly labels: Map<string, string[]>;
  readonly annotations: Map<string, string[]>;
  readonly namespaceLabels: Map<string, string[]>;
}

/** Everything of a rule that decides its outcome on a resource, as resource paths. */
interface RuleReads {
  readonly patterns: RootedPattern[];
  readonly paths: ReadPath[];
  readonly selection: Selection;
}

const JMESPATH_REFERENCE = /(?<![\w.])(request\s*\.\s*(?:object|oldObject)|element)((?:\s*\.\s*(?:[A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\]|\\.)*")|\s*\[[^\]]*\])*)/g;
const JMESPATH_SEGMENT = /\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)|\s*\.\s*"((?:[^"\\]|\\.)*)"|\s*\[([^\]]*)\]/gy;

function bracketSegment(inner: string): ReadSegment {
  const text = inner.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  const quoted = /^(['"`])(.*)\1$/s.exec(text);
  if (quoted !== null) return quoted[2]!;
  return EACH;
}

function jmespathSegments(tail: string): ReadSegment[] {
  const segments: ReadSegment[] = [];
  JMESPATH_SEGMENT.lastIndex = 0;
  for (let m = JMESPATH_SEGMENT.exec(tail); m !== null; m = JMESPATH_SEGMENT.exec(tail)) {
    if (m[1] !== undefined) segments.push(m[1]);
    else if (m[2] !== undefined) segments.push(m[2].replace(/\\(.)/g, '$1'));
    else segments.push(bracketSegment(m[3]!));
  }
  return segments;
}

/** The literals of a JMESPath text (`'raw'`, `` `json` ``). */
function jmespathLiterals(text: string): JsonValue[] {
  const values: JsonValue[] = [];
  for (const m of text.matchAll(/'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
    if (m[1] !== undefined) values.push(m[1]);
    else {
      try {
        values.push(JSON.parse(m[2]!) as JsonValue);
      } catch {
        values.push(m[2]!);
      }
    }
  }
  return values;
}

/** The resource fields a JMESPath text reads (`element` relative to `elementAt`). */
function jmespathReads(text: string, elementAt: readonly ReadSegment[] | null, values: readonly JsonValue[]): ReadPath[] {
  const out: ReadPath[] = [];
  const literals = jmespathLiterals(text);
  for (const m of text.matchAll(JMESPATH_REFERENCE)) {
    const head = m[1]!;
    const segments = jmespathSegments(m[2] ?? '');
    if (head === 'element') {
      if (elementAt === null) continue;
      out.push({ segments: [...elementAt, EACH, ...segments], values: [...values, ...literals] });
    } else if (segments.length > 0) {
      out.push({ segments, values: [...values, ...literals] });
    }
  }
  return out;
}

/** The scalars of a constant (no `{{ }}`): the values a condition compares with. */
function constants(value: JsonValue | undefined): JsonValue[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return value.includes('{{') ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => constants(v));
  if (isObject(value)) return [];
  return [value];
}

/** The strings of a JSON value (keys aside). */
function strings(value: JsonValue | undefined, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (isObject(value)) for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The fields the condition blocks under `value` read, with the constants each is compared with. */
function conditionReads(value: JsonValue | undefined, elementAt: readonly ReadSegment[] | null, out: ReadPath[]): void {
  if (Array.isArray(value)) {
    for (const v of value) conditionReads(v, elementAt, out);
    return;
  }
  if (!isObject(value)) return;
  if ('key' in value || 'operator' in value) {
    const keyReads = strings(value.key).flatMap((s) => jmespathReads(s, elementAt, constants(value.value)));
    const valueReads = strings(value.value).flatMap((s) => jmespathReads(s, elementAt, constants(value.key)));
    out.push(...keyReads, ...valueReads);
    return;
  }
  for (const key of ['any', 'all'] as const) conditionReads(value[key], elementAt, out);
}

const CEL_REFERENCE = /(?<![\w])(object|oldObject)((?:\s*\.\??\s*[A-Za-z_][A-Za-z0-9_]*|\s*\[\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\d+)\s*\])*)(\s*\()?/g;
const CEL_SEGMENT = /\s*\.\??\s*([A-Za-z_][A-Za-z0-9_]*)|\s*\[\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(\d+))\s*\]/gy;
const CEL_MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

function celSegments(tail: string): ReadSegment[] {
  const segments: ReadSegment[] = [];
  CEL_SEGMENT.lastIndex = 0;
  for (let m = CEL_SEGMENT.exec(tail); m !== null; m = CEL_SEGMENT.exec(tail)) {
    if (m[1] !== undefined) segments.push(m[1]);
    else if (m[2] !== undefined) segments.push(m[2]);
    else if (m[3] !== undefined) segments.push(m[3]);
    else segments.push(Number(m[4]));
  }
  return segments;
}

/** The literals of a CEL text: strings and integers. */
function celLiterals(text: string): JsonValue[] {
  const values: JsonValue[] = [];
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(?<![\w.])(-?\d+)(?![\w.])/g)) {
    if (m[3] !== undefined) values.push(Number(m[3]));
    else values.push((m[1] ?? m[2]!).replace(/\\(.)/g, '$1'));
  }
  return values.slice(0, 12);
}

/** The fields a CEL text reads: `object.a.b`, and `object.list.all(x, x.f)`'s `list[*].f`. */
function celReads(text: string): ReadPath[] {
  const out: ReadPath[] = [];
  const values = celLiterals(text);
  for (const m of text.matchAll(CEL_REFERENCE)) {
    const segments = celSegments(m[2] ?? '');
    const call = m[3] !== undefined;
    const method = call ? segments.pop() : undefined;
    if (segments.length > 0) out.push({ segments, values });
    if (typeof method !== 'string' || !CEL_MACROS.has(method)) continue;
    const rest = text.slice(m.index + m[0].length);
    const variable = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*,/.exec(rest)?.[1];
    if (variable === undefined) continue;
    const inner = new RegExp(`(?<![\\w.])${variable}((?:\\s*\\.\\??\\s*[A-Za-z_][A-Za-z0-9_]*|\\s*\\[\\s*(?:"(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|\\d+)\\s*\\])+)(\\s*\\()?`, 'g');
    for (const e of rest.matchAll(inner)) {
      const tail = celSegments(e[1]!);
      if (e[2] !== undefined) tail.pop();
      out.push({ segments: [...segments, EACH, ...tail], values });
    }
  }
  return out;
}

function selectorInto(selector: JsonValue | undefined, into: Map<string, string[]>): void {
  if (!isObject(selector)) return;
  if (isObject(selector.matchLabels)) {
    for (const [key, value] of Object.entries(selector.matchLabels)) into.set(key, [...(into.get(key) ?? []), ...(typeof value === 'string' ? [value] : [])]);
  }
  if (Array.isArray(selector.matchExpressions)) {
    for (const requirement of selector.matchExpressions) {
      if (!isObject(requirement) || typeof requirement.key !== 'string') continue;
      const values = Array.isArray(requirement.values) ? requirement.values.filter((v): v is string => typeof v === 'string') : [];
      into.set(requirement.key, [...(into.get(requirement.key) ?? []), ...values]);
    }
  }
}

function selectionOf(rule: JsonObject): Selection {
  const selection: Selection = { namespaces: [], names: [], labels: new Map(), annotations: new Map(), namespaceLabels: new Map() };
  for (const blockKey of ['match', 'exclude'] as const) {
    const block = rule[blockKey];
    if (!isObject(block)) continue;
    const filters = [...(Array.isArray(block.any) ? block.any : []), ...(Array.isArray(block.all) ? block.all : []), block];
    for (const filter of filters) {
      if (!isObject(filter) || !isObject(filter.resources)) continue;
      const resources = filter.resources;
      if (Array.isArray(resources.namespaces)) selection.namespaces.push(...resources.namespaces.filter((n): n is string => typeof n === 'string'));
      if (Array.isArray(resources.names)) selection.names.push(...resources.names.filter((n): n is string => typeof n === 'string'));
      if (typeof resources.name === 'string' && resources.name !== '') selection.names.push(resources.name);
      selectorInto(resources.selector, selection.labels);
      selectorInto(resources.namespaceSelector, selection.namespaceLabels);
      if (isObject(resources.annotations)) {
        for (const [key, value] of Object.entries(resources.annotations)) selection.annotations.set(key, [...(selection.annotations.get(key) ?? []), ...(typeof value === 'string' ? [value] : [])]);
      }
    }
  }
  return selection;
}

/** A foreach `list` (a JMESPath text) as the path of the list it walks, when it is a plain reference. */
function foreachList(list: JsonValue | undefined, elementAt: readonly ReadSegment[] | null): readonly ReadSegment[] | null {
  if (typeof list !== 'string') return null;
  const reads = jmespathReads(list, elementAt, []);
  return reads.length === 1 ? reads[0]!.segments : null;
}

function foreachReads(entries: JsonValue | undefined, elementAt: readonly ReadSegment[] | null, reads: RuleReads): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    if (typeof entry.list === 'string') reads.paths.push(...jmespathReads(entry.list, elementAt, []));
    const listAt = foreachList(entry.list, elementAt);
    contextReads(entry.context, listAt, reads.paths);
    conditionReads(entry.preconditions, listAt, reads.paths);
    if (isObject(entry.deny)) conditionReads(entry.deny.conditions, listAt, reads.paths);
    if (listAt !== null) {
      if (entry.pattern !== undefined) reads.patterns.push({ at: [...listAt, EACH], pattern: entry.pattern });
      if (Array.isArray(entry.anyPattern)) for (const p of entry.anyPattern) reads.patterns.push({ at: [...listAt, EACH], pattern: p });
    }
    if (entry.patchStrategicMerge !== undefined) reads.patterns.push({ at: [], pattern: entry.patchStrategicMerge });
    foreachReads(entry.foreach, listAt, reads);
  }
}

function contextReads(context: JsonValue | undefined, elementAt: readonly ReadSegment[] | null, out: ReadPath[]): void {
  if (!Array.isArray(context)) return;
  for (const entry of context) {
    if (!isObject(entry) || !isObject(entry.variable)) continue;
    for (const text of [...strings(entry.variable.jmesPath), ...strings(entry.variable.value)]) out.push(...jmespathReads(text, elementAt, []));
  }
}

/** What `rule` (a kyverno.io rule, as written or as autogen made it) reads of a resource. */
function ruleReads(rule: JsonObject): RuleReads {
  const reads: RuleReads = { patterns: [], paths: [], selection: selectionOf(rule) };
  contextReads(rule.context, null, reads.paths);
  conditionReads(rule.preconditions, null, reads.paths);
  if (Array.isArray(rule.celPreconditions)) {
    for (const condition of rule.celPreconditions) if (isObject(condition) && typeof condition.expression === 'string') reads.paths.push(...celReads(condition.expression));
  }
  const validate = rule.validate;
  if (isObject(validate)) {
    if (validate.pattern !== undefined) reads.patterns.push({ at: [], pattern: validate.pattern });
    if (Array.isArray(validate.anyPattern)) for (const p of validate.anyPattern) reads.patterns.push({ at: [], pattern: p });
    if (isObject(validate.deny)) conditionReads(validate.deny.conditions, null, reads.paths);
    foreachReads(validate.foreach, null, reads);
    if (isObject(validate.cel)) {
      for (const key of ['expressions', 'variables', 'auditAnnotations'] as const) {
        const list = validate.cel[key];
        if (!Array.isArray(list)) continue;
        for (const item of list) {
          if (!isObject(item)) continue;
          for (const field of ['expression', 'valueExpression'] as const) if (typeof item[field] === 'string') reads.paths.push(...celReads(item[field] as string));
        }
      }
    }
  }
  const mutate = rule.mutate;
  if (isObject(mutate)) {
    if (mutate.patchStrategicMerge !== undefined) reads.patterns.push({ at: [], pattern: mutate.patchStrategicMerge });
    foreachReads(mutate.foreach, null, reads);
  }
  return reads;
}

// ---------------------------------------------------------------------------------------------------------------
// Variants of a resource

/** `spec.containers[0].image`, `metadata.labels["app.kubernetes.io/name"]`. */
export function formatResourcePath(path: ResourcePath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(the resource)' : out;
}

function shortValue(value: JsonValue | undefined): string {
  const text = stringifyJson(value ?? null);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** What an edit changes, in words. */
export function describeEdit(edit: ResourceEdit): string {
  const where = formatResourcePath(edit.path);
  if (edit.append) return `${where}: element ${shortValue(edit.value)} appended`;
  if (edit.remove) return `${where} removed`;
  return `${where} set to ${shortValue(edit.value)}`;
}

/** Every concrete path of `segments` in `resource` (a list element: the first three), stopping at a missing part. */
function expand(resource: JsonValue, segments: readonly ReadSegment[], onList: (path: (string | number)[], list: JsonValue[]) => void): (string | number)[][] {
  let frontier: { path: (string | number)[]; node: JsonValue | undefined }[] = [{ path: [], node: resource }];
  for (const segment of segments) {
    const next: typeof frontier = [];
    for (const { path, node } of frontier) {
      if (segment === EACH) {
        if (!Array.isArray(node)) continue;
        onList(path, node);
        node.slice(0, 3).forEach((element, i) => next.push({ path: [...path, i], node: element }));
      } else if (typeof segment === 'number') {
        if (Array.isArray(node) && segment >= 0 && segment < node.length) next.push({ path: [...path, segment], node: node[segment] });
      } else if (isObject(node)) {
        next.push({ path: [...path, segment], node: node[segment] });
      }
    }
    frontier = next;
  }
  return frontier.map((f) => f.path);
}

/** A wildcard text filled in (the value a match/exclude block names): `*` → `x`, `?` → `q`. */
function fillWildcards(text: string): string {
  return text.replaceAll('*', 'x').replaceAll('?', 'q');
}

const ELSEWHERE = 'kyverno-lint-proof';

function selectionEdits(selection: Selection, resource: JsonObject, add: (edit: KindedEdit) => void): void {
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : '';
  const kind = typeof resource.kind === 'string' ? resource.kind : '';
  if (selection.namespaces.length > 0 && !isClusterScoped(apiVersion, kind)) {
    for (const namespace of selection.namespaces) add({ path: ['metadata', 'namespace'], value: fillWildcards(namespace), kind: 'value' });
    add({ path: ['metadata', 'namespace'], value: ELSEWHERE, kind: 'value' });
  }
  if (selection.names.length > 0) {
    const name = isObject(resource.metadata) && typeof resource.metadata.name === 'string' ? resource.metadata.name : 'name';
    for (const n of selection.names) add({ path: ['metadata', 'name'], value: fillWildcards(n), kind: 'value' });
    add({ path: ['metadata', 'name'], value: `${name}-${ELSEWHERE}`, kind: 'value' });
  }
  for (const [field, map] of [['labels', selection.labels], ['annotations', selection.annotations]] as const) {
    for (const [key, values] of map) {
      const path = ['metadata', field, key];
      add({ path, remove: true, kind: 'remove' });
      for (const value of values) add({ path, value: fillWildcards(value), kind: 'value' });
      add({ path, value: ELSEWHERE, kind: 'value' });
    }
  }
}

interface Candidate {
  readonly edit: KindedEdit;
  readonly namespaceLabels?: Record<string, string>;
  readonly change?: string;
}

const KIND_ORDER: Readonly<Record<EditKind, number>> = { remove: 0, value: 1, empty: 2 };

const POD_TEMPLATE: readonly (readonly string[])[] = [
  ['spec'],
  ['spec', 'template'],
  ['spec', 'template', 'spec'],
];
const JOB_POD_TEMPLATE: readonly (readonly string[])[] = [
  ['spec'],
  ['spec', 'jobTemplate'],
  ['spec', 'jobTemplate', 'spec'],
  ['spec', 'jobTemplate', 'spec', 'template'],
  ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
];
const TEMPLATE_KINDS = new Set(['Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Job', 'ReplicationController']);

/**
 * The parts of a resource no admitted object lacks, which no variant removes or replaces: `metadata`, and a Pod
 * controller's pod template down to its `spec` (required by the API server's validation of apps/v1 and batch/v1
 * objects, kubernetes/kubernetes pkg/apis/apps/validation `ValidateDeploymentSpec` …, which runs before any
 * validating admission webhook; Kyverno's autogen reads the pod there).
 */
function requiredPaths(resource: JsonObject): readonly (readonly string[])[] {
  const kind = typeof resource.kind === 'string' ? resource.kind : '';
  const paths: (readonly string[])[] = [['metadata']];
  if (TEMPLATE_KINDS.has(kind)) paths.push(...POD_TEMPLATE);
  else if (kind === 'CronJob') paths.push(...JOB_POD_TEMPLATE);
  return paths;
}

/** The Pod specs of a resource: a Pod's, a controller's template's, a CronJob's job template's. */
function podSpecs(resource: JsonObject): JsonValue[] {
  const kind = typeof resource.kind === 'string' ? resource.kind : '';
  const spec = isObject(resource.spec) ? resource.spec : undefined;
  if (kind === 'Pod') return spec === undefined ? [] : [spec];
  if (TEMPLATE_KINDS.has(kind)) return [isObject(spec?.template) ? spec.template.spec : undefined].filter((v): v is JsonValue => v !== undefined);
  if (kind === 'CronJob') {
    const job = isObject(spec?.jobTemplate) && isObject(spec.jobTemplate.spec) ? spec.jobTemplate.spec : undefined;
    return [isObject(job?.template) ? job.template.spec : undefined].filter((v): v is JsonValue => v !== undefined);
  }
  return [];
}

/**
 * Whether every container of the resource's Pod specs has a name, unique among the Pod's containers, init
 * containers and ephemeral containers (kubernetes/kubernetes pkg/apis/core/validation `validateContainers`,
 * `validateInitContainers`): the API server refuses any other Pod, after mutating admission and before
 * validating admission, so no policy decides anything for it.
 */
function hasValidContainerNames(resource: JsonObject): boolean {
  for (const spec of podSpecs(resource)) {
    if (!isObject(spec)) continue;
    const names = new Set<string>();
    for (const key of ['containers', 'initContainers', 'ephemeralContainers']) {
      const list = spec[key];
      if (!Array.isArray(list)) continue;
      for (const container of list) {
        if (!isObject(container)) return false;
        const name = container.name;
        if (typeof name !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name) || name.length > 63 || names.has(name)) return false;
        names.add(name);
      }
    }
  }
  return true;
}

function isRequired(path: ResourcePath, required: readonly (readonly string[])[]): boolean {
  return required.some((r) => r.length === path.length && r.every((segment, i) => segment === path[i]));
}

/**
 * The variants of `resource` along what `rule` reads (a kyverno.io rule as plain JSON, as written or as Kyverno's
 * autogen made it for the resource's kind), at most `options.limit`.
 */
export function ruleVariants(rule: JsonValue, resource: JsonObject, options: VariantOptions): Variant[] {
  if (!isObject(rule) || options.limit <= 0) return [];
  const reads = ruleReads(rule);
  const groups = new Map<string, Candidate[]>();
  const add = (candidate: Candidate): void => {
    const key = candidate.namespaceLabels !== undefined ? '(namespace labels)' : formatResourcePath(candidate.edit.path);
    let group = groups.get(key);
    if (group === undefined) {
      group = [];
      groups.set(key, group);
    }
    group.push(candidate);
  };
  const addEdit = (edit: KindedEdit): void => add({ edit });

  for (const { at, pattern } of reads.patterns) {
    for (const path of expand(resource, at, (listPath, list) => listEdits(listPath, list, addEdit))) {
      const out: KindedEdit[] = [];
      patternEdits(pattern, valueAt(resource, path), path, out, 0);
      out.forEach(addEdit);
    }
  }
  for (const { segments, values } of reads.paths) {
    for (const path of expand(resource, segments, (listPath, list) => listEdits(listPath, list, addEdit))) {
      if (path.length === 0) continue;
      if (valueAt(resource, path) !== undefined) addEdit({ path, remove: true, kind: 'remove' });
      for (const value of values) for (const v of boundaryValues(value)) addEdit({ path, value: v, kind: 'value' });
      for (const v of EMPTY) addEdit({ path, value: v, kind: 'empty' });
    }
  }
  selectionEdits(reads.selection, resource, addEdit);
  const baseLabels = options.namespaceLabels ?? {};
  for (const [key, values] of reads.selection.namespaceLabels) {
    const without = { ...baseLabels };
    delete without[key];
    const edit: KindedEdit = { path: ['metadata', 'namespace'], kind: 'value' };
    add({ edit, namespaceLabels: without, change: `namespace label ${JSON.stringify(key)} removed` });
    for (const value of [...values, ELSEWHERE]) {
      add({ edit, namespaceLabels: { ...baseLabels, [key]: fillWildcards(value) }, change: `namespace label ${JSON.stringify(key)} set to ${JSON.stringify(fillWildcards(value))}` });
    }
  }

  const ordered = [...groups.values()].map((group) => group.map((c, i) => ({ c, i })).sort((a, b) => KIND_ORDER[a.c.edit.kind] - KIND_ORDER[b.c.edit.kind] || a.i - b.i).map(({ c }) => c));
  const required = requiredPaths(resource);
  const namesValid = hasValidContainerNames(resource);
  const seen = new Set<string>([stringifyJson(resource)]);
  const result: Variant[] = [];
  const longest = Math.max(0, ...ordered.map((group) => group.length));
  for (let round = 0; round < longest && result.length < options.limit; round++) {
    for (const group of ordered) {
      if (result.length >= options.limit) break;
      const candidate = group[round];
      if (candidate === undefined) continue;
      if (candidate.namespaceLabels !== undefined) {
        const key = `labels:${stringifyJson(sortedLabels(candidate.namespaceLabels))}`;
        if (seen.has(key) || stringifyJson(sortedLabels(candidate.namespaceLabels)) === stringifyJson(sortedLabels(baseLabels))) continue;
        seen.add(key);
        result.push({ resource, change: candidate.change!, namespaceLabels: candidate.namespaceLabels });
        continue;
      }
      if (!candidate.edit.append && isRequired(candidate.edit.path, required)) continue;
      const variant = applyEdit(resource, candidate.edit);
      // The kind and apiVersion stay: they decide which policies apply, not what a rule reads.
      if (variant === null || variant.kind !== resource.kind || variant.apiVersion !== resource.apiVersion) continue;
      if (namesValid && !hasValidContainerNames(variant)) continue;
      const text = stringifyJson(variant);
      if (seen.has(text)) continue;
      seen.add(text);
      result.push({ resource: variant, change: describeEdit(candidate.edit) });
    }
  }
  return result;
}

function sortedLabels(labels: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function listEdits(path: (string | number)[], list: readonly JsonValue[], add: (edit: KindedEdit) => void): void {
  if (list.length > 0) {
    add({ path: [...path, 0], remove: true, kind: 'remove' });
    // An element added beside the first one: a copy, under another name where elements are named (containers).
    const first = list[0]!;
    const copy = isObject(first) && typeof first.name === 'string' ? { ...first, name: `${first.name}-added`.slice(-63).replace(/^-+/, '') } : first;
    add({ path, value: copy, append: true, kind: 'value' });
  }
  add({ path, value: {}, append: true, kind: 'empty' });
}

function valueAt(resource: JsonValue, path: ResourcePath): JsonValue | undefined {
  let node: JsonValue | undefined = resource;
  for (const segment of path) {
    if (typeof segment === 'number') node = Array.isArray(node) ? node[segment] : undefined;
    else node = isObject(node) ? node[segment] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

// ---------------------------------------------------------------------------------------------------------------
// Where Kyverno's own outcome is random

/** The wildcard keys a pattern has under `labels`/`annotations`. */
export function metadataWildcards(pattern: JsonValue, out: string[] = [], tag = false): string[] {
  if (Array.isArray(pattern)) pattern.forEach((p) => metadataWildcards(p, out));
  else if (isObject(pattern)) {
    for (const [key, value] of Object.entries(pattern)) {
      const inner = parseAnchor(key)?.key ?? key;
      if (tag && containsWildcard(inner)) out.push(inner);
      metadataWildcards(value, out, inner === 'labels' || inner === 'annotations');
    }
  }
  return out;
}

function twoKeysMatch(resource: JsonValue, wildcards: readonly string[]): boolean {
  if (Array.isArray(resource)) return resource.some((r) => twoKeysMatch(r, wildcards));
  if (!isObject(resource)) return false;
  const keys = Object.keys(resource);
  if (wildcards.some((w) => keys.filter((k) => wildcardMatch(w, k)).length > 1)) return true;
  return Object.values(resource).some((r) => twoKeysMatch(r, wildcards));
}

/**
 * Whether Kyverno's outcome of `rule`'s patterns on a resource depends on Go's random map order: a wildcard key under
 * `metadata.labels`/`annotations` that two keys of the resource match (Kyverno checks one of them, picked at random;
 * pkg/engine/wildcards `ExpandInMetadata`). Null when the rule's patterns have no such key.
 */
export function randomPatternOutcome(rule: JsonValue): ((resource: JsonObject) => boolean) | null {
  if (!isObject(rule)) return null;
  const wildcards = ruleReads(rule).patterns.flatMap(({ pattern }) => metadataWildcards(pattern));
  return wildcards.length === 0 ? null : (resource) => twoKeysMatch(resource, wildcards);
}
