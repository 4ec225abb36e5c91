/**
 * @file What accepting every policies.kyverno.io kind starts with (kyverno/kyverno cmd/cli/kubectl-kyverno/policy/load.go
 * and the kinds' CRD schemas): the versions the kind is served in, `metadata.name`, the spec decoded with its shape
 * problems, and the compiled policy's identity (a Namespaced kind's namespace, `default` when unset); and the
 * rejection of a policy that does not compile.
 */
import { policyKindOf, type PolicyKind } from '../../evaluate/kinds.js';
import type { Acceptance, DocumentProblem, PolicyFamily } from '../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../types.js';
import type { CelPolicyIdentity } from './policy-identity.js';
import { policyMetadata } from './vpol/policy.js';

export type AcceptSource = Parameters<PolicyFamily['accept']>[1]['source'];

/** The served versions of a kind and its Namespaced form (served from v1beta1). */
export function servedVersions(kind: string): Readonly<Record<string, ReadonlySet<string>>> {
  return {
    [kind]: new Set(['policies.kyverno.io/v1alpha1', 'policies.kyverno.io/v1beta1', 'policies.kyverno.io/v1']),
    [`Namespaced${kind}`]: new Set(['policies.kyverno.io/v1beta1', 'policies.kyverno.io/v1']),
  };
}

export interface DecodedPolicy<S> {
  readonly spec: S;
  readonly identity: CelPolicyIdentity;
  readonly policyKind: PolicyKind;
}

/** The document's version checked, its name required and its spec decoded: the policy's parts, or its malformed acceptance. */
export function decodePolicyDocument<S>(
  document: JsonObject,
  versions: Readonly<Record<string, ReadonlySet<string>>>,
  decode: (spec: JsonValue | undefined, problems: DocumentProblem[]) => S,
  source: AcceptSource,
): { ok: true; decoded: DecodedPolicy<S> } | { ok: false; acceptance: Acceptance } {
  const kind = String(document.kind);
  const apiVersion = String(document.apiVersion);
  const problems: DocumentProblem[] = [];
  if (!versions[kind]!.has(apiVersion)) problems.push({ message: `policy type not supported ${apiVersion}, Kind=${kind}`, path: ['apiVersion'] });
  const metadata = policyMetadata(document);
  if (metadata.name === '') problems.push({ message: 'metadata.name is required', path: ['metadata', 'name'] });
  const spec = decode(document.spec, problems);
  if (problems.length > 0) return { ok: false, acceptance: { status: 'malformed', problems } };
  const policyKind = policyKindOf(apiVersion, kind)!;
  const identity: CelPolicyIdentity = {
    apiVersion,
    kind,
    name: metadata.name,
    namespace: policyKind.namespaced ? metadata.namespace || 'default' : '',
    namespaced: policyKind.namespaced,
    annotations: metadata.annotations,
    ...(source === undefined ? {} : { source }),
  };
  return { ok: true, decoded: { spec, identity, policyKind } };
}

/** A policy that does not compile: invalid, pointing at the expression, and aborting a `kyverno test` file. */
export function compileRejection(reason: string, failure: { readonly path: (string | number)[]; readonly start: number; readonly end: number }): Acceptance {
  return { status: 'invalid', reason, ruleCount: 1, at: { path: failure.path, start: failure.start, end: failure.end }, abortsTest: true };
}
