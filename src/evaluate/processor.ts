/**
 * @file The processor: every compiled policy on one resource, as Kyverno's policy processor orders it
 * (cmd/cli/kubectl-kyverno/processor/policy_processor.go, `ApplyPoliciesOnResource`): one response per
 * policy with mutate rules (mutations accumulate), per policy with image verification, then per policy with
 * validate and with generate rules, on the mutated resource. Policies are seen only through the
 * `CompiledPolicy` interface, whatever their family.
 */
import { closuresEnabled, withoutClosures } from '../lang/cel/closures.js';
import type { KubernetesObject } from '../source/index.js';
import type { JsonObject, NumberMode, RuleResponse } from '../types.js';
import { jsonEqual, toFloat64Numbers } from '../util/json-value.js';
import type { ResourceDocument } from './resource.js';
import type { CompiledBinding, CompiledException, CompiledPolicy, EvaluationRequest, ExternalData, InjectedValues, PolicyResponse, RequestUserInfo, TargetReads } from './types.js';
import type { ValuesFile } from './values.js';

export interface EvaluationOptions {
  numberMode: NumberMode;
  values?: ValuesFile;
  /** `apply --set` values. */
  set?: Readonly<Record<string, string>>;
  userInfo?: RequestUserInfo;
  /** The operation of a dedicated run (`kyverno test` result `operation`), overriding the values. */
  operation?: string;
  /** The object before the change, for an UPDATE (`EvaluationRequest.oldResource`). */
  oldResource?: JsonObject;
  /**
   * `request.operation` when neither `operation` nor the values (global, per resource, `--set`) give one:
   * `apply --old-resource` evaluates a resource with an old object as an UPDATE unless told otherwise.
   */
  defaultOperation?: string;
  /** Policy exceptions to apply (each family reads its own). */
  exceptions?: readonly CompiledException[];
  /** Policy bindings loaded with the policies (ValidatingAdmissionPolicyBindings; each family reads its own). */
  bindings?: readonly CompiledBinding[];
  /** Data for `configMap`, `apiCall` and `globalReference` context entries. */
  external?: ExternalData;
  /**
   * The Namespace object of a namespace the values file gives none for: the CEL kinds' `namespaceObject` (the scan:
   * the Namespace manifest read, else the Namespace the API server would have created).
   */
  namespaceObject?: (namespace: string) => JsonObject | undefined;
  /** Namespace labels for namespaces the values file gives none for (apply: the mocked cluster's Namespaces). */
  namespaceLabels?: (namespace: string) => Record<string, string> | undefined;
  /**
   * Clone sources of a generate policy (`kyverno test` `cloneSourceResource` files registered for its
   * clone/cloneList rules): they seed the per-trigger store generation reads from (kyverno/kyverno
   * cmd/cli/kubectl-kyverno/processor/generate.go, `handleGeneratePolicy`).
   */
  cloneSources?: (policy: CompiledPolicy) => readonly JsonObject[];
  /** Objects mutate-existing rules (`mutate.targets`) may target: Test `targetResources`, `apply --target-resource`. */
  targets?: readonly JsonObject[];
  /** Told what the evaluation reads of `targets` (the scan's results cache records it). */
  targetReads?: TargetReads;
  /** After a failed mutate rule, go on with the resource as it was (admission) rather than Kyverno CLI's empty object. */
  keepResourceOnMutateError?: boolean;
  /** Only the mutate policies' responses (no image verification, validation or generation). */
  mutateOnly?: boolean;
  /** Find the resource field each failed CEL validation blames (see `EvaluationRequest.explainFailures`). */
  explainFailures?: boolean;
  /** Evaluate with the reference interpreter (see `EvaluationRequest.reference`). */
  reference?: boolean;
}

const NO_OBJECTS: readonly JsonObject[] = Object.freeze([]);

/** What kind of engine response a policy response stands for. */
export type ResponseKind = 'mutate' | 'verifyImages' | 'validate' | 'generate' | 'delete';

export interface ResourceResponse {
  kind: ResponseKind;
  response: PolicyResponse;
  /** Generate responses: why generating the resources failed (the CLI logs it and keeps the rule responses). */
  generationError?: string;
}

/** The engine request for one policy; without values it is the same for every policy (`policy` unused). */
function request(policy: CompiledPolicy, resource: ResourceDocument, value: JsonObject, options: EvaluationOptions): EvaluationRequest {
  const result: EvaluationRequest = { resource: value, numberMode: options.numberMode };
  if (options.userInfo) result.userInfo = options.userInfo;
  // Numbers as the resource's: `kyverno test` converts every loaded resource to float64.
  if (options.oldResource) result.oldResource = options.oldResource;
  if (options.exceptions && options.exceptions.length > 0) result.exceptions = options.exceptions;
  if (options.bindings && options.bindings.length > 0) result.bindings = options.bindings;
  if (options.external) result.external = options.external;
  if (options.targets) result.targets = options.targets;
  if (options.targetReads) result.targetReads = options.targetReads;
  if (options.keepResourceOnMutateError) result.keepResourceOnMutateError = true;
  if (options.explainFailures) result.explainFailures = true;
  if (options.reference) result.reference = true;
  const values = options.values;
  const resourceValues = values ? values.resourceValues(policy.name, resource.name, options.set) : { ...options.set };
  if (options.operation !== undefined) resourceValues['request.operation'] = options.operation;
  else if (options.defaultOperation !== undefined && (resourceValues['request.operation'] ?? '') === '') resourceValues['request.operation'] = options.defaultOperation;
  const operation = resourceValues['request.operation'];
  if (typeof operation === 'string' && operation !== '') result.operation = operation;
  const labels = values?.namespaceLabels.get(resource.namespace) ?? options.namespaceLabels?.(resource.namespace);
  if (labels) result.namespaceLabels = labels;
  const namespaceObject = resource.namespace === '' ? undefined : values?.namespaceObject(resource.namespace) ?? options.namespaceObject?.(resource.namespace);
  if (namespaceObject) result.namespaceObject = namespaceObject;
  if (values) {
    for (const mapping of values.subresources) {
      const apiVersion = mapping.group ? `${mapping.group}/${mapping.version}` : mapping.version;
      if (apiVersion === resource.apiVersion && mapping.kind === resource.kind) {
        result.subresource = mapping.subresource;
        result.subresourceParent = { group: mapping.parentGroup, version: mapping.parentVersion, kind: mapping.parentKind };
      }
    }
  }
  const injected: InjectedValues = { ...values?.ruleLookups(policy.name) };
  if (Object.keys(resourceValues).length > 0) injected.resource = resourceValues;
  if (injected.resource || injected.rule || injected.foreach) result.values = injected;
  return result;
}

/**
 * All responses for one resource, in Kyverno's processing order: every mutate policy (each sees the
 * resource as the previous one left it), image verification, then validate and generate policies on the
 * mutated resource.
 */
export function evaluateResource(policies: readonly CompiledPolicy[], resource: ResourceDocument, given: EvaluationOptions): ResourceResponse[] {
  return evaluateResources(policies, [resource], given)[0]!;
}

/**
 * `evaluateResource` of each resource, with the same policies and options: the same responses in the same order
 * for each. The mutations and validations run policy by policy over the resources (each resource as its own
 * mutations left it): one policy's compiled code and data evaluated on several objects in a row stay warm in the
 * processor's caches, where going through every policy for each object evicts them.
 */
export function evaluateResources(policies: readonly CompiledPolicy[], resources: readonly ResourceDocument[], given: EvaluationOptions): ResourceResponse[][] {
  // The reference interpreter evaluates CEL programs with cel-js alone.
  if (given.reference === true && closuresEnabled()) return withoutClosures(() => evaluateResources(policies, resources, given));
  // The old object takes the resource's number semantics, once for every policy (their requests then share it).
  const options = given.oldResource !== undefined && given.numberMode === 'float64' ? { ...given, oldResource: toFloat64Numbers(given.oldResource) } : given;
  const runs = resources.map((resource) => new ResourceRun(policies, resource, options));
  mutateStage(policies, runs, 0);
  if (options.mutateOnly) {
    mutateStage(policies, runs, 1);
    mutateStage(policies, runs, 2);
    return runs.map((run) => run.out);
  }
  for (const run of runs) run.verifyImages();
  validateStage(policies, runs, false);
  mutateStage(policies, runs, 1);
  mutateStage(policies, runs, 2);
  validateStage(policies, runs, true);
  for (const run of runs) run.finish();
  return runs.map((run) => run.out);
}

/** Whether `policy` mutates the resource in mutate stage `stage`. */
function mutatesIn(policy: CompiledPolicy, stage: number): boolean {
  return policy.mutate !== undefined && (policy.stage ?? 0) === stage;
}

/** The mutate policies of a stage, each on every resource in turn (each resource as the previous ones left it). */
function mutateStage(policies: readonly CompiledPolicy[], runs: readonly ResourceRun[], stage: number): void {
  for (const run of runs) run.beginStage();
  for (const policy of policies) {
    if (!mutatesIn(policy, stage)) continue;
    for (const run of runs) run.mutate(policy, stage);
  }
  for (const run of runs) run.endStage(stage);
}

/** The validate policies of a stage (before or after the late mutations), each on every resource in turn. */
function validateStage(policies: readonly CompiledPolicy[], runs: readonly ResourceRun[], late: boolean): void {
  for (const policy of policies) {
    if (policy.validate === undefined || ((policy.stage ?? 0) > 0) !== late) continue;
    for (const run of runs) run.validate(policy);
  }
}

/** One resource's evaluation: its responses so far and the resource as the mutations left it. */
class ResourceRun {
  readonly out: ResourceResponse[] = [];
  /** The resource with the number semantics of the evaluation. */
  readonly #original: JsonObject;
  #current: JsonObject;
  /** Without values the request differs between mutate policies by the resource only: made once. */
  #mutateRequest: EvaluationRequest | undefined;
  /** Without values the request is the same for every validate policy until a mutate stage changes the resource. */
  #shared: EvaluationRequest | undefined;

  constructor(
    private readonly policies: readonly CompiledPolicy[],
    private readonly resource: ResourceDocument,
    private readonly options: EvaluationOptions,
  ) {
    // `kyverno test` converts every resource number to float64 first (`convertNumericValuesToFloat64`,
    // cmd/cli/kubectl-kyverno/commands/test/test.go): integers beyond 2^53 are rounded.
    this.#original = options.numberMode === 'float64' ? toFloat64Numbers(resource.value) : resource.value;
    this.#current = this.#original;
  }

  #mutateRequestFor(policy: CompiledPolicy): EvaluationRequest {
    const { resource, options } = this;
    if (options.values) return request(policy, resource, this.#current, options);
    this.#mutateRequest ??= request(policy, resource, this.#current, options);
    return { ...this.#mutateRequest, resource: this.#current };
  }

  #requestFor(policy: CompiledPolicy): EvaluationRequest {
    const { resource, options } = this;
    return options.values ? request(policy, resource, this.#current, options) : (this.#shared ??= request(policy, resource, this.#current, options));
  }

  /** The resource the current mutate stage received, and where its responses start. */
  #stage: { received: JsonObject; first: number } | undefined;

  /** A mutate stage starts from the resource as it is now. */
  beginStage(): void {
    this.#stage = { received: this.#current, first: this.out.length };
  }

  /** One mutate policy of the stage on the resource as the stage's previous policies left it. */
  mutate(policy: CompiledPolicy, stage: number): void {
    const { received } = this.#stage!;
    const evaluation = this.#mutateRequestFor(policy);
    // MutatingPolicies share one admission request, made for the object the stage received.
    if (stage === 2 && this.#current !== received) evaluation.admissionObject = received;
    const result = policy.mutate!(evaluation);
    for (const response of isResponseList(result) ? result : [result]) {
      this.#current = response.patchedResource ?? this.#current;
      this.out.push({ kind: 'mutate', response });
    }
  }

  /** A mutate stage ends: MutatingPolicies' responses get the final resource, then mutate-existing rules run. */
  endStage(stage: number): void {
    const { policies, resource, options, out } = this;
    const { received, first } = this.#stage!;
    this.#stage = undefined;
    // The validations after a stage that changed the resource get a request made for it.
    if (this.#current !== received) this.#shared = undefined;
    // The CLI attaches the final resource of all MutatingPolicies to each of their responses.
    if (stage !== 2) return;
    const current = this.#current;
    for (const { response } of out.slice(first)) response.patchedResource = current;
    // Then each target goes through every mutate-existing policy, and every passing rule carries the final target.
    const targets = options.targets ?? [];
    const targeting = targets.length === 0 ? [] : policies.filter((policy) => policy.mutateTarget !== undefined && (policy.stage ?? 0) === 2);
    if (targeting.length === 0) return;
    // Every target goes through the policies.
    options.targetReads?.all();
    for (const target of targets) {
      const responses: PolicyResponse[] = [];
      let patched = target;
      for (const policy of targeting) {
        const evaluation = request(policy, resource, current, options);
        if (current !== received) evaluation.admissionObject = received;
        const result = policy.mutateTarget!(evaluation, patched);
        responses.push(...result.responses);
        patched = result.target;
      }
      for (const response of responses) {
        for (const rule of response.rules) if (rule.status === 'pass') rule.patchedTarget = patched;
        out.push({ kind: 'mutate', response });
      }
    }
  }

  verifyImages(): void {
    for (const policy of this.policies) {
      if (policy.verifyImages !== undefined) this.out.push({ kind: 'verifyImages', response: policy.verifyImages(this.#requestFor(policy)) });
    }
  }

  validate(policy: CompiledPolicy): void {
    const { out } = this;
    const result = policy.validate!(this.#requestFor(policy));
    if (result === null) out.push({ kind: 'validate', response: { policy, resource: this.#current, rules: [] } });
    else if (isResponseList(result)) for (const response of result) out.push({ kind: 'validate', response });
    else out.push({ kind: 'validate', response: result });
  }

  /** Generation, then the policies that see the resource as given. */
  finish(): void {
    const { policies, resource, options, out } = this;
    for (const policy of policies) {
      if (policy.generate === undefined) continue;
      const outcome = policy.generate(request(policy, resource, this.#current, options), () => options.cloneSources?.(policy) ?? NO_OBJECTS);
      if (outcome === null) continue;
      out.push(outcome.generationError === undefined ? { kind: 'generate', response: outcome.response } : { kind: 'generate', ...outcome });
    }
    // Image validating policies see the resource as given (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/test.go
    // `applyImageValidatingPolicies` runs on the loaded resource, after the policy processor).
    for (const policy of policies) {
      if (policy.validateImages === undefined) continue;
      const response = policy.validateImages(request(policy, resource, this.#original, options));
      if (response !== null) out.push({ kind: 'verifyImages', response });
    }
    // Deleting policies see the resource as given (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/test.go
    // `applyDeletingPolicies` runs on the loaded resources, not on the mutated ones).
    for (const policy of policies) {
      if (policy.delete === undefined) continue;
      const response = policy.delete(request(policy, resource, this.#original, options));
      if (response !== null) out.push({ kind: 'delete', response });
    }
  }
}

/** What the evaluation of a JSON payload reads (the payload's number semantics come with it). */
export type PayloadEvaluationOptions = Pick<EvaluationOptions, 'numberMode' | 'userInfo' | 'exceptions' | 'external'>;

/**
 * All responses for one JSON payload (a Test's `jsonPayloads`, `kyverno apply --json`), as Kyverno's policy
 * processor gives them for its `JsonPayload` (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go,
 * `ApplyPoliciesOnResource`, "validating policies"): the policies that evaluate raw JSON respond (every response,
 * even without rules); the Kubernetes-mode policies are skipped.
 */
export function evaluateJsonPayload(policies: readonly CompiledPolicy[], payload: JsonObject, options: PayloadEvaluationOptions): ResourceResponse[] {
  const request: EvaluationRequest = { resource: payload, numberMode: options.numberMode };
  if (options.userInfo) request.userInfo = options.userInfo;
  if (options.exceptions && options.exceptions.length > 0) request.exceptions = options.exceptions;
  if (options.external) request.external = options.external;
  const out: ResourceResponse[] = [];
  for (const policy of policies) {
    if (policy.validateJson === undefined) continue;
    for (const response of policy.validateJson(request)) out.push({ kind: 'validate', response });
  }
  // A deleting policy evaluates a payload's conditions without matching (dpol/engine/engine.go `Handle`).
  for (const policy of policies) {
    const response = policy.delete?.(request);
    if (response) out.push({ kind: 'delete', response });
  }
  return out;
}

/**
 * All responses for one Kyverno Authz check request (a Test's `httpPayloads` / `envoyPayloads`), in policy order
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/authz_processor.go, `ApplyHTTPPolicies`, `ApplyEnvoyPolicies`).
 */
export function evaluateAuthzPayload(policies: readonly CompiledPolicy[], kind: 'http' | 'envoy', request: unknown): ResourceResponse[] {
  const out: ResourceResponse[] = [];
  for (const policy of policies) {
    const response = policy.authorize?.(kind, request);
    if (response) out.push({ kind: 'validate', response });
  }
  return out;
}

function isResponseList(result: PolicyResponse | readonly PolicyResponse[]): result is readonly PolicyResponse[] {
  return Array.isArray(result);
}

/** The resource after every mutation (the last mutate response's patched resource), or the input. */
export function mutatedResource(responses: readonly ResourceResponse[], original: JsonObject): JsonObject {
  let current = original;
  for (const { kind, response } of responses) if (kind === 'mutate' && response.patchedResource) current = response.patchedResource;
  return current;
}

/** A rule response with the policy it belongs to. */
export interface PolicyRule {
  policy: CompiledPolicy;
  rule: RuleResponse;
}

/**
 * The mutate rules that change a mutated resource again when the mutate policies run on it once more (a JSON
 * patch appending with `/-`, a value computed from the time): none when `after`, the resource after every
 * mutation, is a fixed point, so that a fix written once is not offered again. `resource` is the resource
 * as loaded (its identity selects the values).
 */
export function unsettledRules(policies: readonly CompiledPolicy[], resource: ResourceDocument, after: JsonObject, options: EvaluationOptions): PolicyRule[] {
  const again = evaluateResource(policies, { ...resource, value: after as KubernetesObject }, { ...options, mutateOnly: true, keepResourceOnMutateError: true });
  const final = mutatedResource(again, after);
  if (final === after || jsonEqual(final, after, 'type')) return [];
  const rules = again.flatMap(({ response }) => response.rules.map((rule) => ({ policy: response.policy, rule })));
  // A mutate rule that changes nothing is skipped ("no patches applied"); mutate-existing rules change their targets.
  const changing = rules.filter(({ rule }) => rule.status === 'pass' && rule.patchedTarget === undefined && rule.unchanged !== true);
  return changing.length > 0 ? changing : rules;
}
