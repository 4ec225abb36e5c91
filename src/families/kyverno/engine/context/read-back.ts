/**
 * @file Reading the resource back from the admission context after the values of a values file were
 * injected into it: Kyverno's CLI re-reads `request.object` (`request.oldObject` on DELETE) whenever a
 * values key starts with `request.`, and goes on with its decoded JSON form. Most such values (say
 * `request.operation`) leave the resource in place: the read-back is then the JSON form of the
 * request's resource, computed once per resource object rather than once per policy.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { toPlainJson } from '../../../../lang/jmespath/index.js';
import { splitDottedKey } from './dotted-key.js';
import { QueryFailure, type JsonContext } from './json-context.js';

/** Whether the engine reads the resource back from the context after injecting `values` (a key starts with `request.`). */
export function readsBackResource(values: Readonly<Record<string, JsonValue>> | undefined): boolean {
  if (values === undefined) return false;
  // Asked for every (resource, policy) pair: the keys are visited without a list of them.
  for (const key in values) if (Object.prototype.hasOwnProperty.call(values, key) && key.startsWith('request.')) return true;
  return false;
}

/**
 * Whether injecting `values` leaves `request.object` and `request.oldObject` as they were: every key
 * parses and none reaches either (or is `request` itself). The resource read back is then the JSON
 * form of the injected one ({@link plainResource}), and injecting them cannot fail.
 */
export function keepsResource(values: Readonly<Record<string, JsonValue>> | undefined): boolean {
  if (values === undefined) return true;
  for (const key in values) if (Object.prototype.hasOwnProperty.call(values, key) && mayReplaceResource(key)) return false;
  return true;
}

/** `mayReplaceResource` by key: values files hold few keys, and they are asked about for every policy. Bounded. */
const replacingKeys = new Map<string, boolean>();
const MAX_REPLACING_KEYS = 1024;

function mayReplaceResource(dottedKey: string): boolean {
  let replaces = replacingKeys.get(dottedKey);
  if (replaces === undefined) {
    replaces = keyMayReplaceResource(dottedKey);
    if (replacingKeys.size >= MAX_REPLACING_KEYS) replacingKeys.clear();
    replacingKeys.set(dottedKey, replaces);
  }
  return replaces;
}

/** Whether a values key reaches `request.object`/`request.oldObject` (or `request` itself), or fails to parse. */
function keyMayReplaceResource(dottedKey: string): boolean {
  let tags: string[];
  try {
    tags = splitDottedKey(dottedKey);
  } catch {
    return true;
  }
  return tags[0] === 'request' && (tags.length === 1 || tags[1] === 'object' || tags[1] === 'oldObject');
}

/** Decoded JSON forms by resource (resources are never mutated). */
const plainForms = new WeakMap<JsonObject, JsonObject>();

/**
 * `toPlainJson(resource)` (the resource itself when it is plain already), computed once per resource
 * object. `Query` returns the context's map as stored, not a JSON round trip: int64 values beyond 2^53
 * stay exact.
 */
export function plainResource(resource: JsonObject): JsonObject {
  let plain = plainForms.get(resource);
  if (plain === undefined) {
    plain = toPlainJson(resource, true) as JsonObject;
    plainForms.set(resource, plain);
  }
  return plain;
}

/**
 * The object at `path` (`request.object` or `request.oldObject`) in its decoded JSON form, as
 * Kyverno's `Query` gives it; null when the query fails or gives no object. `injected` is the resource
 * the context was built with: when the path still holds it, its JSON form is not computed again.
 */
export function readBack(context: JsonContext, path: string, injected: JsonObject): JsonObject | null {
  let value: unknown;
  try {
    value = context.trySearch(path);
  } catch {
    return null;
  }
  if (value === injected) return plainResource(injected);
  if (value instanceof QueryFailure) return null;
  const plain = toPlainJson(value, true) as JsonValue;
  return plain !== null && typeof plain === 'object' && !Array.isArray(plain) ? plain : null;
}

/**
 * The resource an evaluation goes on with once `values` are injected into `context` (built with
 * `resource`): `request.object` read back (`request.oldObject` on DELETE) when a values key starts with
 * `request.`, `resource` itself otherwise or when the request carries no such object.
 */
export function resourceAfterValues(
  context: JsonContext,
  values: Readonly<Record<string, JsonValue>> | undefined,
  isDelete: boolean,
  resource: JsonObject,
): JsonObject {
  if (!readsBackResource(values)) return resource;
  if (keepsResource(values)) return plainResource(resource);
  return readBack(context, isDelete ? 'request.oldObject' : 'request.object', resource) ?? resource;
}
