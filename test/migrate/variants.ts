/**
 * Resource variants along the paths a validate pattern reads: a key removed, set to null, emptied, set to the
 * boundary values the pattern names; list elements removed and added.
 */
import type { JsonObject, JsonValue } from '../../src/types.js';
import { parseAnchor } from '../../src/families/kyverno/engine/pattern/anchor.js';
import { compileStringPattern } from '../../src/families/kyverno/engine/pattern/string-pattern.js';
import { containsWildcard, wildcardMatch } from '../../src/util/wildcard.js';
import { isObject } from '../../src/util/json-value.js';

type Path = (string | number)[];
type Edit = { path: Path; value: JsonValue | undefined; append?: boolean };

const REMOVE = undefined;

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

const EMPTY: JsonValue[] = [null, '', {}, []];

function edits(pattern: JsonValue, resource: JsonValue | undefined, path: Path, out: Edit[], depth: number): void {
  if (depth > 12) return;
  if (isObject(pattern)) {
    if (!isObject(resource)) return;
    for (const key of Object.keys(pattern)) {
      const inner = parseAnchor(key)?.key ?? key;
      const value = pattern[key]!;
      const keys: string[] = containsWildcard(inner) ? Object.keys(resource).filter((k) => wildcardMatch(inner, k)) : [inner];
      if (containsWildcard(inner)) keys.push(inner.replaceAll('*', 'w').replaceAll('?', 'q'));
      for (const k of keys as string[]) {
        if (k in resource) out.push({ path: [...path, k], value: REMOVE });
        for (const v of EMPTY) out.push({ path: [...path, k], value: v });
        if (typeof value !== 'object' || value === null) for (const v of boundaryValues(value)) out.push({ path: [...path, k], value: v });
        if (Array.isArray(value) && value.length > 0 && !isObject(value[0]) && !Array.isArray(value[0])) {
          for (const v of boundaryValues(value[0]!)) out.push({ path: [...path, k], value: [v] });
        }
        if (k in resource) edits(value, resource[k], [...path, k], out, depth + 1);
        else if (isObject(value)) out.push({ path: [...path, k], value: {} });
      }
    }
    return;
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(resource) || pattern.length === 0) return;
    const first = pattern[0]!;
    if (resource.length > 0) {
      out.push({ path: [...path, 0], value: REMOVE });
      out.push({ path, value: resource[0]!, append: true });
    }
    out.push({ path, value: {}, append: true });
    if (isObject(first)) {
      resource.slice(0, 3).forEach((element, i) => edits(first, element, [...path, i], out, depth + 1));
    } else if (Array.isArray(first)) {
      pattern.forEach((p, i) => edits(p, resource[i], [...path, i], out, depth + 1));
    } else {
      for (const v of boundaryValues(first)) out.push({ path, value: v, append: true });
    }
  }
}

function apply(resource: JsonObject, edit: Edit): JsonObject {
  const copy = structuredClone(resource);
  let node: JsonValue = copy;
  for (const segment of edit.path.slice(0, -1)) node = (node as Record<string | number, JsonValue>)[segment]!;
  const last = edit.path[edit.path.length - 1];
  if (edit.append) {
    const target: JsonValue = last === undefined ? node : (node as Record<string | number, JsonValue>)[last]!;
    (target as JsonValue[]).push(structuredClone(edit.value!));
  } else if (Array.isArray(node)) {
    if (edit.value === REMOVE) node.splice(last as number, 1);
    else node[last as number] = edit.value;
  } else if (edit.value === REMOVE) {
    delete (node as JsonObject)[last as string];
  } else {
    (node as JsonObject)[last as string] = edit.value;
  }
  return copy;
}

/** The variants of `resource` along `pattern`, deduplicated, at most `limit` (spread over the edits). */
export function variants(pattern: JsonValue, resource: JsonObject, limit: number): JsonObject[] {
  const out: Edit[] = [];
  edits(pattern, resource, [], out, 0);
  const step = Math.max(1, out.length / limit);
  const seen = new Set<string>([JSON.stringify(resource)]);
  const result: JsonObject[] = [];
  for (let j = 0; result.length < limit; j++) {
    const index = Math.floor(j * step);
    if (index >= out.length) break;
    const variant = apply(resource, out[index]!);
    // The kind and apiVersion stay: they decide which policies apply, not the pattern.
    if (variant.kind !== resource.kind || variant.apiVersion !== resource.apiVersion) continue;
    const text = JSON.stringify(variant);
    if (seen.has(text)) continue;
    seen.add(text);
    result.push(variant);
  }
  return result;
}
