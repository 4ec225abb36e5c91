/**
 * @file Kustomize resource ids (kubernetes-sigs/kustomize kyaml/resid/resid.go `ResId`): the kind, name and
 * namespace an object has, and those it had before a transformer changed them (api/resource/resource.go
 * `StorePreviousId`, `PrevIds`, `OrgId`), which generators, patches and name references match against.
 */
import type { JsonObject } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { ResourceScopes } from '../../cluster/index.js';

export interface ResId {
  kind: string;
  name: string;
  /** The effective namespace (`EffectiveNamespace`). */
  namespace: string;
}

/** kyaml/resid/resid.go `TotallyNotANamespace`, the namespace of cluster-scoped objects. */
export const NOT_A_NAMESPACE = '_non_namespaceable_';

const scopes = new ResourceScopes();

export function apiVersionOf(value: JsonObject): string {
  return typeof value.apiVersion === 'string' ? value.apiVersion : '';
}

/** kyaml/resid/resid.go `IsClusterScoped` (unknown kinds are namespaced). */
export function isClusterScoped(apiVersion: string, kind: string): boolean {
  return apiVersion !== '' && scopes.has(`${apiVersion}/${kind}`);
}

/** kyaml/resid/resid.go `EffectiveNamespace`: no namespace is the default one; cluster-scoped kinds have none. */
export function effectiveNamespace(apiVersion: string, kind: string, namespace: string): string {
  if (isClusterScoped(apiVersion, kind)) return NOT_A_NAMESPACE;
  return namespace === '' || namespace === 'default' ? 'default' : namespace;
}

/** The current id of an object (`CurId`). */
export function currentId(value: JsonObject): ResId {
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const kind = typeof value.kind === 'string' ? value.kind : '';
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  return { kind, name, namespace: effectiveNamespace(apiVersionOf(value), kind, namespace) };
}
