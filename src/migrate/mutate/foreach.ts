/**
 * @file The mutation of a rule: `patchStrategicMerge`, `patchesJson6902`, or `foreach` (kyverno/kyverno
 * pkg/engine/handlers/mutation/common.go `mutateForEach`, `mutateElements`).
 *
 * A foreach entry applies its strategic merge patch once per element of its list (from the last element to the
 * first by default, `order` overriding), each time to the result of the previous one, with the element's variables.
 * That sequence has one patch that does the same when the patch's parts that depend on the element are one element
 * of a list merged by key (the element's own entry, `name: "{{element.name}}"`), and the other parts do not depend on
 * it: each iteration then merges its own entry, and the other parts give the same result however many times they are
 * applied after the first. The merged entries end up first in the list, in the order of the iterations reversed
 * (Prepend), so the one patch lists them in the list's order (reversed for `Ascending`). The other parts apply when
 * some element is iterated (not null, its preconditions holding). Their conditional anchors would read the resource
 * as the earlier iterations left it: they are not translated.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { translateConditions } from '../conditions.js';
import { translateJmesPath, type TranslationScope } from '../jmespath.js';
import type { PolicyPath, Translation } from '../types.js';
import { failure, Names } from './cel.js';
import { translateElementJson6902, translateJson6902 } from './json6902.js';
import { hasConditions, TemplateNames, readPatch, type ListNode, type MapNode, type PatchNode } from './patch.js';
import type { Schemas } from './schema.js';
import { Generator, Unsupported } from './strategic-merge.js';

/**
 * A mutation: `operations`, one list of JSON patch operations computed from the object, each a change (`merge`: from a
 * strategic merge patch); or `sequence`, lists applied one after the other, with `changes` when it is known from the
 * object before them whether they change it.
 */
export type MutationTranslation =
  | { readonly kind: 'operations'; readonly applies: string; readonly operations: string; readonly merge: boolean }
  | { readonly kind: 'sequence'; readonly applies: 'true'; readonly mutations: readonly string[]; readonly changes?: string };

function translateMerge(patch: JsonValue, path: PolicyPath, scope: TranslationScope, schemas: Schemas): Translation<MutationTranslation> {
  const read = readPatch(patch, path, scope, new TemplateNames());
  if (!read.ok) return read;
  try {
    const { applies, operations } = new Generator().translate(read.value, schemas);
    return { ok: true, value: { kind: 'operations', applies, operations, merge: true } };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}

/** Whether the CEL expression reads the variable `name`. */
function reads(expression: string, name: string): boolean {
  return new RegExp(`(?<![\\w.])${name}(?![\\w])`).test(expression);
}

/** Whether a patch node depends on the foreach element. */
function dependsOn(node: PatchNode, name: string): boolean {
  switch (node.kind) {
    case 'leaf':
      return node.value === undefined && reads(node.expression, name);
    case 'null':
      return false;
    case 'map':
      return node.entries.some((e) => (e.condition?.kind === 'dynamic' && reads(e.condition.expression, name)) || dependsOn(e.value, name));
    case 'list':
      return node.items.some((item) => dependsOn(item, name));
  }
}

/** The one list holding the element-dependent parts, and the path of maps to it; null when they are elsewhere. */
function elementList(node: MapNode, name: string): ListNode | null | undefined {
  let found: ListNode | null | undefined;
  for (const entry of node.entries) {
    if (!dependsOn(entry.value, name) && !(entry.condition?.kind === 'dynamic' && reads(entry.condition.expression, name))) continue;
    if (found !== undefined || entry.anchor !== 'plain') return null;
    if (entry.value.kind === 'map') found = elementList(entry.value, name);
    else if (entry.value.kind === 'list') found = entry.value;
    else return null;
    if (found === null) return null;
  }
  return found;
}

function translateForeach(entries: JsonValue, path: PolicyPath, scope: TranslationScope, schemas: Schemas): Translation<MutationTranslation> {
  if (!Array.isArray(entries) || entries.length !== 1 || !isObject(entries[0])) {
    return { ok: false, untranslatable: { reason: 'a foreach with other than one entry (each entry reads the resource the previous one left)', path } };
  }
  const entry = entries[0];
  const at = [...path, 0];
  for (const key of ['foreach', 'context'] as const) {
    const value = entry[key];
    if (value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)) {
      return { ok: false, untranslatable: { reason: `a foreach entry with \`${key}\``, path: [...at, key] } };
    }
  }
  if (typeof entry.list !== 'string' || entry.list === '') return { ok: false, untranslatable: { reason: 'a foreach entry without a list', path: [...at, 'list'] } };
  if (typeof entry.patchesJson6902 === 'string' && entry.patchesJson6902 !== '') return translateForeachJson6902(entry, at, scope);
  if (!isObject(entry.patchStrategicMerge)) return { ok: false, untranslatable: { reason: 'a foreach entry without a patchStrategicMerge', path: at } };
  const order = entry.order ?? 'Descending';
  if (order !== 'Descending' && order !== 'Ascending') return { ok: false, untranslatable: { reason: `the foreach order ${JSON.stringify(order)}`, path: [...at, 'order'] } };

  const names = new Names();
  const element = names.fresh('_el');
  const variables = new Map(scope.variables ?? []);
  variables.set('element', { expression: element, type: 'dyn' });
  const elementScope: TranslationScope = { ...scope, variables };

  const list = translateJmesPath(entry.list, scope, [...at, 'list']);
  if (!list.ok) return list;
  let filter = `${element} != null`;
  if (entry.preconditions !== undefined && entry.preconditions !== null) {
    const preconditions = translateConditions(entry.preconditions, elementScope, [...at, 'preconditions']);
    if (!preconditions.ok) return preconditions;
    filter = `${filter} && (${preconditions.value})`;
  }
  const l = names.fresh('_l');
  // `EvaluateList`: a value that is not a list is a list of that value; null elements are skipped.
  const iterated = `cel.bind(${l}, ${list.value.expression}, type(${l}) == list ? ${l} : [${l}]).filter(${element}, ${filter})`;
  const elements = order === 'Descending' ? iterated : `${iterated}.reverse()`;

  const read = readPatch(entry.patchStrategicMerge, [...at, 'patchStrategicMerge'], elementScope, new TemplateNames());
  if (!read.ok) return read;
  const patch = read.value;
  const target = elementList(patch, element);
  const refuse = (reason: string): Translation<MutationTranslation> => ({ ok: false, untranslatable: { reason, path: [...at, 'patchStrategicMerge'] } });
  if (target === null || target === undefined) return refuse('a foreach patch whose element parts are not one element of a list merged by key');
  if (target.items.length !== 1 || target.items[0]!.kind !== 'map') return refuse('a foreach patch whose element list holds other elements');
  const item = target.items[0] as MapNode;
  const without: ListNode = { ...target, items: [] };
  const rest = replaceList(patch, target, without) as MapNode;
  if (hasConditions(rest)) return refuse('conditional anchors in a foreach patch outside its element entry (each iteration reads the resource as the previous one left it)');

  const generator = new Generator(names);
  const iteratedName = names.fresh('_it');
  generator.generated(without, { elements: iteratedName, variable: element, item });
  try {
    const { operations } = generator.translate(rest, schemas);
    // The parts that do not depend on the element apply when some element is iterated.
    return { ok: true, value: { kind: 'operations', applies: 'true', operations: `cel.bind(${iteratedName}, ${elements}, size(${iteratedName}) == 0 ? [] : ${operations})`, merge: true } };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}

/** `request.object.a.b` (optionally followed by `[]`): the list's path in the object. */
const OBJECT_LIST = /^\s*request\.object((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*(\[\])?\s*$/;

/**
 * A foreach entry with `patchesJson6902` (order does not matter: each element's operations act inside the element,
 * translateElementJson6902). The list is one of the object (so that `elementIndex` is its index there); with `[]` its
 * elements must not be null or lists (the projection would drop or flatten them, moving the indices).
 */
function translateForeachJson6902(entry: JsonObject, at: PolicyPath, scope: TranslationScope): Translation<MutationTranslation> {
  const listText = entry.list as string;
  const match = OBJECT_LIST.exec(listText);
  if (match === null) return { ok: false, untranslatable: { reason: 'a foreach patchesJson6902 over a list that is not a field of the object (`elementIndex` would not be an index there)', path: [...at, 'list'] } };
  const listPath = match[1]!.slice(1).split('.');
  const names = new Names();
  const element = names.fresh('_el');
  const index = names.fresh('_ix');
  const variables = new Map(scope.variables ?? []);
  variables.set('element', { expression: element, type: 'dyn' });
  variables.set('elementIndex', { expression: `double(${index})`, type: 'number' });
  const elementScope: TranslationScope = { ...scope, variables };
  let filter = `${element} != null`;
  if (entry.preconditions !== undefined && entry.preconditions !== null) {
    const preconditions = translateConditions(entry.preconditions, elementScope, [...at, 'preconditions']);
    if (!preconditions.ok) return preconditions;
    filter = `${filter} && (${preconditions.value})`;
  }
  const ops = translateElementJson6902(entry.patchesJson6902 as string, listPath, element, index, elementScope, names, [...at, 'patchesJson6902']);
  if (!ops.ok) return ops;
  const list = translateJmesPath(listText, scope, [...at, 'list']);
  if (!list.ok) return list;
  const l = names.fresh('_l');
  const each = `${l}.transformList(${index}, ${element}, ${filter} ? ${ops.value} : []).flatten()`;
  let operations: string;
  if (match[2] === undefined) {
    // `EvaluateList`: a value that is not a list is iterated as a list of itself, whose index is not one of the object.
    operations = `cel.bind(${l}, ${list.value.expression}, type(${l}) == list ? ${each} : ${l} == null ? [] : ${failure('a foreach list that is not a list')})`;
  } else {
    const raw = `object${listPath.map((k) => `.?${k}`).join('')}.orValue(null)`;
    operations = `cel.bind(${l}, ${raw}, ${l} == null ? [] : type(${l}) == list && ${l}.all(${element}, ${element} != null && type(${element}) != list) ? ${each} : ${failure('a foreach list whose projection drops or flattens elements')})`;
  }
  return { ok: true, value: { kind: 'operations', applies: 'true', operations, merge: false } };
}

/** `node` with the list `from` replaced by `to`. */
function replaceList(node: PatchNode, from: ListNode, to: ListNode): PatchNode {
  if (node === from) return to;
  if (node.kind === 'map') return { ...node, entries: node.entries.map((e) => ({ ...e, value: replaceList(e.value, from, to) })) };
  if (node.kind === 'list') return { ...node, items: node.items.map((i) => replaceList(i, from, to)) };
  return node;
}

/** Translates a rule's mutate block (already checked not to be mutate-existing). */
export function translateMutation(mutate: JsonObject, path: PolicyPath, scope: TranslationScope, schemas: Schemas): Translation<MutationTranslation> {
  const foreach = mutate.foreach;
  if (Array.isArray(foreach) && foreach.length > 0) return translateForeach(foreach, [...path, 'foreach'], scope, schemas);
  if (mutate.patchStrategicMerge !== undefined && mutate.patchStrategicMerge !== null) return translateMerge(mutate.patchStrategicMerge, [...path, 'patchStrategicMerge'], scope, schemas);
  if (typeof mutate.patchesJson6902 === 'string' && mutate.patchesJson6902 !== '') {
    const translated = translateJson6902(mutate.patchesJson6902, [...path, 'patchesJson6902']);
    if (!translated.ok) return translated;
    const { mutations, changes } = translated.value;
    // One operation: computed from the object as it is, it is a list of changes like a merge's.
    if (mutations.length === 1 && changes !== undefined) return { ok: true, value: { kind: 'operations', applies: 'true', operations: mutations[0]!, merge: false } };
    return { ok: true, value: { kind: 'sequence', applies: 'true', mutations, ...(changes !== undefined ? { changes } : {}) } };
  }
  return { ok: false, untranslatable: { reason: 'a mutate block with none of patchStrategicMerge, patchesJson6902, foreach', path } };
}
