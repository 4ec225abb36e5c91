/**
 * @file Anchor pre-processing of a `patchStrategicMerge` patch against the resource (kyverno/kyverno
 * `pkg/engine/mutate/patch/strategicPreprocessing.go`, `PreProcessPattern`): `+(key)`
 * add-if-not-present, `(key)` conditional and `<(key)` global anchors, anchored list elements
 * specialised per resource element (by `name`), then the removal of the anchors from the patch
 * (`deleteConditionElements`).
 * The patch is rewritten in place, with the upstream quirks kept (sticky `+()` in anchored list
 * elements, index-based list clean-up).
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { isObject } from '../../../../../util/json-value.js';
import { matchPattern, parseAnchor, type Anchor } from '../../pattern/index.js';
import { cloneJson, fieldOf, isNilOrEmpty, renameKey, scalarText, wrongKindMessage } from './nodes.js';

/** A failed conditional anchor (`ConditionError`): the element or the whole patch does not apply. */
class ConditionError extends Error {
  constructor(cause: string) {
    super(`condition failed: ${cause}`);
  }
}

/** A failed global anchor (`GlobalConditionError`): the whole patch does not apply. */
class GlobalConditionError extends Error {
  constructor(cause: string) {
    super(`global condition failed: ${cause}`);
  }
}

/** Any other pre-processing failure (the rule errors). */
class PreprocessError extends Error {}

type AnchorFilter = (a: Anchor | null) => boolean;

const containsCondition: AnchorFilter = (a) => a !== null && (a.type === 'condition' || a.type === 'global');
const isCondition: AnchorFilter = (a) => a !== null && a.type === 'condition';
const isGlobal: AnchorFilter = (a) => a !== null && a.type === 'global';
const isAddIfNotPresent: AnchorFilter = (a) => a !== null && a.type === 'addIfNotPresent';
/** `hasAnchor`: a condition, global or add-if-not-present anchor. */
const hasAnchor: AnchorFilter = (a) => containsCondition(a) || isAddIfNotPresent(a);

/** Keys of a map that are anchors accepted by `filter`, with their parsed anchor (`filterKeys`). */
function filterKeys(node: JsonValue, filter: AnchorFilter): Array<[string, Anchor]> {
  if (!isObject(node)) return [];
  const out: Array<[string, Anchor]> = [];
  for (const key of Object.keys(node)) {
    const a = parseAnchor(key);
    if (a !== null && filter(a)) out.push([key, a]);
  }
  return out;
}

function preProcessRecursive(pattern: JsonValue, resource: JsonValue | undefined): void {
  if (isObject(pattern)) walkMap(pattern, resource);
  else if (Array.isArray(pattern)) walkList(pattern, resource);
}

function walkMap(pattern: JsonObject, resource: JsonValue | undefined): void {
  handleAddIfNotPresentAnchor(pattern, resource);
  validateConditions(pattern, resource);
  const nonAnchors = Object.keys(pattern).filter((key) => {
    const a = parseAnchor(key);
    return a === null || !hasAnchor(a);
  });
  for (const field of nonAnchors) {
    preProcessRecursive(pattern[field]!, fieldOf(resource, field));
  }
}

function walkList(pattern: JsonValue[], resource: JsonValue | undefined): void {
  if (pattern.length === 0) return;
  if (isObject(pattern[0])) processListOfMaps(pattern, resource);
}

/** `RNode.Elements` of the resource value: absent and null give no elements, other non-lists an error. */
function resourceElements(resource: JsonValue | undefined): JsonValue[] {
  if (resource === undefined || resource === null) return [];
  if (!Array.isArray(resource)) throw new PreprocessError(wrongKindMessage('SequenceNode', resource));
  return resource;
}

function processListOfMaps(pattern: JsonValue[], resource: JsonValue | undefined): void {
  const elements = resourceElements(resource);
  for (const patternElement of [...pattern]) {
    if (!hasAnchors(patternElement, hasAnchor)) continue;
    const hasGlobalConditions = hasAnchors(patternElement, isGlobal);
    let anyGlobalConditionPassed = false;
    let lastGlobalAnchorError: GlobalConditionError | null = null;
    // One working copy shared by all resource elements: `+()` decisions taken on the first stick.
    const copy = cloneJson(patternElement);
    for (const resourceElement of elements) {
      try {
        preProcessRecursive(copy, resourceElement);
      } catch (e) {
        if (e instanceof ConditionError) continue;
        if (e instanceof GlobalConditionError) {
          lastGlobalAnchorError = e;
          continue;
        }
        throw e;
      }
      if (hasGlobalConditions) anyGlobalConditionPassed = true;
      else handlePatternName(pattern, copy, resourceElement);
    }
    if (resource === undefined) {
      try {
        preProcessRecursive(copy, undefined);
      } catch (e) {
        if (e instanceof ConditionError) continue;
        throw e;
      }
      if (hasGlobalConditions) anyGlobalConditionPassed = true;
    }
    if (!anyGlobalConditionPassed && lastGlobalAnchorError !== null) throw lastGlobalAnchorError;
  }
}

/** Appends to the patch list a copy of the element, without its conditions, named after the resource element. */
function handlePatternName(pattern: JsonValue[], patternElement: JsonValue, resourceElement: JsonValue): void {
  const name = fieldOf(resourceElement, 'name');
  if (isNilOrEmpty(name) || name === '') return;
  const newNode = cloneJson(patternElement);
  if (deleteAnchors(newNode, true, false)) return;
  if (isObject(newNode)) newNode['name'] = cloneJson(name!);
  pattern.push(newNode);
}

/** Conditions of one map: global anchors first (`GlobalConditionError`), then conditional anchors. */
function validateConditions(pattern: JsonObject, resource: JsonValue | undefined): void {
  try {
    validateConditionsInternal(pattern, resource, isGlobal);
  } catch (e) {
    throw new GlobalConditionError(errorText(e));
  }
  try {
    validateConditionsInternal(pattern, resource, isCondition);
  } catch (e) {
    throw new ConditionError(errorText(e));
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function validateConditionsInternal(pattern: JsonObject, resource: JsonValue | undefined, filter: AnchorFilter): void {
  for (const [key, a] of filterKeys(pattern, filter)) {
    const resourceValue = fieldOf(resource, a.key);
    if (resourceValue === undefined) throw new Error(`could not found "${a.key}" key in the resource`);
    const patternValue = pattern[key]!;
    // An anchor whose value has `+()` keys only checks that the key exists.
    if (handleAddIfNotPresentAnchor(patternValue, resourceValue) > 0) continue;
    checkCondition(patternValue, resourceValue);
  }
}

/** Removes `+(k)` keys whose `k` the resource has, unwraps the others; returns how many there were. */
function handleAddIfNotPresentAnchor(pattern: JsonValue, resource: JsonValue | undefined): number {
  const anchors = filterKeys(pattern, isAddIfNotPresent);
  if (!isObject(pattern)) return 0;
  for (const [key, a] of anchors) {
    if (fieldOf(resource, a.key) !== undefined) delete pattern[key];
    else renameKey(pattern, key, a.key);
  }
  return anchors.length;
}

/** `convertRNodeToInterface`: scalars become their text, maps and lists stay JSON. */
function toInterface(v: JsonValue): JsonValue {
  return isObject(v) || Array.isArray(v) ? v : scalarText(v);
}

function checkCondition(pattern: JsonValue, resource: JsonValue): void {
  const result = matchPattern(toInterface(resource), toInterface(pattern), { numberMode: 'float64' });
  if (result.outcome !== 'pass') throw new Error(result.message);
}

/** Whether a node holds an anchor accepted by `filter` (scalars: a condition or global anchor text). */
function hasAnchors(node: JsonValue, filter: AnchorFilter): boolean {
  if (isObject(node)) {
    for (const key of Object.keys(node)) {
      const a = parseAnchor(key);
      if (a !== null && filter(a)) return true;
      const value = node[key];
      if (!isNilOrEmpty(value) && hasAnchors(value!, filter)) return true;
    }
    return false;
  }
  if (Array.isArray(node)) return node.some((e) => hasAnchors(e, filter));
  return containsCondition(parseAnchor(scalarText(node)));
}

/** `deleteConditionElements`: the clean-up of the top-level patch map. */
function deleteConditionElements(pattern: JsonValue): void {
  if (pattern === null) return;
  if (!isObject(pattern)) throw new PreprocessError(wrongKindMessage('MappingNode', pattern));
  for (const field of Object.keys(pattern)) {
    const deleteScalar = containsCondition(parseAnchor(field));
    if (deleteAnchors(pattern[field]!, deleteScalar, false)) delete pattern[field];
  }
}

/** Deletes the anchors of a node; returns whether the node itself must be deleted from the patch. */
function deleteAnchors(node: JsonValue, deleteScalar: boolean, traverseMappingNodes: boolean): boolean {
  if (isObject(node)) return deleteAnchorsInMap(node, traverseMappingNodes);
  if (Array.isArray(node)) return deleteAnchorsInList(node, traverseMappingNodes);
  return deleteScalar;
}

function deleteAnchorsInMap(node: JsonObject, traverseMappingNodes: boolean): boolean {
  let anchorsExist = false;
  for (const [key] of filterKeys(node, containsCondition)) {
    if (deleteAnchors(node[key]!, true, traverseMappingNodes)) delete node[key];
    else anchorsExist = true;
  }
  if (anchorsExist) {
    for (const [key, a] of filterKeys(node, containsCondition)) renameKey(node, key, a.key);
  }
  let needToDelete = true;
  for (const field of Object.keys(node)) {
    if (deleteAnchors(node[field]!, false, traverseMappingNodes)) delete node[field];
    else needToDelete = false;
  }
  return needToDelete;
}

function deleteAnchorsInList(node: JsonValue[], traverseMappingNodes: boolean): boolean {
  const elements = [...node];
  const wasEmpty = elements.length === 0;
  elements.forEach((element, i) => {
    let shouldDelete: boolean;
    if (hasAnchors(element, hasAnchor)) {
      shouldDelete = true;
      if (traverseMappingNodes && isObject(element)) shouldDelete = deleteAnchors(element, true, traverseMappingNodes);
    } else {
      shouldDelete = deleteAnchors(element, false, traverseMappingNodes);
    }
    // Upstream deletes by the snapshot's index from the shrinking list.
    if (shouldDelete) deleteListElement(node, i);
  });
  return node.length === 0 && !wasEmpty;
}

function deleteListElement(list: JsonValue[], i: number): void {
  if (i >= list.length) throw new PreprocessError(`runtime error: slice bounds out of range [${i + 1}:${list.length}]`);
  list.splice(i, 1);
}

type PreprocessResult =
  | { patch: JsonValue; skipped?: undefined }
  /** A conditional or global anchor failed: the patch becomes `{}`. */
  | { patch: JsonObject; skipped: string }
  | { error: string };

/**
 * Pre-processes a patch (not modified; a rewritten copy is returned) against the resource, as
 * `preProcessStrategicMergePatch` does, with `strategicMergePatch`'s handling of its errors:
 * condition and global-condition failures give the empty patch, other errors
 * `failed to preProcess rule: …`.
 */
export function preprocessPatch(patch: JsonValue, resource: JsonValue): PreprocessResult {
  const pattern = cloneJson(patch);
  try {
    preProcessRecursive(pattern, resource);
    deleteConditionElements(pattern);
  } catch (e) {
    if (e instanceof ConditionError || e instanceof GlobalConditionError) return { patch: {}, skipped: e.message };
    return { error: `failed to preProcess rule: ${errorText(e)}` };
  }
  return { patch: pattern };
}


/**
 * A patch without anchors, pre-processed once: pre-processing such a patch against any resource only
 * checks that the resource's value at each list of maps is a list (`processListOfMaps` reads its
 * elements, then finds no anchored element), and `deleteConditionElements` removes the same empty maps
 * and lists every time.
 */
interface StaticPreprocessing {
  /** The key paths of the patch's lists of maps (not inside lists), in the order the walk reaches them. */
  readonly lists: readonly (readonly string[])[];
  /** The patch after `deleteConditionElements` (shared: copied for each use), or its error. */
  readonly result: { readonly patch: JsonValue } | { readonly error: string };
}

/** Whether no key of `node` is a `+()`, `()` or `<()` anchor and no scalar reads as a condition anchor. */
function anchorFree(node: JsonValue): boolean {
  if (isObject(node)) {
    for (const key of Object.keys(node)) {
      if (hasAnchor(parseAnchor(key)) || !anchorFree(node[key]!)) return false;
    }
    return true;
  }
  if (Array.isArray(node)) return node.every(anchorFree);
  return !containsCondition(parseAnchor(scalarText(node)));
}

function listsOfMaps(node: JsonValue, path: readonly string[], out: (readonly string[])[]): void {
  if (isObject(node)) {
    for (const key of Object.keys(node)) listsOfMaps(node[key]!, [...path, key], out);
  } else if (Array.isArray(node) && node.length > 0 && isObject(node[0])) {
    out.push(path);
  }
}

function deepFreeze(value: JsonValue): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) value.forEach(deepFreeze);
  else for (const key of Object.keys(value)) deepFreeze(value[key]!);
}

function staticPreprocessing(patch: JsonObject | JsonValue[]): StaticPreprocessing | null {
  if (!anchorFree(patch)) return null;
  const lists: (readonly string[])[] = [];
  listsOfMaps(patch, [], lists);
  const pattern = cloneJson(patch);
  try {
    deleteConditionElements(pattern);
  } catch (e) {
    return { lists, result: { error: `failed to preProcess rule: ${errorText(e)}` } };
  }
  deepFreeze(pattern);
  return { lists, result: { patch: pattern } };
}

/**
 * Pre-processings of patches by identity; `null` for a patch with anchors (pre-processed against each
 * resource), `false` for a patch seen once: patches computed for one resource (substituted variables)
 * are never seen again, a policy's own patch is.
 */
const compiledPatches = new WeakMap<object, StaticPreprocessing | null | false>();

/**
 * {@link preprocessPatch} for the compiled path: a map or list patch without anchors seen before is
 * pre-processed once, and only its lists of maps are checked against the resource. The result is
 * {@link preprocessPatch}'s.
 */
export function preprocessCompiledPatch(patch: JsonValue, resource: JsonValue): PreprocessResult {
  if (patch === null || typeof patch !== 'object') return preprocessPatch(patch, resource);
  let compiled = compiledPatches.get(patch);
  if (compiled === undefined) {
    compiledPatches.set(patch, false);
    return preprocessPatch(patch, resource);
  }
  if (compiled === false) {
    compiled = staticPreprocessing(patch);
    compiledPatches.set(patch, compiled);
  }
  if (compiled === null) return preprocessPatch(patch, resource);
  for (const path of compiled.lists) {
    let value: JsonValue | undefined = resource;
    for (const key of path) value = fieldOf(value, key);
    if (value !== undefined && value !== null && !Array.isArray(value)) {
      return { error: `failed to preProcess rule: ${wrongKindMessage('SequenceNode', value)}` };
    }
  }
  const result = compiled.result;
  return 'error' in result ? { error: result.error } : { patch: cloneJson(result.patch) };
}
