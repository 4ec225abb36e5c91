/**
 * @file A MutatingAdmissionPolicy behind the family-independent `CompiledPolicy`, evaluated as the Kyverno CLI runs it
 * without a cluster (kyverno/kyverno pkg/admissionpolicy/mutate.go, `Mutate`, `processMAPNoBindings`,
 * `processMAPWithoutClient`, `mutateResource`; cmd/cli/kubectl-kyverno/processor/policy_processor.go,
 * "Mutate Admission Policies"):
 *
 * - the request is a CREATE of the resource (no old object), with the resource's plural as its resource and the
 *   admission user resolved as for a ValidatingAdmissionPolicy; given the object before the change, it is the
 *   request the API server admits (`admissionPolicyRequest`): an UPDATE with it as `oldObject`, and a DELETE, which
 *   has no object to mutate (no response);
 * - without bindings the policy's `matchConstraints` must match; with bindings (those whose `policyName` names the
 *   policy, in load order) the policy's own constraints are not checked: each binding whose `matchResources` match
 *   (or that has none) mutates with its parameters, and the last one evaluated gives the response. Every binding
 *   patches the object of the admission request, the resource as the policy received it: the attributes are built
 *   once (`admission.NewAttributesRecord`) and each `mutateResource` converts them afresh
 *   (`admission.NewVersionedAttributes`), so a later binding does not see an earlier one's patch;
 * - parameters: with a selector, every parameter resource whose labels match, as a list (`{items}`); else the first
 *   whose name (or, without a name, namespace) is the `paramRef`'s. `params` is declared only when some were found
 *   (`OptionalVariableDeclarations.HasParams: param != nil`), whatever the policy's `paramKind`;
 * - the match conditions see neither `params` nor `namespaceObject` (matchconditions `matcher.Match` is given
 *   none): false → one `skip` rule `match conditions aren't met`; an error (failure policy `Fail`) → no response;
 * - the mutations run in order, each on the previous one's result (a composition context of its own): an
 *   apply configuration is merged with the deduced type (`managedfields.NewDeducedTypeConverter`), a JSON patch
 *   applied; any failure → a response without rules, which the CLI drops; else one `pass` rule
 *   `mutation is successfully applied` with the patched resource. The rule is named after the policy.
 */
import { jsonEqual } from '../../../util/json-value.js';
import type { CompiledBinding, CompiledPolicy, EvaluationRequest, FailureAction, PolicyResponse } from '../../../evaluate/types.js';
import type { JsonObject, RuleResponse } from '../../../types.js';
import { AdmissionValidator, admissionPolicyRequest, admissionRequest, celValue, groupVersionKind, metadataString, type AdmissionBindings } from '../../admission/index.js';
import { matchConstraints, resourceOfKind, type AdmissionAttributes, type MatchResources } from '../match/index.js';
import { DEDUCED } from '../mutate/structured-merge/index.js';
import { applyConfiguration, applyJsonPatchValue } from '../mpol/patch.js';
import { CelCompiledPolicy, type CelPolicyIdentity } from '../policy-identity.js';
import { bindingParams, ownBindings, resolveUser } from '../vap/policy.js';
import type { MutatingAdmissionPolicyBindingSpec, MutatingAdmissionPolicySpec } from './decode.js';

export const MUTATING_ADMISSION_POLICY = 'MutatingAdmissionPolicy';
export const MUTATING_ADMISSION_POLICY_BINDING = 'MutatingAdmissionPolicyBinding';

/** An accepted MutatingAdmissionPolicyBinding. */
export interface MutatingAdmissionPolicyBinding extends CompiledBinding {
  readonly family: 'cel';
  readonly kind: typeof MUTATING_ADMISSION_POLICY_BINDING;
  readonly spec: MutatingAdmissionPolicyBindingSpec;
}

export interface MutatingAdmissionPolicyData extends Omit<CelPolicyIdentity, 'kind' | 'namespace' | 'namespaced'> {
  spec: MutatingAdmissionPolicySpec;
}

/** What one `mutateResource` gives: an error (the binding is passed over), or the engine response. */
type Mutated = { readonly error: string } | { readonly response: PolicyResponse };

/** The compiled policy. */
export class MutatingAdmissionPolicy extends CelCompiledPolicy implements CompiledPolicy {
  /** Kyverno's CLI runs MutatingAdmissionPolicies after the kyverno.io policies, before the MutatingPolicies. */
  readonly stage = 1;
  /** Mutations computed by expressions (a JSON patch appending with `/-`) need not reach a fixed point. */
  override readonly mutationsSettle = false;
  readonly spec: MutatingAdmissionPolicySpec;
  /** The compiled expressions without and with `params` declared, compiled on first use. */
  readonly #validators: [AdmissionValidator | undefined, AdmissionValidator | undefined] = [undefined, undefined];

  constructor(data: MutatingAdmissionPolicyData) {
    super({ ...data, kind: MUTATING_ADMISSION_POLICY, namespace: '', namespaced: false }, { name: data.name, type: 'Mutation' });
    this.spec = data.spec;
  }

  /**
   * The expressions compiled with `params` declared or not (kyverno/kyverno pkg/admissionpolicy/compiler.go: the
   * Kubernetes base environment with the mutation types; an expression that does not compile fails when evaluated).
   */
  #validator(params: boolean): AdmissionValidator {
    const index = params ? 1 : 0;
    let validator = this.#validators[index];
    if (validator === undefined) {
      validator = new AdmissionValidator(
        { matchConditions: this.spec.matchConditions, variables: this.spec.variables, validations: [], mutations: this.spec.mutations },
        { params, authorizer: false, failurePolicy: this.spec.failurePolicy, patchTypes: true },
      );
      this.#validators[index] = validator;
    }
    return validator;
  }

  /** The policy's response for the request's resource, none when it has no rule (see the file comment). */
  mutate(request: EvaluationRequest): PolicyResponse[] {
    const resource = request.resource;
    const gvk = groupVersionKind(resource);
    const plural = resourceOfKind(gvk.group, gvk.kind);
    const namespace = metadataString(resource, 'namespace');
    const name = metadataString(resource, 'name');
    const shape = admissionPolicyRequest(request.operation, resource, request.oldResource);
    // A DELETE has no object to mutate.
    if (shape.object === null) return [];
    const attributes: AdmissionAttributes = { ...gvk, resource: plural, subresource: '', namespace, name, ...shape };
    // A Namespace is not in a namespace of its own.
    const namespaceName = gvk.group === '' && gvk.version === 'v1' && gvk.kind === 'Namespace' ? '' : namespace;
    const labels = request.namespaceLabels;
    const namespaceObject: JsonObject | null =
      namespaceName === '' ? null : { metadata: labels === undefined ? { name: namespaceName } : { name: namespaceName, labels: { ...labels } } };
    const mode = request.numberMode ?? 'float64';
    const bindings: AdmissionBindings = {
      object: shape.object === null ? null : celValue(shape.object, mode),
      oldObject: shape.oldObject === null ? null : celValue(shape.oldObject, mode),
      request: admissionRequest({ kind: gvk, resource: { group: gvk.group, version: gvk.version, resource: plural }, name, namespace, operation: shape.operation, user: resolveUser(request.userInfo) }),
      namespaceObject,
    };
    const matches = (constraints: MatchResources): boolean => {
      const outcome = matchConstraints(constraints, attributes, namespaceObject);
      return outcome.error === undefined && outcome.matched;
    };
    const emitted = (response: PolicyResponse | null): PolicyResponse[] => (response === null || response.rules.length === 0 ? [] : [response]);

    const own = ownBindings<MutatingAdmissionPolicyBinding>(request.bindings, MUTATING_ADMISSION_POLICY_BINDING, this.name);
    if (own.length === 0) {
      // A policy without matchConstraints matches every request (pkg/cel/matching/criteria.go, `GetMatchResources`).
      if (!matches(this.spec.matchConstraints ?? {})) return [];
      const mutated = this.#mutateResource(resource, resource, bindings, null, request);
      return 'error' in mutated ? [] : emitted(mutated.response);
    }
    let response: PolicyResponse | null = null;
    // The resource of the next binding's engine response (`resource = newEr.PatchedResource`).
    let carried = resource;
    for (const binding of own) {
      if (binding.spec.matchResources !== undefined && !matches(binding.spec.matchResources)) continue;
      const params = binding.spec.paramRef === undefined ? null : bindingParams(request.external?.params ?? [], binding.spec.paramRef);
      const mutated = this.#mutateResource(carried, resource, bindings, params, request);
      if ('error' in mutated) continue;
      response = mutated.response;
      carried = response.patchedResource ?? carried;
    }
    return emitted(response);
  }

  /**
   * `mutateResource`: the match conditions, then the mutations applied to `object` (the admission request's object).
   * `carried` is the resource of the engine response, kept as its patched resource when nothing was patched.
   */
  #mutateResource(carried: JsonObject, object: JsonObject, bindings: AdmissionBindings, params: JsonObject | null, request: EvaluationRequest): Mutated {
    const mode = request.numberMode ?? 'float64';
    const validator = this.#validator(params !== null);
    const withParams = (value: AdmissionBindings): AdmissionBindings => (params === null ? value : { ...value, params: celValue(params, mode) });
    const response: PolicyResponse = { policy: this, resource: request.resource, rules: [], patchedResource: carried };
    const match = validator.matchConditions(params === null ? { ...bindings, namespaceObject: null } : { ...bindings, namespaceObject: null, params: null });
    if (match.error !== undefined) return { error: match.error };
    if (!match.matched) {
      response.rules = [this.#rule('skip', "match conditions aren't met")];
      return { response };
    }
    let patched = object;
    for (const [index, mutation] of this.spec.mutations.entries()) {
      const view = patched === object ? bindings : { ...bindings, object: celValue(patched, mode) };
      const value = validator.mutation(index, withParams(view));
      // A failed patch: `mutateResource` returns the engine response without a policy response.
      if (!value.ok) return { response };
      // The deduced type has no fields: Kubernetes' atomic check (patch/smd.go `validatePatch`, `findAtomics`)
      // descends only into declared fields and finds nothing, so lists are replaced whole, never refused.
      const outcome = mutation.patchType === 'ApplyConfiguration' ? applyConfiguration(value.value, patched, DEDUCED, false) : applyJsonPatchValue(value.value, patched);
      if (!outcome.ok) return { response };
      patched = outcome.object;
    }
    const passed = this.#rule('pass', 'mutation is successfully applied');
    if (jsonEqual(patched, object, 'type')) passed.unchanged = true;
    response.rules = [passed];
    response.patchedResource = patched;
    return { response };
  }

  #rule(status: 'pass' | 'skip', message: string): RuleResponse {
    return { name: this.name, type: 'Mutation', status, message };
  }

  /** A MutatingAdmissionPolicy reports no failures: its mutations are applied or offered as fixes. */
  failureAction(): FailureAction {
    return 'Audit';
  }
}
