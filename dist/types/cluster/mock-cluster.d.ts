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
import { type ApiResponse } from './status.js';
export declare class MockCluster {
    #private;
    /** A cluster holding `objects`; CustomResourceDefinitions among them declare their resources. */
    constructor(objects?: Iterable<JsonObject>);
    /** How many objects the cluster holds. */
    get size(): number;
    /**
     * Declares the resource type of a CustomResourceDefinition (its plural and scope) without storing
     * the definition itself. Returns false when the definition lacks group, kind or plural.
     */
    addDefinition(definition: JsonObject): boolean;
    /**
     * Stores an object (it is not copied: do not mutate it afterwards). An object without `apiVersion`,
     * `kind` or `metadata.name`, or with the group, kind, namespace and name of an object already held,
     * is not stored (false): the first one wins. A CustomResourceDefinition also declares its resource.
     */
    add(object: JsonObject): boolean;
    /** Every object held, in insertion order per kind. */
    objects(): Iterable<JsonObject>;
    /** The labels of the `v1` Namespace named `name`, or `undefined` when the cluster holds none. */
    namespaceLabels(name: string): Record<string, string> | undefined;
    /** Answers `GET <urlPath>` (a shorthand for `request('GET', urlPath)`). */
    get(urlPath: string): ApiResponse;
    /**
     * Answers an API request as the API server would. Only GET is served (the cluster is read-only).
     * The same request gets the same answer object until the contents change; bodies share structure
     * with the stored objects and with other answers: treat them as read-only.
     */
    request(method: string, urlPath: string): ApiResponse;
}
/** Objects and CustomResourceDefinitions for the mocked cluster. */
export interface ClusterObjects {
    objects: readonly JsonObject[];
    definitions: readonly JsonObject[];
}
/** A cluster holding `resources` first, then the objects and definitions of `state`. */
export declare function mockedCluster(resources: readonly JsonObject[], state?: ClusterObjects): MockCluster;
