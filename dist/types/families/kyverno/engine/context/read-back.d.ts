/**
 * @file Reading the resource back from the admission context after the values of a values file were
 * injected into it: Kyverno's CLI re-reads `request.object` (`request.oldObject` on DELETE) whenever a
 * values key starts with `request.`, and goes on with its decoded JSON form. Most such values (say
 * `request.operation`) leave the resource in place: the read-back is then the JSON form of the
 * request's resource, computed once per resource object rather than once per policy.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { type JsonContext } from './json-context.js';
/** Whether the engine reads the resource back from the context after injecting `values` (a key starts with `request.`). */
export declare function readsBackResource(values: Readonly<Record<string, JsonValue>> | undefined): boolean;
/**
 * Whether injecting `values` leaves `request.object` and `request.oldObject` as they were: every key
 * parses and none reaches either (or is `request` itself). The resource read back is then the JSON
 * form of the injected one ({@link plainResource}), and injecting them cannot fail.
 */
export declare function keepsResource(values: Readonly<Record<string, JsonValue>> | undefined): boolean;
/**
 * `toPlainJson(resource)` (the resource itself when it is plain already), computed once per resource
 * object. `Query` returns the context's map as stored, not a JSON round trip: int64 values beyond 2^53
 * stay exact.
 */
export declare function plainResource(resource: JsonObject): JsonObject;
/**
 * The object at `path` (`request.object` or `request.oldObject`) in its decoded JSON form, as
 * Kyverno's `Query` gives it; null when the query fails or gives no object. `injected` is the resource
 * the context was built with: when the path still holds it, its JSON form is not computed again.
 */
export declare function readBack(context: JsonContext, path: string, injected: JsonObject): JsonObject | null;
/**
 * The resource an evaluation goes on with once `values` are injected into `context` (built with
 * `resource`): `request.object` read back (`request.oldObject` on DELETE) when a values key starts with
 * `request.`, `resource` itself otherwise or when the request carries no such object.
 */
export declare function resourceAfterValues(context: JsonContext, values: Readonly<Record<string, JsonValue>> | undefined, isDelete: boolean, resource: JsonObject): JsonObject;
