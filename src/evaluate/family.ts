/**
 * @file The policy family interface and the one way a policy document is accepted: its family checks its
 * shape (the CRD schema), validates it as Kyverno does before using it (kyverno/kyverno
 * pkg/validation/policy, `Validate`) and compiles it. The scan, `apply` and `test` all accept policies
 * through {@link acceptPolicy}, policy exceptions through {@link acceptException}, policy bindings through
 * {@link acceptBinding}; a kind whose family is not registered is reported as not evaluated.
 */
import { NO_CLUSTER_SCOPES, type ClusterScopes } from '../cluster/scopes.js';
import { celFamily } from '../families/cel/family.js';
import { kyvernoFamily } from '../families/kyverno/family.js';
import type { JsonObject } from '../types.js';
import { policyKindOf, type FamilyName, type PolicyKind } from './kinds.js';
import type { Acceptance, AcceptOptions, BindingAcceptance, ExceptionAcceptance, PolicyFamily } from './types.js';

/** The registered families: the kinds of any other family are reported as not evaluated. */
const FAMILIES: ReadonlyMap<FamilyName, PolicyFamily> = new Map([
  [kyvernoFamily.name, kyvernoFamily],
  [celFamily.name, celFamily],
]);

/** Whether documents of `kind` are evaluated (its family is registered). */
export function isEvaluated(kind: PolicyKind): boolean {
  return FAMILIES.has(kind.family);
}

/**
 * Accepts a policy document (`kind` is its row of the policy kinds table; by default it is looked up from
 * the document): shape check, Kyverno's validation, compilation by its family.
 */
export function acceptPolicy(document: JsonObject, options: AcceptOptions = {}, kind = kindOf(document)): Acceptance {
  const family = FAMILIES.get(kind.family);
  if (family === undefined) return { status: 'unsupported', kind };
  return family.accept(document, { ...options, scopes: options.scopes ?? NO_CLUSTER_SCOPES });
}

/**
 * Accepts a policy exception document (`kind` is its row of the policy kinds table; by default it is looked
 * up from the document): decoding and checking by its family.
 */
export function acceptException(document: JsonObject, kind = kindOf(document, 'exception')): ExceptionAcceptance {
  const family = FAMILIES.get(kind.family);
  if (family === undefined) return { status: 'unsupported', kind };
  return family.acceptException(document);
}

/**
 * Accepts a policy binding document (`kind` is its row of the policy kinds table; by default it is looked up
 * from the document): decoding by its family. A family without bindings leaves them unsupported.
 */
export function acceptBinding(document: JsonObject, kind = kindOf(document, 'binding')): BindingAcceptance {
  const family = FAMILIES.get(kind.family);
  if (family?.acceptBinding === undefined) return { status: 'unsupported', kind };
  return family.acceptBinding(document);
}

const ROLE_NAMES: Readonly<Record<PolicyKind['role'], string>> = { policy: 'policy', exception: 'policy exception', binding: 'policy binding' };

/** The row of the kinds table of a document of `role` (a programming error otherwise). */
function kindOf(document: JsonObject, role: PolicyKind['role'] = 'policy'): PolicyKind {
  const kind = typeof document.apiVersion === 'string' && typeof document.kind === 'string' ? policyKindOf(document.apiVersion, document.kind) : undefined;
  if (kind === undefined || kind.role !== role) throw new TypeError(`not a ${ROLE_NAMES[role]} kind: ${String(document.apiVersion)} ${String(document.kind)}`);
  return kind;
}
