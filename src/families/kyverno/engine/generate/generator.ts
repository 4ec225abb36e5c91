/**
 * @file The Kyverno CLI's simulation of resource generation (kyverno/kyverno cmd/cli/kubectl-kyverno/
 * processor/generate.go `handleGeneratePolicy`, pkg/background/generate/controller.go
 * `ApplyGeneratePolicy`): a fresh store per (policy, trigger) holding the trigger and the clone sources;
 * for every rule response, in order, the policy's generate rules of that name run (rule context, then the
 * pattern or foreach) against the same store and JSON context, and the objects they created are read back
 * and attached to the rule response. Any error ends the generation: the CLI then keeps the rule responses
 * as they were, without generated resources.
 */
import type { KyvernoPolicy } from '../../policy/compiled.js';
import type { Rule } from '../../policy/types.js';
import type { JsonObject, JsonValue, RuleResponse } from '../../../../types.js';
import { errorText } from '../response.js';
import { RuleEnvironment } from '../rule-environment.js';
import type { EvaluationRequest, PolicyResponse } from '../../../../evaluate/types.js';
import { GenerationError } from './errors.js';
import type { PolicyIdentity } from './labels.js';
import { generateForeach, generatePattern, type GenerationScope } from './rule-generator.js';
import { type ObjectAddress, ObjectStore } from './store.js';
import { prepareTrigger, type TriggerState } from './trigger.js';
import { withoutStackTraces } from '../../../../util/stack-traces.js';

/** Whether a generate rule clones existing resources (`clone` with a source, or `cloneList` with kinds). */
export function clonesFromCluster(generate: JsonObject | undefined): boolean {
  if (generate === undefined) return false;
  const { clone, cloneList } = generate;
  if (cloneList !== null && typeof cloneList === 'object' && !Array.isArray(cloneList) && Array.isArray(cloneList.kinds) && cloneList.kinds.length > 0) {
    return true;
  }
  return clone !== null && typeof clone === 'object' && !Array.isArray(clone) && Object.values(clone).some((value) => value !== '' && value !== null);
}

/** Kyverno `Rule.HasGenerate`: a `generate` block that is not empty. */
export function hasGenerate(rule: Rule): boolean {
  const generate = rule.generate;
  return generate !== undefined && generate !== null && typeof generate === 'object' && Object.keys(generate).length > 0;
}

/**
 * Runs the generation of `response` (the generate response of `policy` for `request`) and attaches the
 * generated objects to its rule responses (`generatedResources`, empty when a rule generated nothing).
 * `cloneSources` are the documents of the `cloneSourceResource` files registered for the policy. On error,
 * the rule responses are left untouched and the error is returned with Kyverno's message.
 */
export function generateObjects(
  policy: KyvernoPolicy,
  response: PolicyResponse,
  request: EvaluationRequest,
  cloneSources: readonly JsonObject[],
): { error?: string } {
  return withoutStackTraces(run, policy, response, request, cloneSources);
}

function run(policy: KyvernoPolicy, response: PolicyResponse, request: EvaluationRequest, cloneSources: readonly JsonObject[]): { error?: string } {
  const trigger = prepareTrigger(request);
  const triggerObject = trigger.newResource;
  if (triggerObject === null) return { error: 'failed to mock dynamic client: the trigger resource is empty' };
  const store = new ObjectStore([triggerObject, ...cloneSources]);
  const identity: PolicyIdentity = { name: policy.name, namespace: policy.kind === 'Policy' ? policy.namespace : '' };
  const results: [RuleResponse, JsonObject[]][] = [];
  try {
    for (const ruleResponse of response.rules) {
      const targets = applyGeneratePolicy(policy, request, trigger, triggerObject, store, identity, ruleResponse.name);
      results.push([ruleResponse, targets.map((target) => store.get(target))]);
    }
  } catch (error) {
    return { error: errorText(error) };
  }
  for (const [ruleResponse, objects] of results) ruleResponse.generatedResources = objects;
  return {};
}

/**
 * Kyverno `ApplyGeneratePolicy` for one rule name: every generate rule of the policy (its own rules, not
 * autogen ones) with that name runs; the context entries each loads stay in the shared JSON context.
 */
function applyGeneratePolicy(
  policy: KyvernoPolicy,
  request: EvaluationRequest,
  trigger: TriggerState,
  triggerObject: JsonObject,
  store: ObjectStore,
  identity: PolicyIdentity,
  ruleName: string,
): ObjectAddress[] {
  const generated = new Map<string, ObjectAddress[]>();
  const applyOne = policy.policy.spec.applyRules === 'One';
  let applied = 0;
  for (const rule of policy.policy.spec.rules ?? []) {
    if (!hasGenerate(rule) || rule.name !== ruleName) continue;
    if (applyOne && applied > 0) break;
    const env = new RuleEnvironment({
      rule,
      context: trigger.context,
      operation: trigger.operation,
      numberMode: trigger.numberMode,
      resource: triggerObject,
      isDelete: false,
      values: request.values,
      external: request.external,
      policyNamespace: policy.kind === 'Policy' ? policy.namespace : undefined,
    });
    try {
      env.loadContext(rule.context);
    } catch (error) {
      throw new GenerationError(`failed to load rule level context: ${errorText(error)}`);
    }
    const block = rule.generate as JsonObject;
    const scope: GenerationScope = { store, trigger: triggerObject, policy: identity, ruleName: rule.name, synchronize: block.synchronize === true };
    const foreach = block.foreach as JsonValue | undefined;
    const targets = Array.isArray(foreach)
      ? generateForeach(env, scope, foreach)
      : generatePattern(env, scope, rule.context, rule.preconditions, block);
    // Required data (image data) that failed to load: what was generated without it is not kept.
    const failure = env.unresolved?.failure;
    if (failure !== undefined) throw new GenerationError(`failed to load context entry ${failure.name}: ${failure.message}`);
    generated.set(rule.name, targets);
    applied++;
  }
  return generated.get(ruleName) ?? [];
}
