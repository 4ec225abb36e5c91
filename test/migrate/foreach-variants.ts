/**
 * @file Resource variants for a `validate.foreach` rule: along each `list` the rule reads from the resource, the list
 * removed, null, empty, not a list, with null, empty, scalar and repeated elements, reordered; along each element,
 * the fields its conditions read (`{{ element.a.b }}`) removed or set to empty and boundary values, and the element
 * variants of its pattern.
 */
import type { ForEachValidation } from '../../src/families/kyverno/policy/types.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { isObject } from '../../src/util/json-value.js';
import { boundaryValues, variants as patternVariants } from '../../src/migrate/variants.js';

type Path = (string | number)[];

const REMOVE = Symbol('remove');
type Edit = { readonly path: Path; readonly value: JsonValue | typeof REMOVE };

/** The resource paths of a list expression: `request.object.spec.containers`, `request.object.spec.[a, b][]`, `element.ports`. */
export function listPaths(expression: string, elementPath?: Path): Path[] {
  const text = expression.trim();
  const fromObject = /^request\.(?:object|oldObject)((?:\.[A-Za-z0-9_]+)*)(?:\.\[([^\]]+)\])?/.exec(text);
  const fromElement = /^element((?:\.[A-Za-z0-9_]+)*)(?:\.\[([^\]]+)\])?/.exec(text);
  const match = fromObject ?? (elementPath !== undefined ? fromElement : null);
  if (match === null) return [];
  const base: Path = [...(fromObject !== null ? [] : elementPath!), ...match[1]!.split('.').filter((s) => s !== '')];
  if (match[2] === undefined) return [base];
  return match[2].split(',').map((name) => [...base, name.trim()]);
}

/** The element fields a condition block reads (`{{ element.resources.limits.memory }}`), with the values compared. */
function elementFields(conditions: JsonValue | undefined, out: { path: Path; values: JsonValue[] }[] = []): { path: Path; values: JsonValue[] }[] {
  if (Array.isArray(conditions)) conditions.forEach((c) => elementFields(c, out));
  else if (isObject(conditions)) {
    if (typeof conditions.key === 'string') {
      for (const match of conditions.key.matchAll(/element((?:\.(?:[A-Za-z0-9_]+|"[^"]+"))+)/g)) {
        const path = [...match[1]!.matchAll(/\.(?:([A-Za-z0-9_]+)|"([^"]+)")/g)].map((m) => m[1] ?? m[2]!);
        const value = conditions.value ?? null;
        const values = Array.isArray(value) ? value.flatMap((v) => boundaryValues(v)) : boundaryValues(value);
        out.push({ path, values });
      }
    } else for (const value of Object.values(conditions)) elementFields(value, out);
  }
  return out;
}

function get(value: JsonValue | undefined, path: Path): JsonValue | undefined {
  let node = value;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step];
    else if (isObject(node) && typeof step === 'string') node = node[step];
    else return undefined;
  }
  return node;
}

function apply(resource: JsonObject, edit: Edit): JsonObject | null {
  const copy = structuredClone(resource);
  let node: JsonValue = copy;
  for (const step of edit.path.slice(0, -1)) {
    const next: JsonValue | undefined = Array.isArray(node) && typeof step === 'number' ? node[step] : isObject(node) && typeof step === 'string' ? node[step] : undefined;
    if (next === undefined) {
      if (edit.value === REMOVE || !isObject(node) || typeof step !== 'string') return null;
      node[step] = {};
      node = node[step]!;
    } else node = next;
  }
  const last = edit.path[edit.path.length - 1]!;
  if (Array.isArray(node) && typeof last === 'number') {
    if (edit.value === REMOVE) node.splice(last, 1);
    else node[last] = edit.value;
  } else if (isObject(node) && typeof last === 'string') {
    if (edit.value === REMOVE) delete node[last];
    else node[last] = edit.value;
  } else return null;
  return copy;
}

function entryEdits(entries: readonly ForEachValidation[], resource: JsonObject, elementPath: Path | undefined, out: Edit[], depth: number): void {
  if (depth > 3) return;
  for (const entry of entries) {
    for (const path of listPaths(entry.list, elementPath)) {
      const list = get(resource, path);
      for (const value of [REMOVE, null, [], {}, 'text', 7, [null]] as const) out.push({ path, value });
      if (!Array.isArray(list)) {
        if (isObject(list)) out.push({ path, value: [list] });
        continue;
      }
      const first = list[0];
      out.push({ path, value: [...list, null] }, { path, value: [{}, ...list] }, { path, value: [...list, 'text'] }, { path, value: [...list].reverse() });
      if (first !== undefined) out.push({ path, value: [...list, first] }, { path, value: list.slice(1) }, { path, value: first });
      list.slice(0, 2).forEach((element, i) => {
        const at = [...path, i];
        if (!isObject(element)) return;
        if (entry.pattern !== undefined) for (const variant of patternVariants(entry.pattern as JsonValue, element, 16)) out.push({ path: at, value: variant });
        if (Array.isArray(entry.anyPattern)) {
          for (const pattern of entry.anyPattern as JsonValue[]) for (const variant of patternVariants(pattern, element, 8)) out.push({ path: at, value: variant });
        }
        for (const conditions of [entry.preconditions, entry.deny?.conditions] as (JsonValue | undefined)[]) {
          for (const field of elementFields(conditions)) {
            const fieldPath = [...at, ...field.path];
            out.push({ path: fieldPath, value: REMOVE });
            for (const value of [null, '', 0, 'x', ...field.values.slice(0, 8)]) out.push({ path: fieldPath, value });
          }
        }
        if (Array.isArray(entry.foreach)) entryEdits(entry.foreach, resource, at, out, depth + 1);
      });
    }
  }
}

/** Variants of `resource` along the rule's foreach lists and elements, deduplicated, at most `limit`. */
export function foreachVariants(entries: readonly ForEachValidation[], resource: JsonObject, limit: number): JsonObject[] {
  const edits: Edit[] = [];
  entryEdits(entries, resource, undefined, edits, 0);
  const seen = new Set<string>([JSON.stringify(resource)]);
  const out: JsonObject[] = [];
  const step = Math.max(1, edits.length / limit);
  for (let j = 0; out.length < limit; j++) {
    const index = Math.floor(j * step);
    if (index >= edits.length) break;
    const variant = apply(resource, edits[index]!);
    if (variant === null) continue;
    const text = JSON.stringify(variant);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(variant);
  }
  return out;
}
