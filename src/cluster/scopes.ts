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
import { builtinResourceTypes, customResourceType, splitApiVersion, type ResourceType } from './resource-types.js';

/** Which kinds are cluster-scoped, as policy validation asks Kyverno's `clusterResources` set. */
export interface ClusterScopes {
  /** `clusterResources.Has(key)`: `key` is `<apiVersion>/<Kind>` or a bare `<Kind>`. */
  has(key: string): boolean;
  /** Whether the scope of the kind is known at all (for a hint when it is not); absent: nothing is known. */
  knows?(apiVersion: string, kind: string): boolean;
}

/** No cluster-scoped kinds: the Kyverno CLI validates policies in mock mode, without discovery. */
export const NO_CLUSTER_SCOPES: ClusterScopes = { has: () => false };

const key = (group: string, kind: string): string => `${group}\u0000${kind}`;

export class ResourceScopes implements ClusterScopes {
  /** Whether each known type is namespaced, by group and kind. */
  readonly #namespaced = new Map<string, boolean>();
  /** The kinds of the cluster-scoped types, whatever their group. */
  readonly #clusterKinds = new Set<string>();

  /** The types the definitions gave, in order (with the built-in types, which a version of the tool fixes, the scopes). */
  readonly definedTypes: string;

  /** The built-in types, then those of `definitions` (a definition of a known group and kind replaces it). */
  constructor(definitions: Iterable<JsonObject> = []) {
    for (const type of builtinResourceTypes()) this.#register(type);
    const defined: ResourceType[] = [];
    for (const definition of definitions) {
      const type = customResourceType(definition);
      if (type !== null) {
        this.#register(type);
        defined.push(type);
      }
    }
    this.definedTypes = JSON.stringify(defined);
    for (const [typeKey, namespaced] of this.#namespaced) if (!namespaced) this.#clusterKinds.add(typeKey.slice(typeKey.indexOf('\u0000') + 1));
  }

  /** Kyverno's `clusterResources.Has(key)`: `key` is `<apiVersion>/<Kind>` or a bare `<Kind>`. */
  has(resource: string): boolean {
    const slash = resource.lastIndexOf('/');
    if (slash === -1) return this.#clusterKinds.has(resource);
    const gv = splitApiVersion(resource.slice(0, slash));
    if (gv === null || gv.version === '') return false;
    return this.#namespaced.get(key(gv.group, resource.slice(slash + 1))) === false;
  }

  /** Whether the scope of the kind is known (a built-in type or one of the definitions). */
  knows(apiVersion: string, kind: string): boolean {
    const gv = splitApiVersion(apiVersion);
    return gv !== null && this.#namespaced.has(key(gv.group, kind));
  }

  #register(type: ResourceType): void {
    this.#namespaced.set(key(type.group, type.kind), type.namespaced !== false);
  }
}
