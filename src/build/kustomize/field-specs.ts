/**
 * @file Kustomize field specs: which fields of which kinds a transformer touches (kubernetes-sigs/kustomize
 * api/types/fieldspec.go `FieldSpec`, api/filters/fsslice and api/filters/fieldspec `Filter`). A path is
 * `/`-separated; a list met on the way is traversed element by element (`containers[]` says so explicitly, and
 * kustomize traverses lists whether or not the path says it); `create` makes the missing maps on the way and the
 * field itself.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import type { Segment } from './origins.js';

export interface FieldSpec {
  group?: string;
  version?: string;
  kind?: string;
  path: string;
  create?: boolean;
}

/** `group` and `version` of an `apiVersion`. */
export function groupVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** Whether a field spec applies to `object` (`resid.Gvk.IsSelected`: empty parts select everything). */
export function specSelects(spec: Pick<FieldSpec, 'group' | 'version' | 'kind'>, object: JsonObject): boolean {
  // The kind first: it decides most specs without parsing the apiVersion.
  if (spec.kind && spec.kind !== object.kind) return false;
  if (!spec.group && !spec.version) return true;
  const { group, version } = groupVersion(typeof object.apiVersion === 'string' ? object.apiVersion : '');
  if (spec.group && spec.group !== group) return false;
  if (spec.version && spec.version !== version) return false;
  return true;
}

interface PathSegment {
  name: string;
  /** Marked `[]`: a list, traversed when present and never created (api/filters/fieldspec `isSequenceField`). */
  list: boolean;
}

const parsedPaths = new Map<string, readonly PathSegment[]>();

/** The segments of a field spec path (`a/b[]/c`), parsed once per path. */
function segmentsOf(path: string): readonly PathSegment[] {
  let segments = parsedPaths.get(path);
  if (segments === undefined) {
    segments = path
      .split('/')
      .filter((part) => part !== '')
      .map((part) => (part.endsWith('[]') ? { name: part.slice(0, -2), list: true } : { name: part, list: false }));
    parsedPaths.set(path, segments);
  }
  return segments;
}

/** What a visit may do with a field: the value to set, or undefined to leave it. */
export type FieldVisitor = (value: JsonValue | undefined, path: Segment[]) => JsonValue | undefined;

/**
 * Visits each field `spec` names in `object` (which is modified in place): existing fields, and missing ones
 * when the spec creates them. `visit` returns the field's new value, or undefined to leave it unchanged.
 */
export function visitFields(object: JsonObject, spec: FieldSpec, visit: FieldVisitor): void {
  if (!specSelects(spec, object)) return;
  walk(object, segmentsOf(spec.path), 0, [], spec.create === true, visit);
}

/** api/filters/fieldspec/fieldspec.go `Filter.filter` / `handleMap` / `handleSequence`. */
function walk(node: JsonValue, segments: readonly PathSegment[], at: number, path: Segment[], create: boolean, visit: FieldVisitor): void {
  if (Array.isArray(node)) {
    node.forEach((element, index) => walk(element, segments, at, [...path, index], create, visit));
    return;
  }
  if (!isObject(node)) return;
  const { name: key, list } = segments[at]!;
  const here = [...path, key];
  if (at === segments.length - 1) {
    const current = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    if (current === undefined && (!create || list)) return;
    const next = visit(current, here);
    if (next !== undefined) node[key] = next;
    return;
  }
  let child = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
  if (child === undefined || child === null) {
    if (!create || list) return;
    child = {};
    node[key] = child;
  }
  walk(child, segments, at + 1, here, create, visit);
}
