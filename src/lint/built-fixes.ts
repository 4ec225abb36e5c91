/**
 * @file Fixes for built resources (Kustomize): a mutation of a built object is written into the one source document
 * that holds every field it changes as plain YAML (the base resource, or a patch file), at the place each field (or,
 * for a new field, its enclosing map) comes from. A change of a field set by a kustomization entry (`images:`,
 * `namespace:`, …), by a JSON 6902 patch or a generator, or a mutation whose changes fall in several files, gets no
 * fix, and the reason names the files.
 */
import type { FieldLocator } from '../evaluate/resource.js';
import type { JsonObject, JsonValue } from '../types.js';
import { cloneJson, isObject, jsonEqual } from '../util/json-value.js';

type Segment = string | number;

/** One change a mutation made: a field set (added or replaced) or removed. */
interface Change {
  path: Segment[];
  value?: JsonValue;
  /** The field existed before. */
  existed: boolean;
}

/** The changes from `before` to `after`, at the shallowest differing fields (a list of another length is one change). */
export function changesBetween(before: JsonValue, after: JsonValue, path: Segment[] = [], out: Change[] = []): Change[] {
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) if (!Object.prototype.hasOwnProperty.call(after, key)) out.push({ path: [...path, key], existed: true });
    for (const [key, value] of Object.entries(after)) {
      if (!Object.prototype.hasOwnProperty.call(before, key)) out.push({ path: [...path, key], value, existed: false });
      else if (!jsonEqual(before[key], value, 'type')) changesBetween(before[key]!, value, [...path, key], out);
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    after.forEach((value, index) => {
      if (!jsonEqual(before[index], value, 'type')) changesBetween(before[index]!, value, [...path, index], out);
    });
    return out;
  }
  out.push({ path, value: after, existed: true });
  return out;
}

function valueAt(value: JsonValue | undefined, path: readonly Segment[]): JsonValue | undefined {
  let node = value;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isObject(node) && typeof segment === 'string') node = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined;
    else return undefined;
  }
  return node;
}

function setAt(root: JsonValue, path: readonly Segment[], value: JsonValue | undefined): void {
  let node: JsonValue = root;
  for (const segment of path.slice(0, -1)) node = (node as Record<string, JsonValue>)[segment as string]!;
  const last = path.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete (node as JsonObject)[last as string];
  } else {
    (node as Record<string, JsonValue>)[last as string] = value;
  }
}

export interface BuiltSourceTarget {
  file: string;
  documentIndex: number;
  /** What the source document should read as. */
  target: JsonValue;
}

/**
 * The source document and its new value that make the built object read as `after`, or why there is none. `raw`
 * reads a document of a file as written; `display` names a file.
 */
export function builtSourceTarget(
  origin: FieldLocator,
  before: JsonObject,
  after: JsonObject,
  raw: (file: string, documentIndex: number) => JsonValue | undefined,
  display: (file: string) => string,
): BuiltSourceTarget | { error: string } {
  const placed: { file: string; documentIndex: number; path: Segment[]; change: Change }[] = [];
  const elsewhere = new Set<string>();
  for (const change of changesBetween(before, after)) {
    // A new field goes into the map that encloses it; other changes, where the field is.
    const at = change.existed ? change.path : change.path.slice(0, -1);
    const found = origin(at);
    if (!found.exact || !found.editable) {
      elsewhere.add(display(found.file));
      continue;
    }
    const path = change.existed ? found.path : [...found.path, change.path.at(-1)!];
    placed.push({ file: found.file, documentIndex: found.document.index, path, change });
  }
  const files = new Set(placed.map((item) => `${item.file}\u0000${item.documentIndex}`));
  if (elsewhere.size > 0) return { error: `it changes fields that ${[...elsewhere].join(', ')} sets through a kustomization entry, a JSON patch or a generator, not as plain YAML` };
  if (files.size !== 1) return { error: `the change spans ${[...new Set(placed.map((item) => display(item.file)))].join(', ')}` };
  const { file, documentIndex } = placed[0]!;
  const document = raw(file, documentIndex);
  if (document === undefined) return { error: `${display(file)}: the document is not loaded` };
  const target = cloneJson(document);
  for (const { path, change } of placed) {
    const parent = valueAt(target, path.slice(0, -1));
    if (change.existed && valueAt(target, path) === undefined) return { error: `${display(file)}: ${path.join('.')} is not there as built` };
    // A replaced list or map must be the same there as in the built object, or the build would merge it differently.
    const current = valueAt(target, path);
    if (change.existed && (isObject(current) || Array.isArray(current)) && !jsonEqual(current, valueAt(before, change.path), 'type')) {
      return { error: `${display(file)}: ${path.join('.')} is merged from several files` };
    }
    if (!isObject(parent) && !Array.isArray(parent)) return { error: `${display(file)}: ${path.slice(0, -1).join('.')} is not a map` };
    setAt(target, path, change.value);
  }
  return { file, documentIndex, target };
}
