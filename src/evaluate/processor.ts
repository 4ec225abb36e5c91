/**
 * @file Evaluation of loaded policies on loaded resources, as the Kyverno CLI's policy processor
 * (`ApplyPoliciesOnResource`) orders it: for each resource, one response per policy with mutate rules
 * (mutations accumulate), per policy with verifyImages rules, then per policy with validate rules and
 * with generate rules, on the mutated resource. Image verification is not evaluated: its responses
 * carry no rule responses, which keeps the matching of `kyverno test` results (Excluded rows) the same
 * as Kyverno's.
 */
import type { ExternalData } from '../families/kyverno/engine/context/external/index.js';
import { jsonEqual } from '../util/json-value.js';
import { validateResource } from '../families/kyverno/engine/engine.js';
import { generateObjects, generateResource } from '../families/kyverno/engine/generate/index.js';
import { mutateResource } from '../families/kyverno/engine/mutate/index.js';
import type { EvaluationRequest, InjectedValues, PolicyResponse, RequestUserInfo } from './types.js';
import type { CompiledPolicy } from '../families/kyverno/policy/compile.js';
import type { PolicyException } from '../families/kyverno/policy/exception.js';
import { namespaceOf, normalizeResource, type KubernetesObject } from '../source/index.js';
import type { JsonObject, NumberMode, RuleResponse } from '../types.js';
import { toFloat64Numbers } from '../util/json-value.js';
import type { CliValues } from './values.js';

/** A resource document as loaded by the CLI, with its identity and origin. */
export interface LoadedResource {
  value: KubernetesObject;
  /** Absolute path of the file it comes from. */
  file: string;
  /** Index of the YAML document in the file. */
  documentIndex: number;
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  /** `apiVersion,kind,namespace,name`, the key of Kyverno's response maps. */
  key: string;
  /** The resource is `items[listItem]` of a `kind: List` document (the repository scan expands Lists). */
  listItem?: number;
}

export interface EvaluationOptions {
  numberMode: NumberMode;
  values?: CliValues;
  /** `apply --set` values. */
  set?: Readonly<Record<string, string>>;
  userInfo?: RequestUserInfo;
  /** The operation of a dedicated run (`kyverno test` result `operation`), overriding the values. */
  operation?: string;
  /** PolicyExceptions to apply. */
  exceptions?: readonly PolicyException[];
  /** Data for `configMap`, `apiCall` and `globalReference` context entries. */
  external?: ExternalData;
  /** Namespace labels for namespaces the values file gives none for (apply: the mocked cluster's Namespaces). */
  namespaceLabels?: (namespace: string) => Record<string, string> | undefined;
  /**
   * Clone sources of a generate policy (`kyverno test` `cloneSourceResource` files registered for its
   * clone/cloneList rules): they seed the per-trigger store generation reads from (spec 30 §12.2).
   */
  cloneSources?: (policy: CompiledPolicy) => readonly JsonObject[];
  /** Objects mutate-existing rules (`mutate.targets`) may target: Test `targetResources`, `apply --target-resource`. */
  targets?: readonly JsonObject[];
  /** After a failed mutate rule, go on with the resource as it was (admission) rather than Kyverno CLI's empty object. */
  keepResourceOnMutateError?: boolean;
  /** Only the mutate policies' responses (no image verification, validation or generation). */
  mutateOnly?: boolean;
}

/** What kind of engine response a policy response stands for. */
export type ResponseKind = 'mutate' | 'verifyImages' | 'validate' | 'generate';

export interface ResourceResponse {
  kind: ResponseKind;
  response: PolicyResponse;
  /** Generate responses: why generating the resources failed (the CLI logs it and keeps the rule responses). */
  generationError?: string;
}

/** A policy prepared for the CLI: the compiled policy plus the flags the processor dispatches on. */
export interface CliPolicy {
  compiled: CompiledPolicy;
  hasVerifyImages: boolean;
}

export function cliPolicy(compiled: CompiledPolicy): CliPolicy {
  const rules = compiled.policy.spec.rules ?? [];
  return { compiled, hasVerifyImages: rules.some((rule) => Array.isArray(rule.verifyImages) && rule.verifyImages.length > 0) };
}

/** A resource document as the CLI loads it: normalised as Kyverno normalises it (namespace default, `null` maps), with its identity. */
export function loadedResource(value: KubernetesObject, file: string, documentIndex: number): LoadedResource {
  const resource = normalizeResource(value);
  const metadata = resource.metadata;
  const name = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) && typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = namespaceOf(resource);
  return {
    value: resource,
    file,
    documentIndex,
    apiVersion: resource.apiVersion,
    kind: resource.kind,
    namespace,
    name,
    key: resourceKey(resource.apiVersion, resource.kind, namespace, name),
  };
}

/** `apiVersion,kind,namespace,name`. */
export function resourceKey(apiVersion: string, kind: string, namespace: string, name: string): string {
  return `${apiVersion},${kind},${namespace},${name}`;
}

/** The engine request for one policy; without values it is the same for every policy (`policy` unused). */
function request(policy: CompiledPolicy, resource: LoadedResource, value: JsonObject, options: EvaluationOptions): EvaluationRequest {
  const result: EvaluationRequest = { resource: value, numberMode: options.numberMode };
  if (options.userInfo) result.userInfo = options.userInfo;
  if (options.exceptions && options.exceptions.length > 0) result.exceptions = options.exceptions;
  if (options.external) result.external = options.external;
  if (options.targets) result.targets = options.targets;
  if (options.keepResourceOnMutateError) result.keepResourceOnMutateError = true;
  const values = options.values;
  const resourceValues = values ? values.resourceValues(policy.name, resource.name, options.set) : { ...options.set };
  if (options.operation !== undefined) resourceValues['request.operation'] = options.operation;
  const operation = resourceValues['request.operation'];
  if (typeof operation === 'string' && operation !== '') result.operation = operation;
  const labels = values?.namespaceLabels.get(resource.namespace) ?? options.namespaceLabels?.(resource.namespace);
  if (labels) result.namespaceLabels = labels;
  if (values) {
    for (const mapping of values.subresources) {
      const apiVersion = mapping.group ? `${mapping.group}/${mapping.version}` : mapping.version;
      if (apiVersion === resource.apiVersion && mapping.kind === resource.kind) result.subresource = mapping.subresource;
    }
  }
  const injected: InjectedValues = { ...values?.ruleLookups(policy.name) };
  if (Object.keys(resourceValues).length > 0) injected.resource = resourceValues;
  if (injected.resource || injected.rule || injected.foreach) result.values = injected;
  return result;
}

/**
 * All responses for one resource, in Kyverno's processing order: every mutate policy (each sees the
 * resource as the previous one left it), verifyImages, then validate and generate policies on the
 * mutated resource.
 */
export function evaluateResource(policies: readonly CliPolicy[], resource: LoadedResource, options: EvaluationOptions): ResourceResponse[] {
  const out: ResourceResponse[] = [];
  // `kyverno test` converts every resource number to float64 first (`convertNumericValuesToFloat64`,
  // cmd/cli/kubectl-kyverno/commands/test/test.go): integers beyond 2^53 are rounded.
  let current: JsonObject = options.numberMode === 'float64' ? toFloat64Numbers(resource.value) : resource.value;
  for (const { compiled } of policies) {
    if (!compiled.hasMutate) continue;
    const response = mutateResource(compiled, request(compiled, resource, current, options));
    current = response.patchedResource ?? current;
    out.push({ kind: 'mutate', response });
  }
  if (options.mutateOnly) return out;
  for (const { compiled, hasVerifyImages } of policies) {
    if (hasVerifyImages) out.push({ kind: 'verifyImages', response: { policy: compiled, resource: current, rules: [] } });
  }
  let shared: EvaluationRequest | undefined;
  for (const { compiled } of policies) {
    if (!compiled.hasValidate) continue;
    const engineRequest = options.values ? request(compiled, resource, current, options) : (shared ??= request(compiled, resource, current, options));
    const response = validateResource(compiled, engineRequest) ?? { policy: compiled, resource: current, rules: [] };
    out.push({ kind: 'validate', response });
  }
  for (const { compiled } of policies) {
    if (!compiled.hasGenerate) continue;
    const engineRequest = request(compiled, resource, current, options);
    const response = generateResource(compiled, engineRequest);
    // Kyverno emits a generate response only when a rule produced a rule response (spec 30 §1).
    if (response === null || response.rules.length === 0) continue;
    const generation = generateObjects(compiled, response, engineRequest, options.cloneSources?.(compiled) ?? []);
    out.push(generation.error === undefined ? { kind: 'generate', response } : { kind: 'generate', response, generationError: generation.error });
  }
  return out;
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
export function unsettledRules(policies: readonly CliPolicy[], resource: LoadedResource, after: JsonObject, options: EvaluationOptions): PolicyRule[] {
  const again = evaluateResource(policies, { ...resource, value: after as KubernetesObject }, { ...options, mutateOnly: true, keepResourceOnMutateError: true });
  const final = mutatedResource(again, after);
  if (final === after || jsonEqual(final, after, 'type')) return [];
  const rules = again.flatMap(({ response }) => response.rules.map((rule) => ({ policy: response.policy, rule })));
  // A mutate rule that changes nothing is skipped ("no patches applied"); mutate-existing rules change their targets.
  const changing = rules.filter(({ rule }) => rule.status === 'pass' && rule.patchedTarget === undefined);
  return changing.length > 0 ? changing : rules;
}
