/**
 * @file The CEL family: ValidatingPolicy and NamespacedValidatingPolicy (policies.kyverno.io v1alpha1, v1beta1,
 * v1), MutatingPolicy (mpol/), GeneratingPolicy (gpol/), DeletingPolicy (dpol/), ImageValidatingPolicy (ivpol/) and
 * their Namespaced forms, CEL PolicyExceptions, ValidatingAdmissionPolicy with its bindings (admissionregistration.k8s.io
 * v1; vap/) and MutatingAdmissionPolicy with its bindings (v1alpha1, v1beta1, v1; map/). A policy document is decoded
 * (shape problems at their JSON paths), compiled with its autogen variants (kyverno/kyverno
 * pkg/cel/policies/vpol/engine/provider.go `NewProvider`; a compile error makes the policy invalid and aborts
 * `kyverno test`), and evaluated as the Kyverno CLI does. A ValidatingPolicy in `Envoy` or `HTTP` evaluation mode (Kyverno
 * Authz) is compiled with the authz environment and answers only check requests.
 */
import { policyKindOf } from '../../evaluate/kinds.js';
import type { Acceptance, BindingAcceptance, ExceptionAcceptance, PolicyFamily } from '../../evaluate/types.js';
import type { JsonObject } from '../../types.js';
import type { AuthzMode } from '../../lang/cel/authz/index.js';
import { AuthzPolicy, authzCompileErrorReason, compileAuthz } from './authz/policy.js';
import { deletingPolicyEnvironment, mutatingPolicyEnvironment, validatingPolicyEnvironment } from './environment.js';
import { rewriteMutatingSpec } from './mpol/autogen.js';
import { compileMutatingSpec, type CompiledMutatingSpec, type MutatingCompileFailure } from './mpol/compile.js';
import { type AcceptSource, compileRejection, decodePolicyDocument, servedVersions } from './accept-common.js';
import { decodeMutatingPolicySpec } from './mpol/decode.js';
import { MutatingPolicy } from './mpol/policy.js';
import { acceptCelException } from './exceptions.js';
import { autogenVariants } from './vpol/autogen.js';
import { compileErrorReason, compileSpec, type CompiledSpec, type CompileFailure } from './vpol/compile.js';
import { isObject } from './decode.js';
import { compileDeletingPolicy, decodeDeletingPolicySpec, DeletingPolicy } from './dpol/policy.js';
import { compileGeneratingPolicy, decodeGeneratingPolicySpec, GeneratingPolicy, generatingCompileErrorReason } from './gpol/policy.js';
import { acceptImageValidatingPolicy, IMAGE_VALIDATING_POLICY_VERSIONS } from './ivpol/accept.js';
import { decodeValidatingPolicySpec } from './vpol/decode.js';
import { policyMetadata, ValidatingPolicy } from './vpol/policy.js';
import { acceptValidatingAdmissionPolicy, acceptValidatingAdmissionPolicyBinding } from './vap/accept.js';
import { VALIDATING_ADMISSION_POLICY, VALIDATING_ADMISSION_POLICY_BINDING } from './vap/policy.js';
import { acceptMutatingAdmissionPolicy, acceptMutatingAdmissionPolicyBinding } from './map/accept.js';
import { MUTATING_ADMISSION_POLICY, MUTATING_ADMISSION_POLICY_BINDING } from './map/policy.js';
import type { ValidatingPolicySpec } from './vpol/types.js';

const VALIDATING_POLICY_VERSIONS = servedVersions('ValidatingPolicy');

function acceptValidatingPolicy(document: JsonObject, source: AcceptSource): Acceptance {
  const decoded = decodePolicyDocument(document, VALIDATING_POLICY_VERSIONS, decodeValidatingPolicySpec, source);
  if (!decoded.ok) return decoded.acceptance;
  const { spec, identity, policyKind } = decoded.decoded;
  if (spec.mode === 'Envoy' || spec.mode === 'HTTP') {
    // Kyverno's policy loader routes only the cluster-scoped kind to the authz processor
    // (kyverno/kyverno cmd/cli/kubectl-kyverno/policy/load.go).
    if (policyKind.namespaced) return { status: 'unsupported', kind: policyKind, reason: `evaluation mode ${spec.mode} of a ${identity.kind} is not supported` };
    return acceptAuthzPolicy(document, spec, spec.mode, source);
  }
  const env = validatingPolicyEnvironment(identity.namespace, spec.variables.map((variable) => variable.name));
  const specs: CompiledSpec[] = [];
  const rejected = (failure: CompileFailure): Acceptance => ({
    ...compileRejection(compileErrorReason(identity.name, spec.mode, failure), failure),
    ...(spec.mode === 'JSON' ? { abortsPayloads: 'json' as const } : {}),
  });
  const original = compileSpec(env, spec);
  if (!original.ok) return rejected(original.failure);
  specs.push(original.compiled);
  const rawSpec = isObject(document.spec) ? document.spec : {};
  for (const variant of autogenVariants(rawSpec, spec.matchConstraints, spec.podControllers)) {
    const compiled = compileSpec(env, decodeValidatingPolicySpec(variant.spec, []), spec);
    if (!compiled.ok) return rejected(compiled.failure);
    specs.push(compiled.compiled);
  }
  return { status: 'accepted', policy: new ValidatingPolicy({ ...identity, specs, env }) };
}

const DELETING_POLICY_VERSIONS = servedVersions('DeletingPolicy');

/**
 * A DeletingPolicy: decoded, compiled once (a compile error aborts a `kyverno test` file, as the Kyverno CLI's
 * deleting-policy provider fails: cmd/cli/kubectl-kyverno/commands/test/test.go `applyDeletingPolicies`).
 */
function acceptDeletingPolicy(document: JsonObject, source: AcceptSource): Acceptance {
  const decoded = decodePolicyDocument(document, DELETING_POLICY_VERSIONS, decodeDeletingPolicySpec, source);
  if (!decoded.ok) return decoded.acceptance;
  const { spec, identity } = decoded.decoded;
  const env = deletingPolicyEnvironment(identity.namespace, spec.variables.map((variable) => variable.name));
  const compiled = compileDeletingPolicy(env, spec);
  if (!compiled.ok) return compileRejection(`failed to compile policy ${identity.name} (${compiled.failure.fieldError})`, compiled.failure);
  return { status: 'accepted', policy: new DeletingPolicy({ ...identity, spec, variables: compiled.variables, conditions: compiled.conditions, env }) };
}

const MUTATING_POLICY_VERSIONS = servedVersions('MutatingPolicy');

/**
 * A MutatingPolicy: decoded, compiled with its autogen variants (kyverno/kyverno pkg/cel/policies/mpol/engine/provider.go
 * `NewProvider`: a compile error fails the provider, which aborts `kyverno test`).
 */
function acceptMutatingPolicy(document: JsonObject, source: AcceptSource): Acceptance {
  const decoded = decodePolicyDocument(document, MUTATING_POLICY_VERSIONS, decodeMutatingPolicySpec, source);
  if (!decoded.ok) return decoded.acceptance;
  const { spec, identity } = decoded.decoded;
  const env = mutatingPolicyEnvironment(identity.namespace, spec.variables.map((variable) => variable.name));
  const rejected = (failure: MutatingCompileFailure): Acceptance => compileRejection(`failed to compile policy ${identity.name} (${failure.fieldError})`, failure);
  const specs: CompiledMutatingSpec[] = [];
  const original = compileMutatingSpec(env, spec);
  if (!original.ok) return rejected(original.failure);
  specs.push(original.compiled);
  const rawSpec = isObject(document.spec) ? document.spec : {};
  for (const variant of autogenVariants(rawSpec, spec.matchConstraints, spec.podControllers, rewriteMutatingSpec)) {
    const compiled = compileMutatingSpec(env, decodeMutatingPolicySpec(variant.spec, []), spec);
    if (!compiled.ok) return rejected(compiled.failure);
    specs.push(compiled.compiled);
  }
  return { status: 'accepted', policy: new MutatingPolicy({ ...identity, specs, env }) };
}

const GENERATING_POLICY_VERSIONS = servedVersions('GeneratingPolicy');

/**
 * A GeneratingPolicy: decoded, compiled once (a compile error aborts a `kyverno test` file, as the Kyverno CLI's
 * policy processor fails: cmd/cli/kubectl-kyverno/processor/policy_processor.go, "generating policies").
 */
function acceptGeneratingPolicy(document: JsonObject, source: AcceptSource): Acceptance {
  const decoded = decodePolicyDocument(document, GENERATING_POLICY_VERSIONS, decodeGeneratingPolicySpec, source);
  if (!decoded.ok) return decoded.acceptance;
  const { spec, identity } = decoded.decoded;
  const compiled = compileGeneratingPolicy(identity.namespace, spec);
  if (!compiled.ok) return compileRejection(generatingCompileErrorReason(identity.name, compiled.failure), compiled.failure);
  return { status: 'accepted', policy: new GeneratingPolicy({ ...identity, spec, compiled: compiled.compiled, env: compiled.env }) };
}

/**
 * A Kyverno Authz policy: compiled with the authz environment; one that does not compile is invalid but only aborts
 * the runs on payloads of its mode (Kyverno compiles it there only).
 */
function acceptAuthzPolicy(document: JsonObject, spec: ValidatingPolicySpec, mode: AuthzMode, source: AcceptSource): Acceptance {
  const metadata = policyMetadata(document);
  const compiled = compileAuthz(mode, spec);
  if (!compiled.ok) {
    const { failure } = compiled;
    return {
      status: 'invalid',
      reason: authzCompileErrorReason(mode, metadata.name, failure),
      ruleCount: 1,
      at: { path: failure.path, start: failure.start, end: failure.end },
      abortsPayloads: mode === 'Envoy' ? 'envoy' : 'http',
    };
  }
  const policy = new AuthzPolicy({
    apiVersion: String(document.apiVersion),
    kind: String(document.kind),
    name: metadata.name,
    annotations: metadata.annotations,
    ...(source === undefined ? {} : { source }),
    mode,
    failurePolicy: spec.failurePolicy,
    compiled: compiled.compiled,
  });
  return { status: 'accepted', policy };
}

export const celFamily: PolicyFamily = {
  name: 'cel',
  accept(document, { source }): Acceptance {
    const kind = typeof document.kind === 'string' ? document.kind : '';
    if (kind in VALIDATING_POLICY_VERSIONS) return acceptValidatingPolicy(document, source);
    if (kind in DELETING_POLICY_VERSIONS) return acceptDeletingPolicy(document, source);
    if (kind in MUTATING_POLICY_VERSIONS) return acceptMutatingPolicy(document, source);
    if (kind in GENERATING_POLICY_VERSIONS) return acceptGeneratingPolicy(document, source);
    if (kind in IMAGE_VALIDATING_POLICY_VERSIONS) return acceptImageValidatingPolicy(document, source);
    if (kind === VALIDATING_ADMISSION_POLICY) return acceptValidatingAdmissionPolicy(document, source);
    if (kind === MUTATING_ADMISSION_POLICY) return acceptMutatingAdmissionPolicy(document, source);
    const policyKind = policyKindOf(String(document.apiVersion), kind);
    if (policyKind === undefined) throw new TypeError(`not a CEL policy kind: ${String(document.apiVersion)} ${kind}`);
    return { status: 'unsupported', kind: policyKind };
  },
  acceptException(document): ExceptionAcceptance {
    return acceptCelException(document);
  },
  acceptBinding(document): BindingAcceptance {
    if (document.kind === VALIDATING_ADMISSION_POLICY_BINDING) return acceptValidatingAdmissionPolicyBinding(document);
    if (document.kind === MUTATING_ADMISSION_POLICY_BINDING) return acceptMutatingAdmissionPolicyBinding(document);
    const kind = policyKindOf(String(document.apiVersion), String(document.kind));
    if (kind === undefined) throw new TypeError(`not a CEL policy binding kind: ${String(document.apiVersion)} ${String(document.kind)}`);
    return { status: 'unsupported', kind };
  },
};
