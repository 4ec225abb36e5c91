/**
 * @file The mocked cluster: Kubernetes objects indexed by group, version, resource, namespace and
 * name, answering API GETs of URL paths as the API server would (a GET of one object, lists in a
 * namespace or across namespaces, `labelSelector`/`fieldSelector`, `Status` bodies for failures).
 * It is data only: no network, no files. Kyverno's CLI builds the same from the resources of a test or
 * of `kyverno apply` (a fake API server); this one also knows the plurals of the built-in kinds and of
 * the custom resources whose CustomResourceDefinition it holds.
 *
 * Context entries of every (policy, resource) evaluation ask it, often the same URL paths: objects are
 * indexed by identity and by namespace, and answers are kept per (method, URL path) until the next
 * `add`/`addDefinition` (answers share structure with the stored objects and with each other: they are
 * read-only).
 */
import type { JsonObject } from '../types.js';
import { parseApiPath } from './api-path.js';
import { parseFieldSelector, type FieldPredicate } from './field-selector.js';
import { parseLabelSelector, SelectorError, type LabelPredicate } from './label-selector.js';
import { builtinResourceTypes, customResourceType, guessPlural, splitApiVersion, type ResourceType } from './resource-types.js';
import { badRequest, methodNotSupported, noSuchResource, notFound, type ApiResponse } from './status.js';
import { isObject } from '../util/json-value.js';

interface StoredObject {
  object: JsonObject;
  group: string;
  version: string;
  kind: string;
  namespace: string;
  name: string;
}

function metadataString(object: JsonObject, field: string): string {
  const metadata = object.metadata;
  const value = isObject(metadata) ? metadata[field] : undefined;
  return typeof value === 'string' ? value : '';
}

/** `metadata.labels` with its string values. */
function labelsOf(object: JsonObject): Record<string, string> {
  const metadata = object.metadata;
  const labels = isObject(metadata) ? metadata.labels : undefined;
  const out: Record<string, string> = {};
  if (isObject(labels)) {
    for (const [key, value] of Object.entries(labels)) if (typeof value === 'string') out[key] = value;
  }
  return out;
}

const key = (...parts: string[]): string => parts.join('\u0000');

/** The most answers kept; past it the cache starts over (URL paths come from resource data). */
const MAX_CACHED_RESPONSES = 4096;

export class MockCluster {
  /** Known types by group and kind (built-ins, then definitions). */
  readonly #byKind = new Map<string, ResourceType>();
  /** Known types by group and plural. */
  readonly #byPlural = new Map<string, ResourceType>();
  /** Objects by group and kind, in insertion order. */
  readonly #objects = new Map<string, StoredObject[]>();
  /** Objects by group, kind and namespace, in insertion order (the lists of one namespace). */
  readonly #byNamespace = new Map<string, StoredObject[]>();
  /** Objects by group, kind, namespace and name (the identity: at most one object each). */
  readonly #byIdentity = new Map<string, StoredObject>();
  /** Answers by method and URL path, for the current contents. */
  readonly #responses = new Map<string, ApiResponse>();
  #size = 0;

  /** A cluster holding `objects`; CustomResourceDefinitions among them declare their resources. */
  constructor(objects: Iterable<JsonObject> = []) {
    for (const type of builtinResourceTypes()) this.#register(type);
    for (const object of objects) this.add(object);
  }

  /** How many objects the cluster holds. */
  get size(): number {
    return this.#size;
  }

  /**
   * Declares the resource type of a CustomResourceDefinition (its plural and scope) without storing
   * the definition itself. Returns false when the definition lacks group, kind or plural.
   */
  addDefinition(definition: JsonObject): boolean {
    const type = customResourceType(definition);
    if (type === null) return false;
    this.#register(type);
    this.#responses.clear();
    return true;
  }

  /**
   * Stores an object (it is not copied: do not mutate it afterwards). An object without `apiVersion`,
   * `kind` or `metadata.name`, or with the group, kind, namespace and name of an object already held,
   * is not stored (false): the first one wins. A CustomResourceDefinition also declares its resource.
   */
  add(object: JsonObject): boolean {
    const apiVersion = typeof object.apiVersion === 'string' ? splitApiVersion(object.apiVersion) : null;
    const kind = typeof object.kind === 'string' ? object.kind : '';
    const name = metadataString(object, 'name');
    if (apiVersion === null || apiVersion.version === '' || kind === '' || name === '') return false;
    const namespace = metadataString(object, 'namespace');
    const identity = key(apiVersion.group, kind, namespace, name);
    if (this.#byIdentity.has(identity)) return false;
    if (apiVersion.group === 'apiextensions.k8s.io' && kind === 'CustomResourceDefinition') this.addDefinition(object);
    const stored: StoredObject = { object, group: apiVersion.group, version: apiVersion.version, kind, namespace, name };
    this.#byIdentity.set(identity, stored);
    append(this.#objects, key(apiVersion.group, kind), stored);
    append(this.#byNamespace, key(apiVersion.group, kind, namespace), stored);
    this.#responses.clear();
    this.#size++;
    return true;
  }

  /** Every object held, in insertion order per kind. */
  *objects(): Iterable<JsonObject> {
    for (const list of this.#objects.values()) for (const stored of list) yield stored.object;
  }

  /** The labels of the `v1` Namespace named `name`, or `undefined` when the cluster holds none. */
  namespaceLabels(name: string): Record<string, string> | undefined {
    const namespace = this.#objects.get(key('', 'Namespace'))?.find((stored) => stored.name === name && stored.version === 'v1');
    return namespace === undefined ? undefined : labelsOf(namespace.object);
  }

  /** Answers `GET <urlPath>` (a shorthand for `request('GET', urlPath)`). */
  get(urlPath: string): ApiResponse {
    return this.request('GET', urlPath);
  }

  /**
   * Answers an API request as the API server would. Only GET is served (the cluster is read-only).
   * The same request gets the same answer object until the contents change; bodies share structure
   * with the stored objects and with other answers: treat them as read-only.
   */
  request(method: string, urlPath: string): ApiResponse {
    const cacheKey = key(method, urlPath);
    let response = this.#responses.get(cacheKey);
    if (response === undefined) {
      response = this.#answer(method, urlPath);
      if (this.#responses.size >= MAX_CACHED_RESPONSES) this.#responses.clear();
      this.#responses.set(cacheKey, response);
    }
    return response;
  }

  /** Computes the answer to a request (uncached). */
  #answer(method: string, urlPath: string): ApiResponse {
    const path = parseApiPath(urlPath);
    if (path === null) return noSuchResource();
    const type = this.#resolve(path.group, path.resource);
    if (type === undefined) return noSuchResource();
    if (type.namespaced === false && path.namespace !== undefined) return noSuchResource();
    if ((method === '' ? 'GET' : method) !== 'GET') return methodNotSupported(method, path.resource);

    if (path.name !== undefined) {
      if (path.subresource !== undefined && path.subresource !== 'status') return noSuchResource();
      const found = this.#byIdentity.get(key(type.group, type.kind, path.namespace ?? '', path.name));
      return found !== undefined && found.version === path.version ? { statusCode: 200, body: found.object } : notFound(type.group, type.plural, path.name);
    }

    let labels: LabelPredicate;
    let fields: FieldPredicate;
    try {
      labels = parseLabelSelector(path.labelSelector ?? '');
      fields = parseFieldSelector(path.fieldSelector ?? '', type.group, type.plural);
    } catch (err) {
      if (err instanceof SelectorError) return badRequest(err.message);
      throw err;
    }
    const inScope = path.namespace === undefined ? this.#objects.get(key(type.group, type.kind)) : this.#byNamespace.get(key(type.group, type.kind, path.namespace));
    const items = (inScope ?? [])
      .filter((stored) => stored.version === path.version && labels(labelsOf(stored.object)) && fields(stored.object))
      .sort((a, b) => (a.namespace === b.namespace ? compare(a.name, b.name) : compare(a.namespace, b.namespace)))
      .map((stored) => stored.object);
    const apiVersion = type.group === '' ? path.version : `${type.group}/${path.version}`;
    return { statusCode: 200, body: { apiVersion, kind: `${type.kind}List`, metadata: {}, items } };
  }

  #register(type: ResourceType): void {
    this.#byKind.set(key(type.group, type.kind), type);
    this.#byPlural.set(key(type.group, type.plural), type);
  }

  /** The type served at `/<group>/<plural>`: a known one, or that of held objects whose guessed plural it is. */
  #resolve(group: string, plural: string): ResourceType | undefined {
    const known = this.#byPlural.get(key(group, plural));
    if (known !== undefined) return known;
    for (const list of this.#objects.values()) {
      const { group: objectGroup, kind } = list[0]!;
      if (objectGroup === group && !this.#byKind.has(key(group, kind)) && guessPlural(kind) === plural) {
        return { group, kind, plural, namespaced: undefined };
      }
    }
    return undefined;
  }
}

/** Adds `stored` to the list at `listKey` of `lists`. */
function append(lists: Map<string, StoredObject[]>, listKey: string, stored: StoredObject): void {
  const list = lists.get(listKey);
  if (list) list.push(stored);
  else lists.set(listKey, [stored]);
}

/** Byte-wise string order, as etcd keys sort. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Objects and CustomResourceDefinitions for the mocked cluster. */
export interface ClusterObjects {
  objects: readonly JsonObject[];
  definitions: readonly JsonObject[];
}

/** A cluster holding `resources` first, then the objects and definitions of `state`. */
export function mockedCluster(resources: readonly JsonObject[], state?: ClusterObjects): MockCluster {
  const cluster = new MockCluster(resources);
  for (const object of state?.objects ?? []) cluster.add(object);
  for (const definition of state?.definitions ?? []) cluster.addDefinition(definition);
  return cluster;
}
