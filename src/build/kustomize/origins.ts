/**
 * @file Where each field of a built object comes from. An object built by a kustomization keeps the history of
 * what made it: the resource document it was read from (or the generator that made it), then each patch and each
 * kustomization field that changed it, in order. A field is located by asking the history from the last step
 * back: the last step that set the field exactly (a patch value, `namespace:`, an `images:` entry) is where a
 * person changes it; when no step set it (a field a policy expects and nobody wrote), the step that defined the
 * deepest existing part of its path, earliest first (the base resource's container rather than the patch that
 * only touched its image).
 *
 * List elements are followed by their merge key (`name`, `mountPath`, …, as the strategic merge pairs them), so
 * that a container keeps its origin when a patch inserts or removes another one.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import type { SourceDocument } from '../../source/index.js';
import { isObject } from '../../util/json-value.js';

export type Segment = string | number;

/** A place in a source file: one of its documents and a path inside that document. */
export interface SourcePlace {
  /** Absolute path of the file. */
  file: string;
  document: SourceDocument;
  /** Path inside the document (for an item of a `kind: List` document, starting with `items` and its index). */
  path: Segment[];
}

/** One step of an object's history. */
export type Layer =
  /** The object as a resource document holds it (or as a generator made it: then `place` is the generator entry). */
  | { kind: 'resource'; place: SourcePlace; value: JsonValue; generated?: true }
  /** A strategic-merge patch: `patch` as written (before merging), placed at `place` (its `patch:` entry when inline). */
  | { kind: 'patch'; place: SourcePlace; patch: JsonValue; inline?: true }
  /** A JSON 6902 patch: each operation with the place of its `value`. */
  | { kind: 'json-patch'; operations: { op: string; path: Segment[]; place: SourcePlace }[] }
  /** A kustomization field (`namespace:`, `images:`, …) that set the fields at `paths`. */
  | { kind: 'field'; place: SourcePlace; paths: Segment[][] };

/** The place a field of a built object comes from, and whether that step wrote the field itself. */
export interface FieldOrigin {
  place: SourcePlace;
  exact: boolean;
  /** The place holds the field as plain YAML of the object's shape (a resource file or a patch file), where an edit of it changes the field. */
  editable: boolean;
}

/** Keys that identify list elements, in the order tried (the merge keys of the built-in schema's lists). */
const ELEMENT_KEYS = ['name', 'mountPath', 'devicePath', 'containerPort', 'ip', 'topologyKey', 'port'];

/** The element of `list` that stands for `element` of another version of the same list, or -1. */
function counterpart(list: readonly JsonValue[], element: JsonValue | undefined, index: number): number {
  if (isObject(element)) {
    for (const key of ELEMENT_KEYS) {
      const value = element[key];
      if (value === undefined || isObject(value) || Array.isArray(value)) continue;
      const found = list.findIndex((candidate) => isObject(candidate) && candidate[key] === value);
      if (found !== -1) return found;
      // Elements with a merge key are matched by it only.
      if (list.some((candidate) => isObject(candidate) && candidate[key] !== undefined)) return -1;
    }
  }
  return index < list.length ? index : -1;
}

/**
 * Follows `path` (a path in `built`) through `source`, another version of the object or a patch of it: the path in
 * `source` and how many segments of `path` exist there.
 */
function follow(built: JsonValue, source: JsonValue, path: readonly Segment[]): { path: Segment[]; depth: number } {
  const out: Segment[] = [];
  let inBuilt: JsonValue | undefined = built;
  let inSource: JsonValue | undefined = source;
  let depth = 0;
  for (const segment of path) {
    if (typeof segment === 'number' || (Array.isArray(inSource) && /^\d+$/.test(segment))) {
      const index = Number(segment);
      if (!Array.isArray(inSource)) break;
      const element: JsonValue | undefined = Array.isArray(inBuilt) ? inBuilt[index] : undefined;
      const found = counterpart(inSource, element, index);
      if (found === -1) break;
      out.push(found);
      inSource = inSource[found];
      inBuilt = element;
    } else {
      if (!isObject(inSource) || !Object.prototype.hasOwnProperty.call(inSource, segment)) break;
      out.push(segment);
      inSource = inSource[segment];
      inBuilt = isObject(inBuilt) ? inBuilt[segment] : undefined;
    }
    depth++;
  }
  return { path: out, depth };
}

function startsWith(path: readonly Segment[], prefix: readonly Segment[]): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((segment, index) => String(segment) === String(path[index]));
}

/** The history of one built object. */
export class History {
  constructor(readonly layers: readonly Layer[]) {}

  /** The history with `layer` added. */
  with(layer: Layer): History {
    return new History([...this.layers, layer]);
  }

  /** Where the field at `path` of `built` (the object as built) comes from. */
  locate(built: JsonObject, path: readonly Segment[]): FieldOrigin {
    let partial: { place: SourcePlace; depth: number } | null = null;
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i]!;
      switch (layer.kind) {
        case 'field': {
          if (layer.paths.some((set) => startsWith(path, set))) return { place: layer.place, exact: true, editable: false };
          break;
        }
        case 'json-patch': {
          for (let j = layer.operations.length - 1; j >= 0; j--) {
            const operation = layer.operations[j]!;
            if (operation.op === 'remove' || operation.op === 'test') continue;
            if (startsWith(path, operation.path)) {
              return { place: { ...operation.place, path: [...operation.place.path, ...path.slice(operation.path.length)] }, exact: true, editable: false };
            }
          }
          break;
        }
        case 'patch':
        case 'resource': {
          const value = layer.kind === 'patch' ? layer.patch : layer.value;
          const found = follow(built, value, path);
          const place = { ...layer.place, path: [...layer.place.path, ...found.path] };
          const editable = layer.kind === 'patch' ? layer.inline !== true : layer.generated !== true;
          // A patch claims what it wrote; the resource, what it holds.
          if (found.depth === path.length) return { place, exact: true, editable };
          // Ties go to the earlier step: where the enclosing part was defined.
          if (partial === null || found.depth >= partial.depth) partial = { place, depth: found.depth };
          break;
        }
      }
    }
    if (partial !== null) return { place: partial.place, exact: false, editable: false };
    const first = this.layers[0]!;
    return { place: first.kind === 'json-patch' ? first.operations[0]!.place : first.place, exact: false, editable: false };
  }
}
