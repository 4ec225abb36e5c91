/**
 * @file What match/exclude blocks and rule selection compare a resource with: its identity (kind, group,
 * version, namespace, read once per resource) and the operation, as Kyverno's engine reads them from the
 * admission request (kyverno/kyverno pkg/engine/policycontext, `PolicyContext`; pkg/engine/utils
 * `MatchesResourceDescription`).
 */
import type { EvaluationRequest } from '../../../evaluate/types.js';
import type { JsonObject } from '../../../types.js';
import type { MatchInput } from '../match/match.js';
import type { KyvernoPolicy } from '../policy/compiled.js';

const NO_LABELS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** The operation the engine acts on: UPDATE and DELETE only when spelled exactly so, else CREATE. */
export type EngineOperation = 'CREATE' | 'UPDATE' | 'DELETE';

export interface ResourceIdentity {
  kind: string;
  group: string;
  version: string;
  namespace: string;
  /** Kind, group and version in one string (a cache key). */
  gvkKey: string;
}

export function toEngineOperation(operation: string): EngineOperation {
  return operation === 'UPDATE' || operation === 'DELETE' ? operation : 'CREATE';
}

/** What match/exclude blocks are compared with, for `resource` in the request. */
export function matchInputFor(resource: JsonObject, request: EvaluationRequest, operation: EngineOperation, policy: KyvernoPolicy): MatchInput {
  const identity = identify(resource);
  return {
    resource,
    kind: identity.kind,
    group: identity.group,
    version: identity.version,
    subresource: request.subresource ?? '',
    operation,
    namespaceLabels: request.namespaceLabels ?? NO_LABELS,
    userInfo: request.userInfo,
    policyNamespace: policy.kind === 'Policy' ? policy.namespace : undefined,
  };
}

/** Identities by resource (resources are never mutated): every policy evaluated on a resource needs it. */
const identities = new WeakMap<JsonObject, ResourceIdentity>();

export function identify(resource: JsonObject): ResourceIdentity {
  let identity = identities.get(resource);
  if (identity === undefined) {
    identity = readIdentity(resource);
    identities.set(resource, identity);
  }
  return identity;
}

function readIdentity(resource: JsonObject): ResourceIdentity {
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : '';
  const slash = apiVersion.indexOf('/');
  const metadata = resource.metadata;
  const namespace =
    metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) && typeof metadata.namespace === 'string'
      ? metadata.namespace
      : '';
  const kind = typeof resource.kind === 'string' ? resource.kind : '';
  const group = slash >= 0 ? apiVersion.slice(0, slash) : '';
  const version = slash >= 0 ? apiVersion.slice(slash + 1) : apiVersion;
  return { kind, group, version, namespace, gvkKey: `${kind}\n${group}\n${version}` };
}
