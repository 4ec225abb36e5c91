/**
 * @file Applying one mutation's value to the object (kyverno/kyverno pkg/cel/policies/mpol/compiler/applyconfig.go
 * `applyConfigPatcher.Patch`, json.go `jsonPatcher.Patch`): an apply configuration (`Object{…}`) is checked for
 * type names that follow its field paths (k8s.io/apiserver pkg/cel/mutation/dynamic `CheckTypeNamesMatchFieldPathNames`)
 * and merged into the object by structured merge with the kind's schema; a JSON patch (`[JSONPatch{…}]`) is applied
 * as RFC 6902, where a failed `test` operation leaves the object unchanged.
 */
import { Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { structTypeName } from '../../../lang/cel/struct-literals.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { setOwnProperty } from '../../../util/go-json.js';
import { applyJsonPatch } from '../../kyverno/engine/mutate/json-patch/index.js';
import { applyStructuredMerge, type MergeType } from '../mutate/structured-merge/index.js';

export type PatchOutcome = { ok: true; object: JsonObject } | { ok: false; error: string };

/** Go's `time.Time` in RFC 3339 with nanoseconds trimmed. */
function timestampText(date: Date): string {
  return date.toISOString().replace(/\.?0+Z$/, 'Z');
}

/**
 * A CEL value as the JSON of an unstructured object (`ObjectVal.Value()` and `ConvertToNative`): ints become numbers
 * (bigints beyond 2^53, unless `doubles`: every number a double, as through a protobuf Struct), timestamps RFC 3339
 * strings, durations Go duration strings, bytes base64.
 */
export function celToJson(value: unknown, doubles = false): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return value;
    case 'bigint':
      return doubles || Number.isSafeInteger(Number(value)) ? Number(value) : value;
    default:
      break;
  }
  const convert = (item: unknown): JsonValue => celToJson(item, doubles);
  if (value instanceof UnsignedInt) return convert(value.valueOf());
  if (value instanceof Optional) return value.hasValue() ? convert(value.value()) : null;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return timestampText(value);
  if (value instanceof Duration) return String(value);
  if (Array.isArray(value)) return value.map(convert);
  const entries = value instanceof Map ? [...value].map(([key, item]) => [String(key), item] as const) : typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : null;
  if (entries === null) return String(value);
  const out: JsonObject = {};
  // Own properties, so that a `__proto__` key is a key.
  for (const [key, item] of entries) setOwnProperty(out, key, convert(item));
  return out;
}

/** The type name mismatches of a struct value (`CheckTypeNamesMatchFieldPathNames`), joined. */
function typeNameMismatches(value: unknown, expected: string, out: string[]): void {
  const name = structTypeName(value);
  if (name !== undefined) {
    if (name !== expected) out.push(`unexpected type name "${name}", expected "${expected}", which matches field name path from root Object type`);
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) typeNameMismatches(item, `${expected}.${key}`, out);
  } else if (Array.isArray(value)) {
    for (const item of value) typeNameMismatches(item, expected, out);
  } else if (value instanceof Map) {
    for (const item of value.values()) typeNameMismatches(item, expected, out);
  } else if (value !== null && typeof value === 'object' && (value.constructor === Object || value.constructor === undefined)) {
    for (const item of Object.values(value)) typeNameMismatches(item, expected, out);
  }
}

/** An apply configuration's value merged into `object` (`applyConfigPatcher.Patch`). */
export function applyConfiguration(value: unknown, object: JsonObject, type: MergeType, guardAtomic: boolean): PatchOutcome {
  if (structTypeName(value) !== 'Object') return { ok: false, error: `unsupported return type from ApplyConfiguration expression: ${typeof value}` };
  const mismatches: string[] = [];
  typeNameMismatches(value, 'Object', mismatches);
  if (mismatches.length > 0) return { ok: false, error: `type mismatch: ${mismatches.join('\n')}` };
  const patch = celToJson(value) as JsonObject;
  // The patch object takes the object's group, version and kind (`SetGroupVersionKind`).
  if (object.apiVersion !== undefined) patch.apiVersion = object.apiVersion;
  if (object.kind !== undefined) patch.kind = object.kind;
  const merged = applyStructuredMerge(type, object, patch, { guardAtomic });
  return merged.ok ? { ok: true, object: merged.value } : { ok: false, error: `error applying patch: ${merged.error}` };
}

/** A JSON patch's operations applied to `object` (`jsonPatcher.Patch`). */
export function applyJsonPatchValue(value: unknown, object: JsonObject): PatchOutcome {
  if (!Array.isArray(value)) return { ok: false, error: 'type mismatch: JSONPatchType.expression should evaluate to array' };
  const operations: JsonObject[] = [];
  for (const item of value) {
    if (structTypeName(item) !== 'JSONPatch') return { ok: false, error: 'type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch' };
    const op = item as Record<string, unknown>;
    const operation: JsonObject = { op: typeof op.op === 'string' ? op.op : '', path: typeof op.path === 'string' ? op.path : '' };
    if (typeof op.from === 'string' && op.from !== '') operation.from = op.from;
    if (op.value !== undefined) {
      const mismatches: string[] = [];
      if (structTypeName(op.value) !== undefined) typeNameMismatches(op.value, structTypeName(op.value)!, mismatches);
      if (mismatches.length > 0) return { ok: false, error: `type mismatch: ${mismatches.join('\n')}` };
      // json.go: the value goes through a protobuf Struct value, where every number is a double.
      operation.value = celToJson(op.value, true);
    }
    operations.push(operation);
  }
  // Kubernetes' mutation library applies it with gopkg.in/evanphx/json-patch.v4 (json.go imports it), not with the
  // options of Kyverno's patchesJson6902.
  const result = applyJsonPatch(object, operations, 'v4');
  if ('resource' in result) return { ok: true, object: result.resource };
  // A failed `test` operation: the patch is not applied (json.go, `jsonpatch.ErrTestFailed`).
  if (result.error.endsWith(': test failed')) return { ok: true, object };
  return { ok: false, error: `JSON Patch: ${result.error}` };
}
