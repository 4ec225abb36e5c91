/**
 * @file A ValidatingAdmissionPolicy behind the family-independent `CompiledPolicy`, evaluated as the Kyverno CLI
 * runs it without a cluster (kyverno/kyverno pkg/admissionpolicy/validate.go, `Validate`,
 * `processVAPNoBindings`, `processVAPWithoutClient`, `validateResource`; cmd/cli/kubectl-kyverno/processor/
 * policy_processor.go, "validating admission policies"):
 *
 * - the request is a CREATE of the resource (no old object), with the resource's plural as its resource, and
 *   the admission user with Kyverno's sentinel name, uid and group where they are empty (`ResolveUser`); given
 *   the object before the change, it is the request the API server admits (`admissionPolicyRequest`): an UPDATE
 *   with it as `oldObject`, or a DELETE with the resource as `oldObject` and no object;
 * - `namespaceObject` is the resource's namespace with the labels the Values file gives it, and an empty
 *   Namespace for a cluster-scoped resource or a Namespace;
 * - without bindings the policy's `matchConstraints` must match; with bindings (those whose `policyName` names
 *   the policy, in load order) the policy's own constraints are not checked: each binding whose
 *   `matchResources` match (or that has none) evaluates the policy with its parameters, and the last one
 *   evaluated gives the response;
 * - one rule named after the policy: `skip` when the match conditions are not met, `error` for any evaluation
 *   error (whatever the failure policy), `fail` for a denied validation, else `pass` with an empty message.
 *   The response is always emitted, without rules when nothing was evaluated.
 */
import type { CompiledBinding, CompiledPolicy, EvaluationRequest, FailureAction, PolicyResponse, RequestUserInfo } from '../../../evaluate/types.js';
import type { JsonObject, RuleResponse, SourceLocation } from '../../../types.js';
import { parseLabelSelector } from '../../../cluster/index.js';
import {
  AdmissionValidator,
  admissionPolicyRequest,
  admissionRequest,
  celValue,
  formatLabelSelector,
  groupVersionKind,
  metadataString,
  type AdmissionBindings,
  type AdmissionUser,
  type ExpressionOrigin,
  type ParamRef,
  type PolicyDecision,
} from '../../admission/index.js';
import { labelsOf, matchConstraints, resourceOfKind, type AdmissionAttributes, type MatchResources } from '../match/index.js';
import type { ValidatingAdmissionPolicyBindingSpec, ValidatingAdmissionPolicySpec } from './decode.js';
import { CelCompiledPolicy } from '../policy-identity.js';

export const VALIDATING_ADMISSION_POLICY = 'ValidatingAdmissionPolicy';
export const VALIDATING_ADMISSION_POLICY_BINDING = 'ValidatingAdmissionPolicyBinding';

/** An accepted ValidatingAdmissionPolicyBinding. */
export interface ValidatingAdmissionPolicyBinding extends CompiledBinding {
  readonly family: 'cel';
  readonly kind: typeof VALIDATING_ADMISSION_POLICY_BINDING;
  readonly spec: ValidatingAdmissionPolicyBindingSpec;
}

/** The bindings of `kind` that name the policy `policyName`, in load order (a VAP's or a MAP's bindings). */
export function ownBindings<B extends CompiledBinding>(bindings: readonly CompiledBinding[] | undefined, kind: B['kind'], policyName: string): B[] {
  return (bindings ?? []).filter((binding): binding is B => binding.family === 'cel' && binding.kind === kind && 'spec' in binding && binding.policyName === policyName);
}

/** The identity Kyverno gives an admission request without one (pkg/admissionpolicy/user_info.go, `backgroundUsername`). */
const BACKGROUND_USER = 'system:kyverno:background-scan';

/** Kyverno's `ResolveUser`: the given user, with the sentinel identity for an empty name, uid or group list. */
export function resolveUser(info: RequestUserInfo | undefined): AdmissionUser {
  const user = info?.userInfo ?? {};
  const resolved: { -readonly [K in keyof AdmissionUser]: AdmissionUser[K] } = {
    username: user.username || BACKGROUND_USER,
    uid: user.uid || BACKGROUND_USER,
    groups: user.groups && user.groups.length > 0 ? user.groups : [BACKGROUND_USER],
  };
  if (user.extra !== undefined) resolved.extra = user.extra;
  return resolved;
}

/**
 * The parameters of a binding without a cluster (`processVAPWithoutClient` with `matchesSelector`): with a
 * selector, every parameter resource whose labels match, as a list (`{items}`); else the first whose name (or,
 * without a name, namespace) is the `paramRef`'s; null when none fits.
 */
export function bindingParams(params: readonly JsonObject[], ref: ParamRef): JsonObject | null {
  if (ref.selector !== undefined && ref.selector !== null) {
    let matches: (labels: Readonly<Record<string, string>>) => boolean;
    try {
      matches = parseLabelSelector(formatLabelSelector(ref.selector));
    } catch {
      return null;
    }
    const items = params.filter((param) => matches(labelsOf(param)));
    return items.length > 0 ? { items } : null;
  }
  for (const param of params) {
    let fits = false;
    if (ref.namespace) fits = metadataString(param, 'namespace') === ref.namespace;
    if (ref.name) fits = metadataString(param, 'name') === ref.name;
    if (fits) return param;
  }
  return null;
}

export interface ValidatingAdmissionPolicyData {
  apiVersion: string;
  name: string;
  annotations: Record<string, string>;
  source?: SourceLocation;
  spec: ValidatingAdmissionPolicySpec;
}

const EMPTY_NAMESPACE: JsonObject = Object.freeze({ metadata: Object.freeze({}) }) as JsonObject;

/** The compiled policy. */
export class ValidatingAdmissionPolicy extends CelCompiledPolicy implements CompiledPolicy {
  /** Kyverno's CLI validates with the CEL kinds after every mutation (MutatingAdmissionPolicies, MutatingPolicies). */
  readonly stage = 3;
  readonly spec: ValidatingAdmissionPolicySpec;
  readonly #validator: AdmissionValidator;

  constructor(data: ValidatingAdmissionPolicyData) {
    super({ ...data, kind: VALIDATING_ADMISSION_POLICY, namespace: '', namespaced: false }, { name: data.name, type: 'Validation' });
    this.spec = data.spec;
    // Compiled once; expressions that do not compile give `compilation error: …` when evaluated.
    this.#validator = new AdmissionValidator(
      { matchConditions: data.spec.matchConditions, variables: data.spec.variables, validations: data.spec.validations, auditAnnotations: data.spec.auditAnnotations },
      { params: data.spec.paramKind !== undefined, authorizer: false, failurePolicy: data.spec.failurePolicy },
    );
  }

  /** The policy's one response for the request's resource (see the file comment). */
  validate(request: EvaluationRequest): PolicyResponse {
    const resource = request.resource;
    const gvk = groupVersionKind(resource);
    const plural = resourceOfKind(gvk.group, gvk.kind);
    const namespace = metadataString(resource, 'namespace');
    const name = metadataString(resource, 'name');
    const shape = admissionPolicyRequest(request.operation, resource, request.oldResource);
    const attributes: AdmissionAttributes = { ...gvk, resource: plural, subresource: '', namespace, name, ...shape };
    // A Namespace is not in a namespace of its own.
    const namespaceName = gvk.group === '' && gvk.version === 'v1' && gvk.kind === 'Namespace' ? '' : namespace;
    const labels = request.namespaceLabels;
    const namespaceObject: JsonObject =
      namespaceName === '' ? EMPTY_NAMESPACE : { metadata: labels === undefined ? { name: namespaceName } : { name: namespaceName, labels: { ...labels } } };
    const mode = request.numberMode ?? 'float64';
    const bindings: AdmissionBindings = {
      object: shape.object === null ? null : celValue(shape.object, mode),
      oldObject: shape.oldObject === null ? null : celValue(shape.oldObject, mode),
      request: admissionRequest({ kind: gvk, resource: { group: gvk.group, version: gvk.version, resource: plural }, name, namespace, operation: shape.operation, user: resolveUser(request.userInfo) }),
      namespaceObject,
    };
    const matches = (constraints: MatchResources): boolean => {
      const outcome = matchConstraints(constraints, attributes, namespaceName === '' ? null : namespaceObject);
      return outcome.error === undefined && outcome.matched;
    };
    const evaluate = (params: JsonObject | null): RuleResponse =>
      this.#rule(this.spec.paramKind === undefined ? bindings : { ...bindings, params: params === null ? null : celValue(params, mode) }, request.explainFailures === true);

    const response: PolicyResponse = { policy: this, resource, rules: [] };
    const own = ownBindings<ValidatingAdmissionPolicyBinding>(request.bindings, VALIDATING_ADMISSION_POLICY_BINDING, this.name);
    if (own.length === 0) {
      // A policy without matchConstraints matches every request (pkg/cel/matching/criteria.go, `GetMatchResources`).
      if (matches(this.spec.matchConstraints ?? {})) response.rules = [evaluate(null)];
      return response;
    }
    for (const binding of own) {
      if (binding.spec.matchResources !== undefined && !matches(binding.spec.matchResources)) continue;
      const params = binding.spec.paramRef === undefined ? null : bindingParams(request.external?.params ?? [], binding.spec.paramRef);
      response.rules = [evaluate(params)];
    }
    return response;
  }

  /** The rule response of one validation (`validateResource`). */
  #rule(bindings: AdmissionBindings, explain: boolean): RuleResponse {
    const result = this.#validator.validate(bindings, undefined, explain);
    if (!result.matched) return { name: this.name, type: 'Validation', status: 'skip', message: "match conditions aren't met" };
    for (const decision of result.decisions) {
      if (decision.evaluation === 'error') return this.#located({ name: this.name, type: 'Validation', status: 'error', message: decision.message }, decision);
      if (decision.action === 'deny') {
        const failed: RuleResponse = { name: this.name, type: 'Validation', status: 'fail', message: decision.message };
        if (decision.blamed !== undefined) failed.path = `/${decision.blamed.join('/')}/`;
        return this.#located(failed, decision);
      }
    }
    return { name: this.name, type: 'Validation', status: 'pass', message: '' };
  }

  /** Records where the deciding expression is (`policyPath`) and the error's range in it (`expressionRange`). */
  #located(response: RuleResponse, decision: PolicyDecision): RuleResponse {
    const origin: ExpressionOrigin | undefined = decision.origin;
    if (origin === undefined) return response;
    const list = origin.list === 'messageExpressions' ? 'validations' : origin.list;
    const field = origin.list === 'messageExpressions' ? 'messageExpression' : 'expression';
    response.policyPath = ['spec', list, origin.index, field];
    if (origin.range !== undefined) response.expressionRange = { start: origin.range.start, end: origin.range.end };
    return response;
  }

  /**
   * Kyverno reports a failed ValidatingAdmissionPolicy as a failure whatever the bindings' `validationActions`
   * (`GetValidationFailureAction` is empty for it): it is enforced.
   */
  failureAction(): FailureAction {
    return 'Enforce';
  }
}
