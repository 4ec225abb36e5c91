/**
 * @file The scopes of resource types as the admission controller's discovery would report them: the
 * built-in kinds (and Kyverno's own), plus the custom resources of the CustomResourceDefinitions given.
 * It answers policy validation's questions the way Kyverno's `clusterResources` set does (kyverno/kyverno
 * pkg/validation/policy/validate.go `Validate`, `getClusteredResources`: `<groupVersion>/<Kind>` and
 * `<Kind>` of every resource discovery reports as not namespaced).
 *
 * Discovery (`ServerPreferredResources`) reports each resource at the cluster's preferred version only;
 * which version that is depends on the cluster, so a `<groupVersion>/<Kind>` key is answered by its group
 * and kind, whatever the version.
 */
import type { JsonObject } from '../types.js';
/** Which kinds are cluster-scoped, as policy validation asks Kyverno's `clusterResources` set. */
export interface ClusterScopes {
    /** `clusterResources.Has(key)`: `key` is `<apiVersion>/<Kind>` or a bare `<Kind>`. */
    has(key: string): boolean;
    /** Whether the scope of the kind is known at all (for a hint when it is not); absent: nothing is known. */
    knows?(apiVersion: string, kind: string): boolean;
}
/** No cluster-scoped kinds: the Kyverno CLI validates policies in mock mode, without discovery. */
export declare const NO_CLUSTER_SCOPES: ClusterScopes;
export declare class ResourceScopes implements ClusterScopes {
    #private;
    /** The built-in types, then those of `definitions` (a definition of a known group and kind replaces it). */
    constructor(definitions?: Iterable<JsonObject>);
    /** Kyverno's `clusterResources.Has(key)`: `key` is `<apiVersion>/<Kind>` or a bare `<Kind>`. */
    has(resource: string): boolean;
    /** Whether the scope of the kind is known (a built-in type or one of the definitions). */
    knows(apiVersion: string, kind: string): boolean;
}
