/**
 * @file kyaml `merge2.Merge` with `ListIncreaseDirection = Prepend`, as kustomize's
 * `patchstrategicmerge.Filter` applies it for Kyverno (kubernetes-sigs/kustomize
 * api/filters/patchstrategicmerge/patchstrategicmerge.go and kyaml/yaml/merge2/merge2.go, kyaml
 * v0.21.1, called from kyverno/kyverno pkg/engine/mutate/patch/strategicMergePatch.go
 * `strategicMergePatch`): a walk over (dest = resource,
 * origin = patch) pairs with the `Merger` visitor, `$patch` directives, associative lists from the
 * built-in schema (`walk/associative_sequence.go`, with `ElementSetter`/`ElementMatcher`/
 * `FieldMatcher` semantics), everything else replaced. The patch (a pre-processed copy) is modified in
 * place; the resource never is: the maps and lists of it the merge changes are copied first, and the
 * result shares every untouched part with it.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { extensibleCopy, isObject } from '../../../../../util/json-value.js';
import { setOwnProperty, sortGoStrings } from '../../../../../util/go-json.js';
import { hasKey, isEmptyMap, isNilOrEmpty, nodeKind, scalarText, wrongKindMessage, type NodeKind } from './nodes.js';
import { fieldSchema, isAssociative, schemaForResourceType, type SchemaNode } from './schema.js';

export class MergeError extends Error {}

/** `walk.ClearNode`: the field is removed from its parent. */
const CLEAR = Symbol('clear');
/** An explicit `null` of the resource untouched by the patch, which is kept. */
const KEEP_NULL = Symbol('keep-null');
type WalkResult = JsonValue | typeof CLEAR | typeof KEEP_NULL;

type Source = JsonValue | undefined;

function isMissingOrNull(v: Source | WalkResult): boolean {
  return v === undefined || v === null || v === CLEAR;
}

type Directive = 'merge' | 'replace' | 'delete';

function directiveOf(text: string): Directive {
  if (text === 'delete' || text === 'replace' || text === 'merge') return text;
  throw new MergeError(`unknown patch strategy '${text}'`);
}

/** `determineMappingNodePatchStrategy`: reads and removes `$patch` from a patch map. */
function mapDirective(patch: JsonObject): Directive {
  if (!hasKey(patch, '$patch')) return 'merge';
  const directive = directiveOf(scalarText(patch['$patch']));
  delete patch['$patch'];
  return directive;
}

/** `determineSequenceNodePatchStrategy`: a `{$patch: …}` element (alone in its map) directs the list. */
function sequenceDirective(patch: JsonValue[]): Directive {
  const element = patch.find((e) => isObject(e) && hasKey(e, '$patch'));
  if (!isObject(element) || Object.keys(element).length > 1) return 'merge';
  const text = scalarText(element['$patch']);
  const directive = directiveOf(text);
  elementSetter(patch, undefined, ['$patch'], [text]);
  return directive;
}

/**
 * Whether the walk takes the compiled path's shortcuts: set for the duration of a {@link mergePatch}
 * call of the compiled path, off for the reference interpreter. They give the same merged resource,
 * sharing more of the resource with it: the parts of the resource no patch reaches are walked without
 * copies ({@link walkUnpatched}), and a map or list the merge left as it was is the resource's own.
 */
let compiled = false;

function walk(dest: Source, origin: Source, schema: SchemaNode | null): WalkResult {
  if (compiled && origin === undefined && dest !== null && typeof dest === 'object') return walkUnpatched(dest, schema);
  return walkNodes(dest, origin, schema);
}

/**
 * `walk(dest, undefined, schema)` for a map or list of the resource, which is returned itself when the
 * walk leaves it as it is (most often: only associative lists are rewritten by such a walk). A map is
 * copied only when one of its fields changes; its maps and associative lists are walked in Go string
 * order, as `walkMap` walks them (the fields it leaves out are maps the walk does not change nor fail
 * on). An associative list of maps whose merge-key values are all given and distinct keeps its elements
 * in their order, each walked ({@link walkPlainElements}); any other list takes `setElements`.
 */
function walkUnpatched(dest: JsonObject | JsonValue[], schema: SchemaNode | null): JsonValue {
  if (Array.isArray(dest)) {
    if (!isAssociative(schema)) return dest;
    return walkPlainElements(dest, schema!) ?? (walkNodes(dest, undefined, schema) as JsonValue);
  }
  const s = schema ?? typeMetaSchema(dest);
  let names: string[] | undefined;
  // Visited without a list of the keys: this runs for every map of the resource, for every patch.
  for (const key in dest) {
    if (!hasKey(dest, key)) continue;
    const value = dest[key];
    if (value === null || typeof value !== 'object' || (Array.isArray(value) && !isAssociative(fieldSchema(s, key)))) continue;
    (names ??= []).push(key);
  }
  if (names === undefined) return dest;
  if (names.length > 1) sortGoStrings(names);
  let out: JsonObject | undefined;
  for (const key of names) {
    const value = dest[key] as JsonObject | JsonValue[];
    const walked = walkUnpatched(value, fieldSchema(s, key));
    if (walked === value) continue;
    out ??= { ...dest };
    setOwnProperty(out, key, walked);
  }
  return out ?? dest;
}

/**
 * `setElements` of an associative list walked without a patch, when every element is a map whose
 * merge-key values are all non-empty and no two elements have the same: `elementValues` lists them in
 * order, each is walked and set in its place (`ElementSetter` finds no other match), and
 * `appendListNode` puts them back in the same order. `undefined` for any other list.
 */
function walkPlainElements(list: JsonValue[], schema: SchemaNode): JsonValue[] | undefined {
  const keys = schema.keys ?? [];
  if (keys.length === 0) return list.length === 0 ? list : undefined;
  const seen = new Set<string>();
  for (const element of list) {
    if (!isObject(element)) return undefined;
    let id = '';
    for (const key of keys) {
      const value = hasKey(element, key) ? element[key] : undefined;
      const text = isNilOrEmpty(value) ? '' : scalarText(value);
      if (text === '') return undefined;
      id = keys.length === 1 ? text : `${id}${JSON.stringify(text)},`;
    }
    if (seen.has(id)) return undefined;
    seen.add(id);
  }
  const elementSchema = schema.items ?? null;
  let out: JsonValue[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const element = list[i] as JsonObject;
    const walked = walkUnpatched(element, elementSchema);
    if (walked === element) continue;
    out ??= list.slice();
    out[i] = walked;
  }
  return out ?? list;
}

function walkNodes(dest: Source, origin: Source, schema: SchemaNode | null): WalkResult {
  const s = schema ?? schemaFromTypeMeta(dest, origin);
  const kind = firstKind(dest, origin);
  if (kind === null) return walkMap(dest, origin, s);
  checkKinds(kind, dest, origin);
  if (kind === 'MappingNode') return walkMap(dest, origin, s);
  if (kind === 'SequenceNode') {
    if (isAssociative(s)) return walkAssociativeSequence(dest as JsonValue[] | null | undefined, origin as JsonValue[] | null | undefined, s!);
    return origin !== undefined ? origin : (dest as JsonValue);
  }
  return origin !== undefined ? origin : (dest as JsonValue);
}

/** `Walker.GetSchema` without a schema from the parent: the schema of the sources' apiVersion/kind. */
function schemaFromTypeMeta(...sources: Source[]): SchemaNode | null {
  for (const src of sources) {
    if (!isObject(src)) continue;
    const apiVersion = src['apiVersion'];
    const kind = src['kind'];
    if (typeof apiVersion !== 'string' || typeof kind !== 'string' || apiVersion === '' || kind === '') continue;
    const s = schemaForResourceType(apiVersion, kind);
    if (s !== null) return s;
  }
  return null;
}

/** `schemaFromTypeMeta` of one map. */
function typeMetaSchema(src: JsonObject): SchemaNode | null {
  const apiVersion = src['apiVersion'];
  const kind = src['kind'];
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || apiVersion === '' || kind === '') return null;
  return schemaForResourceType(apiVersion, kind);
}

function firstKind(...sources: Source[]): NodeKind | null {
  for (const src of sources) {
    if (src !== undefined && src !== null) return nodeKind(src);
  }
  return null;
}

/** `ErrorIfAnyInvalidAndNonNull`. */
function checkKinds(kind: NodeKind, ...sources: Source[]): void {
  for (const src of sources) {
    if (src === undefined || src === null) continue;
    if (nodeKind(src) !== kind) throw new MergeError(wrongKindMessage(kind, src));
  }
}

function walkMap(dest: Source, origin: Source, schema: SchemaNode | null): WalkResult {
  let newDest: Source;
  if (dest === undefined || dest === null) {
    if (isObject(origin) && hasKey(origin, '$patch')) {
      let directive: Directive | null = null;
      try {
        directive = mapDirective(origin);
      } catch {
        // An unknown directive on an added map is ignored (and kept).
      }
      if (directive === 'delete') return CLEAR;
    }
    if (origin === undefined && dest === null) return KEEP_NULL;
    newDest = origin;
  } else if (origin === null) {
    return CLEAR;
  } else {
    const directive = isObject(origin) ? mapDirective(origin) : 'merge';
    if (directive === 'delete') return CLEAR;
    // The resource's map is changed in a copy.
    newDest = directive === 'replace' ? origin : isObject(dest) ? extensibleCopy(dest) : dest;
  }
  if (newDest === undefined) return CLEAR;
  if (!isObject(newDest)) return newDest;
  const patchMap = isObject(origin) ? origin : undefined;
  // The fields of both, in Go string order; fields the patch does not reach are left out when walking
  // them would not change them.
  const names: string[] = [];
  for (const key in newDest) {
    if (!hasKey(newDest, key) || (patchMap !== undefined && hasKey(patchMap, key))) continue;
    // The compiled path walks every map and associative list, which the walk returns as they are when
    // it does not change them (and does not fail on them).
    if (compiled ? mayChangeWithoutPatch(newDest[key], fieldSchema(schema, key)) : !unchangedWithoutPatch(newDest[key], fieldSchema(schema, key))) names.push(key);
  }
  if (patchMap !== undefined) for (const key in patchMap) if (hasKey(patchMap, key)) names.push(key);
  for (const key of sortGoStrings(names)) {
    const d = newDest[key];
    const o = patchMap !== undefined && hasKey(patchMap, key) ? patchMap[key] : undefined;
    const val = walk(hasKey(newDest, key) ? d : undefined, o, fieldSchema(schema, key));
    setField(newDest, key, val);
  }
  // The compiled path keeps the resource's map where the merge left it as it was.
  if (compiled && isObject(dest) && newDest !== dest && sameEntries(newDest, dest)) return dest;
  return newDest;
}

/**
 * Whether `copy`, a copy of `map` whose fields {@link walkMap} then set or removed, has the same keys as `map` with
 * identical values (`Object.is`). Its keys are then in the same order: the copy took them in `map`'s order, a field
 * set keeps its place, and each field is set or removed once, so a removed key is never added back.
 */
function sameEntries(copy: JsonObject, map: JsonObject): boolean {
  let unmatched = 0;
  for (const key in map) if (hasKey(map, key)) unmatched++;
  for (const key in copy) {
    if (!hasKey(copy, key)) continue;
    if (!hasKey(map, key) || !Object.is(copy[key], map[key])) return false;
    unmatched--;
  }
  return unmatched === 0;
}

/** Whether two lists have identical elements (`Object.is`). */
function sameElements(a: JsonValue[], b: JsonValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Whether `dest` is a map or an associative list: what a walk without a patch may change. */
function mayChangeWithoutPatch(dest: JsonValue | undefined, schema: SchemaNode | null): boolean {
  if (dest === null || typeof dest !== 'object') return dest === undefined;
  return !Array.isArray(dest) || isAssociative(schema);
}

/**
 * Whether walking `dest` without a patch (`walk(dest, undefined, schema)`) leaves it as it is: it
 * holds no associative list (by the schema given, or by the schema of the apiVersion and kind of a
 * map without one). Only associative lists are rewritten by such a walk (their empty and repeated
 * elements dropped), and nothing else in it can fail.
 */
function unchangedWithoutPatch(dest: JsonValue | undefined, schema: SchemaNode | null): boolean {
  if (dest === undefined) return false;
  if (dest === null || typeof dest !== 'object') return true;
  if (Array.isArray(dest)) return !isAssociative(schema);
  const s = schema ?? schemaFromTypeMeta(dest);
  for (const key in dest) {
    if (hasKey(dest, key) && !unchangedWithoutPatch(dest[key], fieldSchema(s, key))) return false;
  }
  return true;
}

/** `FieldSetter`: null and cleared values remove the field. */
function setField(map: JsonObject, key: string, val: WalkResult): void {
  if (val === CLEAR || val === null) delete map[key];
  else if (val === KEEP_NULL) setOwnProperty(map, key, null);
  else setOwnProperty(map, key, val);
}

function walkAssociativeSequence(
  dest: JsonValue[] | null | undefined,
  origin: JsonValue[] | null | undefined,
  schema: SchemaNode,
): WalkResult {
  let list: JsonValue[] | null | undefined;
  if (dest === undefined || dest === null) {
    list = origin;
  } else if (origin === null) {
    return CLEAR;
  } else {
    const directive = origin === undefined ? 'merge' : sequenceDirective(origin);
    if (directive === 'delete') return CLEAR;
    // The resource's list is changed in a copy.
    list = directive === 'replace' ? origin : dest.slice();
  }
  if (list === undefined || list === null) return CLEAR;
  const sources: Array<JsonValue[] | null | undefined> = [list, origin];
  const keys = schema.keys ?? [];
  const values = keys.length > 0 ? elementValues(sources, keys) : [];
  const result =
    values.length !== 0 || keys.length > 0
      ? setElements(values, keys, list, sources, schema)
      : setElements(elementPrimitiveValues(sources), [''], list, sources, schema);
  // The compiled path keeps the resource's list where the merge left it as it was.
  if (compiled && Array.isArray(dest) && Array.isArray(result) && result !== dest && sameElements(result, dest)) return dest;
  return result;
}

/** Merge-key values of all elements, patch first (Prepend), without repeats. */
function elementValues(sources: Array<JsonValue[] | null | undefined>, keys: readonly string[]): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const src of [sources[1], sources[0]]) {
    if (!Array.isArray(src)) continue;
    for (const element of src) {
      const values = keys.map((k) => {
        const v = isObject(element) && hasKey(element, k) ? element[k] : undefined;
        return isNilOrEmpty(v) ? '' : scalarText(v);
      });
      const id = JSON.stringify(values);
      if (values.length === 0 || seen.has(id)) continue;
      out.push(values);
      seen.add(id);
    }
  }
  return out;
}

function elementPrimitiveValues(sources: Array<JsonValue[] | null | undefined>): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const src of [sources[1], sources[0]]) {
    if (!Array.isArray(src)) continue;
    for (const item of src) {
      const v = scalarText(item);
      if (seen.has(v)) continue;
      out.push([v]);
      seen.add(v);
    }
  }
  return out;
}

/** `validateKeys`: keys missing from every element are dropped (unless all are missing). */
function validateKeys(valuesList: string[][], values: string[], keys: readonly string[]): [string[], string[]] {
  const valid = new Set<string>();
  for (const vs of valuesList) vs.forEach((v, i) => v !== '' && valid.add(keys[i]!));
  if (valid.size === 0) return [[...keys], values];
  const validKeys = keys.filter((k) => valid.has(k));
  const validValues = values.filter((v, i) => v !== '' || valid.has(keys[i]!));
  return [validKeys, validValues];
}

/** `mergeValues`: value lists equal but for empty entries are unified. */
function mergeValues(valuesList: string[][]): void {
  valuesList.forEach((values1, i) => {
    valuesList.forEach((values2, j) => {
      const merged = matchValues(values1, values2);
      if (merged !== null) {
        valuesList[i] = merged;
        valuesList[j] = merged;
      }
    });
  });
}

function matchValues(a: string[], b: string[]): string[] | null {
  if (a.length !== b.length) return null;
  let common = false;
  const res: string[] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) {
      common = true;
      res.push(a[i]!);
      continue;
    }
    if (a[i] !== '' && b[i] !== '') return null;
    res.push(a[i] !== '' ? a[i]! : b[i]!);
  }
  return common ? res : null;
}

function setElements(
  valuesList: string[][],
  keys: readonly string[],
  dest: JsonValue[],
  sources: Array<JsonValue[] | null | undefined>,
  schema: SchemaNode,
): WalkResult {
  const items: JsonValue[] = [];
  const elementSchema = schema.items ?? null;
  if (keys.length > 1) mergeValues(valuesList);
  let validKeys: string[] = [...keys];
  let validValues: string[] = [];
  for (const values of valuesList) {
    if (values.length === 0) continue;
    [validKeys, validValues] = validateKeys(valuesList, values, keys);
    const [k, v] = validateKeys([validValues], validValues, validKeys);
    const destElement = elementList(sources[0], k, v);
    const originElement = elementList(sources[1], k, v);
    const val = walk(destElement, originElement, elementSchema);
    if (isObject(destElement) && typeof val === 'object' && isObject(val) && val !== originElement) {
      // A map merged into a list element is the copy of that element (the patch's replaces it otherwise).
      // kyaml merges it in place, so that the list holds the merged map: the copy takes the element's place.
      const at = dest.indexOf(destElement);
      if (at !== -1) dest[at] = val;
    }
    if (isMissingOrNull(val) || val === KEEP_NULL || isEmptyMap(val as JsonValue)) {
      elementSetter(dest, undefined, validKeys, validValues);
      continue;
    }
    const element = val as JsonValue;
    validKeys.forEach((key, i) => {
      if (isObject(element) && !hasKey(element, key) && validValues[i] !== '' && validValues[i] !== undefined) {
        element[key] = validValues[i]!;
      }
    });
    elementSetter(items, element, validKeys, validValues);
  }
  let result: JsonValue[] = dest;
  if (valuesList.length > 0) result = appendListNode(items, dest, validKeys);
  return result;
}

/** `RNode.ElementList` (`ElementMatcher`): the first element whose keys have the given values. */
function elementList(source: JsonValue[] | null | undefined, keys: string[], values: string[]): JsonValue | undefined {
  if (!Array.isArray(source)) return undefined;
  if (keys.length === 0 || keys[0] === '') {
    const v = values[0] ?? '';
    return source.find((e) => !isObject(e) && !Array.isArray(e) && scalarText(e) === v);
  }
  if (keys.length !== values.length) return undefined;
  return source.find(
    (e) => isObject(e) && keys.every((k, i) => hasKey(e, k) && scalarText(e[k]) === values[i]),
  );
}

/** `FieldMatcher{Name, StringValue}` on one list element: whether it matches. */
function fieldMatches(element: JsonValue, name: string, stringValue: string): boolean {
  if (element === null) return false;
  if (name === '') {
    if (isObject(element) || Array.isArray(element)) throw new MergeError(wrongKindMessage('ScalarNode', element));
    return scalarText(element) === stringValue;
  }
  if (!isObject(element)) throw new MergeError(wrongKindMessage('MappingNode', element));
  if (!hasKey(element, name)) return false;
  return stringValue === '' || scalarText(element[name]) === stringValue;
}

/**
 * `ElementSetter`: replaces the elements matching the key values by `element` (appending it when
 * none matches), or removes them when `element` is undefined; null and empty-map elements are dropped.
 */
function elementSetter(list: JsonValue[], element: JsonValue | undefined, keys: readonly string[], values: readonly string[]): void {
  const content: JsonValue[] = [];
  let matched = false;
  for (const elem of list) {
    if (elem === null || isEmptyMap(elem)) continue;
    if (!isObject(elem) && keys.length > 0 && keys[0] !== '') {
      content.push(elem);
      continue;
    }
    let found = true;
    let lastMatch = false;
    for (let j = 0; j < keys.length; j++) {
      if (j < values.length) lastMatch = fieldMatches(elem, keys[j]!, values[j]!);
      if (!lastMatch) {
        found = false;
        break;
      }
    }
    if (!found) {
      if (values.length > 0) content.push(elem);
      continue;
    }
    matched = true;
    if (element !== undefined) content.push(element);
  }
  list.splice(0, list.length, ...content);
  if (element === undefined || element === null) return;
  if (!matched) list.push(element);
}

/** `appendListNode`: the resource elements are set into the patch items (Prepend). */
function appendListNode(dst: JsonValue[], src: JsonValue[], keys: readonly string[]): JsonValue[] {
  for (const elem of [...src]) {
    if (keys[0] === '') {
      elementSetter(dst, elem, [''], [scalarText(elem)]);
      continue;
    }
    const v: string[] = [];
    for (const key of keys) {
      if (elem !== null && !isObject(elem)) throw new MergeError(wrongKindMessage('MappingNode', elem));
      if (elem === null || !hasKey(elem, key)) {
        dst.push(elem);
        continue;
      }
      v.push(scalarText(elem[key]));
    }
    if (keys.length > 1) elementSetter(dst, undefined, keys, v);
    elementSetter(dst, elem, keys, v);
  }
  return dst;
}

/**
 * Merges the patch into the resource; returns the merged resource (sharing what the patch leaves
 * untouched with `resource`, which is not modified), or `null` when the patch deleted it. The patch is
 * modified in place. `compiledPath`: with the compiled path's shortcuts (see {@link walk}); the
 * result is the same.
 */
export function mergePatch(resource: JsonObject, patch: JsonValue, compiledPath = false): JsonObject | null {
  const previous = compiled;
  compiled = compiledPath;
  let result: WalkResult;
  try {
    result = walk(resource, patch, null);
  } finally {
    compiled = previous;
  }
  if (result === CLEAR || result === KEEP_NULL || !isObject(result)) return null;
  return result;
}
