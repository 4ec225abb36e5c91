/**
 * @file Kyverno's `resource` library (kyverno/sdk `extensions/cel/libs/resource/{lib,impl,namespaced_impl}.go`):
 * the handle `resource` of type `resource.Context` with `Get`, `List`, `Post`, `ToGVR` and, since library
 * version 1.18, their lower-camel aliases. A cluster-scoped policy passes namespaces; a namespaced policy's functions
 * drop the namespace argument and use the policy's namespace (`lib.namespacedEnv`).
 *
 * Results: `Get` → the object, `null` when not found; `List` → `{items: [...]}`; errors → `failed to get
 * resource: …`, `failed to list resource: …`, `failed to create resource: …`, `failed to map kind to resource: …`.
 * Offline, `Post` and `ToGVR` fail as Kyverno's offline context does (it panics with `not implemented`, which
 * cel-go reports as `internal error: not implemented`).
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, celTypeName, isCelMap, mapEntries, messageOf } from './common.js';
import type { GroupVersionResource, KyvernoLibraryData, ResourceSource } from './data.js';

/** The value of the `resource` handle for one evaluation. */
export class ResourceContext {
  constructor(readonly source: ResourceSource | undefined) {}
}

/** A `schema.GroupVersionResource` value (from `ToGVR`). */
export class GroupVersionResourceValue {
  constructor(
    readonly group: string,
    readonly version: string,
    readonly resource: string,
  ) {}

  /** `schema.GroupVersion.String()`. */
  get apiVersion(): string {
    return this.group === '' ? this.version : `${this.group}/${this.version}`;
  }
}

export const RESOURCE_CONTEXT_TYPE = 'resource.Context';
export const GVR_TYPE = 'schema.GroupVersionResource';

const NOT_IMPLEMENTED = 'internal error: not implemented';

/** The handle of one evaluation. */
export function resourceHandle(data: KyvernoLibraryData): ResourceContext {
  return new ResourceContext(data.resources);
}

function get(ctx: ResourceContext, apiVersion: string, resource: string, namespace: string, name: string): unknown {
  // Without a source, Kyverno's offline context has no object: NotFound, i.e. null.
  if (ctx.source === undefined) return null;
  try {
    return ctx.source.get(apiVersion, resource, namespace, name) ?? null;
  } catch (err) {
    throw celError(`failed to get resource: ${messageOf(err)}`);
  }
}

function labelsOf(labels: unknown): Record<string, string> | undefined {
  if (!isCelMap(labels)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of mapEntries(labels)) {
    if (typeof key !== 'string' || typeof value !== 'string') {
      throw celError(`failed to list resource: type conversion error from map to 'map[string]string'`);
    }
    out[key] = value;
  }
  return out;
}

function list(ctx: ResourceContext, apiVersion: string, resource: string, namespace: string, labels?: unknown): unknown {
  const selector = labels === undefined ? undefined : labelsOf(labels);
  try {
    if (ctx.source === undefined) {
      // Kyverno's offline context without objects of that type (`FakeContextProvider.ListResources`).
      const { group } = splitApiVersion(apiVersion);
      throw new Error(`${group === '' ? resource : `${resource}.${group}`} resource not found`);
    }
    return { items: [...ctx.source.list(apiVersion, resource, namespace, selector)] };
  } catch (err) {
    throw celError(`failed to list resource: ${messageOf(err)}`);
  }
}

function splitApiVersion(apiVersion: string): { group: string } {
  const slash = apiVersion.indexOf('/');
  return { group: slash < 0 ? '' : apiVersion.slice(0, slash) };
}

function post(ctx: ResourceContext, apiVersion: string, resource: string, namespace: string, data: unknown): unknown {
  if (ctx.source?.post === undefined) {
    throw celError(`${NOT_IMPLEMENTED} (resource.Post cannot create objects offline)`);
  }
  if (!isCelMap(data)) throw celError(`type conversion error from '${celTypeName(data)}' to '*structpb.Struct'`);
  const object = Object.fromEntries(mapEntries(data).map(([key, value]) => [String(key), value]));
  try {
    return ctx.source.post(apiVersion, resource, namespace, object);
  } catch (err) {
    throw celError(`failed to create resource: ${messageOf(err)}`);
  }
}

function toGVR(ctx: ResourceContext, apiVersion: string, kind: string): GroupVersionResourceValue {
  if (ctx.source?.toGVR === undefined) {
    throw celError(`${NOT_IMPLEMENTED} (resource.ToGVR needs a cluster's REST mapping, not available offline)`);
  }
  let gvr: GroupVersionResource;
  try {
    gvr = ctx.source.toGVR(apiVersion, kind);
  } catch (err) {
    throw celError(`failed to map kind to resource: ${messageOf(err)}`);
  }
  return new GroupVersionResourceValue(gvr.group, gvr.version, gvr.resource);
}

type Gvr = GroupVersionResourceValue;
type Ctx = ResourceContext;

/**
 * The `resource` library. `namespace` is the policy's namespace: `""` for a cluster-scoped policy, whose functions
 * take namespaces; a namespaced policy's functions use it instead.
 */
export function resourceLibrary(namespace: string): CelLibrary {
  return (env: Environment) => {
    env.registerType(RESOURCE_CONTEXT_TYPE, ResourceContext);
    env.registerType(GVR_TYPE, GroupVersionResourceValue);
    env.registerVariable('resource', RESOURCE_CONTEXT_TYPE);
    const R = RESOURCE_CONTEXT_TYPE;
    const MAP = 'map<string, dyn>';
    for (const [getName, listName, postName, toGvrName] of [
      ['Get', 'List', 'Post', 'ToGVR'],
      ['get', 'list', 'post', 'toGVR'],
    ] as const) {
      env.registerFunction(`${R}.${toGvrName}(string, string): ${GVR_TYPE}`, (c: Ctx, a: string, k: string) => toGVR(c, a, k));
      if (namespace === '') {
        env.registerFunction(`${R}.${getName}(string, string, string, string): ${MAP}`, (c: Ctx, a: string, r: string, ns: string, n: string) =>
          get(c, a, r, ns, n),
        );
        env.registerFunction(`${R}.${getName}(${GVR_TYPE}, string, string): ${MAP}`, (c: Ctx, g: Gvr, ns: string, n: string) =>
          get(c, g.apiVersion, g.resource, ns, n),
        );
        env.registerFunction(`${R}.${listName}(string, string, string): ${MAP}`, (c: Ctx, a: string, r: string, ns: string) => list(c, a, r, ns));
        env.registerFunction(`${R}.${listName}(string, string, string, map<string, string>): ${MAP}`, (c: Ctx, a: string, r: string, ns: string, l: unknown) =>
          list(c, a, r, ns, l),
        );
        env.registerFunction(`${R}.${listName}(${GVR_TYPE}, string): ${MAP}`, (c: Ctx, g: Gvr, ns: string) => list(c, g.apiVersion, g.resource, ns));
        env.registerFunction(`${R}.${listName}(${GVR_TYPE}, string, map<string, string>): ${MAP}`, (c: Ctx, g: Gvr, ns: string, l: unknown) =>
          list(c, g.apiVersion, g.resource, ns, l),
        );
        env.registerFunction(`${R}.${postName}(string, string, string, map<string, dyn>): ${MAP}`, (c: Ctx, a: string, r: string, ns: string, d: unknown) =>
          post(c, a, r, ns, d),
        );
        env.registerFunction(`${R}.${postName}(string, string, map<string, dyn>): ${MAP}`, (c: Ctx, a: string, r: string, d: unknown) => post(c, a, r, '', d));
      } else {
        env.registerFunction(`${R}.${getName}(string, string, string): ${MAP}`, (c: Ctx, a: string, r: string, n: string) => get(c, a, r, namespace, n));
        env.registerFunction(`${R}.${getName}(${GVR_TYPE}, string): ${MAP}`, (c: Ctx, g: Gvr, n: string) =>
          get(c, g.apiVersion, g.resource, namespace, n),
        );
        env.registerFunction(`${R}.${listName}(string, string): ${MAP}`, (c: Ctx, a: string, r: string) => list(c, a, r, namespace));
        env.registerFunction(`${R}.${listName}(string, string, map<string, string>): ${MAP}`, (c: Ctx, a: string, r: string, l: unknown) =>
          list(c, a, r, namespace, l),
        );
        env.registerFunction(`${R}.${listName}(${GVR_TYPE}): ${MAP}`, (c: Ctx, g: Gvr) => list(c, g.apiVersion, g.resource, namespace));
        env.registerFunction(`${R}.${listName}(${GVR_TYPE}, map<string, string>): ${MAP}`, (c: Ctx, g: Gvr, l: unknown) =>
          list(c, g.apiVersion, g.resource, namespace, l),
        );
        env.registerFunction(`${R}.${postName}(string, string, map<string, dyn>): ${MAP}`, (c: Ctx, a: string, r: string, d: unknown) =>
          post(c, a, r, namespace, d),
        );
      }
    }
  };
}
